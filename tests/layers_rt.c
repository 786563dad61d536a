/* Linked from the runtime's objects alone (emu/, isa/, util/): a runtime that needed the
   front end, the assembler or the tools would fail to link here (make layers). */
#include "emu/emu.h"
#include "emu/stats.h"

int main(void)
{
	emu_program p = {0};
	emu_func f = {0};
	emu_ctx x;
	emu_ctx_init(&x, &p, &f);
	emu_ctx_free(&x);
	return 0;
}
