// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/util/stopsig.c: which signals stop, taking them, a second one, the catch. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "util/stopsig.h"

static int wakes;
static int wake_fd = -1;

static void count_wake(void)
{
	wakes++;
}

/* As the writer's: the call's other end, for a signal before the call waits. */
static void write_wake(void)
{
	if (write(wake_fd, "w", 1) < 0)
		wakes = -1;
}

static long elapsed_ms(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

static void test_stopsig_set(void **state)
{
	int members = 0;
	sigset_t set;

	stopsig__fill(&set);
	assert_true(sigismember(&set, SIGINT));
	assert_true(sigismember(&set, SIGTERM));
	assert_true(sigismember(&set, SIGHUP));
	for (int sig = 1; sig < SIGRTMIN; sig++) {
		members += sigismember(&set, sig) == 1;
		assert_int_equal(stopsig__is_stop(sig), sigismember(&set, sig) == 1);
	}
	assert_int_equal(members, STOPSIG_NR);
	assert_false(stopsig__is_stop(SIGQUIT));
	assert_false(stopsig__is_stop(SIGPIPE));
	assert_false(stopsig__is_stop(SIGCHLD));
	assert_false(stopsig__is_stop(0));
}

/* A raised signal, blocked, is taken by a wait: not delivered, and the stop is asked. */
static void test_stopsig_asked(void **state)
{
	sigset_t old, pending;

	stopsig__forget();
	assert_int_equal(stopsig__block(0, &old), 0);
	assert_int_equal(stopsig__asked(), 0);
	assert_int_equal(stopsig__wait(0), 0);
	assert_int_equal(stopsig__asked(), 0);
	raise(SIGTERM);
	assert_int_equal(stopsig__asked(), 0); /* pending is not taken */
	assert_int_equal(stopsig__wait(0), SIGTERM);
	assert_int_equal(stopsig__asked(), SIGTERM);
	assert_false(stopsig__repeated());
	sigpending(&pending);
	assert_false(sigismember(&pending, SIGTERM));
	stopsig__unblock(&old);
	stopsig__forget();
	assert_int_equal(stopsig__asked(), 0);
}

/* A second signal is counted; the stop asked stays the first one. */
static void test_stopsig_second_signal(void **state)
{
	sigset_t old;

	stopsig__forget();
	assert_int_equal(stopsig__block(0, &old), 0);
	raise(SIGHUP);
	assert_int_equal(stopsig__wait(0), SIGHUP);
	assert_false(stopsig__repeated());
	raise(SIGINT);
	assert_int_equal(stopsig__wait(0), SIGINT);
	assert_true(stopsig__repeated());
	assert_int_equal(stopsig__asked(), SIGHUP);
	stopsig__unblock(&old);
	stopsig__forget();
	assert_false(stopsig__repeated());
}

/* The fd shows a pending signal to poll without taking it; a read takes it; extra is no stop. */
static void test_stopsig_fd(void **state)
{
	struct signalfd_siginfo si;
	struct pollfd p = { .events = POLLIN };
	sigset_t old, pending;

	stopsig__forget();
	assert_int_equal(stopsig__block(SIGCHLD, &old), 0);
	p.fd = stopsig__fd(SIGCHLD);
	assert_true(p.fd >= 0);
	assert_int_equal(stopsig__read(p.fd, &si), 0);
	raise(SIGINT);
	assert_int_equal(poll(&p, 1, 1000), 1);
	sigpending(&pending);
	assert_true(sigismember(&pending, SIGINT));
	assert_int_equal(stopsig__asked(), 0);
	assert_int_equal(stopsig__read(p.fd, &si), 1);
	assert_int_equal(si.ssi_signo, SIGINT);
	assert_int_equal(stopsig__asked(), SIGINT);
	raise(SIGCHLD);
	assert_int_equal(stopsig__read(p.fd, &si), 1);
	assert_int_equal(si.ssi_signo, SIGCHLD);
	assert_false(stopsig__repeated());
	assert_int_equal(stopsig__read(p.fd, &si), 0);
	close(p.fd);
	stopsig__unblock(&old);
	stopsig__forget();
}

static void test_stopsig_wait_times_out(void **state)
{
	struct timespec t0;
	sigset_t old;

	assert_int_equal(stopsig__block(0, &old), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(stopsig__wait(50), 0);
	assert_true(elapsed_ms(&t0) >= 40);
	stopsig__unblock(&old);
}

/*
 * Caught: a signal pending before the catch (blocked) reaches the handler as the catch
 * begins and wakes; an ignored signal is caught too; both dispositions come back after.
 */
static void test_stopsig_catch_pending(void **state)
{
	struct sigaction ign = { .sa_handler = SIG_IGN }, was, now;
	struct stopsig_catch c;
	sigset_t old, mask;

	stopsig__forget();
	sigemptyset(&ign.sa_mask);
	assert_int_equal(sigaction(SIGHUP, &ign, &was), 0);
	assert_int_equal(stopsig__block(0, &old), 0);
	raise(SIGHUP);
	wakes = 0;
	stopsig__catch_begin(&c, count_wake);
	assert_int_equal(wakes, 1);
	assert_int_equal(stopsig__catch_end(&c), SIGHUP);
	assert_int_equal(stopsig__asked(), SIGHUP);
	sigaction(SIGHUP, NULL, &now);
	assert_ptr_equal(now.sa_handler, SIG_IGN);
	sigprocmask(SIG_SETMASK, NULL, &mask);
	assert_true(sigismember(&mask, SIGHUP)); /* blocked again, as before the catch */
	stopsig__unblock(&old);
	sigaction(SIGHUP, &was, NULL);
	stopsig__forget();
}

/*
 * A signal while a call waits in the catch ends the call: EINTR, or (the signal came before
 * the call waited, on a slow machine) the wake function's byte.
 */
static void test_stopsig_catch_interrupts(void **state)
{
	struct stopsig_catch c;
	int p[2], status;
	ssize_t n;
	char b;
	pid_t pid;

	stopsig__forget();
	assert_int_equal(pipe(p), 0);
	wake_fd = p[1];
	stopsig__catch_begin(&c, write_wake);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		usleep(100 * 1000);
		kill(getppid(), SIGTERM);
		_exit(0);
	}
	n = read(p[0], &b, 1); /* nobody writes: only the signal ends it */
	assert_true((n == -1 && errno == EINTR) || (n == 1 && b == 'w'));
	assert_int_equal(stopsig__catch_end(&c), SIGTERM);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(stopsig__asked(), SIGTERM);
	stopsig__catch_begin(&c, NULL);
	assert_int_equal(stopsig__catch_end(&c), 0); /* none this time */
	close(p[0]);
	close(p[1]);
	stopsig__forget();
}

/* A cut step: a signal pending before it, or one during it, cuts it; the mask as before. */
static void test_stopsig_cut(void **state)
{
	struct stopsig_catch c;
	sigset_t old, mask;

	stopsig__forget();
	assert_int_equal(stopsig__block(0, &old), 0);
	stopsig__cut_begin(&c);
	assert_false(stopsig__cut());
	raise(SIGTERM);
	assert_true(stopsig__cut());
	assert_int_equal(stopsig__cut_end(&c), SIGTERM);
	assert_false(stopsig__cut());
	assert_int_equal(stopsig__asked(), SIGTERM);
	raise(SIGINT); /* blocked again: pending, then caught as the next cut begins */
	assert_true(stopsig__pending());
	stopsig__cut_begin(&c);
	assert_true(stopsig__cut());
	assert_int_equal(stopsig__cut_end(&c), SIGINT);
	assert_false(stopsig__pending());
	sigprocmask(SIG_SETMASK, NULL, &mask);
	assert_true(sigismember(&mask, SIGINT));
	stopsig__unblock(&old);
	stopsig__forget();
}

/* A second signal while the step goes on ends the process, as the signal would. */
static void test_stopsig_cut_second_signal_exits(void **state)
{
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		struct stopsig_catch c;
		sigset_t old;

		stopsig__block(0, &old);
		stopsig__cut_begin(&c);
		raise(SIGINT);
		if (!stopsig__cut())
			_exit(2);
		raise(SIGINT); /* a step that does not look at the cut: this ends it */
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGINT);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stopsig_set),
		cmocka_unit_test(test_stopsig_asked),
		cmocka_unit_test(test_stopsig_second_signal),
		cmocka_unit_test(test_stopsig_fd),
		cmocka_unit_test(test_stopsig_wait_times_out),
		cmocka_unit_test(test_stopsig_catch_pending),
		cmocka_unit_test(test_stopsig_catch_interrupts),
		cmocka_unit_test(test_stopsig_cut),
		cmocka_unit_test(test_stopsig_cut_second_signal_exits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
