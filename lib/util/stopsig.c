// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <unistd.h>
#include <sys/signalfd.h>

#include "util/stopsig.h"

static const int stop_signals[STOPSIG_NR] = { SIGINT, SIGTERM, SIGHUP };

/* Written by the catch handler too: only sig_atomic_t, and handlers do not nest (sa_mask). */
static volatile sig_atomic_t first_taken;
static volatile sig_atomic_t nr_taken;
static volatile sig_atomic_t caught;
static void (*volatile catch_wake)(void);

void stopsig__fill(sigset_t *set)
{
	sigemptyset(set);
	for (size_t i = 0; i < STOPSIG_NR; i++)
		sigaddset(set, stop_signals[i]);
}

bool stopsig__is_stop(int sig)
{
	for (size_t i = 0; i < STOPSIG_NR; i++)
		if (sig == stop_signals[i])
			return true;
	return false;
}

static void with_extra(sigset_t *set, int extra)
{
	stopsig__fill(set);
	if (extra)
		sigaddset(set, extra);
}

int stopsig__block(int extra, sigset_t *old)
{
	sigset_t set;

	with_extra(&set, extra);
	return sigprocmask(SIG_BLOCK, &set, old) ? -errno : 0;
}

void stopsig__unblock(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

int stopsig__fd(int extra)
{
	sigset_t set;
	int fd;

	with_extra(&set, extra);
	fd = signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
	return fd < 0 ? -errno : fd;
}

/* A stop signal was taken (consumed by a step): the stop is asked. */
static void note(int sig)
{
	if (!first_taken)
		first_taken = sig;
	nr_taken = nr_taken + 1;
}

int stopsig__read(int fd, struct signalfd_siginfo *si)
{
	if (read(fd, si, sizeof(*si)) != sizeof(*si))
		return 0;
	if (stopsig__is_stop((int)si->ssi_signo))
		note((int)si->ssi_signo);
	return 1;
}

int stopsig__wait(int ms)
{
	struct signalfd_siginfo si;
	struct pollfd p = { .events = POLLIN };
	int err = 0;

	p.fd = stopsig__fd(0);
	if (p.fd < 0)
		return p.fd;
	if (ms && poll(&p, 1, ms) < 0 && errno != EINTR)
		err = -errno;
	if (!err && stopsig__read(p.fd, &si))
		err = (int)si.ssi_signo;
	close(p.fd);
	return err;
}

bool stopsig__pending(void)
{
	sigset_t set;

	if (sigpending(&set))
		return false;
	for (size_t i = 0; i < STOPSIG_NR; i++)
		if (sigismember(&set, stop_signals[i]) == 1)
			return true;
	return false;
}

int stopsig__asked(void)
{
	return first_taken;
}

bool stopsig__repeated(void)
{
	return nr_taken > 1;
}

void stopsig__forget(void)
{
	first_taken = 0;
	nr_taken = 0;
}

static void on_catch(int sig)
{
	int saved = errno;

	caught = sig;
	note(sig);
	if (catch_wake)
		catch_wake();
	errno = saved;
}

/* The stop signals unblocked and handled by handler, the old handlers and mask kept in c. */
static void catch_with(struct stopsig_catch *c, void (*handler)(int))
{
	struct sigaction sa = { .sa_handler = handler }; /* no SA_RESTART: EINTR */
	sigset_t mask;

	stopsig__fill(&mask);
	sa.sa_mask = mask;
	/* a handler replaces SIG_IGN too: a stop ends the call also in a shell's background job */
	for (size_t i = 0; i < STOPSIG_NR; i++)
		c->set[i] = sigaction(stop_signals[i], &sa, &c->old[i]) == 0;
	sigprocmask(SIG_UNBLOCK, &mask, &c->oldmask);
}

void stopsig__catch_begin(struct stopsig_catch *c, void (*wake)(void))
{
	caught = 0;
	catch_wake = wake;
	catch_with(c, on_catch);
}

int stopsig__catch_end(struct stopsig_catch *c)
{
	sigprocmask(SIG_SETMASK, &c->oldmask, NULL);
	for (size_t i = 0; i < STOPSIG_NR; i++)
		if (c->set[i])
			sigaction(stop_signals[i], &c->old[i], NULL);
	catch_wake = NULL;
	return caught;
}

/* The first stop signal of a cut step cuts it; the next one ends the process. */
static void on_cut(int sig)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };

	if (caught) {
		/* blocked while this handler runs: delivered, by default, when it returns */
		sigaction(sig, &dfl, NULL);
		raise(sig);
		return;
	}
	caught = sig;
	note(sig);
}

void stopsig__cut_begin(struct stopsig_catch *c)
{
	caught = 0;
	catch_with(c, on_cut);
}

bool stopsig__cut(void)
{
	return caught != 0;
}

int stopsig__cut_end(struct stopsig_catch *c)
{
	int sig = stopsig__catch_end(c);

	caught = 0;
	return sig;
}
