/* libFuzzer: the PTXPlus reader on arbitrary text. */
#include "fuzz_common.h"
#include "front/ptxplus_read.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = fuzz_text(data, size);
	ast_free(ast_parse_ptxplus("fuzz.ptxplus", src, fuzz_null()));
	free(src);
	return 0;
}
