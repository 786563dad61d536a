# After the SSY and the divergent forward BRA of walk.sass (rows 4-6 of WALKTHROUGH.md),
# the stack holds [DIV, taken lanes 0-2, THEN] above [SSY, all, JOIN].
step 6
stack
masks
# the loop: the first divergence records the while mask
break LOOP if R6 >= 2 lane 2
continue
masks
delete
# the break: lane 5 leaves through BRK into the break mask
break 0x90
continue
stack
masks
continue
quit
