// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/load/probe.c: glob expansion against a kallsyms fixture and an ELF file, names. */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "load/probe.h"

static const char kallsyms[] = "ffffffff81000000 T _stext\n"
			       "ffffffff81234560 T __x64_sys_dup2\n"
			       "ffffffff81234570 T __x64_sys_dup3\n"
			       "ffffffff81234580 t __x64_sys_dup\n"
			       "ffffffff81234590 t __x64_sys_dup2.cold\n"
			       "ffffffff812345a0 D __x64_sys_dupdata\n"
			       "ffffffff812345b0 T __x64_sys_dup2\n"
			       "0000000000000000 t loop_dup4\t[loop]\n"
			       "ffffffffc0001000 t dupmod_fn\t[dupmod]\n";

static char *fixture(void)
{
	char *path = strdup("/tmp/test-probe-kallsyms.XXXXXX");
	int fd = mkstemp(path);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, kallsyms, sizeof(kallsyms) - 1), (ssize_t)sizeof(kallsyms) - 1);
	close(fd);
	return path;
}

static void test_probe__expand_ksyms_glob(void **state)
{
	char *path = fixture();
	struct probe_point *pts;
	int n;

	/* text symbols only, no compiler clones, each name once */
	assert_int_equal(probe__expand_ksyms(path, "", NULL, "__x64_sys_dup?", &pts, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(pts[0].func, "__x64_sys_dup2");
	assert_string_equal(pts[1].func, "__x64_sys_dup3");
	probe__free_points(pts, n);

	assert_int_equal(probe__expand_ksyms(path, "", NULL, "*dup*", &pts, &n), 0);
	assert_int_equal(n, 5); /* dup2, dup3, dup, loop_dup4, dupmod_fn */
	probe__free_points(pts, n);

	/* module= restricts to that module's symbols */
	assert_int_equal(probe__expand_ksyms(path, "", "loop", "*dup*", &pts, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(pts[0].func, "loop_dup4");
	probe__free_points(pts, n);

	assert_int_equal(probe__expand_ksyms(path, "", NULL, "nothing*", &pts, &n), -ENOENT);
	assert_null(pts);
	assert_int_equal(n, 0);
	unlink(path);
	free(path);
}

static void test_probe__expand_ksyms_plain_name(void **state)
{
	struct probe_point *pts;
	int n;

	/* a plain name is not looked up: the kernel says whether it exists */
	assert_int_equal(probe__expand_ksyms("/nonexistent", "", NULL, "do_sys_open", &pts, &n), 0);
	assert_int_equal(n, 1);
	assert_string_equal(pts[0].func, "do_sys_open");
	probe__free_points(pts, n);
	assert_int_equal(probe__expand_ksyms("/nonexistent", "", NULL, "do_*", &pts, &n), -ENOENT);
}

static void test_probe__expand_ksyms_too_many(void **state)
{
	char path[] = "/tmp/test-probe-many.XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	struct probe_point *pts;
	int n;

	for (int i = 0; i < PROBE_MAX_POINTS + 1; i++)
		fprintf(f, "ffffffff8100%04x T many_%d\n", i, i);
	fclose(f);
	assert_int_equal(probe__expand_ksyms(path, "", NULL, "many_*", &pts, &n), -E2BIG);
	assert_int_equal(probe__expand_ksyms(path, "", NULL, "many_1*", &pts, &n), 0);
	assert_int_equal(n, 1 + 10 + 29); /* many_1, many_10..19, many_100..128 */
	probe__free_points(pts, n);
	unlink(path);
}

/*
 * A glob keeps only the functions the kernel traces (kprobe events refuse notrace ones with
 * EINVAL, which failed the whole glob), in kallsyms' order; past PROBE_MAX_POINTS only once
 * those are left out. A plain name is never checked.
 */
static void test_probe__expand_ksyms_traceable(void **state)
{
	char *path = fixture(), list[] = "/tmp/test-probe-traceable.XXXXXX";
	char many[] = "/tmp/test-probe-many2.XXXXXX";
	int fd = mkstemp(list), mfd = mkstemp(many);
	struct probe_point *pts;
	int n;

	assert_true(fd >= 0 && mfd >= 0);
	dprintf(fd, "__x64_sys_dup3\nunrelated_fn\nloop_dup4 [loop]\n__x64_sys_dup\n");
	close(fd);
	assert_int_equal(probe__expand_ksyms(path, list, NULL, "*dup*", &pts, &n), 0);
	assert_int_equal(n, 3); /* not dup2, nor dupmod_fn */
	assert_string_equal(pts[0].func, "__x64_sys_dup3");
	assert_string_equal(pts[1].func, "__x64_sys_dup");
	assert_string_equal(pts[2].func, "loop_dup4");
	probe__free_points(pts, n);
	assert_int_equal(probe__expand_ksyms(path, list, NULL, "__x64_sys_dup2", &pts, &n), 0);
	assert_int_equal(n, 1);
	probe__free_points(pts, n);
	assert_int_equal(probe__expand_ksyms(path, list, NULL, "dupmod*", &pts, &n), -ENOENT);

	/* 129 matches, one of them notrace: 128 points */
	for (int i = 0; i < PROBE_MAX_POINTS + 1; i++)
		dprintf(mfd, "ffffffff8100%04x T many_%d\n", i, i);
	close(mfd);
	fd = open(list, O_WRONLY | O_TRUNC);
	for (int i = 1; i < PROBE_MAX_POINTS + 1; i++)
		dprintf(fd, "many_%d\n", i);
	close(fd);
	assert_int_equal(probe__expand_ksyms(many, list, NULL, "many_*", &pts, &n), 0);
	assert_int_equal(n, PROBE_MAX_POINTS);
	assert_string_equal(pts[0].func, "many_1");
	probe__free_points(pts, n);
	unlink(many);
	unlink(path);
	unlink(list);
	free(path);
}

static __attribute__((noinline, used)) int probe_test_fn_alpha(int x)
{
	return x + 1;
}

static __attribute__((noinline, used)) int probe_test_fn_beta(int x)
{
	return x + 2;
}

static void test_probe__expand_elf_glob(void **state)
{
	struct probe_point *pts;
	int n;

	assert_int_equal(probe__expand_elf("/proc/self/exe", "probe_test_fn_*", 0, &pts, &n), 0);
	assert_int_equal(n, 2);
	for (int i = 0; i < n; i++) {
		assert_true(!strcmp(pts[i].func, "probe_test_fn_alpha") ||
			    !strcmp(pts[i].func, "probe_test_fn_beta"));
		assert_true(pts[i].addr != 0);
		assert_true(pts[i].file_off != 0);
	}
	probe__free_points(pts, n);
	/* +OFFS moves address and file offset alike */
	assert_int_equal(probe__expand_elf("/proc/self/exe", "probe_test_fn_alpha", 4, &pts, &n),
			 0);
	assert_int_equal(n, 1);
	{
		struct probe_point *p0;
		int n0;

		assert_int_equal(
			probe__expand_elf("/proc/self/exe", "probe_test_fn_alpha", 0, &p0, &n0), 0);
		assert_int_equal(pts[0].addr, p0[0].addr + 4);
		assert_int_equal(pts[0].file_off, p0[0].file_off + 4);
		probe__free_points(p0, n0);
	}
	probe__free_points(pts, n);
	assert_int_equal(probe__expand_elf("/proc/self/exe", "no_such_function_*", 0, &pts, &n),
			 -ENOENT);
	assert_int_equal(probe__expand_elf("/etc/hostname", "x", 0, &pts, &n), -ENOEXEC);
	assert_int_equal(probe__expand_elf("/nonexistent", "x", 0, &pts, &n), -ENOENT);
}

static void test_probe__owner_names(void **state)
{
	assert_int_equal(probe__owner("walk__1234"), 1234);
	assert_int_equal(probe__owner("walk_3__99"), 99);
	assert_int_equal(probe__owner("my__event__7"), 7);
	assert_int_equal(probe__owner("walk_1234"), -1);
	assert_int_equal(probe__owner("walk__"), -1);
	assert_int_equal(probe__owner("walk__12x"), -1);
	assert_int_equal(probe__owner("x_5"), -1);
}

static void test_probe__display_name_drops_the_owner(void **state)
{
	char buf[64];

	probe__display_name("func__1234", buf, sizeof(buf));
	assert_string_equal(buf, "perf_bpf_probe:func");
	probe__display_name("walk_3__99", buf, sizeof(buf));
	assert_string_equal(buf, "perf_bpf_probe:walk_3");
	probe__display_name("my__event__7", buf, sizeof(buf));
	assert_string_equal(buf, "perf_bpf_probe:my__event");
	probe__display_name("walk_1234", buf, sizeof(buf));
	assert_string_equal(buf, "perf_bpf_probe:walk_1234");
}

static void test_probe__mode_from_env_values(void **state)
{
	setenv("PERF_BPF_PROBE_MODE", "tracefs", 1);
	assert_int_equal(probe__mode_from_env(), PROBE_MODE_TRACEFS);
	setenv("PERF_BPF_PROBE_MODE", "pmu", 1);
	assert_int_equal(probe__mode_from_env(), PROBE_MODE_PMU);
	unsetenv("PERF_BPF_PROBE_MODE");
	assert_int_equal(probe__mode_from_env(), PROBE_MODE_AUTO);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probe__expand_ksyms_glob),
		cmocka_unit_test(test_probe__expand_ksyms_plain_name),
		cmocka_unit_test(test_probe__expand_ksyms_too_many),
		cmocka_unit_test(test_probe__expand_ksyms_traceable),
		cmocka_unit_test(test_probe__expand_elf_glob),
		cmocka_unit_test(test_probe__owner_names),
		cmocka_unit_test(test_probe__display_name_drops_the_owner),
		cmocka_unit_test(test_probe__mode_from_env_values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
