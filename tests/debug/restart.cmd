# run and restart (issue 28): run before anything issued is continue; restart starts the
# launch over at its first instruction with the breakpoints kept; run after the end runs
# it again
break JOIN
run
print/d R5 3
step 3
restart
info breakpoints
print/d R5 3
run
print/d R5 3
delete
continue
run
restart
step
quit
