/* Small helpers for the passes over a whole listing's text. */
#ifndef SIMTEMU_UTIL_TEXT_H
#define SIMTEMU_UTIL_TEXT_H

#include <stdint.h>
#include <string.h>

/* p past its blanks (' ', '\t'), not beyond end. cuobjdump indents an encoding's second
   word by 82 spaces: eight at a time, not one (a listing's passes each skip them). */
static inline const char *text_skip_blank(const char *p, const char *end)
{
	while (p < end) {
		uint64_t w;
		if (end - p >= 8 && (memcpy(&w, p, 8), w == 0x2020202020202020ull)) {
			p += 8;
			continue;
		}
		if (*p != ' ' && *p != '\t')
			break;
		p++;
	}
	return p;
}

#endif
