/* The text writers every report, trace and sweep shares: JSON string literals and CSV fields. */
#ifndef SIMTEMU_REPORT_WRITE_H
#define SIMTEMU_REPORT_WRITE_H

#include <stdio.h>

/* s as a JSON string literal: quotes, backslashes and control characters escaped. */
void report_json_str(FILE *out, const char *s);
/* s as a CSV field, quoted only when it holds a comma, a quote or a line break (RFC 4180). */
void report_csv_field(FILE *out, const char *s);
/* s as a CSV field, always quoted (trace's instruction column), quotes doubled. */
void report_csv_quoted(FILE *out, const char *s);

#endif
