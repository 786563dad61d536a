/* stats --counts nvbit|ncu-csv: the per-opcode counts as NVBit's opcode_hist tool and Nsight
   Compute's raw CSV page print them, so that a user's scripts for those tools read simtemu's
   counts unchanged (docs/profilers.md says what is reproduced and what is not). */
#include <stdlib.h>
#include <string.h>

#include "emu/program.h"
#include "emu/stats.h"
#include "export/profiler.h"

typedef unsigned long long ull;

int profiler_parse(const char *s)
{
	return !strcmp(s, "nvbit") ? PROFILER_NVBIT : !strcmp(s, "ncu-csv") ? PROFILER_NCU_CSV : PROFILER_NONE;
}

static ull nctas(const emu_ctx *x)
{
	return (ull)x->grid[0] * x->grid[1] * x->grid[2];
}

/* opcode_hist.cu after a launch: one header line, then "  OPCODE = COUNT" for every non-zero
   opcode in std::map order (byte order of the names). Its opcodes are Instr::getOpcode(),
   the mnemonic with its modifiers, so the rows are simtemu's --by mnemonic ones. It counts a
   warp instruction when at least one lane counts it: every issue by default, only those
   whose guard held for some lane with EXCLUDE_PRED_OFF=1. One launch per run: kernel 0,
   and the application's total so far is this kernel's. */
static void print_nvbit(const emu_ctx *x, bool exclude_pred_off, FILE *out)
{
	stats_row *rows;
	int n = stats_rows(x, STATS_BY_MNEMONIC, &rows);
	ull total = 0;
	for (int i = 0; i < n; i++)
		total += rows[i].warp - (exclude_pred_off ? rows[i].predoff : 0);
	fprintf(out, "kernel 0 - %s - #thread-blocks %llu,  kernel instructions %llu, total instructions %llu\n",
		x->f->name, nctas(x), total, total);
	for (int i = 0; i < n; i++) {
		ull c = rows[i].warp - (exclude_pred_off ? rows[i].predoff : 0);
		if (c)
			fprintf(out, "  %s = %llu\n", rows[i].key, c);
	}
	free(rows);
}

/* v with a comma between groups of three digits, as Nsight Compute prints its values. */
static void grouped(char *buf, size_t size, ull v)
{
	char d[32];
	int n = snprintf(d, sizeof d, "%llu", v), k = 0;
	for (int i = 0; i < n && (size_t)k + 2 < size; i++) {
		if (i && (n - i) % 3 == 0)
			buf[k++] = ',';
		buf[k++] = d[i];
	}
	buf[k] = 0;
}

/* A quoted CSV field (every field of ncu's CSV is quoted; a quote is doubled). */
static void qfield(FILE *out, const char *s, bool last)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputs(last ? "\"\n" : "\",", out);
}

static const char *const ncu_fixed[] = {"ID", "Process ID", "Process Name", "Host Name", "Kernel Name", "Context",
					"Stream", "Block Size", "Grid Size", "Device", "CC"};
static const char *const ncu_metrics[] = {"sass__inst_executed_per_opcode", "smsp__inst_executed.sum",
					  "smsp__thread_inst_executed.sum",
					  "smsp__thread_inst_executed_pred_on.sum"};
enum { NCU_FIXED = sizeof ncu_fixed / sizeof ncu_fixed[0], NCU_METRICS = sizeof ncu_metrics / sizeof ncu_metrics[0] };

/* sass__inst_executed_per_opcode's instances: "(OPCODE: N; OPCODE: N)", base opcodes in byte
   order, warp instructions (predicated off included, like smsp__inst_executed). */
static char *opcode_instances(const emu_ctx *x)
{
	stats_row *rows;
	int n = stats_rows(x, STATS_BY_OPCODE, &rows);
	size_t len = 0;
	char *s = NULL;
	FILE *m = open_memstream(&s, &len);
	if (!m) {
		free(rows);
		return NULL;
	}
	fputc('(', m);
	for (int i = 0; i < n; i++) {
		char v[40];
		grouped(v, sizeof v, rows[i].warp);
		fprintf(m, "%s%s: %s", i ? "; " : "", rows[i].key, v);
	}
	fputc(')', m);
	fclose(m);
	free(rows);
	return s;
}

/* ncu --csv --page raw --print-metric-instances details: a header row of column names, a row
   of units, one row per profiled kernel launch (here the one launch). The columns before the
   metrics describe the launch; the process, host, context, stream and device are fixed
   placeholders (there is no process or GPU), the compute capability is the target's. */
static void print_ncu(const emu_ctx *x, FILE *out)
{
	for (int i = 0; i < NCU_FIXED + NCU_METRICS; i++)
		qfield(out, i < NCU_FIXED ? ncu_fixed[i] : ncu_metrics[i - NCU_FIXED], i == NCU_FIXED + NCU_METRICS - 1);
	for (int i = 0; i < NCU_FIXED + NCU_METRICS; i++)
		qfield(out, i < NCU_FIXED ? "" : "inst", i == NCU_FIXED + NCU_METRICS - 1);
	char block[80], grid[80], cc[16];
	snprintf(block, sizeof block, "(%u, %u, %u)", x->block[0], x->block[1], x->block[2]);
	snprintf(grid, sizeof grid, "(%u, %u, %u)", x->grid[0], x->grid[1], x->grid[2]);
	const char *t = x->prog->target; /* sm_XY[Z]: compute capability X.Y[Z] */
	if (!strncmp(t, "sm_", 3) && strlen(t) >= 5)
		snprintf(cc, sizeof cc, "%.*s.%s", (int)strlen(t + 3) - 1, t + 3, t + 3 + strlen(t + 3) - 1);
	else
		snprintf(cc, sizeof cc, "%s", t);
	const char *fixed[NCU_FIXED] = {"0", "0", "simtemu", "localhost", x->f->name, "1", "7", block, grid, "0", cc};
	for (int i = 0; i < NCU_FIXED; i++)
		qfield(out, fixed[i], false);
	char *inst = opcode_instances(x);
	qfield(out, inst ? inst : "()", false);
	free(inst);
	stats_totals tt = stats_total(x);
	ull v[3] = {tt.warp, tt.thread, tt.active};
	for (int i = 0; i < 3; i++) {
		char g[40];
		grouped(g, sizeof g, v[i]);
		qfield(out, g, i == 2);
	}
}

void profiler_print(const emu_ctx *x, int profiler, bool exclude_pred_off, FILE *out)
{
	if (profiler == PROFILER_NVBIT)
		print_nvbit(x, exclude_pred_off, out);
	else
		print_ncu(x, out);
}
