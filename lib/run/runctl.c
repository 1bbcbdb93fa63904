// SPDX-License-Identifier: GPL-2.0
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util/log.h"
#include "util/stopsig.h"
#include "run/runctl.h"

#define STOP_GRACE_MS 5000 /* for a workload to exit on its own once asked to stop */

/* Nothing started, nothing watched yet: what runctl__exit may be called on. */
void runctl__init(struct runctl *c)
{
	c->sigfd = -1;
	c->workload.gate_fd = -1;
}

/* The stop signals and the workload's exit, read in the reader loop's poll. */
int runctl__watch_signals(struct runctl *c)
{
	int err = stopsig__block(SIGCHLD, &c->oldmask);

	if (err)
		return err;
	c->sigfd = stopsig__fd(SIGCHLD);
	if (c->sigfd >= 0)
		return 0;
	err = c->sigfd;
	stopsig__unblock(&c->oldmask);
	return err;
}

/* A workload that never started exits without running anything. */
void runctl__abort(struct runctl *c)
{
	if (c->has_workload && c->workload.gate_fd >= 0)
		workload__abort(&c->workload);
}

/* Last: the stop signals as they were (one still pending is delivered now). */
void runctl__exit(struct runctl *c)
{
	if (c->sigfd >= 0) {
		close(c->sigfd);
		stopsig__unblock(&c->oldmask);
	}
}

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool reap_workload(struct runctl *c, int flags)
{
	int status;

	if (!c->has_workload || waitpid(c->workload.pid, &status, flags) != c->workload.pid)
		return false;
	c->exit_code = workload__exit_code(status);
	c->has_workload = false;
	return true;
}

/*
 * Does pid ignore signo (SIG_IGN, as a shell's background job has SIGINT)? Then there is
 * no point waiting for it to act on the signal.
 */
static bool ignores_signal(pid_t pid, unsigned int signo)
{
	char path[64], line[256];
	unsigned long long mask = 0;
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	f = fopen(path, "re");
	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "SigIgn: %llx", &mask) == 1;
	fclose(f);
	return found && signo >= 1 && signo <= 64 && (mask >> (signo - 1) & 1);
}

/*
 * A stop signal with a workload running: as at a terminal, where Ctrl-C reaches the
 * workload too, the workload gets the signal (forwarded unless the terminal sent it to
 * both) and STOP_GRACE_MS to exit on its own, its records still read meanwhile. A second
 * signal (stopsig's rule), the end of the grace, or a workload that ignores the signal,
 * stops it at once.
 */
static void on_stop_signal(struct runctl *c, const struct signalfd_siginfo *si)
{
	pr_debug("stopping on signal %u", si->ssi_signo);
	if (!c->has_workload || stopsig__repeated() ||
	    ignores_signal(c->workload.pid, si->ssi_signo)) {
		c->done = true;
		return;
	}
	c->stopping = true;
	c->stop_deadline = now_ms() + STOP_GRACE_MS;
	if (si->ssi_code != SI_KERNEL)
		kill(c->workload.pid, (int)si->ssi_signo);
}

/* The signals the reader loop's poll saw: the run may be done after them. */
void runctl__handle_signals(struct runctl *c)
{
	struct signalfd_siginfo si;

	while (stopsig__read(c->sigfd, &si)) {
		if (si.ssi_signo != SIGCHLD)
			on_stop_signal(c, &si);
		else if (reap_workload(c, WNOHANG))
			c->done = true;
	}
}

/* The workload had its grace after a stop signal: the run is done. */
void runctl__check_grace(struct runctl *c)
{
	if (c->stopping && now_ms() >= c->stop_deadline)
		c->done = true;
}

/* Wait up to ms for the workload to exit; a stop signal meanwhile ends the wait. */
static bool wait_workload(struct runctl *c, int ms)
{
	struct pollfd p = { .fd = c->sigfd, .events = POLLIN };
	uint64_t end = now_ms() + ms;
	struct signalfd_siginfo si;

	while (!reap_workload(c, WNOHANG)) {
		uint64_t now = now_ms();

		if (now >= end || poll(&p, 1, (int)(end - now)) < 0)
			return false;
		while (stopsig__read(c->sigfd, &si))
			if (si.ssi_signo != SIGCHLD)
				return reap_workload(c, WNOHANG);
	}
	return true;
}

/* The run is over and the workload is still there: TERM, then KILL if TERM is not enough. */
void runctl__stop_workload(struct runctl *c)
{
	if (!c->has_workload)
		return;
	kill(c->workload.pid, SIGTERM);
	if (wait_workload(c, STOP_GRACE_MS))
		return;
	kill(c->workload.pid, SIGKILL);
	reap_workload(c, 0);
}
