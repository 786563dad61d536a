/* References of the sm_70..sm_89 corpus listings (refs_volta.c). Their cases are in
   conformance.c's table with asm_pending: reported "not runnable yet" while the listing does
   not assemble. */
#ifndef SIMTEMU_REFS_VOLTA_H
#define SIMTEMU_REFS_VOLTA_H

#include "conformance.h"

void ref_volta_copysign_pow(conf_io *io);
void ref_volta_select_backward(conf_io *io);
void ref_volta_select_forward2(conf_io *io);
void ref_volta_read_from_struct(conf_io *io);
void ref_volta_write_float_divloop(conf_io *io);
void ref_volta_write_float_indexing(conf_io *io);
void ref_volta_loop_16acc(conf_io *io);
void ref_volta_match_test(conf_io *io);
void ref_volta_reduce_min_signed(conf_io *io);
void ref_volta_shfl_64(conf_io *io);
void ref_volta_sqrtf_standard(conf_io *io);
void ref_volta_vector16_add(conf_io *io);
void ref_volta_vote_all_any(conf_io *io);

#endif
