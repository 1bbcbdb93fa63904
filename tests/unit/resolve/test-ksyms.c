// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "resolve/ksyms.h"

/* Unsorted, with duplicates, a module, zero addresses and junk lines, as kallsyms can be. */
static const char text[] = "ffffffff814c2b30 t perf_syscall_enter\n"
			   "ffffffff81000000 T _stext\n"
			   "ffffffff81000000 T _text\n"
			   "ffffffff81000000 t __pi__text\n"
			   "ffffffff814c2b20 t __pfx_perf_syscall_enter\n"
			   "ffffffff812112c9 t perf_syscall_enter.cold\n"
			   "ffffffff81500000 W weak_one\n"
			   "ffffffff81500000 t local_one\n"
			   "0000000000000000 A fixed_percpu_data\n"
			   "not a line\n"
			   "ffffffff81600000\n"
			   "ffffffffc0201000 t ftrace_trampoline\t[__builtin__ftrace]\n"
			   "ffffffffc0300000 t nft_do_chain\t[nf_tables]";

static void test_ksyms_parse_sorted_lookup(void **state)
{
	struct ksyms *ks = ksyms__parse(text, strlen(text));
	uint64_t off = 0;

	assert_non_null(ks);
	/* _text, _stext, __pi__text are one address: one symbol, up to the next one */
	assert_string_equal(ksyms__find(ks, 0xffffffff812112c8ull, &off), "__pi__text");
	assert_int_equal(off, 0x2112c8);
	assert_string_equal(ksyms__find(ks, 0xffffffff814c2d0bull, &off), "perf_syscall_enter");
	assert_int_equal(off, 0x1db);
	assert_string_equal(ksyms__find(ks, 0xffffffff814c2b30ull, &off), "perf_syscall_enter");
	assert_int_equal(off, 0);
	assert_string_equal(ksyms__find(ks, 0xffffffff814c2b2full, &off),
			    "__pfx_perf_syscall_enter");
	assert_string_equal(ksyms__find(ks, 0xffffffff812112d0ull, &off),
			    "perf_syscall_enter.cold");
	assert_null(ksyms__module(ks, 0xffffffff812112d0ull));
	assert_null(ksyms__find(ks, 0xffffffff80ffffffull, &off));
	assert_null(ksyms__find(ks, 0, &off));
	ksyms__free(ks);
}

/*
 * At one address the name listed last wins, whatever its type, as in perf script:
 * /proc/kallsyms lists memcpy, __memcpy, __pi_memcpy and perf prints __pi_memcpy.
 */
static void test_ksyms_find_last_listed(void **state)
{
	static const char dup[] = "ffffffff813828f0 t __do_sys_getppid\n"
				  "ffffffff813828f0 T __ia32_sys_getppid\n"
				  "ffffffff813828f0 T __x64_sys_getppid\n"
				  "ffffffff82260fa0 T memcpy\n"
				  "ffffffff82260fa0 T __memcpy\n"
				  "ffffffff82260fa0 T __pi_memcpy\n";
	struct ksyms *ks = ksyms__parse(text, strlen(text));
	uint64_t off;

	assert_non_null(ks);
	assert_string_equal(ksyms__find(ks, 0xffffffff81000004ull, &off), "__pi__text");
	assert_int_equal(off, 4);
	assert_string_equal(ksyms__find(ks, 0xffffffff81500000ull, NULL), "local_one");
	ksyms__free(ks);
	ks = ksyms__parse(dup, strlen(dup));
	assert_non_null(ks);
	assert_string_equal(ksyms__find(ks, 0xffffffff81382916ull, &off), "__x64_sys_getppid");
	assert_int_equal(off, 0x26);
	assert_string_equal(ksyms__find(ks, 0xffffffff82260faaull, &off), "__pi_memcpy");
	ksyms__free(ks);
}

static void test_ksyms_find_modules_and_end(void **state)
{
	struct ksyms *ks = ksyms__parse(text, strlen(text));
	char buf[64];

	assert_non_null(ks);
	assert_string_equal(ksyms__find(ks, 0xffffffffc0201010ull, NULL), "ftrace_trampoline");
	assert_string_equal(ksyms__module(ks, 0xffffffffc0201010ull), "__builtin__ftrace");
	assert_string_equal(ksyms__module(ks, 0xffffffffc0300010ull), "nf_tables");
	/* the last symbol does not swallow the rest of the address space */
	assert_non_null(ksyms__find(ks, 0xffffffffc0300fffull, NULL));
	assert_null(ksyms__find(ks, 0xffffffffc0400000ull, NULL));
	assert_int_equal(ksyms__snprint(ks, 0xffffffff814c2d0bull, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "perf_syscall_enter+0x1db");
	assert_int_equal(ksyms__snprint(ks, 0x10, buf, sizeof(buf)), -ENOENT);
	assert_null(ksyms__find(NULL, 0xffffffff814c2d0bull, NULL));
	ksyms__free(ks);
	ksyms__free(NULL);
}

/*
 * The kernel image's last symbol before the modules does not stretch to them: the issue's
 * BPF program address printed as __stop_runtime_ptr_USER_PTR_MAX+0x3c4fa3fd.
 */
static const char image_end[] = "ffffffff83b28000 D last_data\n"
				"ffffffff83b28974 R __stop_runtime_ptr_USER_PTR_MAX\n"
				"ffffffff83b29000 t a_function\n"
				"ffffffffc0201000 t ftrace_trampoline\t[__builtin__ftrace]\n"
				"ffffffffc0203000 t bpf_prog_0123456789abcdef_hello\t[bpf]\n"
				"ffffffffc0300000 t nft_do_chain\t[nf_tables]\n"
				"ffffffffc0300100 t nft_other\t[nf_tables]\n";

static void test_ksyms_extent_bounds(void **state)
{
	struct ksyms *ks = ksyms__parse(image_end, strlen(image_end));
	uint64_t off;

	assert_non_null(ks);
	/* R symbols are not kept (perf keeps T, W, D, B): last_data spans up to a_function */
	assert_string_equal(ksyms__find(ks, 0xffffffff83b28974ull, &off), "last_data");
	assert_int_equal(off, 0x974);
	/* the image's last symbol: up to the page boundary after the next, then nothing */
	assert_string_equal(ksyms__find(ks, 0xffffffff83b29fffull, &off), "a_function");
	assert_null(ksyms__find(ks, 0xffffffff83b2a000ull, &off));
	assert_null(ksyms__find(ks, 0xffffffffc0022d71ull, &off));
	/* a module's symbols run up to the next symbol of the same module */
	assert_string_equal(ksyms__find(ks, 0xffffffffc03000ffull, &off), "nft_do_chain");
	assert_string_equal(ksyms__find(ks, 0xffffffffc0300fffull, &off), "nft_other");
	assert_string_equal(ksyms__find(ks, 0xffffffffc0301fffull, &off), "nft_other");
	assert_null(ksyms__find(ks, 0xffffffffc0302000ull, &off));
	assert_string_equal(ksyms__find(ks, 0xffffffffc0203010ull, &off),
			    "bpf_prog_0123456789abcdef_hello");
	ksyms__free(ks);
}

/* A recorded file's reader skips the [bpf] and [__builtin__*] symbols of this machine. */
static void test_ksyms_real_modules_only(void **state)
{
	char path[] = "/tmp/test-ksyms.XXXXXX";
	int fd = mkstemp(path);
	struct ksyms *ks;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, image_end, strlen(image_end)), strlen(image_end));
	close(fd);
	ks = ksyms__new_lazy(path);
	assert_non_null(ks);
	ksyms__real_modules_only(ks);
	assert_null(ksyms__find(ks, 0xffffffffc0203010ull, NULL));
	assert_null(ksyms__find(ks, 0xffffffffc0201010ull, NULL));
	assert_string_equal(ksyms__find(ks, 0xffffffffc0300010ull, NULL), "nft_do_chain");
	assert_string_equal(ksyms__find(ks, 0xffffffff83b29000ull, NULL), "a_function");
	unlink(path);
	ksyms__free(ks);
}

static void test_ksyms_parse_empty(void **state)
{
	errno = 0;
	assert_null(ksyms__parse("0000000000000000 T _text\n", 25));
	assert_int_equal(errno, ENODATA);
	assert_null(ksyms__parse("", 0));
}

/* Text that is not NUL-terminated, cut inside an address: no read past its end (ASan). */
static void test_ksyms_parse_unterminated(void **state)
{
	static const char line[] = "ffffffff81000000 T _text\nffffffff8100";
	char *buf = malloc(sizeof(line) - 1);
	struct ksyms *ks;

	memcpy(buf, line, sizeof(line) - 1);
	ks = ksyms__parse(buf, sizeof(line) - 1);
	assert_non_null(ks);
	assert_string_equal(ksyms__find(ks, 0xffffffff81000000ull, NULL), "_text");
	assert_null(ksyms__find(ks, 0xffffffff8100ull, NULL)); /* the cut line */
	ksyms__free(ks);
	/* more than 16 digits is no address */
	ks = ksyms__parse("1ffffffff81000000 T _text\n", 27);
	assert_null(ks);
	free(buf);
}

static void test_ksyms_load_file(void **state)
{
	char path[] = "/tmp/test-ksyms.XXXXXX";
	int fd = mkstemp(path);
	struct ksyms *ks;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), strlen(text));
	close(fd);
	ks = ksyms__load(path);
	unlink(path);
	assert_non_null(ks);
	assert_string_equal(ksyms__find(ks, 0xffffffff814c2d0bull, NULL), "perf_syscall_enter");
	ksyms__free(ks);
	errno = 0;
	assert_null(ksyms__load("/nonexistent/kallsyms"));
	assert_int_equal(errno, ENOENT);
}

/* A lazy handle reads its file at the first lookup, and only then. */
static void test_ksyms_new_lazy_reads_on_first_lookup(void **state)
{
	char path[] = "/tmp/test-ksyms.XXXXXX";
	int fd = mkstemp(path);
	struct ksyms *ks, *missing;
	uint64_t off;

	assert_true(fd >= 0);
	ks = ksyms__new_lazy(path); /* the file is still empty */
	assert_non_null(ks);
	assert_int_equal(write(fd, text, strlen(text)), strlen(text));
	close(fd);
	assert_non_null(ksyms__find(ks, 0xffffffff81000010ULL, &off));
	unlink(path);
	assert_string_equal(ksyms__find(ks, 0xffffffff814c2d0bull, NULL), "perf_syscall_enter");
	ksyms__free(ks);
	missing = ksyms__new_lazy("/nonexistent/kallsyms");
	assert_non_null(missing);
	assert_null(ksyms__find(missing, 0xffffffff81000010ULL, &off));
	ksyms__free(missing);
}

/*
 * A table read ahead says it is loading until its thread is done, and lookups do not wait
 * after that: the file is a FIFO, so the thread is held until the test writes the table.
 */
static void test_ksyms_load_ahead_says_loading(void **state)
{
	char dir[] = "/tmp/test-ksyms.XXXXXX", fifo[64];
	struct ksyms *ks;
	int fd;

	assert_non_null(mkdtemp(dir));
	snprintf(fifo, sizeof(fifo), "%s/kallsyms", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	ks = ksyms__new_lazy(fifo);
	assert_non_null(ks);
	assert_false(ksyms__loading(ks)); /* not read ahead */
	ksyms__load_ahead(ks);
	assert_true(ksyms__loading(ks));
	fd = open(fifo, O_WRONLY); /* the thread has the other end */
	assert_true(fd >= 0);
	assert_true(ksyms__loading(ks));
	assert_int_equal(write(fd, text, strlen(text)), strlen(text));
	close(fd);
	for (int i = 0; i < 600000 && ksyms__loading(ks); i++)
		usleep(100);
	assert_false(ksyms__loading(ks));
	assert_string_equal(ksyms__find(ks, 0xffffffff814c2d0bull, NULL), "perf_syscall_enter");
	assert_false(ksyms__loading(NULL));
	ksyms__free(ks);
	unlink(fifo);
	rmdir(dir);
}

/* The running kernel's table, as root: _text resolves to itself. */
static void test_ksyms_load_proc(void **state)
{
	struct ksyms *ks = ksyms__load(NULL);
	char line[256], name[128];
	unsigned long long addr = 0;
	FILE *f;

	if (!ks || getuid() != 0) {
		ksyms__free(ks);
		skip();
	}
	f = fopen("/proc/kallsyms", "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %*c %127s", &addr, name) == 2 && !strcmp(name, "_text"))
			break;
	fclose(f);
	assert_non_null(ksyms__find(ks, addr + 1, NULL));
	ksyms__free(ks);
}

/*
 * A sorted kernel image followed by unsorted module symbols (how kallsyms lists them):
 * the tail is sorted and merged, and at an address the image shares with the tail the
 * name listed last still wins.
 */
static void test_ksyms_sorted_prefix_then_tail(void **state)
{
	static const char listed[] = "ffffffff81000100 T a\n"
				     "ffffffff81000200 T b\n"
				     "ffffffff81000300 T c\n"
				     "ffffffff81000250 t d\t[m1]\n"
				     "ffffffff81000200 t e\t[m1]\n"
				     "ffffffff81000050 t f\t[m2]\n"
				     "ffffffff81000310 t g\t[m2]\n";
	struct ksyms *ks = ksyms__parse(listed, strlen(listed));

	assert_non_null(ks);
	assert_string_equal(ksyms__find(ks, 0xffffffff81000060ull, NULL), "f");
	assert_string_equal(ksyms__find(ks, 0xffffffff81000100ull, NULL), "a");
	assert_string_equal(ksyms__find(ks, 0xffffffff81000201ull, NULL), "e");
	assert_string_equal(ksyms__module(ks, 0xffffffff81000201ull), "m1");
	assert_string_equal(ksyms__find(ks, 0xffffffff81000260ull, NULL), "d");
	assert_string_equal(ksyms__find(ks, 0xffffffff81000301ull, NULL), "c");
	assert_string_equal(ksyms__find(ks, 0xffffffff81000311ull, NULL), "g");
	ksyms__free(ks);
}

/* A file larger than the read buffer, lines cut by its reads: as the text parsed whole. */
static void test_ksyms_load_large_file(void **state)
{
	char path[] = "/tmp/test-ksyms.XXXXXX";
	size_t cap = 1 << 21, len = 0;
	char *buf = malloc(cap);
	struct ksyms *from_text, *from_file;
	int fd = mkstemp(path);

	assert_non_null(buf);
	assert_true(fd >= 0);
	for (unsigned i = 0; i < 40000; i++) /* ~1.3 MB: five reads, unsorted in its tail */
		len += snprintf(buf + len, cap - len, "ffffffff%08x t sym_%u_%s\n",
				0x81000000u + (i < 30000 ? i : 70000 - i) * 64, i,
				i % 7 ? "x" : "a_longer_name_to_vary_the_line_length");
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	close(fd);
	from_text = ksyms__parse(buf, len);
	from_file = ksyms__load(path);
	unlink(path);
	assert_non_null(from_text);
	assert_non_null(from_file);
	for (unsigned i = 0; i < 41000; i++) {
		uint64_t addr = 0xffffffff81000000ull + i * 64 + 3, o1 = 0, o2 = 0;
		const char *a = ksyms__find(from_text, addr, &o1);
		const char *b = ksyms__find(from_file, addr, &o2);

		assert_true((a == NULL) == (b == NULL));
		if (a) {
			assert_string_equal(a, b);
			assert_int_equal(o1, o2);
		}
	}
	ksyms__free(from_text);
	ksyms__free(from_file);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ksyms_parse_sorted_lookup),
		cmocka_unit_test(test_ksyms_find_last_listed),
		cmocka_unit_test(test_ksyms_find_modules_and_end),
		cmocka_unit_test(test_ksyms_extent_bounds),
		cmocka_unit_test(test_ksyms_real_modules_only),
		cmocka_unit_test(test_ksyms_parse_empty),
		cmocka_unit_test(test_ksyms_parse_unterminated),
		cmocka_unit_test(test_ksyms_load_file),
		cmocka_unit_test(test_ksyms_sorted_prefix_then_tail),
		cmocka_unit_test(test_ksyms_load_large_file),
		cmocka_unit_test(test_ksyms_load_proc),
		cmocka_unit_test(test_ksyms_new_lazy_reads_on_first_lookup),
		cmocka_unit_test(test_ksyms_load_ahead_says_loading),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
