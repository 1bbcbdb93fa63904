// SPDX-License-Identifier: GPL-2.0
/*
 * The test hooks of a test build (unit tests link the object built with PERF_BPF_TESTHOOKS):
 * each acts only when its variable is set and not empty, and does what the tests rely on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/testhook.h"

static char dir[] = "/tmp/perf-bpf-testhook.XXXXXX";

static int setup(void **state)
{
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd);
}

/* dir/name, in a static buffer. */
static const char *path_of(const char *name)
{
	static char path[128];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return path;
}

static void test_testhook__enabled_in_a_test_build(void **state)
{
	assert_true(testhook__enabled());
}

static void test_testhook__values_need_a_nonempty_variable(void **state)
{
	unsetenv("PERF_BPF_TEST_PRINTK_KB");
	unsetenv("PERF_BPF_TEST_CHANNELS_HOLD");
	assert_null(testhook__printk_kb());
	assert_false(testhook__channels_hold());
	setenv("PERF_BPF_TEST_PRINTK_KB", "", 1);
	setenv("PERF_BPF_TEST_CHANNELS_HOLD", "", 1);
	assert_null(testhook__printk_kb());
	assert_false(testhook__channels_hold());
	setenv("PERF_BPF_TEST_PRINTK_KB", "8", 1);
	setenv("PERF_BPF_TEST_CHANNELS_HOLD", "1", 1);
	assert_string_equal(testhook__printk_kb(), "8");
	setenv("PERF_BPF_TEST_MODULES_DIR", "", 1);
	assert_null(testhook__modules_dir());
	setenv("PERF_BPF_TEST_MODULES_DIR", "/mods", 1);
	assert_string_equal(testhook__modules_dir(), "/mods");
	unsetenv("PERF_BPF_TEST_MODULES_DIR");
	assert_null(testhook__modules_dir());
	assert_true(testhook__channels_hold());
	unsetenv("PERF_BPF_TEST_PRINTK_KB");
	unsetenv("PERF_BPF_TEST_CHANNELS_HOLD");
}

/* The test's side of the FIFO: read what the hook says, then let it go on. */
static void *fifo_peer(void *arg)
{
	static char said[16];
	const char *fifo = arg;
	int fd = open(fifo, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return NULL;
	n = read(fd, said, sizeof(said) - 1);
	close(fd);
	said[n > 0 ? n : 0] = '\0';
	fd = open(fifo, O_WRONLY);
	if (fd >= 0 && write(fd, "go\n", 3) != 3)
		said[0] = '\0';
	if (fd >= 0)
		close(fd);
	return said;
}

/* "rotated" goes to the FIFO, then the hook waits until the other side is done. */
static void test_testhook__rotated_pauses_on_the_fifo(void **state)
{
	const char *fifo = path_of("pause");
	pthread_t peer;
	void *said;

	unlink(fifo);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	assert_int_equal(pthread_create(&peer, NULL, fifo_peer, (void *)fifo), 0);
	setenv("PERF_BPF_TEST_ROTATED", fifo, 1);
	testhook__rotated();
	unsetenv("PERF_BPF_TEST_ROTATED");
	assert_int_equal(pthread_join(peer, &said), 0);
	assert_non_null(said);
	assert_string_equal(said, "rotated\n");
	testhook__rotated(); /* unset: returns at once */
}

static void test_testhook__before_attach_runs_the_program(void **state)
{
	char script[256];
	FILE *f;

	snprintf(script, sizeof(script), "%s/hook", dir);
	f = fopen(script, "w");
	assert_non_null(f);
	fprintf(f, "#!/bin/sh\ntouch '%s/ran'\n", dir);
	fclose(f);
	assert_int_equal(chmod(script, 0700), 0);
	testhook__before_attach(); /* unset: nothing */
	assert_int_equal(access(path_of("ran"), F_OK), -1);
	setenv("PERF_BPF_TEST_BEFORE_ATTACH", script, 1);
	testhook__before_attach();
	unsetenv("PERF_BPF_TEST_BEFORE_ATTACH");
	assert_int_equal(access(path_of("ran"), F_OK), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_testhook__enabled_in_a_test_build),
		cmocka_unit_test(test_testhook__values_need_a_nonempty_variable),
		cmocka_unit_test(test_testhook__rotated_pauses_on_the_fifo),
		cmocka_unit_test(test_testhook__before_attach_runs_the_program),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
