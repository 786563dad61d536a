/* References of the sm_70+ corpus listings (refs_volta.c, issue 17). */
#ifndef SIMTEMU_REFS_VOLTA_H
#define SIMTEMU_REFS_VOLTA_H

#include "conformance.h"

void ref_volta_reduce_min_signed(conf_io *io);
void ref_volta_vote_all_any(conf_io *io);
void ref_volta_match(conf_io *io);
void ref_volta_read_from_struct(conf_io *io);
void ref_volta_select_backward(conf_io *io);
void ref_volta_select_forward2(conf_io *io);
void ref_volta_shfl_64(conf_io *io);
void ref_volta_vector16_add(conf_io *io);
void ref_volta_sqrtf(conf_io *io);

#endif
