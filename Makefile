# simtemu build: make (the binary), make test, make asan (tests under ASan+UBSan).
CC      ?= cc
SAN     ?= 0
ifeq ($(SAN),1)
BUILD   ?= build-san
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT      = -O1
else
BUILD   ?= build
SANFLAGS =
OPT      = -O2
endif
CFLAGS  ?= $(OPT) -g
WARN     = -Wall -Wextra -Werror
ALLCFLAGS = -std=c11 -D_GNU_SOURCE $(CFLAGS) $(SANFLAGS) -I$(BUILD) -Iparser -Iisa -Iemu -Idbg
GENFLAGS = -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter
LDLIBS   = -lreadline -lm -lpthread
CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   := $(shell pkg-config --libs check 2>/dev/null)

LIB_SRC = isa/isa.c parser/ast.c emu/xalloc.c emu/asm.c emu/asm_tesla.c emu/tesla.c emu/simt.c emu/exec.c emu/ctx.c emu/spec.c emu/stats.c emu/ptxplus.c emu/ptxplus_read.c emu/ptxplus_tesla.c emu/compare.c \
          dbg/trace.c dbg/debug.c
LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/sass.tab.o $(BUILD)/sass.lex.o $(BUILD)/ptxplus.tab.o \
          $(BUILD)/ptxplus.lex.o
TEST_SRC = $(wildcard tests/check_*.c) tests/run_tests.c tests/harness.c
TEST_OBJ = $(TEST_SRC:%.c=$(BUILD)/%.o)
BIN = simtemu$(if $(filter 1,$(SAN)),-san,)

.PHONY: golden all test asan clean check-deps deps examples conformance bench compare
all: $(BIN)

$(BUILD)/sass.tab.c $(BUILD)/sass.tab.h: parser/sass.y
	@mkdir -p $(BUILD)
	bison -Wall -Werror -d -o $(BUILD)/sass.tab.c $<

$(BUILD)/sass.lex.c $(BUILD)/sass.lex.h: lexer/sass.l $(BUILD)/sass.tab.h
	flex --header-file=$(BUILD)/sass.lex.h -o $(BUILD)/sass.lex.c $<

$(BUILD)/ptxplus.tab.c $(BUILD)/ptxplus.tab.h: parser/ptxplus.y
	@mkdir -p $(BUILD)
	bison -Wall -Werror -d -o $(BUILD)/ptxplus.tab.c $<

$(BUILD)/ptxplus.lex.c $(BUILD)/ptxplus.lex.h: lexer/ptxplus.l $(BUILD)/ptxplus.tab.h
	flex --header-file=$(BUILD)/ptxplus.lex.h -o $(BUILD)/ptxplus.lex.c $<

$(BUILD)/ptxplus.tab.o: $(BUILD)/ptxplus.tab.c $(BUILD)/ptxplus.lex.h parser/ast.h emu/ptxplus_read.h
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

$(BUILD)/ptxplus.lex.o: $(BUILD)/ptxplus.lex.c parser/ast.h emu/ptxplus_read.h
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

$(BUILD)/sass.tab.o: $(BUILD)/sass.tab.c $(BUILD)/sass.lex.h parser/ast.h
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

$(BUILD)/sass.lex.o: $(BUILD)/sass.lex.c parser/ast.h
	$(CC) $(ALLCFLAGS) $(GENFLAGS) -c -o $@ $<

# fesetround must not be folded away around the fp handlers
$(BUILD)/emu/exec.o: ALLCFLAGS += -frounding-math $(if $(filter 1,$(SAN)),,-O3)

$(BUILD)/%.o: %.c $(wildcard */*.h) isa/sm20.def isa/sm10.def emu/handlers.def $(BUILD)/sass.tab.h $(BUILD)/ptxplus.tab.h
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) $(WARN) -c -o $@ $<

$(BUILD)/libsimtemu.a: $(LIB_OBJ)
	ar rcs $@ $^

$(BIN): $(BUILD)/cli/main.o $(BUILD)/libsimtemu.a
	$(CC) $(ALLCFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%.o: tests/%.c $(wildcard */*.h) $(BUILD)/sass.tab.h
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
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq build-essential flex bison check pkg-config libreadline-dev tmux

CONF_SRC = $(wildcard tests/conformance/*.c)
CONF_OBJ = $(CONF_SRC:%.c=$(BUILD)/%.o)
CORPUS ?= ../shared/corpus

$(BUILD)/conformance: $(CONF_OBJ) $(BUILD)/libsimtemu.a
	$(CC) $(ALLCFLAGS) -o $@ $^ $(LDLIBS)

# Every corpus listing against its C reference (skips cleanly without the corpus)
conformance: $(BUILD)/conformance
	cd tests/conformance && ../../$(BUILD)/conformance $(abspath $(CORPUS))

test: check-deps $(BIN) $(BUILD)/run_tests $(BUILD)/conformance
	cd tests && SIMTEMU=../$(BIN) ../$(BUILD)/run_tests
	SIMTEMU=./$(BIN) sh tests/cli.sh
	SIMTEMU=./$(BIN) sh tests/debug/tty.sh
	cd tests/conformance && ../../$(BUILD)/conformance $(abspath $(CORPUS))
	sh tools/golden.sh check ./$(BIN) $(CORPUS)
	SIMTEMU=./$(BIN) sh tests/gen/check.sh

# Re-record the behaviour goldens (only for an intended change of behaviour)
golden: $(BIN)
	sh tools/golden.sh record ./$(BIN) $(CORPUS)

asan:
	$(MAKE) SAN=1 test

$(BUILD)/simtemu-bench: $(BUILD)/bench/bench.o $(BUILD)/libsimtemu.a
	$(CC) $(ALLCFLAGS) -o $@ $^ $(LDLIBS) -lpthread

# Throughput against native C, at -j 1 and -j 2 (numbers: bench/README.md)
bench: $(BUILD)/simtemu-bench
	cd bench && ../$(BUILD)/simtemu-bench 1 latest-j1.json && ../$(BUILD)/simtemu-bench 2 latest-j2.json

# The Tesla-vs-Fermi report: docs/compare.md and the charts in docs/compare/
compare: $(BIN)
	sh tools/compare_report.sh ./$(BIN) $(CORPUS)

examples: $(BIN)
	@for f in examples/*.sass; do ./$(BIN) run -q $$f && echo "ok   $$f" || echo "FAIL $$f"; done

clean:
	rm -rf build build-san simtemu simtemu-san

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
