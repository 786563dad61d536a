/* simtemu debug: a gdb-like command loop over the step API (emu/step.h): the launch runs
   one issue at a time and the session reads the one emulator's live state between issues.
   This file: the session, the command loop, the stop conditions, Ctrl-C and the run;
   the inspection commands are in dbg/dbg_cmds.c, argument parsing in dbg/dbg_parse.c. */
#include <ctype.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "dbg/dbg_session.h"
#include "emu/stats.h"
#include "emu/step.h"
#include "report/report.h"
#include "util/xalloc.h"

/* Set by SIGINT while a session runs (a signal handler has nowhere else to write): the
   run loop stops between two issues; at a prompt the line is cleared. */
static volatile sig_atomic_t dbg_sigint;

static void on_sigint(int sig)
{
	(void)sig;
	dbg_sigint = 1;
}

dbg_session *dbg_new(FILE *in, FILE *out, bool interactive, const char *source_text)
{
	dbg_session *d = xcalloc(1, sizeof *d);
	d->in = in;
	d->out = out;
	d->interactive = interactive;
	d->source = source_text;
	d->mode = MODE_STEP;
	d->pending = 0;
	d->next_id = 1;
	d->trap_pc = -1;
	return d;
}

void dbg_free(dbg_session *d)
{
	free(d->hist);
	free(d);
}

bool dbg_replay_requested(dbg_session *d)
{
	if (!d->replay_requested)
		return false;
	d->replay_requested = false;
	d->over = d->finished = false;
	d->trap_pc = -1;
	d->nhist = 0;
	if (d->restarting) { /* from the start, as a new session with the same breakpoints */
		d->restarting = false;
		d->started = d->await_cta = false;
		d->focus_cta = d->focus_warp = 0;
		d->mode = MODE_STEP;
		d->pending = 0;
		return true;
	}
	d->replaying = true;
	return true;
}

bool dbg_finished(const dbg_session *d)
{
	return d->finished;
}

static void show_stop(dbg_session *d, const char *why)
{
	const emu_warp *w = dbg_focus(d);
	fprintf(d->out, "stopped: %s; CTA %d warp %d\n", why, d->focus_cta, d->focus_warp);
	if (w)
		dbg_show_row(d, w);
}

/* ---- the command loop ---- */

/* Ctrl-C at the readline prompt: readline (not catching signals itself) calls this when a
   read is interrupted; drop the line and start a fresh prompt, as gdb does. */
static int rl_on_signal(void)
{
	if (dbg_sigint) {
		dbg_sigint = 0;
		rl_crlf();
		rl_replace_line("", 0);
		rl_on_new_line();
		rl_redisplay();
	}
	return 0;
}

static char *read_line(dbg_session *d)
{
	if (d->interactive) {
		rl_catch_signals = 0;
		rl_signal_event_hook = rl_on_signal;
		char *l = readline("(simtemu) ");
		if (l && *l)
			add_history(l);
		return l;
	}
	char buf[1024];
	for (;;) {
		errno = 0;
		if (fgets(buf, sizeof buf, d->in))
			break;
		if (!ferror(d->in) || errno != EINTR) /* end of input (a read error ends it too) */
			return NULL;
		clearerr(d->in); /* Ctrl-C while waiting for a command: nothing to stop */
		dbg_sigint = 0;
	}
	buf[strcspn(buf, "\r\n")] = 0;
	return xstrdup(buf);
}

static bool parse_count(dbg_session *d, int argc, char **argv, const char *what, int64_t hi, uint64_t *n)
{
	int64_t v = 1;
	if (argc > 2) {
		fprintf(d->out, "usage: %s [N]\n", argv[0]);
		return false;
	}
	if (argc > 1 && !dbg_int(d, what, argv[1], 1, hi, &v))
		return false;
	*n = (uint64_t)v;
	return true;
}

/* Commands until one resumes the run (returns 0) or ends the session (returns 1). */
static int repl(dbg_session *d)
{
	for (;;) {
		fflush(d->out);
		char *line = read_line(d);
		if (!line) {
			d->quit = true;
			return 1;
		}
		char *c = line;
		while (isspace((unsigned char)*c))
			c++;
		if (!*c && d->interactive && d->last[0])
			c = d->last;
		else if (*c)
			snprintf(d->last, sizeof d->last, "%s", c);
		if (!*c || *c == '#') {
			free(line);
			continue;
		}
		if (!d->interactive) {
			fprintf(d->out, "(simtemu) %s\n", c);
			fflush(d->out);
		}
		char buf[256], *argv[16];
		int argc = 0;
		snprintf(buf, sizeof buf, "%s", c);
		free(line);
		for (char *t = strtok(buf, " \t"); t && argc < 16; t = strtok(NULL, " \t"))
			argv[argc++] = t;
		char word[32];
		snprintf(word, sizeof word, "%.*s", (int)strcspn(argv[0], "/"), argv[0]);
		const char *name = dbg_cmd_name(word);
		const emu_warp *w = dbg_focus(d);
		if (!name || (strchr(argv[0], '/') && strcmp(name, "print"))) {
			fprintf(d->out, "unknown command '%s' (try help)\n", argv[0]);
			continue;
		}
		bool resumes = !strcmp(name, "step") || !strcmp(name, "next") || !strcmp(name, "continue") ||
			       !strcmp(name, "cycle");
		if (!strcmp(name, "reverse-step")) {
			uint64_t back;
			if (!parse_count(d, argc, argv, "step count", DBG_MAX_STEPS, &back))
				continue;
			if (!w || back >= d->nhist) {
				fprintf(d->out, "cannot go back %llu instruction%s of this warp (it has issued %zu)\n",
					(unsigned long long)back, back == 1 ? "" : "s", d->nhist ? d->nhist - 1 : 0);
				continue;
			}
			d->replay_to = d->hist[d->nhist - 1 - back];
			d->replay_cta = d->focus_cta;
			d->replay_warp = d->focus_warp;
			d->replay_requested = true;
			return 1;
		}
		if (!strcmp(name, "restart") || !strcmp(name, "run")) {
			d->last[0] = 0; /* an empty line does not start the launch over (as in gdb) */
			if (argc > 1) {
				fprintf(d->out, "usage: %s\n", name);
				continue;
			}
			bool fresh = !strcmp(name, "run") && !d->over && d->x->steps == 0;
			if (fresh) { /* nothing has issued yet: run is continue */
				dbg_sigint = 0;
				d->mode = MODE_CONTINUE;
				return 0;
			}
			fprintf(d->out, "starting the launch over (breakpoints and watches kept)\n");
			d->restarting = true;
			d->run_on = name[1] == 'u';
			d->replay_requested = true;
			return 1;
		}
		if (resumes && d->over) {
			fprintf(d->out, "the kernel has %s; inspect, restart, run or quit\n",
				d->x->trap.msg[0] ? "trapped" : "finished");
			continue;
		}
		bool needs_warp = !strcmp(name, "stack") || !strcmp(name, "masks") || !strcmp(name, "regs") ||
				  !strcmp(name, "print");
		if (needs_warp && !w) {
			fprintf(d->out, "no current warp (CTA %d is not running)\n", d->focus_cta);
			continue;
		}
		if (resumes)
			dbg_sigint = 0; /* a Ctrl-C at the prompt does not stop the run to come */
		if (!strcmp(name, "quit")) {
			d->quit = true;
			return 1;
		} else if (!strcmp(name, "help"))
			dbg_cmd_help(d, argc, argv);
		else if (!strcmp(name, "step")) {
			uint64_t n;
			if (!parse_count(d, argc, argv, "step count", DBG_MAX_STEPS, &n))
				continue;
			d->mode = MODE_STEP;
			d->pending = n;
			return 0;
		} else if (!strcmp(name, "next")) {
			const emu_insn *in = w && w->s.pc < (uint32_t)d->x->f->n ? &d->x->f->insns[w->s.pc] : NULL;
			if (in && in->h == EMU_H_CAL) {
				d->mode = MODE_NEXT;
				d->next_pc = w->s.pc + 1;
				d->next_depth = w->s.depth;
			} else {
				d->mode = MODE_STEP;
				d->pending = 1;
			}
			return 0;
		} else if (!strcmp(name, "continue")) {
			d->mode = MODE_CONTINUE;
			return 0;
		} else if (!strcmp(name, "cycle")) {
			d->mode = MODE_CYCLE;
			d->others_ran = false;
			return 0;
		} else if (!strcmp(name, "break") || !strcmp(name, "tbreak"))
			dbg_cmd_break(d, argc, argv, name[0] == 't');
		else if (!strcmp(name, "delete"))
			dbg_cmd_delete(d, argc, argv);
		else if (!strcmp(name, "watch"))
			dbg_cmd_watch(d, argc, argv);
		else if (!strcmp(name, "stack"))
			dbg_cmd_stack(d, w);
		else if (!strcmp(name, "masks"))
			dbg_cmd_masks(d, w);
		else if (!strcmp(name, "info"))
			dbg_cmd_info(d, argc, argv);
		else if (!strcmp(name, "warp") || !strcmp(name, "cta"))
			dbg_cmd_focus(d, argc, argv, name[0] == 'c');
		else if (!strcmp(name, "regs"))
			dbg_cmd_regs(d, w, argc, argv);
		else if (!strcmp(name, "print"))
			dbg_cmd_print(d, w, argc, argv);
		else if (!strcmp(name, "mem"))
			dbg_cmd_mem(d, w, argc, argv);
		else if (!strcmp(name, "list"))
			dbg_cmd_list(d, w, argc, argv);
		else if (!strcmp(name, "counts"))
			report_table(d->x, STATS_BY_OPCODE, d->out);
	}
}

/* ---- stopping ---- */

/* Should the run stop before this issue? Says why in buf. */
static bool should_stop(dbg_session *d, const emu_warp *w, char *why, size_t n)
{
	bool is_focus = d->x->cur_cta->linear == d->focus_cta && w->id == d->focus_warp;
	if (is_focus) {
		if (d->nhist == d->caphist) {
			d->caphist = d->caphist ? 2 * d->caphist : 256;
			d->hist = xrealloc(d->hist, sizeof *d->hist * d->caphist);
		}
		d->hist[d->nhist++] = d->x->steps;
	}
	if (d->replaying) { /* silent until the recorded step */
		if (d->x->steps != d->replay_to || !is_focus)
			return false;
		d->replaying = false;
		snprintf(why, n, "reverse-step");
		for (int i = 0; i < d->nwatches; i++) { /* watches restart from the values here */
			uint32_t one;
			dbg_watch_sample(d, &d->watches[i], d->watches[i].old, &one);
			d->watches[i].old1 = one;
		}
		return true;
	}
	if (!d->started) {
		d->started = true;
		d->focus_cta = d->x->cur_cta->linear;
		d->focus_warp = w->id;
		for (int i = 0; i < d->nwatches; i++) { /* after a restart: watches start from here */
			uint32_t one;
			dbg_watch_sample(d, &d->watches[i], d->watches[i].old, &one);
			d->watches[i].old1 = one;
		}
		if (!d->run_on) {
			snprintf(why, n, "at the first instruction");
			return true;
		}
		d->run_on = false; /* run: on to a breakpoint (this instruction's too) */
		d->mode = MODE_CONTINUE;
	}
	for (int i = 0; i < d->nbreaks; i++) {
		dbg_break *b = &d->breaks[i];
		if (b->pc == w->s.pc && dbg_cond_holds(d, b, w)) {
			snprintf(why, n, "%sbreakpoint %d", b->temp ? "temporary " : "", b->id);
			if (b->temp)
				d->breaks[i] = d->breaks[--d->nbreaks];
			d->focus_cta = d->x->cur_cta->linear;
			d->focus_warp = w->id;
			return true;
		}
	}
	if (d->nwatches && dbg_watches_fired(d)) {
		snprintf(why, n, "watch");
		return true;
	}
	if (is_focus && d->await_cta) {
		d->await_cta = false;
		d->pending = 0;
		snprintf(why, n, "CTA %d started", d->focus_cta);
		return true;
	}
	if (!is_focus) {
		if (d->mode == MODE_CYCLE && d->x->cur_cta->linear == d->focus_cta)
			d->others_ran = true;
		return false;
	}
	switch (d->mode) {
	case MODE_STEP:
		if (d->pending && --d->pending == 0) {
			snprintf(why, n, "step");
			return true;
		}
		return false;
	case MODE_NEXT:
		if (w->s.pc == d->next_pc && w->s.depth == d->next_depth) {
			snprintf(why, n, "next");
			return true;
		}
		return false;
	case MODE_CYCLE:
		if (d->others_ran || d->x->cur_cta->nwarps == 1) {
			snprintf(why, n, "cycle");
			return true;
		}
		return false;
	default:
		return false;
	}
}

/* Pop rows of the focus warp as the pop rule runs (the hook only watches). */
static int pop_hook(void *user, const emu_ctx *x, const emu_warp *w, emu_event ev, const simt_token *tok)
{
	dbg_session *d = user;
	if (ev == EMU_EV_POP && d->mode != MODE_CONTINUE && !d->replaying && x->cur_cta->linear == d->focus_cta &&
	    w->id == d->focus_warp)
		dbg_row(d->out, DBG_TABLE, 0, x, w, tok);
	return 0;
}

/* The trapping instruction's index: the trap names its address ("pc 0x..."), which holds
   for every kind of trap (the warp's pc has moved on after a fault: to the next
   instruction, or a branch's target). -1 if it names none. */
static int trap_insn(const emu_ctx *x)
{
	const char *at = strstr(x->trap.msg, "\n  kernel ");
	const char *p = at ? strstr(at, ", pc 0x") : NULL;
	if (!p)
		return -1;
	char *e;
	unsigned long a = strtoul(p + 7, &e, 16);
	for (int i = 0; i < x->f->n; i++)
		if (x->f->insns[i].addr == a)
			return i;
	return -1;
}

/* After a trap: the focus on the faulting warp at its faulting instruction (a deadlock
   names none: every warp). */
static int stopped_trap(dbg_session *d)
{
	d->over = true;
	fprintf(d->out, "simtemu: %s\n", d->x->trap.msg);
	const emu_cta *c = d->x->cur_cta;
	int wi = d->x->trap.warp;
	if (c && wi >= 0 && wi < c->nwarps) {
		d->w = &c->warps[wi];
		d->focus_cta = c->linear;
		d->focus_warp = wi;
		d->trap_pc = trap_insn(d->x);
		d->trap_issued = d->x->trap.kind == EMU_TRAP_FAULT;
		dbg_show_row(d, d->w);
	} else {
		d->w = NULL;
		dbg_info_warps(d);
	}
	return repl(d);
}

static int stopped_end(dbg_session *d)
{
	d->over = d->finished = true;
	d->w = NULL;
	stats_totals t = stats_total(d->x);
	fprintf(d->out, "kernel finished: %llu warp instructions, %llu thread instructions\n",
		(unsigned long long)t.warp, (unsigned long long)t.thread);
	return repl(d);
}

/* The session over one launch, driven through the step API: one issue at a time, so that
   every stop condition (focus-warp steps, conditional breakpoints, watches, next, cycle,
   Ctrl-C) is looked at before each issue. */
void dbg_run(dbg_session *d, emu_ctx *x)
{
	struct sigaction sa, old;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_sigint;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: a Ctrl-C interrupts a read at the prompt */
	sigaction(SIGINT, &sa, &old);
	dbg_sigint = 0;
	volatile sig_atomic_t *interrupt = x->interrupt;
	x->interrupt = NULL; /* Ctrl-C stops the session's run, not the launch (no trap) */
	d->x = x;
	x->hook = pop_hook;
	x->hook_user = d;
	emu_stepper *sp = emu_step_start(x);
	emu_until u = {.by_step = true, .at_step = x->steps}; /* stop before the first issue */
	for (bool done = false; sp && !done;) {
		emu_stop why = emu_step_until(sp, x, &u);
		char text[96];
		switch (why) {
		case EMU_STOP_STEP:
		case EMU_STOP_BREAK:
		case EMU_STOP_BARRIER:
			d->w = emu_step_warp(sp);
			u.at_step = x->steps + 1;
			if (!d->w)
				break;
			if (should_stop(d, d->w, text, sizeof text)) {
				dbg_sigint = 0;
			} else if (dbg_sigint) { /* Ctrl-C: stop where the kernel is */
				dbg_sigint = 0;
				d->replaying = false;
				d->focus_cta = x->cur_cta->linear;
				d->focus_warp = d->w->id;
				snprintf(text, sizeof text, "interrupted");
				if (d->interactive) /* after the terminal's ^C */
					fputc('\n', d->out);
			} else
				break;
			show_stop(d, text);
			done = repl(d) != 0;
			break;
		case EMU_STOP_TRAP:
			stopped_trap(d);
			done = true;
			break;
		case EMU_STOP_END:
			stopped_end(d);
			done = true;
			break;
		case EMU_STOP_QUIT:
			done = true;
			break;
		}
	}
	emu_step_free(sp, x);
	x->hook = NULL;
	x->interrupt = interrupt;
	sigaction(SIGINT, &old, NULL);
	d->x = NULL;
	d->w = NULL;
}
