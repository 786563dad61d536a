/* The PTXPlus spelling of the video instructions (VADD, VSUB, VABSDIFF, VMNMX, VSET, VSHL,
   VSHR, VMAD). */
#ifndef SIMTEMU_PTXPLUS_VIDEO_H
#define SIMTEMU_PTXPLUS_VIDEO_H

#include <stddef.h>

#include "parser/ast.h"

/* The suffix after the word (and .s): [.acc|.min|.max][.mx][.w][.po][.shr_7|.shr_15][.sat]
   [.mrg_8b0|.mrg_8b2|.mrg_16l|.mrg_16h][.cmp], then
   [.ud].atype.btype when the listing names both source types, else the one type .u32 or
   .s32 of the older spelling (vmnmx.acc.s32). Thesis pair 30: VADD.S32.S8.MIN is
   vadd.min.s32.s8. */
void ptx_video_suffix(const ast_insn *ai, char *buf, size_t n);

#endif
