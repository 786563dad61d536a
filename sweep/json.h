/* A small JSON reader for batch manifests and batch output lines: a value tree, located errors. */
#ifndef SIMTEMU_SWEEP_JSON_H
#define SIMTEMU_SWEEP_JSON_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_kind;

typedef struct json_value {
	json_kind kind;
	bool b;
	char *text;               /* a string's contents (NUL-free), or a number as written */
	int n;                    /* array items, object members */
	struct json_value *items; /* n values */
	char **keys;              /* object: n member names */
} json_value;

/* Parse the n bytes at s as one JSON value (surrounding white space allowed). 0 and *v set,
   or -1 with *at = the offset of the error and *why its reason (a static string). */
int json_parse(const char *s, size_t n, json_value *v, size_t *at, const char **why);
void json_free(json_value *v);
/* An object's member, or NULL. */
const json_value *json_get(const json_value *obj, const char *key);
/* A number as an unsigned 64-bit integer: false if it is not one. */
bool json_u64(const json_value *v, uint64_t *out);
/* v written back compactly (", " and ": " as separators, numbers as they were written). */
void json_write(FILE *out, const json_value *v);

#endif
