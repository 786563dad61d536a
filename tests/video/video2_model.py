#!/usr/bin/env python3
"""video2_model: the expected values of video2.spec, computed from the PTX ISA's pseudo-code
of its scalar video instructions (vadd/vsub/vabsdiff/vmin/vmax/vset with optional data
merge, vshl/vshr, vmad) on Python's unbounded integers, independently of simtemu's code.
Prints the .expect line; video2.spec carries the hand derivation of each value."""

A, B, C, S, T = 0x8c407ffe, 0x00031290, 0xa1b2c3d4, 40, 0x123
SEL = {'b0': (0, 8), 'b1': (8, 8), 'b2': (16, 8), 'b3': (24, 8), 'h0': (0, 16), 'h1': (16, 16), None: (0, 32)}


def part(v, signed, sel):
    """partSelectSignExtend: the selected byte, half or word, sign- or zero-extended"""
    sh, w = SEL[sel]
    x = (v >> sh) & ((1 << w) - 1)
    return x - (1 << w) if signed and x >> (w - 1) else x


def sat(v, signed, dsel):
    """optSaturate: clamp to the destination's (or the merged subword's) range"""
    w = SEL[dsel][1]
    lo, hi = (-(1 << (w - 1)), (1 << (w - 1)) - 1) if signed else (0, (1 << w) - 1)
    return max(lo, min(hi, v))


def finish(tmp, c, dsigned, dsel=None, op2=None, do_sat=False):
    """saturate, then the secondary operation or the merge into c"""
    if do_sat:
        tmp = sat(tmp, dsigned, dsel)
    m32 = 0xffffffff
    if dsel:
        sh, w = SEL[dsel]
        mask = ((1 << w) - 1) << sh
        return ((tmp << sh) & mask) | (c & ~mask & m32)
    t = tmp & m32
    if op2 == 'add':
        return (t + c) & m32
    if op2 in ('min', 'max'):
        tv, cv = (part(t, True, None), part(c, True, None)) if dsigned else (t, c)
        return (min if op2 == 'min' else max)(tv, cv) & m32
    return t


def shift(left, ta, tb, mode):
    """vshl/vshr: tb is u32; .clamp caps it at 32, .wrap takes it mod 32"""
    tb = min(tb, 32) if mode == 'clamp' else tb & 0x1f
    return ta << tb if left else ta >> tb


def vmad(ta, tb, c, asg, bsg, na=False, nb=False, nc=False, po=False, scale=0, do_sat=False):
    signed_final = asg or bsg or (na != nb) or nc
    tmp, lsb = ta * tb, 0
    if po:
        lsb = 1
    elif na != nb:
        tmp, lsb = ~tmp, 1
    elif nc:
        c, lsb = ~c & 0xffffffff, 1
    c128 = part(c, True, None) if signed_final else c
    tmp = (tmp + c128 + lsb) >> scale
    if do_sat:
        tmp = sat(tmp, signed_final, None)
    return tmp & 0xffffffff


p = part
out = [
    finish(p(A, 1, 'b1') + p(B, 1, 'b2'), C, True, 'b0', do_sat=True),
    finish(p(A, 0, 'b1') + p(B, 0, 'b0'), C, False, 'b1', do_sat=True),
    finish(p(A, 1, 'b0') - p(B, 1, 'b0'), C, True, 'b2'),
    finish(p(A, 1, 'b3') - p(B, 1, 'b1'), C, True, 'b3', do_sat=True),
    finish(p(B, 0, 'b1') - p(A, 0, 'b2'), C, False, 'b0', do_sat=True),
    finish(abs(p(A, 0, 'h1') - p(B, 0, 'h0')), C, False, 'h0'),
    finish(p(A, 1, 'h1') + p(A, 1, 'h1'), C, True, 'h1', do_sat=True),
    finish(p(A, 0, 'h0') + p(A, 0, 'h1'), C, False, 'h0', do_sat=True),
    finish(int(p(A, 0, 'b2') > p(B, 0, 'b1')), C, False, 'b2'),
    finish(min(p(A, 1, 'h1'), p(B, 1, 'h0')), C, True, 'b0'),
    finish(shift(True, p(A, 0, None), T, 'wrap'), C, False),
    finish(shift(True, p(A, 0, None), S, 'clamp'), C, False),
    finish(shift(True, p(A, 0, 'b1'), 27, 'wrap'), C, False, do_sat=True),
    finish(shift(False, p(A, 1, None), S, 'clamp'), C, True),
    finish(shift(False, p(A, 0, None), S, 'clamp'), C, False),
    finish(shift(False, p(A, 1, None), T, 'wrap'), C, True),
    finish(shift(False, p(A, 0, None), T, 'wrap'), C, False, op2='add'),
    finish(shift(True, p(A, 1, 'b0'), p(B, 0, 'b2'), 'clamp'), C, True, op2='max'),
    finish(shift(False, p(A, 0, None), p(B, 0, 'b1'), 'wrap'), C, False, 'h1'),
    vmad(p(A, 0, 'h0'), p(B, 0, 'h0'), C, False, False),
    vmad(p(A, 0, 'b1'), p(B, 0, 'b0'), C, False, False, po=True),
    vmad(p(A, 1, 'h1'), p(B, 1, 'h0'), C, True, True, na=True, scale=7),
    vmad(p(A, 1, None), p(B, 1, None), C, True, True, nc=True, scale=15),
    vmad(p(A, 0, None), p(B, 0, None), C, False, False, do_sat=True),
    vmad(p(A, 1, None), p(B, 0, None), C, True, False, na=True, do_sat=True),
]
print('.expect io = ' + ' '.join('0x%x' % v for v in out))
