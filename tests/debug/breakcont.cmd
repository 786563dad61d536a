break LOOP
continue
step
stack
step 2
masks
step 5
masks
step
stack
delete
break 0x88
continue
masks
step
masks
continue
quit
