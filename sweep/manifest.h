/* A sweep's manifest (simtemu batch): rows of id, file, spec and extra arguments, from JSON lines or CSV (docs/sweeps.md). */
#ifndef SIMTEMU_SWEEP_MANIFEST_H
#define SIMTEMU_SWEEP_MANIFEST_H

typedef struct {
	char *id, *file, *spec; /* spec: NULL when the row has none; paths as written */
	char **args;            /* extra command-line arguments for the row's stats run */
	int nargs;
	int line;               /* where the row is in the manifest */
} manifest_row;

typedef struct {
	char *path, *dir;       /* the manifest, and the folder relative paths start from */
	manifest_row *rows;
	int n;
} manifest;

/* Read the manifest at path: JSON lines (a .jsonl/.ndjson/.json name, or a first row that
   starts with '{'), else CSV with the header id,file,spec,args. 0, or the number of errors,
   each reported on stderr as path:line[:col]: error: ... */
int manifest_read(const char *path, manifest *m);
void manifest_free(manifest *m);
/* A path of a row as the run sees it: as written when absolute, else relative to the
   manifest's folder. Caller frees. */
char *manifest_path(const manifest *m, const char *p);

#endif
