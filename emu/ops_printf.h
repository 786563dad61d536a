/* vprintf, as CUDA's printf calls it (JCAL 0x0): per lane, the format string at R4:R5 and
   the argument buffer at R6:R7, each argument at its natural alignment; the lanes print in
   lane order, warps and CTAs in order (a kernel that prints runs on one thread), to stdout
   or --printf FILE (included once, by emu/interp.c). */

/* Bytes at a generic address for lane l: global, or the lane's local or shared window. */
static const uint8_t *printf_mem(emu_ctx *x, emu_warp *w, const emu_insn *in, int l, uint64_t a, unsigned size)
{
	(void)in;
	uint8_t *p = NULL;
	int sp = emu_generic_space(&x->gmem, &a);
	if (sp == EMU_SP_SHARED) {
		if (a + size <= x->shared_bytes)
			p = x->cur_cta->smem + a;
	} else if (sp == EMU_SP_LOCAL) {
		if (a + size <= x->local_bytes)
			p = x->cur_cta->lmem + (size_t)(w->id * x->warp_size + l) * x->local_bytes + a;
	} else
		p = emu_gmem_ptr(&x->gmem, a, size);
	return p;
}

/* The NUL-terminated string at a (at most 4095 bytes), or NULL. */
static bool printf_string(emu_ctx *x, emu_warp *w, const emu_insn *in, int l, uint64_t a, char *buf, size_t n)
{
	for (size_t i = 0; i + 1 < n; i++) {
		const uint8_t *p = printf_mem(x, w, in, l, a + i, 1);
		if (!p)
			return false;
		buf[i] = (char)*p;
		if (!*p)
			return true;
	}
	buf[n - 1] = 0;
	return true;
}

/* One lane's output: the format's conversions take their arguments from the buffer. */
static bool printf_lane(emu_ctx *x, emu_warp *w, const emu_insn *in, int l, const char *fmt, FILE *out)
{
	uint64_t args = (uint64_t)w->r[6][l] | (uint64_t)w->r[7][l] << 32, off = 0;
	for (const char *f = fmt; *f; f++) {
		if (*f != '%') {
			fputc(*f, out);
			continue;
		}
		if (f[1] == '%') {
			fputc('%', out);
			f++;
			continue;
		}
		/* %[flags][width][.precision][length]conversion */
		char spec[32];
		size_t k = strspn(f + 1, "-+ #0123456789.");
		int longs = 0;
		const char *c = f + 1 + k;
		while (*c == 'l' || *c == 'h' || *c == 'z' || *c == 'j' || *c == 't')
			longs += *c++ == 'l';
		if (!*c || !strchr("diouxXcfFeEgGaAsp", *c) || k > 20) {
			fputc('%', out); /* not a conversion: printed as it is */
			continue;
		}
		bool fp = strchr("fFeEgGaA", *c) != NULL;
		unsigned size = fp || *c == 's' || *c == 'p' || longs ? 8 : 4;
		off = (off + size - 1) / size * size;
		const uint8_t *p = printf_mem(x, w, in, l, args + off, size);
		if (!p) {
			emu_trap_at(x, w, l, in, "printf's argument %llu bytes into the buffer at 0x%llx is out of bounds",
				    (unsigned long long)off, (unsigned long long)args);
			return false;
		}
		off += size;
		uint64_t v = 0;
		memcpy(&v, p, size);
		snprintf(spec, sizeof spec, "%%%.*s%s%c", (int)k, f + 1, size == 8 && !fp && *c != 's' && *c != 'p' ? "ll" : "",
			 *c);
		if (fp) {
			double d;
			memcpy(&d, &v, 8);
			fprintf(out, spec, d);
		} else if (*c == 's') {
			char str[4096];
			if (!printf_string(x, w, in, l, v, str, sizeof str)) {
				emu_trap_at(x, w, l, in, "printf's %%s argument 0x%llx is not a string in memory",
					    (unsigned long long)v);
				return false;
			}
			snprintf(spec, sizeof spec, "%%%.*ss", (int)k, f + 1);
			fprintf(out, spec, str);
		} else if (*c == 'p')
			fprintf(out, "0x%llx", (unsigned long long)v);
		else if (size == 8)
			fprintf(out, spec, (long long)v);
		else if (strchr("di", *c))
			fprintf(out, spec, (int32_t)v);
		else
			fprintf(out, spec, (uint32_t)v);
		f = c;
	}
	return true;
}

static bool h_printf(emu_ctx *x, emu_warp *w, const emu_insn *in, uint32_t G)
{
	FILE *out = x->printf_out ? x->printf_out : stdout;
	for (int l = 0; l < w->nlanes; l++) {
		if (!(G >> l & 1))
			continue;
		uint64_t fa = (uint64_t)w->r[4][l] | (uint64_t)w->r[5][l] << 32;
		char fmt[4096];
		if (fa == 0) { /* the relocation cuobjdump prints as 0x0 */
			if (!x->printf_fmt) {
				emu_trap_at(x, w, l, in, "printf's format string is not in the listing (its address is a "
							 "relocation): give it with .printf \"...\"");
				return false;
			}
			snprintf(fmt, sizeof fmt, "%s", x->printf_fmt);
		} else if (!printf_string(x, w, in, l, fa, fmt, sizeof fmt)) {
			emu_trap_at(x, w, l, in, "printf's format string at 0x%llx is not in memory", (unsigned long long)fa);
			return false;
		}
		if (!printf_lane(x, w, in, l, fmt, out))
			return false;
		w->r[4][l] = 0; /* vprintf's result */
	}
	return true;
}
