/* libFuzzer: the SASS reader (Flex/Bison grammar to parse tree) on arbitrary text. */
#include "fuzz_common.h"
#include "parser/ast.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = fuzz_text(data, size);
	ast_free(ast_parse_sass("fuzz.sass", src, fuzz_null()));
	free(src);
	return 0;
}
