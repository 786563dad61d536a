continue
list
info warps
regs
quit
