break 0x18
continue
next
print/d R5
stack
step
stack
quit
