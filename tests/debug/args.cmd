# Every argument is checked (issue 14): each bad one gets a message and the session goes on.
# walk.sass uses R0-R8 (R8 is the highest it names) and one buffer, out (8 s32).
print R99999999999
regs R300
print R9
watch R9
print P7
print c[0][-4]
print c[99][0]
print smem[-8]
print/q R0
mem shared 0xffffffff 4
mem shared 0xfffffffffffffffc 1
mem const[0] 0x10000 1
mem global 0xfffffffffffffff0 8
mem global 0x100000 100000000
mem global 0x100000 -1
mem global xyz
mem global out+zz
step -1
step 1e99
step 3x
step 0
reverse-step x
list #abc
list #99
break 0x7
break LOOP if R0 = 3
break LOOP if R0 == 3x
break LOOP if R0 == 3 lane 8
delete x
warp 99999999999
info frob
regs lane 9
print R0 lane 8
# the session is still there: one step, then R0 = tid
step
print R0 3
print/d R0 lane 3
quit
