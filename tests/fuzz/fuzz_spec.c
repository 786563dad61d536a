/* libFuzzer: the launch-directive reader (front/spec_read.c) on arbitrary text, and the
   value conversions every directive value goes through. */
#include "fuzz_common.h"
#include "front/spec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *src = fuzz_text(data, size);
	emu_spec s;
	memset(&s, 0, sizeof s);
	spec_parse(&s, "fuzz.spec", src, fuzz_null());
	for (int i = 0; i < s.nbufs; i++)
		for (int k = 0; k < s.bufs[i].nvals; k++) {
			uint64_t bits;
			spec_value_bits(s.bufs[i].vals[k].text, s.bufs[i].type, &bits);
		}
	for (int i = 0; i < s.nparams; i++) {
		uint64_t bits;
		spec_value_bits(s.params[i].val.text, s.params[i].type, &bits);
	}
	spec_free(&s);
	free(src);
	return 0;
}
