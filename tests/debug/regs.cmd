# regs and print of a predicate (issue 28): lanes holding one value are one line, others
# 8 lanes a line; a predicate is one lane mask. walk.sass, 8 lanes: R0 = tid, R8 = out + 4 tid
step 2
regs
regs R0 R5 lane 3
print P0
step 4
print P0
print P0 lane 1
step
regs R5
quit
