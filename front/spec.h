/* Launch directives (SPEC section 3) read from text into an emu_spec, with located errors. */
#ifndef SIMTEMU_SPEC_H
#define SIMTEMU_SPEC_H

/* The most bytes one buffer, and all buffers together, may have: the 4 GiB that 32-bit
   addresses reach (checked before anything is allocated). */
#define SPEC_MAX_BUFFER_BYTES (1ull << 32)

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "parser/ast.h"
#include "util/dtype.h"

typedef struct {
	char *text;
	ast_loc loc;
} spec_val;

typedef enum { SPEC_INIT_ZERO, SPEC_INIT_LIST, SPEC_INIT_FILL, SPEC_INIT_IOTA, SPEC_INIT_RANDOM,
	       SPEC_INIT_FILE } spec_init;

typedef struct {
	const char *file;     /* the file holding the directive (for relative paths) */
	ast_loc loc;
	char *name;
	emu_type type;
	uint64_t count;
	bool has_addr;
	uint64_t addr;
	spec_init init;
	spec_val *vals;
	int nvals;
	char *path;
} spec_buffer;

typedef struct {
	const char *file;
	ast_loc loc;
	bool has_off;
	uint32_t off;
	emu_type type;
	spec_val val;
} spec_param;

/* A PTXPlus constant table: the literal pool of one kernel (its name after "constant1"). */
typedef struct {
	char *kernel;         /* the kernel it belongs to, or NULL: every kernel */
	int bank;             /* the constant bank, or -1: the generation's literal bank */
	uint32_t off;         /* from this byte of the bank */
	uint32_t *vals;
	int nvals;
} spec_table;

typedef struct {
	const char *file;
	ast_loc loc;
	int bank;
	uint32_t off;
	emu_type type;
	spec_val *vals;
	int nvals;
} spec_const;

typedef struct {
	const char *file;
	ast_loc loc;
	char *name;
	spec_val *vals;
	int nvals;
	char *path;
	bool has_tol;
	double tol;
} spec_expect;

/* .texture NAME TYPE DIMS [OPTIONS] [= INIT]: its texels are the buffer NAME (in bufs). */
typedef struct {
	const char *file;
	ast_loc loc;
	char *name;
	uint32_t w, h;        /* texels; h is 1 for 1D */
	uint8_t dims;         /* 1 or 2 */
	uint8_t chans;        /* components per texel: 1, 2 or 4 */
	emu_type type;        /* of a component */
	bool wrap, norm;      /* wrap addressing (else clamp); normalised coordinates */
	bool has_slot;
	uint32_t slot;        /* slot=N: the handle goes to c[0x0][N * 4] */
} spec_texture;

typedef struct {
	char *target, *kernel;
	char *target_at;        /* where .target was read: "FILE:LINE:COL" (the assembler's messages) */
	bool has_grid, has_block, has_shared, has_local, has_max_steps;
	uint64_t max_steps;     /* .max-steps: the kernel's own step budget (--max-steps overrides) */
	uint32_t grid[3], block[3], shared_bytes, local_bytes;
	spec_buffer *bufs;
	int nbufs;
	spec_param *params;
	int nparams;
	spec_const *consts;
	int nconsts;
	spec_table *tables;     /* PTXPlus constant tables (GPGPU-Sim's constant1<kernel>) */
	int ntables;
	spec_expect *expects;
	int nexpects;
	spec_texture *texs;     /* .texture: handle k + 1 is texs[k] */
	int ntexs;
	bool appending;       /* spec_parse_more is adding to what earlier files said */
	char *printf_fmt;     /* .printf "...": the format of vprintf calls with no address */
	char **files;         /* file names and texts kept for diagnostics (texts: their directive
				 lines, the others emptied; spec_parse) */
	char **texts;
	int nfiles;
} emu_spec;

/* Parse the directive lines of a text (a kernel file or a --spec file) into s.
   Lists given here replace lists of the same kind parsed before (a --spec file
   overrides the kernel file). A .target this build does not run is an error here, at
   its line. Returns the number of errors (reported to diag). */
int spec_parse(emu_spec *s, const char *file, const char *text, FILE *diag);
void spec_free(emu_spec *s);

/* True if a .buffer directive names it. */
bool spec_has_buffer(const emu_spec *s, const char *name);

/* Convert a value to the bits of type t; NULL on success, else a reason. */
const char *spec_value_bits(const char *text, emu_type t, uint64_t *bits);
/* An integer (decimal, 0x hex, octal; optional sign); neg (may be NULL) tells a '-'. */
bool spec_parse_int(const char *text, int64_t *v, bool *neg);
/* A floating-point number, or nan. */
bool spec_parse_float(const char *text, double *v);

/* Diagnostics located in the file (one parsed into s) that holds a directive. */
ast_diags spec_diags(const emu_spec *s, const char *file, FILE *diag);
/* A path relative to the directory of the file holding the directive (caller frees). */
char *spec_rel_path(const char *file, const char *path);

/* Parse directives that add to the earlier files' instead of replacing them. */
int spec_parse_more(emu_spec *s, const char *file, const char *text, FILE *diag);
/* Add a constant table (cuobjdump -elf's .nv.constantN sections: front/dump.c). */
void spec_add_table(emu_spec *s, const char *kernel, int bank, uint32_t off, const uint32_t *vals, int n);

#endif
