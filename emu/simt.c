/* SIMT token stack rules, exactly as SPEC section 6 states them. */
#include "emu/simt.h"

static const char *const simt_names[] = {"SSY", "DIV", "PBK", "PCNT", "CALL", "PRET"};

const char *simt_type_name(simt_type t)
{
	return t <= SIMT_PRET ? simt_names[t] : "?";
}

const char *simt_status_text(simt_status s)
{
	switch (s) {
	case SIMT_OK: return "ok";
	case SIMT_DONE: return "finished";
	case SIMT_OVERFLOW: return "SIMT stack overflow";
	case SIMT_UNDERFLOW: return "SIMT stack underflow";
	case SIMT_NO_PBK: return "BRK without a PBK token on the SIMT stack";
	case SIMT_NO_PCNT: return "CONT without a PCNT token on the SIMT stack";
	case SIMT_WTABLE_FULL: return "too many nested divergent loops (while-mask table full)";
	}
	return "?";
}

void simt_init(simt_state *s, uint32_t valid, simt_token *storage, int limit)
{
	*s = (simt_state){0};
	s->A = valid;
	s->stack = storage;
	s->limit = limit;
}

/* The while-mask entries deeper than the stack go (after a pop, emu/simt.h's simt_pop). */
void simt_drop_w(simt_state *s)
{
	for (int i = 0; i < s->nw;)
		if (s->w[i].depth > s->depth)
			s->w[i] = s->w[--s->nw];
		else
			i++;
}

/* A loop left by BRK, CONT, RET or EXIT rather than through its backward branch: the lanes
   that left it earlier through the branch's fall-through wait in the while-mask entry of
   this depth; they resume there before the stack is popped (else the pop would drop the
   entry and send them to the token's target). True when lanes resumed. */
bool simt_resume_loop(simt_state *s)
{
	for (int i = 0; i < s->nw; i++) {
		if (s->w[i].depth != s->depth)
			continue;
		simt_wentry e = s->w[i];
		s->w[i] = s->w[--s->nw];
		s->A = simt_live(s, e.mask);
		s->pc = e.pc + 1;
		if (s->A)
			return true;
		i = -1; /* the entry was removed: look again */
	}
	return false;
}

simt_status simt_pop_rule(simt_state *s)
{
	while (s->A == 0) {
		if (simt_resume_loop(s))
			break;
		if (s->depth == 0)
			return SIMT_DONE;
		simt_pop(s);
	}
	return SIMT_OK;
}

simt_status simt_pbk(simt_state *s, uint32_t target)
{
	return simt_push(s, SIMT_PBK, s->A, target, s->Dbrk);
}

simt_status simt_pcnt(simt_state *s, uint32_t target)
{
	return simt_push(s, SIMT_PCNT, s->A, target, s->Dcont);
}

simt_status simt_pret(simt_state *s, uint32_t target)
{
	return simt_push(s, SIMT_PRET, s->A, target, s->Dret);
}

simt_status simt_call(simt_state *s, uint32_t G, uint32_t next, uint32_t target)
{
	if (G == 0) {
		s->pc = next;
		return SIMT_OK;
	}
	simt_status st = simt_push(s, SIMT_CALL, s->A, next, s->Dret);
	if (st != SIMT_OK)
		return st;
	s->A = G;
	s->pc = target;
	return SIMT_OK;
}

static int wfind(const simt_state *s, uint32_t pc)
{
	for (int i = 0; i < s->nw; i++)
		if (s->w[i].pc == pc && s->w[i].depth == s->depth)
			return i;
	return -1;
}

/* simt_bra's cases that involve the while-mask table (emu/simt.h has the others) */
simt_status simt_bra_w(simt_state *s, uint32_t G, uint32_t pc, uint32_t next, uint32_t target)
{
	if (G == 0) {
		int i = wfind(s, pc);
		if (i >= 0) {
			s->A = simt_live(s, s->w[i].mask);
			s->w[i] = s->w[--s->nw];
		}
		s->pc = next;
		return SIMT_OK;
	}
	if (wfind(s, pc) < 0) {
		if (s->nw == SIMT_MAXW)
			return SIMT_WTABLE_FULL;
		s->w[s->nw++] = (simt_wentry){pc, s->A, s->depth};
	}
	s->A = G;
	s->pc = target;
	return SIMT_OK;
}

void simt_bra_u(simt_state *s, uint32_t G, uint32_t next, uint32_t target)
{
	s->pc = G == s->A ? target : next;
}

simt_status simt_brx(simt_state *s, uint32_t G, uint32_t pc, uint32_t next, const uint32_t *targets,
		     int nlanes)
{
	/* The group of the lowest active lane goes first; the rest re-run the BRX. */
	int first = -1;
	uint32_t ft = next;
	for (int l = 0; l < nlanes; l++)
		if (s->A >> l & 1) {
			first = l;
			ft = G >> l & 1 ? targets[l] : next;
			break;
		}
	if (first < 0)
		return SIMT_OK;
	uint32_t g = 0;
	for (int l = 0; l < nlanes; l++)
		if (s->A >> l & 1) {
			uint32_t t = G >> l & 1 ? targets[l] : next;
			if (t == ft)
				g |= 1u << l;
		}
	if (g != s->A) {
		simt_status st = simt_push(s, SIMT_DIV, s->A & ~g, pc, 0);
		if (st != SIMT_OK)
			return st;
		s->A = g;
	}
	s->pc = ft;
	return SIMT_OK;
}

static int has_token(const simt_state *s, simt_type a, simt_type b)
{
	for (int i = 0; i < s->depth; i++)
		if (s->stack[i].type == a || s->stack[i].type == b)
			return 1;
	return 0;
}

simt_status simt_brk(simt_state *s, uint32_t G)
{
	if (G && !has_token(s, SIMT_PBK, SIMT_PBK))
		return SIMT_NO_PBK;
	s->Dbrk |= G;
	s->A &= ~G;
	return SIMT_OK;
}

simt_status simt_cont(simt_state *s, uint32_t G)
{
	if (G && !has_token(s, SIMT_PCNT, SIMT_PCNT))
		return SIMT_NO_PCNT;
	s->Dcont |= G;
	s->A &= ~G;
	return SIMT_OK;
}

simt_status simt_ret(simt_state *s, uint32_t G)
{
	if (!has_token(s, SIMT_CALL, SIMT_PRET)) {
		simt_exit(s, G);
		return SIMT_OK;
	}
	s->Dret |= G;
	s->A &= ~G;
	return SIMT_OK;
}

void simt_exit(simt_state *s, uint32_t G)
{
	s->X |= G;
	s->A &= ~G;
}

/* Tesla's join flag, before the instruction at pc (SPEC 6): a DIV token on top means the
   other side of the branch has still to run, so switch to it (1: fetch again without
   issuing); the SSY token of this address on top means every side has arrived: pop it and
   issue with the rejoined mask (0). Anything else: already rejoined, issue as is. */
int simt_join(simt_state *s, uint32_t pc)
{
	if (s->depth == 0)
		return 0;
	const simt_token *t = &s->stack[s->depth - 1];
	if (t->type == SIMT_DIV) {
		simt_pop(s);
		return 1;
	}
	if (t->type == SIMT_SSY && t->pc == pc)
		simt_pop(s);
	return 0;
}
