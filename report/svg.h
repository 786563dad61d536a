/* The small SVG vocabulary the charts share (compare --plot, stats --plot, trace --plot). */
#ifndef SIMTEMU_REPORT_SVG_H
#define SIMTEMU_REPORT_SVG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* s as XML character data or attribute text (<, >, &, " escaped). */
void svg_esc(FILE *out, const char *s);
/* A tick step of 1, 2 or 5 times a power of ten that divides 0..max into at most
   'most' steps (at least 1); the axis then ends at the first multiple of it >= max. */
uint64_t svg_tick_step(uint64_t max, int most);
/* The top of a value axis for max: the first multiple of svg_tick_step(max, most) >= max
   (at least one step, so an all-zero chart still has an axis). */
uint64_t svg_axis_top(uint64_t max, int most);
/* The root element with a white background, and the title line at (x, 18). */
void svg_begin(FILE *out, int width, int height, const char *title);
void svg_end(FILE *out);
/* A legend entry: a 10x10 swatch at (x, y) and its label (class "legend"). */
void svg_legend(FILE *out, int x, int y, const char *fill, const char *label);
/* The value axis from 0 at y0 up to 'top' at y0 - h, at x, with a tick label and a light
   grid line to x_end at every multiple of step. */
void svg_yaxis(FILE *out, int x, int y0, int h, int x_end, uint64_t top, uint64_t step);
/* The height in pixels of v on an axis of h pixels ending at top. */
int svg_scale(uint64_t v, uint64_t top, int h);
/* Whether path ends in ext (".svg", ".html"): --plot and --html refuse other names. */
bool svg_has_ext(const char *path, const char *ext);

#endif
