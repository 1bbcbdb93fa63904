# perf-bpf build.  `make` builds ./perf-bpf; `make check` installs what is missing,
# builds from scratch and runs every test; `make help` lists the targets.

# Where `make install` puts things (GNU names; DESTDIR is prepended, as packagers stage).
# The binary finds its data at run time beside it (BINDIR/../share/perf-bpf), so a build
# installs under any PREFIX as it is; DATADIR elsewhere is baked in as the fallback.
PREFIX   ?= /usr/local
DESTDIR  ?=
BINDIR   ?= $(PREFIX)/bin
DATADIR  ?= $(PREFIX)/share
MANDIR   ?= $(DATADIR)/man
DOCDIR   ?= $(DATADIR)/doc/perf-bpf
# bash completion: loaded on demand for perf-bpf from BASHCOMPDIR; `perf bpf` needs it loaded
# with the shell, from BASHCOMPATDIR (bash-completion sources every file there at start)
BASHCOMPDIR    ?= $(DATADIR)/bash-completion/completions
BASHCOMPATDIR  ?= /etc/bash_completion.d
BUILD    ?= build
CC       ?= gcc
CLANG    ?= clang
BPFTOOL  ?= bpftool
V        ?= 0

ifeq ($(V),0)
Q = @
msg = @printf '  %-8s %s\n' $(1) $(2);
else
Q =
msg =
endif

PKGS     := libbpf libelf zlib libtraceevent libtracefs libdw libcrypto libzstd liblzma libprotobuf-c
DEP_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
DEP_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null || echo -lbpf -lelf -lz -ltraceevent -ltracefs -ldw -lcrypto -lzstd -llzma -lprotobuf-c) -lm

# Where the compile stage finds the installed bpf-compat headers, and libbpf's headers.
PATH_DEFS := -DPERF_BPF_DATADIR='"$(DATADIR)/perf-bpf"' \
	     -DLIBBPF_INCDIR='"$(or $(shell pkg-config --variable=includedir libbpf 2>/dev/null),/usr/include)"'

# The version (scripts/version.sh): `perf-bpf --version`, the man pages, `make dist`'s name.
VERSION  ?= $(shell scripts/version.sh)

# A warning fails the build where it is ours to fix: a developer's checkout (a .git) and
# `make check`; a release tarball or a package build warns only (a newer compiler's new
# warning must not break a distribution's build). WERROR=0 or 1 decides.
WERROR   ?= $(if $(wildcard .git),1,0)
WERROR_FLAG := $(if $(filter 1,$(WERROR)),-Werror)
WARN     := -Wall -Wextra $(WERROR_FLAG) -Wmissing-prototypes -Wno-unused-parameter
# CPPFLAGS, CFLAGS and LDFLAGS are the builder's (dpkg-buildflags': fortify, stack
# protector, relro, bindnow); what the build itself needs is added around them.
CFLAGS   ?= -O2 -g
ALL_CFLAGS = -std=gnu11 $(WARN) $(CPPFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) -D_GNU_SOURCE $(PATH_DEFS) \
	     -Iinclude -Ilib -I$(BUILD)/gen -iquote . $(DEP_CFLAGS) -MMD -MP
GEN_CFLAGS = -std=gnu11 $(CPPFLAGS) $(CFLAGS) $(EXTRA_CFLAGS) -D_GNU_SOURCE -Iinclude -Ilib \
	     -I$(BUILD)/gen $(DEP_CFLAGS) -w
ALL_LDFLAGS = $(LDFLAGS) $(EXTRA_LDFLAGS)

# lib/ has a folder per stage of the data flow (README.md, Layout); only the event stage
# has a grammar. The tables of the system's constants are generated from its headers
# (syscalls/sysconst.h).
LIB_SRCS := $(sort $(wildcard lib/*/*.c))
LIB_YACC := $(sort $(wildcard lib/event/*.y))
LIB_LEX  := $(sort $(wildcard lib/event/*.l))
# pprof's messages (output/profile.proto) are C by protoc-c.
LIB_PROTO := $(sort $(wildcard lib/output/*.proto))
GEN_SRCS := $(LIB_YACC:lib/event/%.y=$(BUILD)/gen/%.tab.c) $(LIB_LEX:lib/event/%.l=$(BUILD)/gen/%.lex.c) \
	    $(BUILD)/gen/sysconsts.c $(LIB_PROTO:lib/output/%.proto=$(BUILD)/gen/%.pb-c.c)
GEN_HDRS := $(LIB_YACC:lib/event/%.y=$(BUILD)/gen/%.tab.h) $(LIB_LEX:lib/event/%.l=$(BUILD)/gen/%.lex.h) \
	    $(LIB_PROTO:lib/output/%.proto=$(BUILD)/gen/%.pb-c.h)
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o) $(GEN_SRCS:%.c=%.o)
SRC_OBJS := $(patsubst %.c,$(BUILD)/%.o,$(sort $(wildcard src/*.c)))
LIBA     := $(BUILD)/libperfbpf.a
VERSION_H := $(BUILD)/gen/version.h

# perf-bpf's own BPF programs, bpf/NAME.bpf.c: compiled for the build's architecture against
# bpf/vmlinux/vmlinux.h, the kernel types they use, kept in the tree (CO-RE: the objects load
# on other kernels; the build does not read this machine's kernel, so two builds anywhere
# give the same objects), linked by bpftool, and embedded as skeletons:
# $(BUILD)/gen/NAME.skel.h, included by the lib/ module that loads them. No clang at run
# time. `make vmlinux-cut` writes the header again from VMLINUX_BTF, after a program names
# a type it lacks (`make check` says which).
VMLINUX_BTF ?= /sys/kernel/btf/vmlinux
BPF_ARCH := $(firstword $(subst -, ,$(shell $(CC) -dumpmachine)))
BPF_ARCH := $(patsubst x86_64,x86,$(patsubst i%86,x86,$(patsubst aarch64,arm64,$(BPF_ARCH))))
BPF_BASE_CFLAGS := -target bpf -mcpu=v3 -O2 -g -Wall -D__TARGET_ARCH_$(BPF_ARCH) \
		   -fdebug-prefix-map=$(CURDIR)=.
BPF_CFLAGS := $(BPF_BASE_CFLAGS) $(WERROR_FLAG) -Ibpf/vmlinux -MMD -MP
BPF_SRCS  := $(sort $(wildcard bpf/*.bpf.c))
BPF_OBJS  := $(BPF_SRCS:bpf/%.c=$(BUILD)/bpf/%.o)
BPF_SKELS := $(BPF_SRCS:bpf/%.bpf.c=$(BUILD)/gen/%.skel.h)

UNIT_SRCS := $(sort $(wildcard tests/unit/*/test-*.c))
UNIT_BINS := $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)
KTEST_SRCS := $(sort $(wildcard tests/kernel/*.c))
KTEST_BINS := $(KTEST_SRCS:tests/kernel/%.c=$(BUILD)/tests/kernel/%)
RUNNER_SRCS := $(sort $(wildcard tests/runners/*.c))
RUNNER_BINS := $(RUNNER_SRCS:tests/runners/%.c=$(BUILD)/tests/runners/%)
WORK_SRCS := $(sort $(wildcard tests/workloads/*.c))
WORK_BINS := $(WORK_SRCS:tests/workloads/%.c=$(BUILD)/tests/workloads/%)
# and built unoptimised and at -O2 too, for the tests of what a probe reads at each level
WORK_OPT_BINS := $(foreach o,O0 O2,$(WORK_SRCS:tests/workloads/%.c=$(BUILD)/tests/workloads/$(o)/%))
FUZZ_SRCS := $(sort $(wildcard tests/fuzz/fuzz-*.c))
# What reached the disk (tests/diskwrites/diskwrites.h): preloaded into runs, linked into a test
DISKWRITES_OBJ := $(BUILD)/tests/diskwrites/diskwrites.o
DISKWRITES_SO := $(BUILD)/tests/diskwrites/diskwrites.so
FUZZ_REPLAY := $(FUZZ_SRCS:tests/fuzz/%.c=$(BUILD)/tests/fuzz/%-replay)

BIN := perf-bpf
ifneq ($(abspath $(BUILD)),$(abspath build))
BIN := $(BUILD)/perf-bpf
endif

# The test build: the test hooks (lib/util/testhook.h) act only where this object is linked
# before the library, whose own copy has them do nothing: the unit tests and TEST_BIN, which
# the end-to-end tests that steer a run use.
TESTHOOK_OBJ := $(BUILD)/test/testhook.o
TEST_BIN := $(BUILD)/test/perf-bpf

# No built-in rules: make's own %.c: %.y / %.c: %.l would overwrite lib/event/evparse.c.
.SUFFIXES:
# Generated headers stay after a build: the dependency files name them, and a missing one
# would make the next make generate it, and recompile its users, again.
.SECONDARY: $(GEN_HDRS) $(BPF_OBJS) $(BPF_SKELS)

FORCE:

.PHONY: FORCE vmlinux-cut vmlinux-check version all man uninstall dist deps demo-deps bench-deps check check-only tests demo install clean asan help format-check fuzz bench mounts \
	static guest-bins check-kernel fuzz-bins soak valgrind coverage
.DEFAULT_GOAL := all

all: $(BIN) $(BPF_SKELS)

version:
	@echo $(VERSION)

help:
	@echo 'all        build ./perf-bpf, its own BPF programs (bpf/*.bpf.c) embedded as skeletons'
	@echo 'deps       install the Debian packages that are missing (nothing if all are there)'
	@echo 'check      deps + build from scratch + every test; ends with "N passed, N failed"'
	@echo 'check-kernel  the guest tests under QEMU on a Debian kernel (part of check)'
	@echo 'demo       install what the demo needs + build + run examples/hello.c live'
	@echo 'asan       the same tests on an ASan+UBSan build (in build-asan/)'
	@echo 'valgrind   the unit tests under valgrind memcheck, leaks included'
	@echo 'coverage   every test but the kernel lane on a gcov build; line coverage per folder'
	@echo 'fuzz       each libFuzzer target for FUZZ_SECONDS (in build-fuzz/); a table at the end'
	@echo 'soak       the crash trials, SOAK_TRIALS times (default 100)'
	@echo 'bench      perf-bpf against stock perf and bpftrace; writes bench/RESULTS.md'
	@echo 'install    install perf-bpf, its man pages, completion, data and examples'
	@echo '           (PREFIX, DESTDIR, BINDIR, DATADIR, MANDIR, DOCDIR, BASHCOMPDIR)'
	@echo 'uninstall  remove what install put there (the same variables)'
	@echo 'dist       perf-bpf-VERSION.tar.gz, the committed tree and its VERSION'
	@echo 'vmlinux-cut  write bpf/vmlinux/vmlinux.h again from VMLINUX_BTF (the types bpf/ uses)'
	@echo 'version    print the version (scripts/version.sh)'
	@echo 'clean      remove build products'

$(BIN): $(SRC_OBJS) $(LIBA)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $(SRC_OBJS) $(LIBA) $(ALL_LDFLAGS) $(DEP_LIBS)

$(TEST_BIN): $(SRC_OBJS) $(TESTHOOK_OBJ) $(LIBA)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $(SRC_OBJS) $(TESTHOOK_OBJ) $(LIBA) $(ALL_LDFLAGS) $(DEP_LIBS)

$(TESTHOOK_OBJ): lib/util/testhook.c
	$(call msg,CC,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -DPERF_BPF_TESTHOOKS -c -o $@ $<

$(LIBA): $(LIB_OBJS)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/%.o: %.c | $(GEN_HDRS) $(BPF_SKELS) $(VERSION_H)
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -c -o $@ $<

# Rewritten only when the version changes: a new commit recompiles src/main.c alone.
$(VERSION_H): FORCE
	$(Q)mkdir -p $(dir $@)
	$(Q)printf '#define PERF_BPF_VERSION "%s"\n' '$(VERSION)' >$@.tmp && \
		{ cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@; }

$(BUILD)/gen/%.tab.c $(BUILD)/gen/%.tab.h: lib/event/%.y
	$(call msg,BISON,$<)
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)bison -Wall $(if $(WERROR_FLAG),-Werror) --defines=$(BUILD)/gen/$*.tab.h -o $(BUILD)/gen/$*.tab.c $<

$(BUILD)/gen/%.lex.c $(BUILD)/gen/%.lex.h: lib/event/%.l
	$(call msg,FLEX,$<)
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)flex --header-file=$(BUILD)/gen/$*.lex.h -o $(BUILD)/gen/$*.lex.c $<

$(BUILD)/bpf/%.bpf.o: bpf/%.bpf.c
	$(call msg,CLANG,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CLANG) $(BPF_CFLAGS) -c -o $@ $<

# The cut, from VMLINUX_BTF; its check compiles each program against the kept header.
CUT_TOOL := $(BUILD)/scripts/vmlinux-cut
CUT_ENV = CLANG='$(CLANG)' BPFTOOL='$(BPFTOOL)' BPF_CFLAGS='$(BPF_BASE_CFLAGS)' \
	  BUILD='$(BUILD)' CUT_TOOL='$(CUT_TOOL)'

$(CUT_TOOL): scripts/vmlinux-cut.c
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(ALL_LDFLAGS) $(DEP_LIBS)

vmlinux-cut: $(CUT_TOOL)
	$(Q)$(CUT_ENV) scripts/vmlinux-cut.sh gen $(VMLINUX_BTF)

vmlinux-check:
	$(Q)$(CUT_ENV) scripts/vmlinux-cut.sh check

# bpftool's static linker keeps BTF and drops DWARF: the skeleton embeds the small object.
$(BUILD)/gen/%.skel.h: $(BUILD)/bpf/%.bpf.o
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(BPFTOOL) gen object $(BUILD)/bpf/$*.linked.o $<
	$(Q)$(BPFTOOL) gen skeleton $(BUILD)/bpf/$*.linked.o name $*_bpf >$@.tmp && mv $@.tmp $@

$(BUILD)/gen/%.pb-c.c $(BUILD)/gen/%.pb-c.h: lib/output/%.proto
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)protoc-c --proto_path=lib/output --c_out=$(BUILD)/gen $<

$(BUILD)/gen/sysconsts.c: scripts/gen-sysconsts.sh include/kernel/errno-internal.h \
			include/kernel/statfs-internal.h
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(BUILD)/gen
	$(Q)scripts/gen-sysconsts.sh "$(CC)" $@

$(BUILD)/gen/%.o: $(BUILD)/gen/%.c $(GEN_HDRS)
	$(call msg,CC,$<)
	$(Q)$(CC) $(GEN_CFLAGS) -c -o $@ $<

$(BUILD)/tests/unit/%: tests/unit/%.c $(TESTHOOK_OBJ) $(LIBA)
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -Itests/unit -Itests -o $@ $< $(UNIT_OBJS) $(TESTHOOK_OBJ) $(LIBA) \
		$(ALL_LDFLAGS) $(DEP_LIBS) -lcmocka

# The crash-safety test rebuilds killed files from the writer's calls.
$(BUILD)/tests/unit/perfdata/test-seekable: UNIT_OBJS = $(DISKWRITES_OBJ)
$(BUILD)/tests/unit/perfdata/test-seekable: $(DISKWRITES_OBJ)

$(DISKWRITES_OBJ): tests/diskwrites/diskwrites.c
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

$(DISKWRITES_SO): $(DISKWRITES_OBJ)
	$(call msg,LINK,$@)
	$(Q)$(CC) $(ALL_CFLAGS) -shared -o $@ $< $(ALL_LDFLAGS)

$(BUILD)/tests/kernel/%: tests/kernel/%.c $(LIBA)
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBA) $(ALL_LDFLAGS) $(DEP_LIBS)

# Runners drive one lib/ module on the live kernel for the end-to-end tests.
$(BUILD)/tests/runners/%: tests/runners/%.c $(LIBA)
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBA) $(ALL_LDFLAGS) $(DEP_LIBS)

# Workloads are the traced programs: no sanitizers, no project libs.
$(BUILD)/tests/workloads/%: tests/workloads/%.c
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -O1 -g -Wall $(WERROR_FLAG) -o $@ $<

$(BUILD)/tests/workloads/O0/%: tests/workloads/%.c
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -O0 -g -Wall $(WERROR_FLAG) -o $@ $<

$(BUILD)/tests/workloads/O2/%: tests/workloads/%.c
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) -O2 -g -Wall $(WERROR_FLAG) -o $@ $<

$(BUILD)/tests/fuzz/%-replay: tests/fuzz/%.c tests/fuzz/replay.c $(LIBA)
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< tests/fuzz/replay.c $(LIBA) $(ALL_LDFLAGS) $(DEP_LIBS)

tests: $(BIN) $(TEST_BIN) $(UNIT_BINS) $(KTEST_BINS) $(RUNNER_BINS) $(WORK_BINS) $(WORK_OPT_BINS) \
       $(FUZZ_REPLAY) \
       $(DISKWRITES_SO)

# Kernel lane (tests/kernel-lane/README.md): the guest's programs, linked statically into
# $(BUILD)/static, run under QEMU on a Debian kernel by tests/kernel-lane/run.sh.
ifeq ($(STATIC),1)
DEP_LIBS = $(shell pkg-config --static --libs $(PKGS)) -lm
ALL_LDFLAGS += -static
endif
GUEST_SRCS := $(sort $(wildcard tests/kernel-lane/guest/*.c)) tests/kernel-lane/qexit.c
GUEST_BINS := $(GUEST_SRCS:tests/kernel-lane/%.c=$(BUILD)/tests/kernel-lane/%)

$(BUILD)/tests/kernel-lane/%: tests/kernel-lane/%.c $(LIBA)
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -o $@ $< $(LIBA) $(ALL_LDFLAGS) $(DEP_LIBS)

guest-bins: $(BIN) $(KTEST_BINS) $(RUNNER_BINS) $(WORK_BINS) $(GUEST_BINS)

static:
	$(Q)$(MAKE) --no-print-directory BUILD=$(BUILD)/static STATIC=1 guest-bins

# The lane (also part of `make check`), then its self-test: each fault must fail the lane.
check-kernel:
	$(Q)BUILD=$(abspath $(BUILD)) tests/kernel-lane/run.sh
	$(Q)BUILD=$(abspath $(BUILD)) tests/kernel-lane/selftest.sh

deps:
	$(Q)scripts/deps.sh

# What the demo needs only: the build and clang, not the test suite's qemu or valgrind.
demo-deps:
	$(Q)scripts/deps.sh demo

mounts:
	$(Q)scripts/mounts.sh

# From scratch: a stale object must never hide a build break.
check: deps mounts
	$(Q)rm -rf $(filter-out $(BUILD)/kernel-lane,$(wildcard $(BUILD)/*)) $(BIN)
	$(Q)$(MAKE) --no-print-directory vmlinux-check
	$(Q)$(MAKE) --no-print-directory WERROR=1 tests
	$(Q)$(MAKE) --no-print-directory format-check
	$(Q)scripts/layers.sh
	$(Q)PERF_BPF=$(abspath $(BIN)) BUILD=$(abspath $(BUILD)) tests/run.sh

check-only: tests
	$(Q)PERF_BPF=$(abspath $(BIN)) BUILD=$(abspath $(BUILD)) tests/run.sh $(T)

SAN := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
asan: deps mounts
	$(Q)$(MAKE) --no-print-directory BUILD=build-asan CFLAGS="-O1 -g" EXTRA_CFLAGS="$(SAN)" \
		EXTRA_LDFLAGS="$(SAN)" check-only

# libFuzzer: lib/ built by clang with coverage, each tests/fuzz/fuzz-NAME.c linked with its main.
FUZZ_SECONDS ?= 60
FUZZ_SAN := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
	    -fno-omit-frame-pointer
FUZZ_BINS := $(FUZZ_SRCS:tests/fuzz/%.c=$(BUILD)/fuzz/%)

$(BUILD)/fuzz/%: tests/fuzz/%.c $(LIBA)
	$(call msg,CC,$<)
	$(Q)mkdir -p $(dir $@)
	$(Q)$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(LIBA) $(ALL_LDFLAGS) $(DEP_LIBS)

fuzz-bins: $(FUZZ_BINS)

fuzz:
	$(Q)$(MAKE) --no-print-directory BUILD=build-fuzz CC=$(CLANG) CFLAGS="-O1 -g" \
		EXTRA_CFLAGS="$(FUZZ_SAN)" EXTRA_LDFLAGS="-fsanitize=address,undefined" fuzz-bins
	$(Q)scripts/fuzz.sh $(abspath build-fuzz) $(FUZZ_SECONDS)

# Line coverage per folder of src/ and lib/ over the whole suite but the kernel lane (its
# guest runs a static build of its own): a --coverage build in build-cov/, then gcov. The
# tests run with the build's flags in their environment (a `make install` they run relinks
# nothing) and umask 0, with the counts' folders open to all: runs without privilege add
# their counts too, and say nothing about files they could not write.
COV_ENV := CFLAGS="-O0 -g" EXTRA_CFLAGS="--coverage" EXTRA_LDFLAGS="--coverage"
coverage: mounts
	$(Q)rm -rf build-cov
	$(Q)env $(COV_ENV) $(MAKE) --no-print-directory BUILD=build-cov tests
	$(Q)find build-cov -type d -exec chmod a+rwx {} +
	$(Q)umask 0; env $(COV_ENV) PERF_BPF=$(abspath build-cov/perf-bpf) \
		BUILD=$(abspath build-cov) LANE=0 tests/run.sh; rc=$$?; \
		scripts/coverage.sh build-cov; exit $$rc

SOAK_TRIALS ?= 100
soak: mounts tests
	$(Q)PERF_BPF=$(abspath $(BIN)) BUILD=$(abspath $(BUILD)) CRASH_TRIALS=$(SOAK_TRIALS) \
		tests/e2e/crash-kill9.sh

valgrind: tests
	$(Q)scripts/valgrind.sh $(abspath $(BUILD))

bench-deps:
	$(Q)scripts/deps.sh bench

bench: bench-deps mounts tests
	$(Q)PERF_BPF=$(abspath $(BIN)) BUILD=$(abspath $(BUILD)) bench/run.sh

demo: demo-deps mounts all
	./perf-bpf trace -e examples/hello.c -- sleep 0.1

# The program, the library and the tests' C (BPF fixtures and examples keep their layout:
# compile errors and the seed programs quote them by line).
FORMAT_SRCS = $(wildcard src/*.c src/*.h lib/*/*.c lib/*/*.h bpf/*.c bpf/*.h scripts/*.c tests/unit/*/*.c \
	      tests/fuzz/*.c tests/kernel/*.c tests/kernel/*.h tests/runners/*.c tests/kernel-lane/*.c \
	      tests/kernel-lane/guest/*.c tests/kernel-lane/guest/*.h tests/workloads/*.c \
	      tests/diskwrites/*.c tests/diskwrites/*.h)

format-check:
	$(Q)clang-format --dry-run --Werror $(FORMAT_SRCS) \
		&& echo '  FORMAT   ok'

# The man pages carry the version in their footer (.TH's fourth field).
MAN_SRCS := $(sort $(wildcard Documentation/*.1))
MAN_PAGES := $(MAN_SRCS:Documentation/%=$(BUILD)/man/%)

$(BUILD)/man/%.1: Documentation/%.1 $(VERSION_H)
	$(call msg,GEN,$@)
	$(Q)mkdir -p $(dir $@)
	$(Q)sed '1,/^\.TH/s/^\(\.TH [^ ]* [^ ]* [^ ]*\) perf-bpf /\1 "perf-bpf $(VERSION)" /' $< >$@

man: $(MAN_PAGES)

# What install puts where; uninstall removes exactly these (and perf-bpf's own folders).
COMPAT_FILES := $(shell find include/bpf-compat -type f 2>/dev/null | LC_ALL=C sort)
EXAMPLES := $(sort $(wildcard examples/*.c))
PKGDATADIR := $(DATADIR)/perf-bpf
INSTALLED := $(BINDIR)/perf-bpf $(MAN_SRCS:Documentation/%=$(MANDIR)/man1/%) \
	     $(BASHCOMPDIR)/perf-bpf $(BASHCOMPATDIR)/perf-bpf \
	     $(COMPAT_FILES:%=$(PKGDATADIR)/%) $(EXAMPLES:%=$(DOCDIR)/%)

install: all man
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/perf-bpf
	install -m 0644 $(MAN_PAGES) $(DESTDIR)$(MANDIR)/man1/
	install -d $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(BASHCOMPATDIR)
	install -m 0644 completion/perf-bpf.bash $(DESTDIR)$(BASHCOMPDIR)/perf-bpf
	printf '# perf-bpf: completion of `perf bpf` too\n. %s/perf-bpf\n' '$(BASHCOMPDIR)' \
		>$(DESTDIR)$(BASHCOMPATDIR)/perf-bpf && chmod 0644 $(DESTDIR)$(BASHCOMPATDIR)/perf-bpf
	for f in $(COMPAT_FILES); do \
		install -D -m 0644 $$f $(DESTDIR)$(PKGDATADIR)/$$f || exit 1; done
	install -d $(DESTDIR)$(DOCDIR)/examples
	install -m 0644 $(EXAMPLES) $(DESTDIR)$(DOCDIR)/examples/

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	rm -rf $(DESTDIR)$(PKGDATADIR) $(DESTDIR)$(DOCDIR)

# A release tarball, perf-bpf-VERSION.tar.gz: the committed tree and a VERSION file (no .git
# in it: scripts/version.sh reads that file), in a reproducible order, owner and time.
DIST := perf-bpf-$(VERSION)
dist:
	$(call msg,DIST,$(DIST).tar.gz)
	$(Q)rm -rf $(BUILD)/dist && mkdir -p $(BUILD)/dist
	$(Q)git archive --format=tar --prefix=$(DIST)/ HEAD | tar -x -C $(BUILD)/dist
	$(Q)printf '%s\n' '$(VERSION)' >$(BUILD)/dist/$(DIST)/VERSION
	$(Q)tar -C $(BUILD)/dist --sort=name --owner=0 --group=0 --numeric-owner \
		--mtime=@$$(git log -1 --format=%ct) -cf - $(DIST) | gzip -9n >$(DIST).tar.gz
	$(Q)rm -rf $(BUILD)/dist

clean:
	rm -rf build build-asan build-cov perf-bpf perf-bpf-*.tar.gz

-include $(LIB_OBJS:.o=.d) $(SRC_OBJS:.o=.d) $(TESTHOOK_OBJ:.o=.d) $(DISKWRITES_OBJ:.o=.d) $(wildcard $(BPF_OBJS:.o=.d))
