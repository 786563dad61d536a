/* --dump: a buffer's contents as text (run, stats, compare) or as one JSON object (docs/formats.md). */
#include <math.h>
#include <string.h>

#include "report/dump.h"
#include "report/write.h"

bool report_dump(emu_ctx *x, const char *name, FILE *out)
{
	emu_buffer *b = emu_gmem_find_name(&x->gmem, name);
	if (!b)
		return false;
	int size = emu_type_size(b->type);
	fprintf(out, "%s (%s[%llu] at 0x%llx):", b->name, emu_type_name(b->type),
		(unsigned long long)b->count, (unsigned long long)b->addr);
	for (uint64_t k = 0; k < b->count; k++) {
		char v[64];
		emu_type_format(v, sizeof v, b->type, b->data + k * (uint64_t)size);
		fprintf(out, "%s%s", k % 8 ? " " : "\n  ", v);
	}
	fputc('\n', out);
	return true;
}

/* One element as a JSON value: a number, or for a float that is not finite "NaN",
   "Infinity" or "-Infinity" (strings: JSON has no such numbers). A negative zero is -0.0:
   JSON readers take -0 for the integer 0 and drop the sign. */
static void json_val(FILE *out, emu_type t, const uint8_t *p)
{
	double d = 0;
	if (t == EMU_T_F32 || t == EMU_T_F64) {
		if (t == EMU_T_F32) {
			float f;
			memcpy(&f, p, 4);
			d = f;
		} else
			memcpy(&d, p, 8);
		if (isnan(d) || isinf(d)) {
			fputs(isnan(d) ? "\"NaN\"" : d > 0 ? "\"Infinity\"" : "\"-Infinity\"", out);
			return;
		}
		if (d == 0 && signbit(d)) {
			fputs("-0.0", out);
			return;
		}
	}
	char v[64];
	emu_type_format(v, sizeof v, t, p);
	fputs(v, out);
}

bool report_dump_json(emu_ctx *x, const char *name, const char *run, FILE *out)
{
	emu_buffer *b = emu_gmem_find_name(&x->gmem, name);
	if (!b)
		return false;
	fputc('{', out);
	if (run)
		fprintf(out, "\"run\": \"%s\", ", run);
	fputs("\"name\": ", out);
	report_json_str(out, b->name);
	fprintf(out, ", \"type\": \"%s\", \"count\": %llu, \"address\": %llu, \"values\": [",
		emu_type_name(b->type), (unsigned long long)b->count, (unsigned long long)b->addr);
	int size = emu_type_size(b->type);
	for (uint64_t k = 0; k < b->count; k++) {
		if (k)
			fputs(k % 16 ? ", " : ",\n   ", out);
		json_val(out, b->type, b->data + k * (uint64_t)size);
	}
	fputs("]}", out);
	return true;
}
