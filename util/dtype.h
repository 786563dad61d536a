/* Element data types of buffers, parameters and constants (u8 ... f64): names, sizes, bits. */
#ifndef SIMTEMU_DTYPE_H
#define SIMTEMU_DTYPE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef enum { EMU_T_U8, EMU_T_S8, EMU_T_U16, EMU_T_S16, EMU_T_U32, EMU_T_S32, EMU_T_U64,
	       EMU_T_S64, EMU_T_F32, EMU_T_F64 } emu_type;

int emu_type_size(emu_type t);
const char *emu_type_name(emu_type t);
int emu_type_parse(const char *s); /* -1 if unknown */
bool emu_type_is_float(emu_type t);
/* One element of type t at p as text: decimal, floats to round-trip (%.9g, %.17g); what
   --dump and .expect print. */
void emu_type_format(char *buf, size_t n, emu_type t, const uint8_t *p);
/* Store the low emu_type_size(t) bytes of bits at p (little-endian host); inline, since
   buffer fills call it per element. */
static inline void emu_type_put(uint8_t *p, emu_type t, uint64_t bits)
{
	static const uint8_t size[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};
	memcpy(p, &bits, t <= EMU_T_F64 ? size[t] : 0);
}

#endif
