/* libFuzzer: the whole-dump reader (front/dump.c: cuobjdump -elf -sass of executables and
   cubins, nvdisasm of whole cubins with their data sections) on arbitrary text, then the
   grammar on the SASS it leaves and the directive reader on what its sections said. */
#include "fuzz_common.h"
#include "front/dump.h"
#include "front/spec.h"
#include "parser/ast.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = fuzz_text(data, size);
	emu_spec sp;
	memset(&sp, 0, sizeof sp);
	char *dirs = NULL;
	/* with diagnostics (located, with the source line) and without (the first in err) */
	char *sass = dump_read("fuzz.sass", src, &sp, size && (data[0] & 1) ? "sm_80" : NULL, &dirs, fuzz_null());
	if (sass) {
		ast_free(ast_parse_sass("fuzz.sass", sass, fuzz_null()));
		spec_parse(&sp, "fuzz.sass", sass, fuzz_null());
		if (dirs)
			spec_parse_more(&sp, "fuzz.sass", dirs, fuzz_null());
	}
	free(sass);
	free(dirs);
	spec_free(&sp);
	memset(&sp, 0, sizeof sp);
	char err[300];
	dirs = NULL;
	sass = dump_split(src, &sp, NULL, &dirs, err, sizeof err);
	free(sass);
	free(dirs);
	spec_free(&sp);
	free(src);
	return 0;
}
