/* The small SVG vocabulary the charts share: escaping, nice ticks, axes, legends. */
#include "report/svg.h"

#include <string.h>
#include <strings.h>

void svg_esc(FILE *out, const char *s)
{
	for (; *s; s++) {
		if (*s == '<')
			fputs("&lt;", out);
		else if (*s == '>')
			fputs("&gt;", out);
		else if (*s == '&')
			fputs("&amp;", out);
		else if (*s == '"')
			fputs("&quot;", out);
		else if ((unsigned char)*s >= 0x20 || *s == '\t')
			fputc(*s, out);
	}
}

uint64_t svg_tick_step(uint64_t max, int most)
{
	if (most < 1)
		most = 1;
	for (uint64_t p = 1;; p *= 10) {
		static const uint64_t m[] = {1, 2, 5};
		for (int i = 0; i < 3; i++) {
			uint64_t step = m[i] * p;
			if ((max + step - 1) / step <= (uint64_t)most)
				return step;
		}
		if (p > UINT64_MAX / 100)
			return p * 10;
	}
}

uint64_t svg_axis_top(uint64_t max, int most)
{
	uint64_t step = svg_tick_step(max, most);
	uint64_t top = (max + step - 1) / step * step;
	return top ? top : step;
}

void svg_begin(FILE *out, int width, int height, const char *title)
{
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n", width, height, width, height);
	fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
	fprintf(out, "<text class=\"title\" x=\"10\" y=\"18\" font-size=\"13\" font-weight=\"bold\">");
	svg_esc(out, title);
	fprintf(out, "</text>\n");
}

void svg_end(FILE *out)
{
	fprintf(out, "</svg>\n");
}

void svg_legend(FILE *out, int x, int y, const char *fill, const char *label)
{
	fprintf(out, "<g class=\"legend\"><rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\" "
		"stroke=\"#555\" stroke-width=\"0.5\"/><text x=\"%d\" y=\"%d\">", x, y, fill, x + 14, y + 9);
	svg_esc(out, label);
	fprintf(out, "</text></g>\n");
}

int svg_scale(uint64_t v, uint64_t top, int h)
{
	return top ? (int)((double)v * h / (double)top + 0.5) : 0;
}

void svg_yaxis(FILE *out, int x, int y0, int h, int x_end, uint64_t top, uint64_t step)
{
	fprintf(out, "<g class=\"axis\">\n");
	for (uint64_t v = 0; step && v <= top; v += step) {
		int y = y0 - svg_scale(v, top, h);
		if (v)
			fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>\n", x, y, x_end, y);
		fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>", x - 4, y, x, y);
		fprintf(out, "<text class=\"tick\" x=\"%d\" y=\"%d\" text-anchor=\"end\">%llu</text>\n", x - 6, y + 4,
			(unsigned long long)v);
	}
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", x, y0 - h, x, y0);
	fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"black\"/>\n</g>\n", x, y0, x_end, y0);
}

bool svg_has_ext(const char *path, const char *ext)
{
	size_t n = strlen(path), k = strlen(ext);
	return n > k && !strcasecmp(path + n - k, ext);
}
