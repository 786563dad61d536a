/* References of the Kepler/Maxwell/Pascal corpus listings (refs_kmp.c, issue 16). Not yet in
   conformance.c's table: the cases wait for the generations (see KMP-CASES.md). */
#ifndef SIMTEMU_REFS_KMP_H
#define SIMTEMU_REFS_KMP_H

#include "conformance.h"

void ref_kmp_fill(conf_io *io);
void ref_kmp_binarize_input(conf_io *io);
void ref_kmp_mean(conf_io *io);
void ref_kmp_col2im(conf_io *io);
void ref_kmp_backward_maxpool(conf_io *io);
void ref_kmp_myexp(conf_io *io);
void ref_kmp_print_values(conf_io *io);
void ref_kmp_activate_array(conf_io *io);
void ref_kmp_backward_scale(conf_io *io);
void ref_kmp_fast_mean(conf_io *io);
void ref_kmp_fast_variance(conf_io *io);
void ref_kmp_lop_xor_nz_probe(conf_io *io);
void ref_kmp_lop_xor_nz_probe4(conf_io *io);

#endif
