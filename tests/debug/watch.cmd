watch R5
continue
continue
info breakpoints
delete
tbreak OUT
continue
print/d R5
continue
quit
