// SPDX-License-Identifier: GPL-2.0
/* Running a program from an argv: no shell, both outputs collected, exit codes, quoting. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/runcmd.h"

static void test_runcmd__run_collects_outputs(void **state)
{
	char *argv[] = { "sh", "-c", "echo out; echo err >&2; exit 3", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.status, 3);
	assert_string_equal(r.out, "out\n");
	assert_string_equal(r.err, "err\n");
	assert_int_equal(r.err_len, 4);
	runcmd__result_exit(&r);
}

static void test_runcmd__run_no_shell(void **state)
{
	/* Metacharacters reach the program as they are. */
	char *argv[] = { "printf", "%s|", "$HOME", "`id`", "a;b", "*", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "$HOME|`id`|a;b|*|");
	runcmd__result_exit(&r);
}

static void test_runcmd__run_large_output(void **state)
{
	/* More than a pipe holds, on both streams at once. */
	char *argv[] = { "sh", "-c", "head -c 300000 /dev/zero; head -c 200000 /dev/zero >&2",
			 NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.out_len, 300000);
	assert_int_equal(r.err_len, 200000);
	runcmd__result_exit(&r);
}

static void test_runcmd__run_missing_program(void **state)
{
	char *argv[] = { "/nonexistent/program", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), -ENOENT);
	assert_null(r.out);
	runcmd__result_exit(&r);
}

static void test_runcmd__run_killed(void **state)
{
	char *argv[] = { "sh", "-c", "kill -9 $$", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.status, 128 + 9);
	runcmd__result_exit(&r);
}

/* Gone or a zombie (waiting for init): wait for the SIGKILL to land, not for a time. */
static void wait_dead(int pid)
{
	char path[64], buf[256], state = 0;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	for (;;) {
		FILE *f = fopen(path, "r");

		if (!f || !fgets(buf, sizeof(buf), f) ||
		    sscanf(strrchr(buf, ')'), ") %c", &state) != 1)
			state = 'X';
		if (f)
			fclose(f);
		if (state == 'Z' || state == 'X')
			return;
		usleep(1000);
	}
}

/* What the program left running (holding its stdout) is killed with it: the run ends. */
static void test_runcmd__run_kills_the_group(void **state)
{
	char *argv[] = { "sh", "-c", "sleep 1000 & echo $!", NULL };
	struct runcmd_result r;

	assert_int_equal(runcmd__run(argv, &r), 0);
	assert_int_equal(r.status, 0);
	assert_true(atoi(r.out) > 0);
	wait_dead(atoi(r.out));
	runcmd__result_exit(&r);
}

static void test_runcmd__run_timeout(void **state)
{
	char *argv[] = { "sleep", "1000", NULL };
	const struct runcmd_opts o = { .timeout_ms = 50 };
	struct runcmd_result r;

	assert_int_equal(runcmd__run_opts(argv, &o, &r), -ETIMEDOUT);
	assert_null(r.out);
	assert_int_equal(r.stop_signal, 0);
}

/* A stop signal during the run ends it, taken by the run, not delivered to the process. */
static void test_runcmd__run_stop_signal(void **state)
{
	char *argv[] = { "sh", "-c", "kill -TERM $PPID; exec sleep 1000", NULL };
	const struct runcmd_opts o = { 0 };
	struct runcmd_result r;
	sigset_t pending;

	assert_int_equal(runcmd__run_opts(argv, &o, &r), -EINTR);
	assert_int_equal(r.stop_signal, SIGTERM);
	assert_null(r.out);
	sigpending(&pending);
	assert_false(sigismember(&pending, SIGTERM));
}

/* fds[i] is the program's fd 3 + i. */
static void test_runcmd__run_passes_fds(void **state)
{
	char *argv[] = { "sh", "-c", "cat <&4; cat <&3", NULL };
	char name[] = "/tmp/test-runcmd.XXXXXX";
	int a = mkstemp(name), b;
	struct runcmd_opts o = { .nr_fds = 2 };
	struct runcmd_result r;

	assert_true(a >= 0);
	unlink(name);
	b = open("/dev/null", O_RDONLY);
	assert_int_equal(write(a, "three\n", 6), 6);
	lseek(a, 0, SEEK_SET);
	/* 4 -> 3 and 3 -> 4 when the numbers fall that way: each must still land right */
	o.fds[0] = a;
	o.fds[1] = b;
	assert_int_equal(runcmd__run_opts(argv, &o, &r), 0);
	assert_int_equal(r.status, 0);
	assert_string_equal(r.out, "three\n");
	runcmd__result_exit(&r);
	close(a);
	close(b);
}

static void test_runcmd__quote_for_a_shell(void **state)
{
	char *argv[] = { "clang", "-DMSG=\"a b\"", "it's", "", "-O2", NULL };
	char *s = runcmd__quote(argv);

	assert_non_null(s);
	assert_string_equal(s, "clang '-DMSG=\"a b\"' 'it'\\''s' '' -O2");
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runcmd__run_collects_outputs),
		cmocka_unit_test(test_runcmd__run_no_shell),
		cmocka_unit_test(test_runcmd__run_large_output),
		cmocka_unit_test(test_runcmd__run_missing_program),
		cmocka_unit_test(test_runcmd__run_killed),
		cmocka_unit_test(test_runcmd__run_kills_the_group),
		cmocka_unit_test(test_runcmd__run_timeout),
		cmocka_unit_test(test_runcmd__run_stop_signal),
		cmocka_unit_test(test_runcmd__run_passes_fds),
		cmocka_unit_test(test_runcmd__quote_for_a_shell),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
