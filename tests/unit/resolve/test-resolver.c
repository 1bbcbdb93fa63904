// SPDX-License-Identifier: GPL-2.0
/*
 * The resolver fed with synthetic records: thread names from COMM and FORK, only what a
 * caller asks resolved, callchain markers and bounds, the first user frame of a dwarf
 * stack, the kernel cache emptied by KSYMBOL records and new kernel symbols, tracepoint
 * function pointers, and perf's "BPF string" rule.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <traceevent/event-parse.h>

#include "record/tpformat.h"
#include "resolve/ksyms.h"
#include "resolve/resolver.h"

#define CTX_KERNEL ((uint64_t)PERF_CONTEXT_KERNEL)
#define CTX_USER ((uint64_t)PERF_CONTEXT_USER)
#define PROG_ADDR 0xffffffffc0026800ull

static const char kallsyms[] = "ffffffff81000000 T _text\n"
			       "ffffffff81382900 T __x64_sys_getppid\n"
			       "ffffffff81382a00 T next_one\n";

static const struct event_desc clock_ev = {
	.name = "cpu-clock",
	.attr = { .type = PERF_TYPE_SOFTWARE,
		  .config = PERF_COUNT_SW_CPU_CLOCK,
		  .sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_CALLCHAIN },
};

static const struct event_desc out_ev = {
	.name = "evt",
	.attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_BPF_OUTPUT },
};

static void feed(struct resolver *r, struct record rec)
{
	rec.decoded = true;
	assert_int_equal(resolver__record(r, &rec), 0);
}

static struct record comm_rec(uint32_t pid, uint32_t tid, const char *comm)
{
	struct record r = { .type = PERF_RECORD_COMM };

	r.comm.pid = pid;
	r.comm.tid = tid;
	r.comm.comm = comm;
	return r;
}

static struct record ksymbol_rec(uint64_t addr, const char *name, bool unreg)
{
	struct record r = { .type = PERF_RECORD_KSYMBOL };

	r.ksymbol.addr = addr;
	r.ksymbol.len = 0x100;
	r.ksymbol.ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF;
	r.ksymbol.flags = unreg ? PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER : 0;
	r.ksymbol.name = name;
	return r;
}

static struct sample kernel_sample(uint64_t ip)
{
	return (struct sample){ .ip = ip,
				.pid = 42,
				.tid = 43,
				.cpumode = PERF_RECORD_MISC_KERNEL,
				.has_ip = 1,
				.has_tid = 1 };
}

static struct resolver *with_kallsyms(struct ksyms **ks)
{
	struct resolver *r = resolver__new(false);

	assert_non_null(r);
	*ks = ksyms__parse(kallsyms, strlen(kallsyms));
	assert_non_null(*ks);
	resolver__set_ksyms(r, *ks);
	return r;
}

static void test_comm_from_comm_and_fork(void **state)
{
	struct resolver *r = resolver__new(false);
	struct record fork = { .type = PERF_RECORD_FORK };
	struct sample s = kernel_sample(0);
	struct resolved_sample rs;

	assert_non_null(r);
	resolver__sample(r, &out_ev, &s, 0, &rs);
	assert_null(rs.comm);
	assert_ptr_equal(rs.ev, &out_ev);
	assert_ptr_equal(rs.s, &s);
	feed(r, comm_rec(42, 43, "worker"));
	resolver__sample(r, &out_ev, &s, 0, &rs);
	assert_string_equal(rs.comm, "worker");
	fork.task.pid = fork.task.tid = 50;
	fork.task.ppid = 42;
	fork.task.ptid = 43;
	feed(r, fork);
	s.pid = s.tid = 50;
	resolver__sample(r, &out_ev, &s, 0, &rs);
	assert_string_equal(rs.comm, "worker"); /* a child starts with its parent's name */
	s.has_tid = 0;
	resolver__sample(r, &out_ev, &s, 0, &rs);
	assert_null(rs.comm);
	resolver__free(r);
}

/* Nothing is looked up that was not asked for. */
static void test_only_what_is_asked(void **state)
{
	static const uint64_t chain[] = { CTX_KERNEL, 0xffffffff81382910ull };
	struct ksyms *ks;
	struct resolver *r = with_kallsyms(&ks);
	struct sample s = kernel_sample(0xffffffff81382a04ull);
	struct resolved_sample rs;

	s.raw = "hi\0";
	s.raw_size = 3;
	s.has_raw = 1;
	s.callchain = chain;
	s.callchain_nr = 2;
	s.has_callchain = 1;
	resolver__sample(r, &clock_ev, &s, 0, &rs);
	assert_null(rs.sym.name);
	assert_false(rs.has_chain);
	assert_false(rs.is_string);
	resolver__sample(r, &clock_ev, &s, RESOLVE_SYM, &rs);
	assert_string_equal(rs.sym.name, "next_one");
	assert_int_equal(rs.sym.off, 4);
	assert_string_equal(rs.sym.dso, "[kernel.kallsyms]");
	assert_false(rs.has_chain);
	resolver__sample(r, &clock_ev, &s, RESOLVE_CHAIN, &rs);
	assert_null(rs.sym.name);
	assert_true(rs.has_chain);
	assert_int_equal(rs.nr_frames, 1);
	assert_string_equal(rs.frames[0].sym.name, "__x64_sys_getppid");
	resolver__sample(r, &out_ev, &s, RESOLVE_STRING, &rs);
	assert_true(rs.is_string);
	resolver__free(r);
	ksyms__free(ks);
}

/* Markers set the mode of the frames after them; an unknown one empties the chain. */
static void test_chain_markers(void **state)
{
	static const uint64_t chain[] = { CTX_KERNEL, 0xffffffff81382916ull, CTX_USER,
					  0x555500001234ull };
	static const uint64_t bad[] = { CTX_USER, 0x555500001234ull, (uint64_t)-280, 0x1 };
	struct ksyms *ks;
	struct resolver *r = with_kallsyms(&ks);
	struct sample s = kernel_sample(0xffffffff81382916ull);
	struct record m = { .type = PERF_RECORD_MMAP2 };
	struct resolved_sample rs;

	m.mmap.pid = m.mmap.tid = 42;
	m.mmap.start = 0x555500001000ull;
	m.mmap.len = 0x1000;
	m.mmap.pgoff = 0x1000;
	m.mmap.filename = "/nonexistent/prog";
	m.mmap.cpumode = PERF_RECORD_MISC_USER;
	feed(r, m);
	s.callchain = chain;
	s.callchain_nr = 4;
	s.has_callchain = 1;
	resolver__sample(r, &clock_ev, &s, RESOLVE_CHAIN, &rs);
	assert_int_equal(rs.nr_frames, 2);
	assert_int_equal(rs.frames[0].ip, 0xffffffff81382916ull);
	assert_int_equal(rs.frames[0].addr, 0xffffffff81382916ull);
	assert_string_equal(rs.frames[0].sym.name, "__x64_sys_getppid");
	assert_int_equal(rs.frames[1].ip, 0x555500001234ull);
	assert_int_equal(rs.frames[1].addr, 0x1234); /* the offset in its dso */
	assert_string_equal(rs.frames[1].sym.dso, "/nonexistent/prog");
	s.callchain = bad;
	resolver__sample(r, &clock_ev, &s, RESOLVE_CHAIN, &rs);
	assert_true(rs.has_chain);
	assert_int_equal(rs.nr_frames, 0);
	resolver__free(r);
	ksyms__free(ks);
}

/* perf script's default max stack: frames past it are left out. */
static void test_chain_bounded(void **state)
{
	static uint64_t chain[RESOLVE_MAX_FRAMES + 20];
	struct resolver *r = resolver__new(false);
	struct sample s = kernel_sample(0xffffffff81382916ull);
	struct resolved_sample rs;

	assert_non_null(r);
	for (size_t i = 0; i < sizeof(chain) / 8; i++)
		chain[i] = 0xffffffff81000000ull + i;
	s.callchain = chain;
	s.callchain_nr = sizeof(chain) / 8;
	s.has_callchain = 1;
	resolver__sample(r, &clock_ev, &s, RESOLVE_CHAIN, &rs);
	assert_int_equal(rs.nr_frames, RESOLVE_MAX_FRAMES);
	assert_int_equal(rs.frames[RESOLVE_MAX_FRAMES - 1].ip,
			 0xffffffff81000000ull + RESOLVE_MAX_FRAMES - 1);
	resolver__free(r);
}

/* --call-graph dwarf: the sample's own user ip is the first user frame; no more is known. */
static void test_dwarf_stack_first_user_frame(void **state)
{
	static const uint64_t chain[] = { CTX_KERNEL, 0xffffffff81382916ull };
	struct event_desc ev = clock_ev;
	struct resolver *r = resolver__new(false);
	struct sample s = kernel_sample(0x400123);
	struct resolved_sample rs;

	assert_non_null(r);
	s.cpumode = PERF_RECORD_MISC_USER;
	s.callchain = chain;
	s.callchain_nr = 2;
	s.has_callchain = 1;
	resolver__sample(r, &ev, &s, RESOLVE_CHAIN, &rs);
	assert_int_equal(rs.nr_frames, 1);
	ev.attr.sample_type |= PERF_SAMPLE_STACK_USER;
	resolver__sample(r, &ev, &s, RESOLVE_CHAIN, &rs);
	assert_int_equal(rs.nr_frames, 2);
	assert_int_equal(rs.frames[1].ip, 0x400123);
	resolver__free(r);
}

/* A cached kernel name is forgotten when a BPF program comes or goes, or kallsyms come. */
static void test_kernel_cache_follows_changes(void **state)
{
	struct resolver *r = resolver__new(false);
	struct sample s = kernel_sample(PROG_ADDR + 0x10);
	struct resolved_sample rs;
	struct ksyms *ks;

	assert_non_null(r);
	resolver__sample(r, &out_ev, &s, RESOLVE_SYM, &rs);
	assert_null(rs.sym.name);
	feed(r, ksymbol_rec(PROG_ADDR, "bpf_prog_1234_spin", false));
	resolver__sample(r, &out_ev, &s, RESOLVE_SYM, &rs);
	assert_string_equal(rs.sym.name, "bpf_prog_1234_spin");
	assert_int_equal(rs.sym.off, 0x10);
	assert_string_equal(rs.sym.dso, "bpf_prog_1234_spin");
	feed(r, ksymbol_rec(PROG_ADDR, "bpf_prog_1234_spin", true));
	resolver__sample(r, &out_ev, &s, RESOLVE_SYM, &rs);
	assert_null(rs.sym.name);
	s.ip = 0xffffffff81382908ull;
	resolver__sample(r, &out_ev, &s, RESOLVE_SYM, &rs);
	assert_null(rs.sym.name);
	ks = ksyms__parse(kallsyms, strlen(kallsyms));
	assert_non_null(ks);
	resolver__set_ksyms(r, ks);
	resolver__sample(r, &out_ev, &s, RESOLVE_SYM, &rs);
	assert_string_equal(rs.sym.name, "__x64_sys_getppid");
	resolver__free(r);
	ksyms__free(ks);
}

/* %ps in a tracepoint's format names the function through the kernel symbols. */
static void test_tep_functions_resolve(void **state)
{
	struct tep_handle *tep = tpformat__new_tep();
	struct ksyms *ks;
	struct resolver *r = with_kallsyms(&ks);

	assert_non_null(tep);
	resolver__set_tep(r, tep);
	assert_string_equal(tep_find_function(tep, 0xffffffff81382904ull), "__x64_sys_getppid");
	resolver__set_tep(r, NULL);
	assert_null(tep_find_function(tep, 0xffffffff81382904ull)); /* unhooked */
	resolver__set_tep(r, tep);
	resolver__free(r); /* unhooks it too: tep outlives it */
	ksyms__free(ks);
	tep_free(tep);
}

static void test_is_bpf_string_rules(void **state)
{
	static const struct {
		const char *data;
		uint32_t size;
		bool string;
	} cases[] = {
		{ "abc", 3, false }, /* no NUL */
		{ "ab\0c", 4, false }, /* a byte after the NUL */
		{ "abc\0", 4, true }, /* NUL-terminated */
		{ "abc\0\0\0\0", 7, true }, /* NUL padding */
		{ "", 0, false }, /* empty payload */
		{ "\0", 1, true }, /* empty string */
		{ "\0\0", 2, true }, /* empty string, padded */
		{ "a\nb\0", 4, false }, /* newline is not printable */
		{ "a\tb\0", 4, false }, /* nor is a tab */
		{ "\x80\0", 2, false }, /* C1 controls are not */
		{ "\x9f\0", 2, false },
		{ "\xa0\xe9\xff\0", 4, true }, /* Latin-1 is, in perf's ctype */
		{ "\x7f\0", 2, false }, /* DEL is not */
		{ "~ \0", 3, true }, /* the printable edges */
		{ "abc\0d\0", 6, false }, /* two strings */
		{ "hello world\0", 12, true },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (resolver__is_bpf_string(cases[i].data, cases[i].size) != cases[i].string)
			fail_msg("case %zu: expected %d", i, cases[i].string);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_comm_from_comm_and_fork),
		cmocka_unit_test(test_only_what_is_asked),
		cmocka_unit_test(test_chain_markers),
		cmocka_unit_test(test_chain_bounded),
		cmocka_unit_test(test_dwarf_stack_first_user_frame),
		cmocka_unit_test(test_kernel_cache_follows_changes),
		cmocka_unit_test(test_tep_functions_resolve),
		cmocka_unit_test(test_is_bpf_string_rules),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
