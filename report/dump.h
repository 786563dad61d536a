/* --dump: a buffer's contents as text or as one JSON object (report/dump.c). */
#ifndef SIMTEMU_REPORT_DUMP_H
#define SIMTEMU_REPORT_DUMP_H

#include <stdbool.h>
#include <stdio.h>

#include "emu/emu.h"

/* Print a buffer's contents (--dump). False if there is no such buffer. */
bool report_dump(emu_ctx *x, const char *name, FILE *out);
/* The same as one JSON object {"name", "type", "count", "address", "values": [...]},
   with "run": RUN first when run is not NULL (docs/formats.md). */
bool report_dump_json(emu_ctx *x, const char *name, const char *run, FILE *out);

#endif
