/* Element data types: the name and size table, parsing a name, storing a value's bits, a value as text. */
#include <stdio.h>
#include <string.h>

#include "util/dtype.h"

static const struct { const char *name; int size; } emu_types[] = {
	{"u8", 1}, {"s8", 1}, {"u16", 2}, {"s16", 2}, {"u32", 4}, {"s32", 4},
	{"u64", 8}, {"s64", 8}, {"f32", 4}, {"f64", 8},
};

int emu_type_size(emu_type t) { return emu_types[t].size; }
const char *emu_type_name(emu_type t) { return emu_types[t].name; }
bool emu_type_is_float(emu_type t) { return t == EMU_T_F32 || t == EMU_T_F64; }

int emu_type_parse(const char *s)
{
	for (int i = 0; i < (int)(sizeof emu_types / sizeof emu_types[0]); i++)
		if (!strcmp(s, emu_types[i].name))
			return i;
	return -1;
}

void emu_type_format(char *buf, size_t n, emu_type t, const uint8_t *p)
{
	uint64_t u = 0;
	memcpy(&u, p, (size_t)emu_type_size(t));
	switch (t) {
	case EMU_T_S8: snprintf(buf, n, "%d", (int8_t)u); break;
	case EMU_T_S16: snprintf(buf, n, "%d", (int16_t)u); break;
	case EMU_T_S32: snprintf(buf, n, "%d", (int32_t)u); break;
	case EMU_T_S64: snprintf(buf, n, "%lld", (long long)u); break;
	case EMU_T_F32: {
		float f;
		memcpy(&f, p, 4);
		snprintf(buf, n, "%.9g", f);
		break;
	}
	case EMU_T_F64: {
		double d;
		memcpy(&d, p, 8);
		snprintf(buf, n, "%.17g", d);
		break;
	}
	default: snprintf(buf, n, "%llu", (unsigned long long)u); break;
	}
}
