/* The one JSON string writer and the one CSV field writer of the tools (report/write.h). */
#include <string.h>

#include "report/write.h"

void report_json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', out);
		if ((unsigned char)*s < 0x20)
			fprintf(out, "\\u%04x", *s);
		else
			fputc(*s, out);
	}
	fputc('"', out);
}

void report_csv_quoted(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

void report_csv_field(FILE *out, const char *s)
{
	if (s[strcspn(s, ",\"\r\n")])
		report_csv_quoted(out, s);
	else
		fputs(s, out);
}
