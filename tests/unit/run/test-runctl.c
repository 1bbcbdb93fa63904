// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/run/runctl.c and run/workload.c: what ends a run with a workload, on
 * real children. Its exit ends the run with its code; a stop signal is forwarded to it and
 * gives it a grace, a second one or a workload ignoring it ends the run at once; one still
 * there at the end is terminated. Every wait is on the signalfd, none on a clock.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/stopsig.h"
#include "run/runctl.h"

/* Start argv as the run's workload, its exit and the stop signals watched. */
static void start(struct runctl *c, char **argv)
{
	runctl__init(c);
	stopsig__forget();
	assert_int_equal(workload__prepare(&c->workload, argv), 0);
	c->has_workload = true;
	assert_int_equal(runctl__watch_signals(c), 0);
	assert_int_equal(workload__start(&c->workload), 0);
}

/* The reader loop's part: poll the signalfd and handle what it says until the run is done. */
static void run_until_done(struct runctl *c)
{
	struct pollfd p = { .fd = c->sigfd, .events = POLLIN };

	while (!c->done) {
		assert_true(poll(&p, 1, 60000) > 0); /* a minute: a stuck test, not a slow one */
		runctl__handle_signals(c);
		runctl__check_grace(c);
	}
}

/* The workload's exit ends the run, with its code. */
static void test_runctl__workload_exit(void **state)
{
	char *argv[] = { "/bin/sh", "-c", "exit 3", NULL };
	struct runctl c = { 0 };

	start(&c, argv);
	run_until_done(&c);
	assert_false(c.has_workload);
	assert_int_equal(c.exit_code, 3);
	assert_false(c.stopping);
	runctl__exit(&c);
}

/* A stop signal reaches the workload, which has a grace to end: killed by it, 128 + 15. */
static void test_runctl__stop_forwarded(void **state)
{
	char *argv[] = { "/bin/sleep", "100", NULL };
	struct runctl c = { 0 };

	start(&c, argv);
	assert_int_equal(kill(getpid(), SIGTERM), 0); /* blocked: it waits in the signalfd */
	run_until_done(&c);
	assert_true(c.stopping);
	assert_false(c.has_workload);
	assert_int_equal(c.exit_code, 128 + SIGTERM);
	assert_int_equal(stopsig__asked(), SIGTERM);
	runctl__exit(&c);
}

/*
 * Wait until pid's /proc status line field (SigIgn:, SigCgt:) has signo: the shell set its
 * trap. Polled, up to a minute: a condition awaited, not a delay guessed.
 */
static void wait_sig_mask(pid_t pid, const char *field, int signo)
{
	char path[64], line[256];

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	for (int i = 0; i < 6000; i++) {
		unsigned long long mask = 0;
		FILE *f = fopen(path, "re");

		assert_non_null(f);
		while (fgets(line, sizeof(line), f))
			if (!strncmp(line, field, strlen(field)))
				mask = strtoull(line + strlen(field), NULL, 16);
		fclose(f);
		if (mask >> (signo - 1) & 1)
			return;
		poll(NULL, 0, 10);
	}
	fail_msg("%d never had signal %d in %s", (int)pid, signo, field);
}

/*
 * A workload that ignores the signal (a shell's background job and SIGINT) ends the run
 * at once; stopped at the end, TERM ends it.
 */
static void test_runctl__ignored_signal(void **state)
{
	char *argv[] = { "/bin/sh", "-c", "trap '' INT; exec sleep 100", NULL };
	struct runctl c = { 0 };

	start(&c, argv);
	wait_sig_mask(c.workload.pid, "SigIgn:", SIGINT);
	assert_int_equal(kill(getpid(), SIGINT), 0);
	run_until_done(&c);
	assert_false(c.stopping);
	assert_true(c.has_workload); /* still there */
	runctl__stop_workload(&c);
	assert_false(c.has_workload);
	assert_int_equal(c.exit_code, 128 + SIGTERM);
	runctl__exit(&c);
}

/*
 * A workload that outlives the stop signal (it catches it) has its grace; a second signal
 * ends the run at once, and the workload is terminated.
 */
static void test_runctl__second_signal(void **state)
{
	char *argv[] = { "/bin/sh", "-c", "trap 'echo >/dev/null' HUP; while :; do sleep 1; done",
			 NULL };
	struct runctl c = { 0 };
	struct pollfd p;

	start(&c, argv);
	wait_sig_mask(c.workload.pid, "SigCgt:", SIGHUP);
	assert_int_equal(kill(getpid(), SIGHUP), 0);
	p = (struct pollfd){ .fd = c.sigfd, .events = POLLIN };
	assert_true(poll(&p, 1, 60000) > 0);
	runctl__handle_signals(&c);
	assert_true(c.stopping);
	assert_false(c.done);
	assert_int_equal(kill(getpid(), SIGINT), 0);
	run_until_done(&c);
	assert_true(stopsig__repeated());
	assert_true(c.has_workload);
	runctl__stop_workload(&c);
	assert_false(c.has_workload);
	assert_int_equal(c.exit_code, 128 + SIGTERM);
	runctl__exit(&c);
}

/* The grace ends the run when its deadline passed; an abort makes a gated child exit unrun. */
static void test_runctl__grace_and_abort(void **state)
{
	char mark[] = "/tmp/perf-bpf-runctl.XXXXXX";
	char *argv[] = { "/bin/sh", "-c", "echo ran >\"$0\"", mark, NULL };
	struct runctl c = { 0 };
	int fd = mkstemp(mark);

	runctl__init(&c);
	c.stopping = true;
	c.stop_deadline = 0;
	runctl__check_grace(&c);
	assert_true(c.done);

	assert_true(fd >= 0);
	close(fd);
	runctl__init(&c);
	c.has_workload = true;
	assert_int_equal(workload__prepare(&c.workload, argv), 0);
	runctl__abort(&c); /* reaps it */
	assert_int_equal(c.workload.pid, 0);
	assert_int_equal(c.workload.gate_fd, -1);
	assert_int_equal(access(mark, F_OK), 0);
	fd = open(mark, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(read(fd, &c.exit_code, 1), 0); /* argv never ran: empty */
	close(fd);
	unlink(mark);
	assert_int_equal(workload__exit_code(W_EXITCODE(0, SIGKILL)), 128 + SIGKILL);
	assert_int_equal(workload__exit_code(W_EXITCODE(7, 0)), 7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runctl__workload_exit),
		cmocka_unit_test(test_runctl__stop_forwarded),
		cmocka_unit_test(test_runctl__ignored_signal),
		cmocka_unit_test(test_runctl__second_signal),
		cmocka_unit_test(test_runctl__grace_and_abort),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
