// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/pipeout.c: a full pipe gives up on a stop signal, never before. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/pipeout.h"
#include "util/stopsig.h"

/* A pipe whose write end is non-blocking and full. */
static void full_pipe(int p[2])
{
	char buf[4096] = { 0 };

	assert_int_equal(pipe2(p, O_NONBLOCK | O_CLOEXEC), 0);
	while (write(p[1], buf, sizeof(buf)) > 0)
		;
	assert_int_equal(errno, EAGAIN);
}

static void test_pipeout_write_all_with_room(void **state)
{
	char out[6] = { 0 };
	size_t done;
	int p[2];

	assert_int_equal(pipe2(p, O_NONBLOCK | O_CLOEXEC), 0);
	assert_int_equal(pipeout__write_all(p[1], -1, "hello", 5, &done), 0);
	assert_int_equal(done, 5);
	assert_int_equal(read(p[0], out, sizeof(out)), 5);
	assert_string_equal(out, "hello");
	close(p[0]);
	close(p[1]);
}

/*
 * Pieces larger than the pipe holds go out whole and in order, each write taking what fits
 * (a piece cut anywhere, an empty one passed over), while a child reads them.
 */
static void test_pipeout_writev_all_in_pieces(void **state)
{
	static char a[70000], b[1], c[50001];
	struct iovec iov[4] = { { a, sizeof(a) }, { b, 0 }, { b, sizeof(b) }, { c, sizeof(c) } };
	size_t done, total = sizeof(a) + sizeof(b) + sizeof(c);
	int p[2], status;
	pid_t pid;

	for (size_t i = 0; i < sizeof(a); i++)
		a[i] = (char)(i * 7);
	b[0] = 'b';
	for (size_t i = 0; i < sizeof(c); i++)
		c[i] = (char)(i * 13 + 1);
	assert_int_equal(pipe2(p, O_NONBLOCK | O_CLOEXEC), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) { /* reads it all back, slowly, and compares */
		static char got[sizeof(a) + sizeof(b) + sizeof(c) + 1];
		size_t n = 0;
		ssize_t r;

		fcntl(p[0], F_SETFL, 0);
		close(p[1]);
		while ((r = read(p[0], got + n, 4000)) > 0)
			n += r;
		_exit(n != total || memcmp(got, a, sizeof(a)) || got[sizeof(a)] != 'b' ||
		      memcmp(got + sizeof(a) + 1, c, sizeof(c)));
	}
	close(p[0]);
	assert_int_equal(pipeout__writev_all(p[1], -1, iov, 4, &done), 0);
	assert_int_equal(done, total);
	close(p[1]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

/* A pending INT (blocked, as a run blocks it) ends the wait; it stays pending for the run. */
static void test_pipeout_stop_signal(void **state)
{
	sigset_t set, old;
	size_t done = 1;
	int p[2], stop;
	siginfo_t si;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	assert_int_equal(sigprocmask(SIG_BLOCK, &set, &old), 0);
	stop = stopsig__fd(0);
	assert_true(stop >= 0);
	full_pipe(p);
	raise(SIGINT);
	assert_int_equal(pipeout__write_all(p[1], stop, "x", 1, &done), -EINTR);
	assert_int_equal(done, 0);
	assert_int_equal(sigwaitinfo(&set, &si), SIGINT); /* not taken by the write */
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(stop);
	close(p[0]);
	close(p[1]);
}

static void test_pipeout_stream(void **state)
{
	char out[32] = { 0 };
	int p[2], fd;
	FILE *f;

	/* not a pipe: no stream, and no error */
	fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	assert_true(fd >= 0);
	assert_null(pipeout__stream(fd));
	assert_int_equal(errno, 0);
	close(fd);

	assert_int_equal(pipe2(p, O_CLOEXEC), 0);
	f = pipeout__stream(p[1]);
	assert_non_null(f);
	assert_int_equal(fcntl(p[1], F_GETFL) & O_NONBLOCK, 0); /* the caller's is left as it is */
	fprintf(f, "line %d\n", 42);
	assert_int_equal(fflush(f), 0);
	assert_int_equal(read(p[0], out, sizeof(out) - 1), 8);
	assert_string_equal(out, "line 42\n");
	assert_int_equal(fclose(f), 0);
	close(p[0]);
	close(p[1]);
}

/* Once the run took a stop signal, a full pipe fails at once (last: the stop stays asked). */
static void test_pipeout_request_stop(void **state)
{
	size_t done = 1;
	sigset_t set, old;
	int p[2];

	full_pipe(p);
	stopsig__fill(&set);
	assert_int_equal(sigprocmask(SIG_BLOCK, &set, &old), 0);
	raise(SIGTERM);
	assert_int_equal(stopsig__wait(0), SIGTERM); /* as the run takes it */
	sigprocmask(SIG_SETMASK, &old, NULL);
	assert_int_equal(pipeout__write_all(p[1], -1, "x", 1, &done), -EINTR);
	assert_int_equal(done, 0);
	close(p[0]);
	close(p[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pipeout_write_all_with_room),
		cmocka_unit_test(test_pipeout_writev_all_in_pieces),
		cmocka_unit_test(test_pipeout_stop_signal),
		cmocka_unit_test(test_pipeout_stream),
		cmocka_unit_test(test_pipeout_request_stop),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
