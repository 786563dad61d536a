step 6
reverse-step
stack
reverse-step 3
print/d R5
step 4
stack
quit
