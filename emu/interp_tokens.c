/* The interpreter loop for the token stack (SPEC section 6): sm_1x to sm_6x. */
#include "emu/cf_tokens.h"
#define EMU_RUN_WARP emu_run_warp
#include "emu/loop.h"
