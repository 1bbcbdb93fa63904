// SPDX-License-Identifier: GPL-2.0
/*
 * symbols.c fed with synthetic records: the maps of each process (overlaps, FORK, exec),
 * user addresses through this test's own executable, BPF programs from KSYMBOL records,
 * kernel addresses bounded by their symbol's extent.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "resolve/ksyms.h"
#include "resolve/symbols.h"

static struct record mmap_rec(uint32_t pid, uint64_t start, uint64_t len, uint64_t pgoff,
			      const char *file)
{
	struct record r = { .type = PERF_RECORD_MMAP2, .decoded = true };

	r.mmap.pid = r.mmap.tid = pid;
	r.mmap.start = start;
	r.mmap.len = len;
	r.mmap.pgoff = pgoff;
	r.mmap.filename = file;
	r.mmap.cpumode = PERF_RECORD_MISC_USER;
	return r;
}

static struct record fork_rec(uint32_t pid, uint32_t ppid)
{
	struct record r = { .type = PERF_RECORD_FORK, .decoded = true };

	r.task.pid = r.task.tid = pid;
	r.task.ppid = r.task.ptid = ppid;
	return r;
}

static struct record ksymbol_rec(uint64_t addr, uint32_t len, const char *name, bool unreg)
{
	struct record r = { .type = PERF_RECORD_KSYMBOL, .decoded = true };

	r.ksymbol.addr = addr;
	r.ksymbol.len = len;
	r.ksymbol.ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF;
	r.ksymbol.flags = unreg ? PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER : 0;
	r.ksymbol.name = name;
	return r;
}

static void feed(struct symbols *sy, struct record r)
{
	assert_true(symbols__record(sy, &r) >= 0);
}

/* A function of this test, to find in its own executable. */
int symbols_test_target(int x);
__attribute__((noinline, used)) int symbols_test_target(int x)
{
	return x * 3 + 1;
}

/* The mapping of this executable that holds addr, from /proc/self/maps. */
static int self_map(uint64_t addr, uint64_t *start, uint64_t *end, uint64_t *pgoff, char *path)
{
	char line[PATH_MAX + 128];
	FILE *f = fopen("/proc/self/maps", "r");
	int found = -1;

	assert_non_null(f);
	while (found && fgets(line, sizeof(line), f)) {
		unsigned long long s, e, o;

		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %4095s", &s, &e, &o, path) == 4 &&
		    addr >= s && addr < e) {
			*start = s;
			*end = e;
			*pgoff = o;
			found = 0;
		}
	}
	fclose(f);
	return found;
}

static void test_symbols_user_maps(void **state)
{
	struct symbols *sy = symbols__new();
	uint64_t ip = (uintptr_t)symbols_test_target + 4, start = 0, end = 0, pgoff = 0;
	char path[PATH_MAX];
	struct sym_info si;

	assert_non_null(sy);
	assert_int_equal(self_map(ip, &start, &end, &pgoff, path), 0);
	/* no maps yet: nothing known */
	symbols__resolve(sy, 100, PERF_RECORD_MISC_USER, ip, &si);
	assert_null(si.name);
	assert_null(si.dso);
	assert_true(si.addr == ip);
	feed(sy, mmap_rec(100, start, end - start, pgoff, path));
	symbols__resolve(sy, 100, PERF_RECORD_MISC_USER, ip, &si);
	assert_string_equal(si.name, "symbols_test_target");
	assert_int_equal(si.off, 4);
	assert_string_equal(si.dso, path);
	assert_true(si.addr == ip - start + pgoff); /* callchains print the dso offset */
	/* another process does not see these maps */
	symbols__resolve(sy, 101, PERF_RECORD_MISC_USER, ip, &si);
	assert_null(si.dso);
	/* a child process gets a copy, a thread (pid == ppid) shares its process's */
	feed(sy, fork_rec(102, 100));
	symbols__resolve(sy, 102, PERF_RECORD_MISC_USER, ip, &si);
	assert_string_equal(si.name, "symbols_test_target");
	feed(sy, fork_rec(100, 100));
	symbols__resolve(sy, 100, PERF_RECORD_MISC_USER, ip, &si);
	assert_string_equal(si.name, "symbols_test_target");
	/* an anonymous map over part of it: that part is the JIT's, printed at its address */
	feed(sy, mmap_rec(100, ip & ~0xfffull, 0x1000, 0, "//anon"));
	symbols__resolve(sy, 100, PERF_RECORD_MISC_USER, ip, &si);
	assert_null(si.name);
	assert_string_equal(si.dso, "/tmp/perf-100.map");
	assert_true(si.addr == ip);
	/* the child kept its own copy */
	symbols__resolve(sy, 102, PERF_RECORD_MISC_USER, ip, &si);
	assert_string_equal(si.name, "symbols_test_target");
	/* cpumode unknown: the address says user */
	symbols__resolve(sy, 102, 0, ip, &si);
	assert_string_equal(si.name, "symbols_test_target");
	symbols__trim(sy);
	symbols__free(sy);
}

/* A map laid over the middle of another leaves both ends, the tail at its right pgoff. */
static void test_symbols_map_split(void **state)
{
	struct symbols *sy = symbols__new();
	struct sym_info si;

	feed(sy, mmap_rec(7, 0x10000, 0x10000, 0x1000, "/nonexistent/a"));
	feed(sy, mmap_rec(7, 0x14000, 0x2000, 0, "/nonexistent/b"));
	symbols__resolve(sy, 7, PERF_RECORD_MISC_USER, 0x13fff, &si);
	assert_string_equal(si.dso, "/nonexistent/a");
	assert_true(si.addr == 0x13fff - 0x10000 + 0x1000);
	symbols__resolve(sy, 7, PERF_RECORD_MISC_USER, 0x15000, &si);
	assert_string_equal(si.dso, "/nonexistent/b");
	assert_true(si.addr == 0x1000);
	symbols__resolve(sy, 7, PERF_RECORD_MISC_USER, 0x16010, &si);
	assert_string_equal(si.dso, "/nonexistent/a");
	assert_true(si.addr == 0x16010 - 0x10000 + 0x1000);
	symbols__resolve(sy, 7, PERF_RECORD_MISC_USER, 0x20000, &si);
	assert_null(si.dso);
	/* [heap]-like maps: the address itself, no symbol */
	feed(sy, mmap_rec(7, 0x30000, 0x1000, 0, "[heap]"));
	symbols__resolve(sy, 7, PERF_RECORD_MISC_USER, 0x30010, &si);
	assert_string_equal(si.dso, "[heap]");
	assert_true(si.addr == 0x30010);
	symbols__free(sy);
}

static const char kallsyms[] = "ffffffff81000000 T _text\n"
			       "ffffffff81382900 T __x64_sys_getppid\n"
			       "ffffffff83b28000 D last_data\n"
			       "ffffffffc0300000 t nft_do_chain\t[nf_tables]\n";

static void test_symbols_kernel_and_bpf(void **state)
{
	struct symbols *sy = symbols__new();
	struct ksyms *ks = ksyms__parse(kallsyms, strlen(kallsyms));
	struct sym_info si;
	struct record r;

	assert_non_null(ks);
	/* no kernel symbols yet */
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffff81382916ull, &si);
	assert_null(si.name);
	symbols__set_ksyms(sy, ks);
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffff81382916ull, &si);
	assert_string_equal(si.name, "__x64_sys_getppid");
	assert_int_equal(si.off, 0x16);
	assert_string_equal(si.dso, "[kernel.kallsyms]");
	assert_null(si.module);
	assert_true(si.addr == 0xffffffff81382916ull);
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffffc0300010ull, &si);
	assert_string_equal(si.module, "nf_tables");
	assert_null(si.dso);
	/* a BPF program past the image's last symbol: unknown until its KSYMBOL */
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffffc0026813ull, &si);
	assert_null(si.name);
	assert_null(si.dso);
	r = ksymbol_rec(0xffffffffc00267e8ull, 0x60, "bpf_prog_64bba40939536857_spin", false);
	assert_int_equal(symbols__record(sy, &r), 1);
	feed(sy,
	     ksymbol_rec(0xffffffffc0028000ull, 0x40, "bpf_prog_0000000000000000_other", false));
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffffc0026813ull, &si);
	assert_string_equal(si.name, "bpf_prog_64bba40939536857_spin");
	assert_int_equal(si.off, 0x2b);
	assert_string_equal(si.dso, "bpf_prog_64bba40939536857_spin");
	/* past its length: nothing; the other one */
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffffc0026848ull, &si);
	assert_null(si.name);
	symbols__resolve(sy, 1, 0, 0xffffffffc002803full, &si);
	assert_string_equal(si.name, "bpf_prog_0000000000000000_other");
	/* unregistered: gone */
	r = ksymbol_rec(0xffffffffc00267e8ull, 0x60, "bpf_prog_64bba40939536857_spin", true);
	assert_int_equal(symbols__record(sy, &r), 1);
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffffc0026813ull, &si);
	assert_null(si.name);
	/*
	 * a program registered inside one still known (its unregistering missed): the known
	 * one goes on naming it, as in perf; unregistering the address drops the holder
	 */
	feed(sy, ksymbol_rec(0xffffffffc00267dcull, 0x98, "bpf_prog_684adea10ba2d253_emit", false));
	r = ksymbol_rec(0xffffffffc00267e4ull, 0x3a, "bpf_prog_64bba40939536857_spin", false);
	assert_int_equal(symbols__record(sy, &r), 0);
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffffc0026801ull, &si);
	assert_string_equal(si.name, "bpf_prog_684adea10ba2d253_emit");
	assert_int_equal(si.off, 0x25);
	r.ksymbol.flags = PERF_RECORD_KSYMBOL_FLAGS_UNREGISTER;
	assert_int_equal(symbols__record(sy, &r), 1);
	symbols__resolve(sy, 1, PERF_RECORD_MISC_KERNEL, 0xffffffffc0026801ull, &si);
	assert_null(si.name);
	/* other ksymbol types are not BPF programs */
	r = ksymbol_rec(0xffffffffc0029000ull, 0x40, "ool", false);
	r.ksymbol.ksym_type = PERF_RECORD_KSYMBOL_TYPE_OOL;
	assert_int_equal(symbols__record(sy, &r), 0);
	symbols__free(sy);
	ksyms__free(ks);
}

/* A build-id table of any length costs at most its budget: past it, -ENOSPC, nothing kept. */
static void test_symbols_build_id_budget(void **state)
{
	struct symbols *sy = symbols__new();
	unsigned char id[20] = { 1 };
	char path[128];
	size_t n = 0;
	int err;

	assert_non_null(sy);
	memset(path, 'a', sizeof(path) - 1);
	path[sizeof(path) - 1] = '\0';
	do {
		snprintf(path, 16, "/lib/%zu", n);
		path[strlen(path)] = 'a';
		err = symbols__add_build_id(sy, path, id, sizeof(id));
	} while (!err && ++n < 1000000);
	assert_int_equal(err, -ENOSPC);
	/* 16 MiB of 128-byte names and their entries: about 110000 */
	assert_in_range(n, 100000, 140000);
	assert_int_equal(symbols__add_build_id(sy, path, id, sizeof(id)), -ENOSPC);
	symbols__free(sy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symbols_user_maps),
		cmocka_unit_test(test_symbols_map_split),
		cmocka_unit_test(test_symbols_kernel_and_bpf),
		cmocka_unit_test(test_symbols_build_id_budget),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
