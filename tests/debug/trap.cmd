continue
info warps
regs R0 lane 3
quit
