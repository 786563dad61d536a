/* The PTXPlus suffix of a video instruction, printed from its SASS modifiers (read back by
   front/ptxplus_read.c's ISA_PS_VIDEO case). */
#include "front/ptxplus_video.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static bool has_mod(const ast_insn *ai, const char *m)
{
	for (int i = 0; i < ai->nmods; i++)
		if (!strcmp(ai->mods[i], m))
			return true;
	return false;
}

static void add(char *buf, size_t n, const char *m)
{
	size_t l = strlen(buf);
	if (l + 1 >= n)
		return;
	buf[l++] = '.';
	for (; *m && l + 1 < n; m++)
		buf[l++] = (char)tolower((unsigned char)*m);
	buf[l] = 0;
}

void ptx_video_suffix(const ast_insn *ai, char *buf, size_t n)
{
	static const char *const flags[] = {"ACC", "MIN", "MAX", "MX", "W", "PO", "SHR_7", "SHR_15", "SAT",
					    "MRG_8B0", "MRG_8B2", "MRG_16L", "MRG_16H", "LT", "EQ", "LE", "GT",
					    "NE", "GE", NULL};
	static const char *const types[] = {"U8", "S8", "U16", "S16", "U32", "S32", NULL};
	const char *ty[2] = {NULL, NULL};
	int nt = 0;
	if (n)
		buf[0] = 0;
	for (int k = 0; flags[k]; k++)
		if (has_mod(ai, flags[k]))
			add(buf, n, flags[k]);
	for (int i = 0; i < ai->nmods; i++)
		for (int k = 0; types[k]; k++)
			if (!strcmp(ai->mods[i], types[k]) && nt < 2)
				ty[nt++] = types[k];
	if (nt == 2) {
		if (has_mod(ai, "UD"))
			add(buf, n, "UD");
		add(buf, n, ty[0]);
		add(buf, n, ty[1]);
	} else
		add(buf, n, has_mod(ai, "U32") || has_mod(ai, "UD") ? "U32" : "S32");
}
