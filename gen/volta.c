/* Volta and later (sm_70 - sm_89; sm_90 as gen_hopper, by isa/sm90.def; sm_100 - sm_121 as
   gen_blackwell, by isa/sm100.def and its own launch ABI): the selectors by
   the rows of isa/sm70.def, convergence barriers with per-lane pcs (SPEC 6.2, emu/cf_barrier.h), the
   uniform datapath, 16-byte instructions with 32-bit immediates, and the launch ABI:
   parameters from c[0x0][0x160] (sm_90: 0x210; sm_100+: 0x380, below), ntid at c[0x0][0x0], nctaid at
   c[0x0][0xc], the stack pointer at c[0x0][0x28] (SPEC section 4). */
#include <string.h>

#include "asm/gen.h"
#include "emu/emu.h"
#include "emu/semantics.h"

static const asm_selector volta_selectors[] = {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) asm_sel_##sel,
#include "isa/sm70.tab"
#undef OP
}, hopper_selectors[] = {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) asm_sel_##sel,
#include "isa/sm90.tab"
#undef OP
}, blackwell_selectors[] = {
#define OP(name, cls, shape, mods, sel, var, imm, ptx, style, tail, meaning) asm_sel_##sel,
#include "isa/sm100.tab"
#undef OP
};

/* Uniform registers URn live in register rows past the general ones: each function's URn
   becomes row base + n, base the first multiple of 4 past its highest Rn (so that a
   128-bit tuple R(4k)..R(4k+3) stays below it). Predicates UP0-UP6 are rows EMU_UP0 on. */
static void volta_begin(asm_ctx *c)
{
	ast_func *af = c->af;
	int maxr = -1;
	for (int i = 0; i < af->ninsns; i++)
		for (int k = 0; k < af->insns[i].nops; k++) {
			const ast_opnd *o = &af->insns[i].ops[k];
			bool reg = o->kind == OPND_REG || o->kind == OPND_MEM || o->kind == OPND_CBANK;
			if (reg && !o->uniform && o->reg >= 0 && o->reg != AST_RZ && o->reg > maxr)
				maxr = o->reg;
		}
	int base = (maxr | 3) + 1;
	for (int i = 0; i < af->ninsns; i++)
		for (int k = 0; k < af->insns[i].nops; k++) {
			ast_opnd *o = &af->insns[i].ops[k];
			if (o->uniform && o->reg != AST_RZ)
				o->reg += base;
			if (o->has_ureg && o->ureg != AST_RZ) /* [Rn+URm], [URm] */
				o->ureg += base;
		}
}

/* The uniform datapath (U* opcodes, S2UR, sm_100's LDCU): computed once, the value in
   every lane. */
static void volta_after(asm_ctx *c)
{
	const char *n = c->desc->name;
	if ((n[0] == 'U' && strcmp(n, "UNDEF")) || !strcmp(n, "S2UR") || !strcmp(n, "LDCU"))
		c->in->steps |= EMU_STEP_UNIFORM;
}

/* sm_90: a generic LD, ST or ATOM whose address is 32 bits ([R4], [RZ.U32+UR6]: no .64
   pair) is a shared::cluster address, as ptxas 11.8 emits for ld/st.shared::cluster and
   mapa'd pointers: [31:24] the CTA's rank in the cluster, [23:0] the offset in its shared
   memory. simtemu runs one-CTA clusters, so it reaches this CTA's shared memory (rank 0;
   another rank is out of bounds there). */
static void hopper_after(asm_ctx *c)
{
	volta_after(c);
	const char *n = c->desc->name;
	if (strcmp(n, "LD") && strcmp(n, "ST") && strcmp(n, "ATOM"))
		return;
	for (int k = 0; k < c->ai->nops; k++) {
		const ast_opnd *o = &c->ai->ops[k];
		if (o->kind != OPND_MEM || o->wide64)
			continue;
		if ((o->reg != AST_RZ && !o->has_ureg) || (o->reg == AST_RZ && o->zext32)) {
			c->in->wide = 0;
			c->in->azext = 0;
			if (n[0] == 'A') /* ATOM's byte holds its flags */
				c->in->aflags |= EMU_ATOM_F_SHARED;
			else
				c->in->space = EMU_SP_SHARED;
		}
	}
}

/* the generic bases ptxas reads as 64-bit words (cvta.shared: c[0x0][0x18], cvta.local:
   c[0x0][0x20], on sm_75, sm_86 and sm_90 alike): shared memory at {SR_SWINHI : 0}, the
   thread's local memory in the 32-bit local window */
static const emu_abi_word volta_abi[] = {
	{0, 0x0, EMU_ABI_NTID},          {0, 0xc, EMU_ABI_NCTAID},       {0, 0x18, EMU_ABI_SHARED_BASE64},
	{0, 0x20, EMU_ABI_LOCAL_BASE64}, {0, 0x28, EMU_ABI_LOCAL_BYTES},
};
/* sm_90 adds the cluster's words (ptxas 11.8 reads them for %cluster_nctaid at 0x144,
   %clusterid as %ctaid times the reciprocal at 0x150, %nclusterid at 0x15c,
   %cluster_nctarank at 0x188, %is_explicit_cluster as 0x140 == 1): a launch of one-CTA
   clusters, not an explicit one (docs/generations.md, "Hopper") */
static const emu_abi_word hopper_abi[] = {
	{0, 0x0, EMU_ABI_NTID},          {0, 0xc, EMU_ABI_NCTAID},       {0, 0x18, EMU_ABI_SHARED_BASE64},
	{0, 0x20, EMU_ABI_LOCAL_BASE64}, {0, 0x28, EMU_ABI_LOCAL_BYTES}, {0, 0x140, EMU_ABI_CLUSTER1},
};

/* Blackwell (sm_100 - sm_121, CUDA 13 listings) moved the launch words past a larger
   driver area: ntid at c[0x0][0x360], the stack pointer read from c[0x0][0x37c], the
   memory descriptor (LDCU.64 URn, c[0x0][0x358], which desc[URn] ignores) and the
   parameters from 0x380 (.nv.constant0.<fn> is 0x380 + their size). nctaid at 0x36c
   follows ntid as on sm_70 - sm_90 (ntid at 0x0, nctaid at 0xc); no listing of the
   corpus reads it, nor a generic shared or local base, so those rows are not given
   (docs/generations.md, "Blackwell"). */
static const emu_abi_word blackwell_abi[] = {
	{0, 0x360, EMU_ABI_NTID},
	{0, 0x36c, EMU_ABI_NCTAID},
	{0, 0x37c, EMU_ABI_LOCAL_BYTES},
};

/* sm_70 - sm_89, sm_90 and sm_100+ differ in where the parameters start (and Blackwell in
   its other launch words, and each in its dialect's name): one runtime part and one
   generation record each, from the same fields. */
#define VOLTA_RT(abis, params) {.model = EMU_CF_BARRIERS, .abi = (abis), .nabi = sizeof (abis) / sizeof (abis)[0], .param_offset = (params), .literal_bank = 2}
static const emu_rt volta_rt = VOLTA_RT(volta_abi, 0x160), hopper_rt = VOLTA_RT(hopper_abi, 0x210),
		    blackwell_rt = VOLTA_RT(blackwell_abi, 0x380);

#define VOLTA_GEN(nm, dia, sels, runtime, aft)                                                                   \
	{.name = (nm), .dialect = (dia), .max_reg = 254, .insn_bytes = 16, .imm32 = true, .imm_values = true, \
	 .begin = volta_begin, .selectors = (sels), .after = (aft), .rt = &(runtime)}
const gen_desc gen_volta = VOLTA_GEN("volta", ISA_DIALECT_SM70, volta_selectors, volta_rt, volta_after);
const gen_desc gen_hopper = VOLTA_GEN("hopper", ISA_DIALECT_SM90, hopper_selectors, hopper_rt, hopper_after);
const gen_desc gen_blackwell = VOLTA_GEN("blackwell", ISA_DIALECT_SM100, blackwell_selectors, blackwell_rt, volta_after);
