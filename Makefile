# simtemu build: make (the binary), make test, make asan (tests under ASan+UBSan).
CC      ?= cc
SAN     ?= 0
# The interpreter's dispatch: goto (computed goto, the default) or switch; same bodies
DISPATCH ?= goto
DISPFLAG = -DEMU_DISPATCH_GOTO=$(if $(filter switch,$(DISPATCH)),0,1)
ifeq ($(SAN),1)
BUILD   ?= build-san$(if $(filter switch,$(DISPATCH)),-switch,)
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT      = -O1
else
BUILD   ?= build$(if $(filter switch,$(DISPATCH)),-switch,)
SANFLAGS =
OPT      = -O2
endif
CFLAGS  ?= $(OPT) -g
WARN     = -Wall -Wextra -Werror
ALLCFLAGS = -std=c11 -D_GNU_SOURCE $(CFLAGS) $(SANFLAGS) -I$(BUILD) -I.
GENFLAGS = -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter
LDLIBS   = -lreadline -lm -lpthread
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null)

# The library in pipeline order: base, front end, assembler, runtime, tools (docs/architecture.md);
# the tools from the bottom up: spec, convert, report, export, sweep, dbg
LIB_SRC = util/xalloc.c util/par.c util/arena.c util/dtype.c util/num.c isa/isa.c parser/ast.c front/ptxplus_read.c front/ptxplus_video.c front/ptxplus_tesla.c \
          front/spec_read.c front/dump.c \
          asm/asm.c asm/variant.c asm/sel.c asm/sel_int.c asm/sel_logic.c asm/sel_float.c asm/sel_double.c \
          asm/sel_half.c asm/sel_cvt.c asm/sel_video.c asm/sel_mem.c asm/sel_warp.c asm/sel_uniform.c asm/sel_ctl.c asm/sel_tex.c asm/sel_sync.c \
          emu/simt.c emu/cfbar.c emu/interp.c emu/interp_tokens.c emu/interp_barrier.c \
          emu/interp_tokens_avx2.c emu/interp_barrier_avx2.c emu/launch.c emu/ctx.c emu/stats.c \
          gen/registry.c gen/fermi.c gen/tesla_sel.c gen/tesla_run.c gen/ccguard.c gen/kepler.c \
          gen/maxwell.c gen/volta.c \
          spec/spec_apply.c spec/spec_check.c spec/spec_guess.c convert/convert.c convert/ptxin.c convert/toolkit.c \
          report/write.c report/dump.c report/report.c report/compare.c report/svg.c report/plot_stats.c report/html.c \
          export/profiler.c export/accelsim.c export/accelsim_map.c sweep/json.c sweep/manifest.c \
          dbg/trace.c dbg/trace_volta.c dbg/debug.c dbg/dbg_cmds.c dbg/dbg_parse.c dbg/plot_trace.c
RT_OBJ  = $(patsubst %.c,$(BUILD)/%.o,$(filter util/% isa/% emu/%,$(LIB_SRC)))
LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/sass.tab.o $(BUILD)/sass.lex.o $(BUILD)/ptxplus.tab.o \
          $(BUILD)/ptxplus.lex.o
# The commands, linked into the binary only (cli/main.c is its main)
CLI_SRC = cli/opts.c cli/launch.c cli/progress.c cli/accelsim_cmd.c cli/cmd_run.c cli/cmd_spec.c cli/cmd_trace.c \
          cli/cmd_debug.c cli/cmd_compare.c cli/cmd_convert.c cli/cmd_batch.c cli/cmd_merge.c
CLI_OBJ = $(CLI_SRC:%.c=$(BUILD)/%.o)
# The project's own headers: */*.h would also match the headers bison and flex write into
# build/ (and build-san/, build-fuzz/ ...), which appear midway through a first build, so a
# second make rebuilt every object compiled before them (make -q after a build is checked)
SRC_H := $(filter-out build% $(BUILD)/%,$(wildcard */*.h))
TEST_SRC = $(wildcard tests/check_*.c) tests/run_tests.c tests/harness.c
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
BIN = simtemu$(if $(filter 1,$(SAN)),-san,)$(if $(filter switch,$(DISPATCH)),-switch,)

# simtemu --version: the release, and the git revision the binary was built from (if any)
VERSION ?= 0.1
GIT_REV := $(shell git describe --always --dirty 2>/dev/null)
$(BUILD)/cli/main.o: ALLCFLAGS += -DSIMTEMU_VERSION='"$(VERSION)"' -DSIMTEMU_REV='"$(GIT_REV)"'

.PHONY: plots-check plots-img hwcheck hwcheck-test install fuzz fuzz-build bench-compare bench-scale bench-asm layers golden all test asan clean check-deps deps examples conformance bench compare
all: $(BIN)

# The opcode tables: isa/<table>.def is its parent's rows and a delta; isa/merge.c checks
# and merges them into $(BUILD)/isa/<table>.tab (the flat rows) and tables.tab (all of them)
ISA_DEFS = $(filter-out isa/gens.def,$(wildcard isa/*.def))
ISA_TABS = $(ISA_DEFS:isa/%.def=$(BUILD)/isa/%.tab) $(BUILD)/isa/tables.tab

$(BUILD)/isa-merge: isa/merge.c
	@mkdir -p $(BUILD)/isa
	$(CC) -std=c11 -D_GNU_SOURCE -O1 -g $(if $(filter 1,$(SAN)),$(SANFLAGS)) $(WARN) -o $@ $<

$(ISA_TABS) &: $(BUILD)/isa-merge $(ISA_DEFS)
	$(BUILD)/isa-merge $(BUILD)/isa $(ISA_DEFS)

$(BUILD)/sass.tab.c $(BUILD)/sass.tab.h &: parser/sass.y
	@mkdir -p $(BUILD)
	bison -Wall -Werror -d -o $(BUILD)/sass.tab.c $<

$(BUILD)/sass.lex.c $(BUILD)/sass.lex.h &: lexer/sass.l $(BUILD)/sass.tab.h
	flex --header-file=$(BUILD)/sass.lex.h -o $(BUILD)/sass.lex.c $<

$(BUILD)/ptxplus.tab.c $(BUILD)/ptxplus.tab.h &: parser/ptxplus.y
	@mkdir -p $(BUILD)
	bison -Wall -Werror -d -o $(BUILD)/ptxplus.tab.c $<

$(BUILD)/ptxplus.lex.c $(BUILD)/ptxplus.lex.h &: lexer/ptxplus.l $(BUILD)/ptxplus.tab.h
	flex --header-file=$(BUILD)/ptxplus.lex.h -o $(BUILD)/ptxplus.lex.c $<

$(BUILD)/ptxplus.tab.o: $(BUILD)/ptxplus.tab.c $(BUILD)/ptxplus.lex.h parser/ast.h parser/ptxplus.h isa/isa.h $(ISA_TABS)
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

$(BUILD)/ptxplus.lex.o: $(BUILD)/ptxplus.lex.c parser/ast.h parser/ptxplus.h
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

$(BUILD)/sass.tab.o: $(BUILD)/sass.tab.c $(BUILD)/sass.lex.h parser/ast.h isa/isa.h $(ISA_TABS)
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

$(BUILD)/sass.lex.o: $(BUILD)/sass.lex.c parser/ast.h
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

# fesetround must not be folded away around the fp handlers; the loop at -O3 in the
# optimised build, at the build's own level in the sanitizer build, and at -O0 in the fuzz
# build (LOOP_OPT there: clang 14 with the sanitizers takes 6-7 minutes and 2.5 GB per loop
# file at -O1, 4 s at -O0)
LOOP_OPT ?= $(if $(filter -O2,$(OPT)),-O3)
$(BUILD)/emu/interp_tokens.o $(BUILD)/emu/interp_barrier.o $(BUILD)/emu/interp_tokens_avx2.o \
$(BUILD)/emu/interp_barrier_avx2.o: ALLCFLAGS += $(DISPFLAG) -frounding-math $(LOOP_OPT)

$(BUILD)/%.o: %.c $(SRC_H) $(ISA_TABS) emu/handlers.def emu/loop.h $(BUILD)/sass.tab.h $(BUILD)/ptxplus.tab.h
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(WARN) -c -o $@ $<

$(BUILD)/libsimtemu.a: $(LIB_OBJ) Makefile
	rm -f $@ && ar rcs $@ $(LIB_OBJ)   # from scratch: a stale archive keeps members of moved files

$(BIN): $(BUILD)/cli/main.o $(CLI_OBJ) $(BUILD)/libsimtemu.a
	$(CC) $(ALLCFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%.o: tests/%.c $(SRC_H) $(ISA_TABS) $(BUILD)/sass.tab.h
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(CHECK_CFLAGS) $(WARN) -c -o $@ $<

$(BUILD)/run_tests: $(TEST_OBJ) $(BUILD)/libsimtemu.a
	$(CC) $(ALLCFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS)

check-deps:
	@command -v flex >/dev/null && command -v bison >/dev/null && pkg-config --exists check && \
	  [ -f /usr/include/readline/readline.h ] || \
	  { echo "missing build tools: run 'make deps' (Debian: flex bison check pkg-config libreadline-dev)"; exit 1; }

# Install the build and test tools on Debian (root, or sudo; used by .ci/run too)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
deps:
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq build-essential flex bison check pkg-config libreadline-dev tmux clang parallel

CONF_SRC = $(wildcard tests/conformance/*.c) tests/gen/refs.c
CONF_OBJ = $(CONF_SRC:%.c=$(BUILD)/%.o)
CORPUS ?= ../shared/corpus

$(BUILD)/tests/gen/%.o: tests/gen/%.c $(SRC_H) $(ISA_TABS)
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -Itests/conformance $(WARN) -c -o $@ $<

$(BUILD)/conformance: $(CONF_OBJ) $(BUILD)/libsimtemu.a
	$(CC) $(ALLCFLAGS) -o $@ $^ $(LDLIBS)

# Every corpus listing against its C reference (skips cleanly without the corpus)
conformance: $(BUILD)/conformance
	cd tests/conformance && ../../$(BUILD)/conformance $(abspath $(CORPUS))

# The runtime links without the front end, the assembler and the tools; tools/layers.sh checks
# the includes and, on the built objects, the link order of every folder
$(BUILD)/layers_rt: tests/layers_rt.c $(RT_OBJ) | $(ISA_TABS)
	$(CC) $(ALLCFLAGS) $(WARN) -o $@ $^ $(LDLIBS)

layers: $(BUILD)/layers_rt $(LIB_OBJ) $(CLI_OBJ) $(BUILD)/cli/main.o
	@BUILD=$(BUILD) sh tools/layers.sh $(LIB_OBJ) $(CLI_OBJ) $(BUILD)/cli/main.o

# The suites are independent steps: `make -j2 -Otarget test` runs them side by side (.ci/run
# does), `make test` one after the other
TEST_STEPS = t-isa t-check t-cli t-formats t-profiler t-batch t-plots t-robust t-cubin \
  t-accelsim t-tty t-tex t-toolkit t-conformance t-golden t-golden-portable t-gen t-gen-spec t-hwcheck
test: check-deps $(BIN) $(BUILD)/run_tests $(BUILD)/conformance layers
	@$(MAKE) --no-print-directory -q $(BIN) $(BUILD)/run_tests $(BUILD)/conformance || \
	  { echo "make test: a second make would rebuild what this one built (a dependency newer than its target)"; exit 1; }
	@$(MAKE) --no-print-directory $(TEST_STEPS)
	@echo "make test: all $(words $(TEST_STEPS)) steps passed"
.PHONY: test $(TEST_STEPS)
t-isa:
	BUILD=$(BUILD) sh tests/isa_merge.sh
t-check:
	cd tests && CK_DEFAULT_TIMEOUT=120 SIMTEMU=../$(BIN) ../$(BUILD)/run_tests
t-cli t-formats t-profiler t-batch t-plots t-robust t-cubin t-tex t-toolkit:
	SIMTEMU=./$(BIN) sh tests/$(@:t-%=%).sh
t-accelsim:
	SIMTEMU=./$(BIN) sh tests/accelsim/accelsim.sh
t-tty:
	SIMTEMU=./$(BIN) sh tests/debug/tty.sh
t-conformance:
	cd tests/conformance && ../../$(BUILD)/conformance $(abspath $(CORPUS))
t-golden:
	sh tools/golden.sh check ./$(BIN) $(CORPUS)
t-golden-portable:
	@echo "golden again with the portable loop (SIMTEMU_NO_AVX2):"
	SIMTEMU_NO_AVX2=1 sh tools/golden.sh check ./$(BIN) $(CORPUS)
t-gen:
	BUILD=$(BUILD) SIMTEMU=./$(BIN) sh tests/gen/check.sh
t-gen-spec:
	CORPUS=$(CORPUS) SIMTEMU=./$(BIN) sh tests/gen/spec.sh
t-hwcheck:
	@$(MAKE) --no-print-directory hwcheck-test

# make hwcheck: the microkernels of tests/hw on a real GPU beside simtemu's runs of their
# SASS, where nvcc, cuobjdump and a GPU are (else it says what is missing); docs/hwcheck.md
hwcheck: $(BIN) $(BUILD)/libsimtemu.a
	BUILD=$(BUILD) SIMTEMU=./$(BIN) CC=$(CC) sh tools/hwcheck.sh

# The launcher without CUDA (--print-layout only), and the tests that need no GPU
$(BUILD)/hwcheck-layout: tools/hwcheck/launch.c $(BUILD)/libsimtemu.a $(SRC_H) $(ISA_TABS)
	$(CC) $(ALLCFLAGS) $(WARN) -DHWCHECK_NO_CUDA -o $@ tools/hwcheck/launch.c $(BUILD)/libsimtemu.a -lm

hwcheck-test: $(BUILD)/hwcheck-layout
	BUILD=$(BUILD) CC=$(CC) sh tests/hwcheck.sh

# make install [PREFIX=/usr/local] [DESTDIR=]: the binary, the man page and the bash completion
PREFIX ?= /usr/local
install: $(BIN)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/simtemu
	install -m 644 docs/simtemu.1 $(DESTDIR)$(PREFIX)/share/man/man1/simtemu.1
	install -m 644 tools/simtemu.bash-completion $(DESTDIR)$(PREFIX)/share/bash-completion/completions/simtemu

# Re-record the behaviour goldens (only for an intended change of behaviour)
golden: $(BIN)
	sh tools/golden.sh record ./$(BIN) $(CORPUS)

asan:
	$(MAKE) SAN=1 test

# The HTML pages and charts in headless Chromium (Debian's chromium; skips without it):
# no console errors, the sorting script runs. Not part of make test (a browser is heavy).
plots-check: $(BIN)
	SIMTEMU=./$(BIN) sh tools/plots-check.sh

# The README's example pictures (docs/img), from bundled examples
plots-img: $(BIN)
	./$(BIN) trace --plot docs/img/trace-breakcont.svg examples/breakcont.sass >/dev/null
	./$(BIN) trace --plot docs/img/trace-ifelse-sm70.svg tests/volta/ifelse.sass >/dev/null
	./$(BIN) stats --plot docs/img/stats-breakcont.svg examples/breakcont.sass >/dev/null
	./$(BIN) compare --plot docs/img/compare-ifblock.svg examples/ifblock_ssy.sass examples/ifblock_pred.sass >/dev/null

$(BUILD)/simtemu-bench: $(BUILD)/bench/bench.o $(BUILD)/libsimtemu.a
	$(CC) $(ALLCFLAGS) -o $@ $^ $(LDLIBS) -lpthread

# Throughput against native C, at -j 1 and -j 2 (numbers: bench/README.md)
bench: $(BUILD)/simtemu-bench
	cd bench && ../$(BUILD)/simtemu-bench 1 latest-j1.json && ../$(BUILD)/simtemu-bench 2 latest-j2.json

# A 1,000,000-instruction sm_75 listing with encodings, assembled: time and peak resident size
bench-asm: $(BUILD)/simtemu-bench
	cd bench && ../$(BUILD)/simtemu-bench asm 1000000

# Every bench kernel at -j 1, 2, 4, ... nproc (or JOBS): median launch times and speed-ups
# (JOBS below defaults to 1 for bench-compare; here an unset JOBS means nproc)
bench-scale: $(BUILD)/simtemu-bench
	cd bench && ../$(BUILD)/simtemu-bench scale $(if $(filter command line environment,$(origin JOBS)),$(JOBS))

# The benchmark of revision OLD against the working tree, run alternately (ROUNDS, JOBS)
ROUNDS ?= 3
JOBS ?= 1
bench-compare:
	@test -n "$(OLD)" || { echo "usage: make bench-compare OLD=<rev> [ROUNDS=3] [JOBS=1]"; exit 2; }
	sh tools/bench_compare.sh $(OLD) $(ROUNDS) $(JOBS)

# The Tesla-vs-Fermi report: docs/compare.md and the charts in docs/compare/
compare: $(BIN)
	sh tools/compare_report.sh ./$(BIN) $(CORPUS)

# every example runs and its .expect lines hold; a *.trap.sass example must trap (exit 3)
examples: $(BIN)
	@for f in examples/*.sass examples/volta/*.sass; do \
		case $$f in *.trap.sass) want=3 ;; *) want=0 ;; esac; \
		./$(BIN) run -q $$f >/dev/null 2>&1; rc=$$?; \
		if [ $$rc -eq $$want ]; then echo "ok   $$f"; else echo "FAIL $$f (exit $$rc, want $$want)"; fi; \
	done

# libFuzzer harnesses (tests/fuzz/, clang with -fsanitize=fuzzer,address,undefined): the SASS
# reader, the PTXPlus reader, the directive reader, and assemble-then-run. The library is
# built again with clang into build-fuzz/; make fuzz runs each harness FUZZ_SECONDS seconds,
# one after the other, on seeds copied from examples/ kernels/ tests/ and the shared corpus.
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES = sass ptxplus spec run dbg dump
FUZZ_BUILD = build-fuzz
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
fuzz-build:
	$(MAKE) CC=clang BUILD=$(FUZZ_BUILD) OPT=-O1 LOOP_OPT=-O0 WARN="$(WARN) -Wno-format-zero-length" SANFLAGS="$(FUZZ_SAN) -fsanitize=fuzzer-no-link" \
	  $(FUZZ_BUILD)/libsimtemu.a
	for h in $(FUZZ_HARNESSES); do \
	  clang -std=c11 -D_GNU_SOURCE -O1 -g $(FUZZ_SAN) -fsanitize=fuzzer -I$(FUZZ_BUILD) -I. \
	    -o $(FUZZ_BUILD)/fuzz_$$h tests/fuzz/fuzz_$$h.c $(FUZZ_BUILD)/libsimtemu.a -lreadline -lm -lpthread || exit 1; \
	done

fuzz: fuzz-build
	FUZZ_ARGS="$(FUZZ_ARGS)" sh tools/fuzz.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(CORPUS) $(FUZZ_HARNESSES)

clean:
	rm -rf build build-san build-switch build-fuzz simtemu simtemu-san simtemu-switch

# Real compiler output (tests/gen): NVIDIA's ptxas/cuobjdump/nvdisasm from Debian non-free
# into $(BUILD)/cuda without touching the system's apt; regen rewrites the committed
# listings tests/gen/sass/, regen-check compares them (skips without the toolkit).
.PHONY: toolkit regen regen-check
toolkit:
	BUILD=$(BUILD) sh tools/toolkit.sh

regen:
	BUILD=$(BUILD) sh tools/regen.sh

regen-check:
	BUILD=$(BUILD) sh tools/regen.sh --check
