# stack and masks on sm_70+ (issue 28): examples/volta/ifelse.sass, lanes 0-15 take the
# then-part, 16-31 the else-part, both meet at BSYNC B0 (resuming at JOIN, 0x00b0)
step 8
stack
masks
step 2
stack
masks
info warps
continue
