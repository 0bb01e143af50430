# wm.h - build, demo and tests.  `make run` runs the demo, `make test` the suite.
CC      ?= cc
CXX     ?= c++
CLANG   ?= clang
CFLAGS  ?= -O2
WARN     = -Wall -Wextra -Werror
# the library and the examples also keep these clean (tests need not)
LIBWARN  = $(WARN) -Wdouble-promotion -Wshadow -Wcast-qual
LDLIBS   = -lm

# SIMD: on x86-64 the AVX2 kernels are chosen at run time (cpuid), so the
# binaries run on any x86-64 CPU; SIMD='-mavx2 -mfma -mf16c' (or -march=native)
# builds for CPUs that have them only; -DWM_NO_SIMD keeps the scalar references.
SIMD    ?=
CPUFLAGS := $(shell cat /proc/cpuinfo 2>/dev/null)
# the compile-time AVX2 build, tested by test-omp where this machine has AVX2
AVX2_CT := $(if $(and $(filter avx2,$(CPUFLAGS)),$(filter fma,$(CPUFLAGS)),$(filter f16c,$(CPUFLAGS))),-mavx2 -mfma -mf16c)
# threads: wm.h's pool of POSIX threads (-pthread); make OPENMP=1 uses OpenMP instead
ifeq ($(OPENMP),1)
SIMD    += -fopenmp -DWM_NO_THREADS
else
SIMD    += -pthread
endif
ALL_CFLAGS = $(CFLAGS) $(SIMD)
DEMO    ?= examples/models/doge-demo

# binaries rebuild when the compiler or flags change (make OPENMP=1, CC=clang, ...)
FLAGS_FILE := build/.flags
$(shell mkdir -p build; echo '$(CC) $(CXX) $(ALL_CFLAGS)' | cmp -s - $(FLAGS_FILE) || echo '$(CC) $(CXX) $(ALL_CFLAGS)' > $(FLAGS_FILE))
ASAN     = -O1 -g -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=all -DWM_ARENA_REDZONE=64

HAVE_CLANG := $(shell command -v $(CLANG) 2>/dev/null)

NEON_CC ?= aarch64-linux-gnu-gcc
QEMU    ?= qemu-aarch64 -L /usr/aarch64-linux-gnu
ARM32_CC ?= arm-linux-gnueabihf-gcc
QEMU32  ?= qemu-arm

.PHONY: all run test test-windows test-asan test-x86-baseline test-scalar test-omp test-neon test-arm32 bench bench-quant bench-seed bench-tok bench-state bench-grammar clean fuzz fuzz-smoke fuzz-replay fuzz-build firmware test-firmware plan

all: build/wm build/simple

build:
	@mkdir -p build

# the wm program: wm.c (the commands, and wm.h's implementation) and serve.c, sharing cli.h
WM_SRC = examples/wm.c examples/serve.c
WM_DEPS = $(WM_SRC) examples/cli.h examples/probe.h examples/os.h wm.h
build/wm: $(WM_DEPS) $(FLAGS_FILE) | build
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) $(WM_SRC) -o $@ $(LDLIBS)

build/simple: examples/simple.c wm.h $(FLAGS_FILE) | build
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) examples/simple.c -o $@ $(LDLIBS)

# the library alone with no allocator and no stdio (the embedded configuration),
# with static linkage (WM_STATIC: nothing the includer leaves uncalled may warn), and without Jinja
build/nomalloc.o: wm.h $(FLAGS_FILE) | build
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) -DWM_NO_MALLOC -DWM_NO_STDIO -DWM_IMPLEMENTATION -x c -c wm.h -o $@
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) -DWM_STATIC -DWM_IMPLEMENTATION -x c -c wm.h -o build/static.o
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) -DWM_NO_JINJA -DWM_IMPLEMENTATION -x c -c wm.h -o build/nojinja.o

# The suite: tests/lib.c (wm.h's implementation and the white-box suites
# that reach its private functions) compiled once per build, and each other
# suite file an object of its own: editing one recompiles that file and
# relinks. TEST_PROG(program, objects' folder, compile command, link command)
# writes one build's rules.
TEST_FILES = main common config fixtures loader cli tokenizer session jinja grammar lib
TEST_HDRS  = tests/test.h tests/helpers.h wm.h
TEST_LIB   = tests/lib_kernels.c tests/lib_quant.c tests/lib_model.c tests/lib_tokenizer.c
define TEST_PROG
$(2)/%.o: tests/%.c $(TEST_HDRS) $(FLAGS_FILE)
	@mkdir -p $(2)
	$(3) -c $$< -o $$@
$(2)/lib.o: $(TEST_LIB)
$(1): $(patsubst %,$(2)/%.o,$(TEST_FILES))
	$(4) $$^ -o $$@ $(LDLIBS)
endef
$(eval $(call TEST_PROG,build/test,build/obj/test,$(CC) -std=c99 $(WARN) $(ALL_CFLAGS),$(CC) $(ALL_CFLAGS)))

# the whole suite compiled as C++, and wm.h + the CLI under clang
$(eval $(call TEST_PROG,build/test-cpp,build/obj/cpp,$(CXX) -x c++ -std=c++11 $(WARN) $(ALL_CFLAGS),$(CXX) $(ALL_CFLAGS)))

build/clang.ok: $(patsubst %,tests/%.c,$(TEST_FILES)) $(TEST_LIB) $(TEST_HDRS) $(WM_DEPS) examples/simple.c wm.h | build
ifneq ($(HAVE_CLANG),)
	$(CLANG) -std=c99 $(WARN) -fsyntax-only $(patsubst %,tests/%.c,$(TEST_FILES))
	$(CLANG) -std=c99 $(LIBWARN) -fsyntax-only examples/wm.c
	$(CLANG) -std=c99 $(LIBWARN) -fsyntax-only examples/serve.c
	$(CLANG) -std=c99 $(LIBWARN) -fsyntax-only examples/simple.c
	$(CLANG) -std=c99 $(LIBWARN) -DWM_STATIC -DWM_IMPLEMENTATION -fsyntax-only -x c wm.h
endif
	@touch $@

$(eval $(call TEST_PROG,build/test-asan,build/obj/asan,$(CC) -std=c99 $(WARN) $(ASAN) $(SIMD),$(CC) $(ASAN) $(SIMD)))

run: build/wm
	build/wm generate $(DEMO) --prompt "The secret of a happy life is" -n 96 --seed 4

# WM_WEIGHTS_IN_PLACE refuses a misaligned weight matrix (a separate program: the macro is compile-time)
build/inplace: tests/inplace.c tests/helpers.h wm.h $(FLAGS_FILE) | build
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) tests/inplace.c -o $@ $(LDLIBS)

# the suite as C++ runs beside the C one (its own build/run-cpp, so their
# build/tmp files stay apart); the last line is the C suite's count
test: build/wm build/simple build/nomalloc.o build/test build/test-cpp build/clang.ok build/inplace
	@$(call SANDBOX,build/run-cpp)
	@(cd build/run-cpp && WM_SERVE=0 $(CURDIR)/build/test-cpp > $(CURDIR)/build/test-cpp.log 2>&1; echo $$? > $(CURDIR)/build/test-cpp.rc) & \
	  build/inplace || exit 1; \
	  { build/test; echo $$? > build/test.rc; } | tee build/test.log; \
	  wait; \
	  if [ "$$(cat build/test-cpp.rc)" != 0 ]; then cat build/test-cpp.log; fi; \
	  echo "suite compiled as C++: $$(tail -n 1 build/test-cpp.log)"; \
	  tail -n 1 build/test.log; \
	  [ "$$(cat build/test.rc)" = 0 ] && [ "$$(cat build/test-cpp.rc)" = 0 ]

# the tools a target needs: a missing one is named with its Debian package
# (README: Requirements) instead of a shell's "command not found"
NEED = @for t in $(1); do command -v $${t%%=*} >/dev/null 2>&1 || { echo "make $@: needs $${t%%=*} (Debian: sudo apt-get install $$(echo $${t\#*=} | tr + ' '); README.md: Requirements)" >&2; exit 1; }; done
.PHONY: need-win need-win-cc need-neon need-neon-cc need-arm32 need-arm32-cc need-x86 need-fw need-fw-cc need-fuzz
need-neon-cc:
	$(call NEED,$(NEON_CC)=gcc-aarch64-linux-gnu)
need-neon: need-neon-cc
	$(call NEED,qemu-aarch64=qemu-user)
need-arm32-cc:
	$(call NEED,$(ARM32_CC)=gcc-arm-linux-gnueabihf)
need-arm32: need-arm32-cc
	$(call NEED,qemu-arm=qemu-user)
need-x86:
	$(call NEED,$(QEMU64)=qemu-user)
need-fw-cc:
	$(call NEED,arm-none-eabi-gcc=gcc-arm-none-eabi+libnewlib-arm-none-eabi riscv64-unknown-elf-gcc=gcc-riscv64-unknown-elf+picolibc-riscv64-unknown-elf)
need-fw: need-fw-cc
	$(call NEED,qemu-system-arm=qemu-system-arm qemu-system-riscv32=qemu-system-misc)
need-fuzz:
	$(call NEED,$(FUZZ_CC)=clang+libclang-rt-14-dev)
need-win-cc:
	$(call NEED,$(WIN_CC)=gcc-mingw-w64-x86-64)
need-win: need-win-cc
	$(call NEED,$(WIN_CXX)=g++-mingw-w64-x86-64 $(WINE)=wine+wine64 $(CLANG)=clang curl=curl)

# SANDBOX(dir): links to the sources in dir, and its own build/, so suites
# run at the same time (CI runs two at once) keep their build/tmp files apart
SANDBOX = rm -rf $(1) && mkdir -p $(1)/build && ln -s $(CURDIR)/build/wm $(1)/build/wm && \
          for f in tests examples tools README.md wm.h; do ln -s $(CURDIR)/$$f $(1)/$$f; done

test-asan: build/wm build/test-asan
	@$(call SANDBOX,build/run-asan)
	cd build/run-asan && WM_SERVE=0 $(CURDIR)/build/test-asan

# a CPU without AVX2 (qemu-user's Nehalem): the default build runs its scalar
# kernels there instead of dying with SIGILL, exactly (the fixtures), and
# generates the text of a native run pinned to them; Haswell gets the AVX2 ones
QEMU64  ?= qemu-x86_64
X86_SUITES = isa kernels quant fixtures cache
test-x86-baseline: need-x86 build/wm build/test
	@$(call SANDBOX,build/run-x86)
	@cd build/run-x86 && for s in $(X86_SUITES); do $(QEMU64) -cpu Nehalem $(CURDIR)/build/test $$s | tee -a suites.log | tail -n 1 | sed "s/^/Nehalem $$s: /"; done
	@cd build/run-x86 && $(QEMU64) -cpu Nehalem build/wm info $(CURDIR)/$(DEMO) | grep -q '^kernels *scalar (this build and CPU run: scalar)' && \
	  $(QEMU64) -cpu Haswell build/wm info $(CURDIR)/$(DEMO) 2>/dev/null | grep -q '^kernels *avx2' && echo "wm info: Nehalem runs scalar, Haswell avx2"
	@cd build/run-x86 && build/wm generate $(CURDIR)/$(DEMO) -p "The secret of a happy life is" -n 24 --seed 4 --isa scalar 2>/dev/null > native.txt && \
	  $(QEMU64) -cpu Nehalem build/wm generate $(CURDIR)/$(DEMO) -p "The secret of a happy life is" -n 24 --seed 4 2>/dev/null > nehalem.txt && \
	  cmp -s native.txt nehalem.txt && test -s native.txt && echo "generate on Nehalem == native --isa scalar: $$(head -c 60 native.txt | tr '\n' ' ')..."
	@cd build/run-x86 && awk '/passed, .* failed$$/ {p += $$1; f += $$3} END {print p " passed, " f " failed"; exit f != 0}' suites.log

# the scalar references only (compile-time WM_NO_SIMD)
$(eval $(call TEST_PROG,build/test-scalar,build/obj/scalar,$(CC) -std=c99 $(WARN) -O2 -DWM_NO_SIMD,$(CC) -O2))

test-scalar: build/wm build/test-scalar
	@$(call SANDBOX,build/run-scalar)
	cd build/run-scalar && WM_SERVE=0 $(CURDIR)/build/test-scalar

# OpenMP threads on every outer loop instead of the pool (2 threads), built
# for this CPU's AVX2 at compile time (the other suites choose it at run time)
$(eval $(call TEST_PROG,build/test-omp,build/obj/omp,$(CC) -std=c99 $(WARN) $(ALL_CFLAGS) $(AVX2_CT) -fopenmp -DWM_NO_THREADS,$(CC) $(ALL_CFLAGS) -fopenmp))

test-omp: build/wm build/test-omp
	@$(call SANDBOX,build/run-omp)
	cd build/run-omp && WM_SERVE=0 OMP_NUM_THREADS=2 $(CURDIR)/build/test-omp

# NEON: the suite cross-built for aarch64 and run under qemu-user
build/neon/wm build/neon/test build/neon/test-dot: | need-neon-cc
build/neon/wm: $(WM_DEPS)
	@mkdir -p build/neon
	$(NEON_CC) -std=c99 $(WARN) -O2 $(WM_SRC) -o $@ $(LDLIBS)

$(eval $(call TEST_PROG,build/neon/test,build/obj/neon,$(NEON_CC) -std=c99 $(WARN) -O2,$(NEON_CC) -O2))

# built for Armv8.2's dot product at compile time (the intrinsic)
$(eval $(call TEST_PROG,build/neon/test-dot,build/obj/neon-dot,$(NEON_CC) -std=c99 $(WARN) -O2 -march=armv8.2-a+dotprod,$(NEON_CC) -O2))

# (all but the tokenizer suites: plain C with no SIMD body, 40 % of the
# suite's time, run on the host and on 32-bit Arm, whose char is unsigned
# as aarch64's). qemu-user's default CPU has sdot: the plain build chooses
# neon+dotprod at run time and its kernel suites run both; then the ISA,
# kernel and fixture suites on a Cortex-A53 (no sdot: plain NEON chosen)
# and of the compile-time sdot build
NEON_SUITES = isa kernels quant fixtures cache
test-neon: need-neon build/neon/wm build/neon/test build/neon/test-dot
	@$(call SANDBOX,build/run-neon)
	cd build/run-neon && WM_BIN="$(QEMU) $(CURDIR)/build/neon/wm" $(QEMU) $(CURDIR)/build/neon/test -tokenizer
	@cd build/run-neon && rm -f more.log && for s in $(NEON_SUITES); do \
	  $(QEMU) -cpu cortex-a53 $(CURDIR)/build/neon/test $$s | tee -a more.log | tail -n 1 | sed "s/^/cortex-a53 $$s: /"; \
	  $(QEMU) -cpu max $(CURDIR)/build/neon/test-dot $$s | tee -a more.log | tail -n 1 | sed "s/^/built with dotprod $$s: /"; done
	@cd build/run-neon && grep -q "^kernels: neon+dotprod" more.log && awk '/passed, .* failed$$/ {p += $$1; f += $$3} END {print "cortex-a53 and dotprod builds: " p " passed, " f " failed"; exit f != 0}' more.log

# 32-bit: the suite for 32-bit Arm (the pointer and size_t width of a
# microcontroller) under qemu-user; its sizes suite checks every reported
# size against the same tests/fixtures/sizes.txt as the 64-bit builds
build/arm32/wm build/arm32/test: | need-arm32-cc
build/arm32/wm: $(WM_DEPS)
	@mkdir -p build/arm32
	$(ARM32_CC) -std=c99 $(WARN) -O2 -static $(WM_SRC) -o $@ $(LDLIBS)

$(eval $(call TEST_PROG,build/arm32/test,build/obj/arm32,$(ARM32_CC) -std=c99 $(WARN) -O2 -static,$(ARM32_CC) -O2 -static))

test-arm32: need-arm32 build/arm32/wm build/arm32/test
	@$(call SANDBOX,build/run-arm32)
	cd build/run-arm32 && WM_BIN="$(QEMU32) $(CURDIR)/build/arm32/wm" $(QEMU32) $(CURDIR)/build/arm32/test

bench:
	tools/bench.sh

bench-seed:
	tools/bench_seed.sh

bench-tok:
	tools/bench_tok.sh

bench-quant: build/wm
	tools/bench_quant.sh

# what F16 / BF16 recurrent states cost against F32 (BENCH.md "Firmware")
build/state_cost: tools/state_cost.c wm.h | build
	$(CC) -std=c99 $(WARN) $(ALL_CFLAGS) tools/state_cost.c -o $@ $(LDLIBS)

# what a grammar costs the sampler per token (BENCH.md "Grammars")
build/grammar_bench: tools/grammar_bench.c wm.h tests/helpers.h | build
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) tools/grammar_bench.c -o $@ $(LDLIBS)

bench-grammar: build/grammar_bench
	build/grammar_bench examples/models/doge-demo/tokenizer.json tests/fixtures/grammar/person.schema.json 256 3
	build/grammar_bench examples/models/doge-demo/tokenizer.json tests/fixtures/grammar/json-flat.gbnf 256 3

bench-state: build/state_cost
	build/state_cost examples/models/cheems-demo examples/models/cheems-demo/tokenizer.json tests/fixtures/heldout.txt 512
	build/state_cost tests/fixtures/hf-mamba2 tests/fixtures/hf-mamba2/tokenizer.json tests/fixtures/heldout.txt 512

# Fuzzing: one libFuzzer harness per entry point that takes untrusted bytes
# (tests/fuzz/*.c), with AddressSanitizer and UBSan (pointer-overflow
# included). `make fuzz` runs each FUZZ_SECONDS (FUZZ_JOBS at a time) and
# prints executions and findings; fuzz-smoke is CI's short run plus the
# replay of the regression corpus (tests/fuzz/regress/NAME: every input that
# ever crashed a harness).
FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 600
FUZZ_FLAGS    = -std=c99 $(WARN) -g -O1 -fsanitize=fuzzer,address,undefined,pointer-overflow,float-cast-overflow -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZERS       = $(filter-out seeds all,$(basename $(notdir $(wildcard tests/fuzz/*.c))))

# one program holds every harness (wm.h compiled with the sanitizers once);
# build/fuzz/NAME links to it and the name picks the harness
build/fuzz/all: tests/fuzz/*.c tests/fuzz/fuzz.h tests/helpers.h wm.h examples/serve.c | need-fuzz
	@mkdir -p build/fuzz
	$(FUZZ_CC) $(FUZZ_FLAGS) $(SIMD) tests/fuzz/all.c -o $@ -lm

$(addprefix build/fuzz/,$(FUZZERS)): build/fuzz/all
	@ln -sf all $@

build/fuzz/seeds: tests/fuzz/seeds.c tests/fuzz/fuzz.h tests/helpers.h wm.h
	@mkdir -p build/fuzz
	$(CC) -std=c99 $(WARN) -O1 $< -o $@ -lm

fuzz-build: $(addprefix build/fuzz/,$(FUZZERS)) build/fuzz/seeds build/wm
	@rm -rf build/fuzz/seed && build/fuzz/seeds build/fuzz/seed

fuzz: fuzz-build
	tools/fuzz.sh run $(FUZZ_SECONDS) $(FUZZERS)

fuzz-replay: fuzz-build
	tools/fuzz.sh replay $(FUZZERS)

fuzz-smoke: fuzz-replay
	tools/fuzz.sh run 6 $(FUZZERS)

# Firmware: examples/firmware on QEMU's Cortex-M55 (mps3-an547, Helium),
# Cortex-M4F (mps2-an386) and RISC-V RV32 (virt: rv32imac, rv32imafc)
# boards, both demo models at Q8_0 from a GGUF used in place (its
# tokenizer too), memory planned on the host (wm plan); test-firmware runs them
# and compares their token ids with the hosted build of the same program.
FW_CC      ?= arm-none-eabi-gcc
FW_DIR      = examples/firmware
FW_MODELS   = cheems doge cheems-f16 doge-json
# cheems-f16: the cheems demo with its SSD states stored as F16 (--state-type f16)
# prompts whose greedy continuations have no near-tie within FW_N tokens:
# quantized activations make logits differ by ~1e-2 between ISAs, which
# decides a near-tie either way (doge-demo's "The secret..." has one)
FW_PROMPT_cheems = The secret of a happy life is
FW_PROMPT_doge   = I think that
FW_PROMPT_cheems-f16 = $(FW_PROMPT_cheems)
FW_PLAN_cheems-f16 = --state-type f16
# doge-json: the doge demo held to a small JSON Schema (a grammar in the arena)
FW_PROMPT_doge-json = A person:
FW_PLAN_doge-json = --json-schema-file $(FW_DIR)/person.schema.json
FW_N_doge-json = 64
FW_N        = 24
FW_CFLAGS   = -std=c99 $(LIBWARN) -O2 -mthumb -ffunction-sections -fdata-sections -DWM_NO_UNICODE_NORM -DFW_ARENA_SECTION='".fw_arena"'
FW_LDFLAGS  = -nostartfiles --specs=nano.specs --specs=nosys.specs -Wl,--gc-sections -L $(FW_DIR) -lm
FW_an547    = -mcpu=cortex-m55 -mfloat-abi=hard
FW_an386    = -mcpu=cortex-m4 -mfpu=fpv4-sp-d16 -mfloat-abi=hard
FW_an505    = -mcpu=cortex-m33 -mfloat-abi=hard
FW_SRC      = $(FW_DIR)/main.c $(FW_DIR)/fw.h $(FW_DIR)/semihost.h wm.h
# RISC-V RV32 on QEMU's virt board: rv32imac (no FPU) and rv32imafc
RV_CC      ?= riscv64-unknown-elf-gcc
RV_CFLAGS   = -std=c99 $(LIBWARN) -O2 -mcmodel=medany -ffunction-sections -fdata-sections -DWM_NO_UNICODE_NORM -DFW_ARENA_SECTION='".fw_arena"'
RV_LDFLAGS  = -nostartfiles --specs=picolibc.specs -Wl,--gc-sections -Wl,-e,fw_start -L $(FW_DIR) -lm
RV_rv32imac  = -march=rv32imac -mabi=ilp32
RV_rv32imafc = -march=rv32imafc -mabi=ilp32f
FW_ELFS     = $(foreach m,$(FW_MODELS),build/firmware/an547-$(m).elf build/firmware/an386-$(m).elf build/firmware/an505-$(m).elf \
                build/firmware/rv32imac-$(m).elf \
                build/firmware/rv32imafc-$(m).elf) $(foreach b,an547 an386 an505,build/firmware/$(b)-cheems-scalar.elf)
FW_HOSTS    = $(foreach m,$(FW_MODELS),build/firmware/host-$(m))

build/firmware/%-q8_0.gguf: build/wm
	@mkdir -p build/firmware
	build/wm quantize examples/models/$*-demo $@ --type q8_0 --tokenizer-blob

build/firmware/cheems-f16-q8_0.gguf: build/firmware/cheems-q8_0.gguf
	cp $< $@

build/firmware/doge-json-q8_0.gguf: build/firmware/doge-q8_0.gguf
	cp $< $@

# the firmware's RAM by part for both demo models (README's table)
plan: build/wm $(foreach m,$(FW_MODELS),build/firmware/$(m)-q8_0.gguf)
	@$(foreach m,$(FW_MODELS),build/wm plan build/firmware/$(m)-q8_0.gguf --ctx 256 --batch 1 --cache-type q8_0 $(FW_PLAN_$(m)) -p "$(FW_PROMPT_$(m))" -n $(or $(FW_N_$(m)),$(FW_N));)

build/firmware/%/plan.h: build/firmware/%-q8_0.gguf Makefile $(FW_DIR)/person.schema.json
	@mkdir -p build/firmware/$*
	build/wm plan $< --ctx 256 --batch 1 --cache-type q8_0 $(FW_PLAN_$*) -p "$(FW_PROMPT_$*)" -n $(or $(FW_N_$*),$(FW_N)) > $@

build/firmware/host-%: $(FW_SRC) $(FW_DIR)/host.c $(FW_DIR)/model.S build/firmware/%/plan.h build/firmware/%-q8_0.gguf
	$(CC) -std=c99 $(LIBWARN) $(ALL_CFLAGS) -I build/firmware/$* -DFW_MODEL_FILE='"build/firmware/$*-q8_0.gguf"' \
	  $(FW_DIR)/main.c $(FW_DIR)/host.c $(FW_DIR)/model.S -o $@ -lm

# one rule per Arm board (its FW_<board> flags and <board>.ld), as RV_BUILD is for RISC-V
define FW_ARM_RULE
build/firmware/$(1)-%.elf: $$(FW_SRC) $$(FW_DIR)/board.c $$(FW_DIR)/model.S $$(FW_DIR)/common.ld $$(FW_DIR)/$(1).ld build/firmware/%/plan.h build/firmware/%-q8_0.gguf
	$$(FW_CC) $$(FW_CFLAGS) $$(FW_$(1)) -I build/firmware/$$* -DFW_MODEL_FILE='"build/firmware/$$*-q8_0.gguf"' \
	  $$(FW_DIR)/main.c $$(FW_DIR)/board.c $$(FW_DIR)/model.S -T $(1).ld $$(FW_LDFLAGS) -Wl,-Map=$$@.map -o $$@
endef
$(foreach b,an547 an386 an505,$(eval $(call FW_ARM_RULE,$(b))))

# the scalar references on the M55, M4F and M33 (Helium's and the DSP extension's instruction counts are compared with them)
build/firmware/%-cheems-scalar.elf: $(FW_SRC) $(FW_DIR)/board.c $(FW_DIR)/model.S $(FW_DIR)/common.ld $(FW_DIR)/%.ld build/firmware/cheems/plan.h build/firmware/cheems-q8_0.gguf
	$(FW_CC) $(FW_CFLAGS) $(FW_$*) -DWM_NO_SIMD -I build/firmware/cheems -DFW_MODEL_FILE='"build/firmware/cheems-q8_0.gguf"' \
	  $(FW_DIR)/main.c $(FW_DIR)/board.c $(FW_DIR)/model.S -T $*.ld $(FW_LDFLAGS) -o $@

RV_DEPS     = $(FW_SRC) $(FW_DIR)/board-rv.c $(FW_DIR)/model.S $(FW_DIR)/common.ld $(FW_DIR)/rv-virt.ld
RV_BUILD    = $(RV_CC) $(RV_CFLAGS) $(RV_$(word 1,$(subst -, ,$(notdir $@)))) -I build/firmware/$* -DFW_MODEL_FILE='"build/firmware/$*-q8_0.gguf"' \
                $(FW_DIR)/main.c $(FW_DIR)/board-rv.c $(FW_DIR)/model.S -T rv-virt.ld $(RV_LDFLAGS) -Wl,-Map=$@.map -o $@
build/firmware/rv32imac-%.elf: $(RV_DEPS) build/firmware/%/plan.h build/firmware/%-q8_0.gguf
	$(RV_BUILD)
build/firmware/rv32imafc-%.elf: $(RV_DEPS) build/firmware/%/plan.h build/firmware/%-q8_0.gguf
	$(RV_BUILD)

FW_PLANS    = $(foreach m,$(FW_MODELS),build/firmware/$(m)-q8_0.gguf build/firmware/$(m)/plan.h)
.PRECIOUS: $(FW_PLANS)

$(FW_ELFS): | need-fw-cc
firmware: $(FW_PLANS) $(FW_ELFS) $(FW_HOSTS)

test-firmware: need-fw firmware
	tests/firmware.sh

clean:
	rm -rf build

# ---- Windows: the suite and the CLI cross-built with MinGW-w64, run under Wine
WIN_CC   ?= x86_64-w64-mingw32-gcc
WIN_CXX  ?= x86_64-w64-mingw32-g++
WINE     ?= wine
WIN_LD    = -static -Wl,--stack,8388608
build/win/wm.exe: $(WM_DEPS) | need-win-cc build/win
	$(WIN_CC) -std=c99 $(LIBWARN) -O2 $(WM_SRC) -o $@ $(WIN_LD) -lws2_32
$(eval $(call TEST_PROG,build/win/test.exe,build/obj/win,$(WIN_CC) -std=c99 $(WARN) -O2,$(WIN_CC) -O2 $(WIN_LD)))
build/win/test.exe: | need-win-cc build/win
build/win:
	@mkdir -p $@
# the other compilers a Windows user has: MinGW's g++ and Clang for MinGW,
# as C and as C++ (the suite too), and what MSVC would meet: no GNU C outside feature
# tests (Clang with __GNUC__ undefined), no VLA, ISO C99 (-pedantic)
build/win/compile.ok: $(patsubst %,tests/%.c,$(TEST_FILES)) $(TEST_LIB) $(TEST_HDRS) $(WM_DEPS) examples/simple.c | need-win build/win
	for f in $(WM_SRC) examples/simple.c; do $(CLANG) --target=x86_64-w64-mingw32 -std=c99 $(LIBWARN) -fsyntax-only $$f || exit 1; \
	  $(CLANG) --target=x86_64-w64-mingw32 -x c++ -std=c++11 $(LIBWARN) -fsyntax-only $$f || exit 1; \
	  $(WIN_CXX) -x c++ -std=c++11 $(LIBWARN) -fsyntax-only $$f || exit 1; done
	$(WIN_CXX) -x c++ -std=c++11 $(WARN) -fsyntax-only tests/lib.c
	$(CLANG) --target=x86_64-w64-mingw32 -x c++ -std=c++11 $(WARN) -fsyntax-only tests/lib.c
	$(CLANG) -std=c99 $(LIBWARN) -Wvla -pedantic -Wno-literal-range -U__GNUC__ -DWM_IMPLEMENTATION -x c -fsyntax-only wm.h
	for d in "-DWM_NO_MALLOC -DWM_NO_STDIO" -DWM_STATIC -DWM_NO_THREADS -DWM_NO_MMAP; do \
	  $(WIN_CC) -std=c99 $(LIBWARN) $$d -DWM_IMPLEMENTATION -x c -fsyntax-only wm.h || exit 1; done
	@touch $@

# (no gzip on Windows: the suite there reads the fixtures decompressed here)
WIN_GZ := $(patsubst %,build/win/gz/%,$(shell find tests/fixtures -name '*.gz' 2>/dev/null))
build/win/gz/%.gz: %.gz
	@mkdir -p $(@D) && gzip -dc $< > $@

# the suite under Wine == the native count less the POSIX-only parts it
# lists; the CLI suites against wm.exe; texts, UTF-8 paths, wm serve + curl
test-windows: need-win build/wm build/test build/win/wm.exe build/win/test.exe build/win/compile.ok $(WIN_GZ)
	@$(call SANDBOX,build/run-native) && $(call SANDBOX,build/run-win) && ln -s $(CURDIR)/build/win build/run-win/build/win
	@WINE="$(WINE)" bash tests/windows.sh

# ---- installing: wm.h under include/, wm under bin/, a pkg-config file
# (`pkg-config --cflags --libs wm`: the include path, -pthread, -lm)
PREFIX  ?= /usr/local
DESTDIR ?=
PCDIR   ?= $(PREFIX)/lib/pkgconfig
WM_VERSION := $(shell sed -n 's/^\#define WM_VERSION_STRING "\(.*\)"/\1/p' wm.h)
# -lm held against --as-needed (Debian's linker default) where the linker
# knows --push-state: the usual `cc $(pkg-config --cflags --libs wm) main.c`
# names the libraries before the program that needs them
PC_LIBM = $(shell printf 'int main(void){return 0;}' | $(CC) -x c - -o /dev/null -Wl,--push-state,--no-as-needed -lm -Wl,--pop-state 2>/dev/null && \
            echo '-Wl,--push-state,--no-as-needed -lm -Wl,--pop-state' || echo '-lm')
.PHONY: install uninstall test-install
install: build/wm
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PCDIR)
	install -m 644 wm.h $(DESTDIR)$(PREFIX)/include/wm.h
	install -m 755 build/wm $(DESTDIR)$(PREFIX)/bin/wm
	printf 'prefix=%s\nincludedir=$${prefix}/include\n\nName: wm\nDescription: %s\nVersion: %s\nCflags: -I$${includedir} -pthread\nLibs: -pthread %s\n' \
	  '$(PREFIX)' 'Wonderful Matrices language models on the CPU, one header (#define WM_IMPLEMENTATION in one file)' '$(WM_VERSION)' '$(PC_LIBM)' \
	  > $(DESTDIR)$(PCDIR)/wm.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/include/wm.h $(DESTDIR)$(PREFIX)/bin/wm $(DESTDIR)$(PCDIR)/wm.pc

# a host program built against an installed wm.h (PREFIX, and DESTDIR + a sysroot), run; then uninstalled
test-install: build/wm
	@bash tests/install.sh
