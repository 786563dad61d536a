# Buffers by name (issue 15): info buffers, mem global NAME[+OFFSET], watch mem NAME+OFFSET,
# mem const[B] as help spells it. walk.sass: out[5] = 1 + 5 + 0 - 1000 + ... = 105 (0x69).
info buffers
print c[0][0x20]
mem const[0] 0x20 1
watch mem out+20
info breakpoints
continue
delete
continue
mem global out 8
mem global out+8 2
regs lane 0
quit
