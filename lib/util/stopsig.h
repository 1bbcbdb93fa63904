/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stop signals: the one place that decides which signals stop a run, how a step that
 * waits is woken by one, whether a stop has been asked, and what a second one does.
 *
 * Which: SIGINT, SIGTERM and SIGHUP (a terminal's Ctrl-C, kill, a closed terminal), the
 * same three for every command and every step.
 *
 * How a waiting step is woken: it blocks them (stopsig__block) and waits in poll() or
 * epoll on a signalfd of them (stopsig__fd) beside what it waits for (a child's pipes,
 * the rings, a full pipe), or on nothing else (stopsig__wait). Blocked, a signal that
 * comes before the wait starts stays pending and ends the wait at once, so none slips in
 * between a check and a wait; and blocked signals are queued even when ignored (a shell's
 * background job ignores SIGINT), so they stop a run all the same. The step that ends on
 * one takes it (stopsig__read, stopsig__wait): consumed and remembered, not delivered. A
 * step that only gives up (a write to a full pipe) polls the fd without reading it and
 * leaves the signal to the step that takes it. (A signalfd, not a handler writing to a
 * self-pipe: nothing is installed for the whole process, no call is cut short midway, and
 * a signal is taken only where a step is ready for it.)
 *   One call cannot be woken that way: open() of a FIFO waits for its other end, with no
 * fd to poll, and only a delivered signal ends it (EINTR). For that call alone the stop
 * signals are unblocked and go to a handler (stopsig__catch_begin, stopsig__catch_end),
 * which also runs the caller's wake function for a signal that comes before the call
 * starts to wait: it must make the call return (open the FIFO's other end).
 *
 * One kind of step neither waits nor can be woken: a long computation (the maps' print at
 * the end of a run, a million entries). Around it the stop signals are caught too
 * (stopsig__cut_begin, stopsig__cut_end): the first one cuts the step short, which looks at
 * stopsig__cut() as it goes and ends with what it did; a second one ends the process at
 * once, as the signal's default action does.
 *
 * Asked: the first stop signal taken by any step is the process's (stopsig__asked). From
 * then on no step waits for someone else: output to a pipe nobody reads gives up at once.
 *
 * A second signal: the first asks for a clean stop, and every step ends on it. Only the
 * reader loop goes on after it, when a workload runs: the workload gets the signal and a
 * grace to exit, its records still read; a second one (stopsig__repeated) ends the run
 * at once, and one while the workload is then stopped (SIGTERM, a grace, SIGKILL) cuts
 * that wait short. Elsewhere a further signal is taken by the next step that waits, which
 * ends on it too; one that comes when no step waits stays pending while the signals are
 * blocked, and is delivered when the mask is restored, after the step's cleanup (so its
 * default action, ending the process, leaves nothing behind: temporary files, children's
 * process groups and BPF objects went with the cleanup).
 */
#ifndef PERF_BPF_STOPSIG_H
#define PERF_BPF_STOPSIG_H

#include <signal.h>
#include <stdbool.h>
#include <sys/signalfd.h>

#define STOPSIG_NR 3

/* The stop signals as a set (a child's signals to reset to their defaults, say). */
void stopsig__fill(sigset_t *set);
bool stopsig__is_stop(int sig);

/*
 * Block the stop signals, and extra too when it is not 0 (a signal the same wait reads,
 * SIGCHLD); the mask before goes to *old, for stopsig__unblock. 0, or -errno.
 */
int stopsig__block(int extra, sigset_t *old);
/* The mask from stopsig__block again: a stop signal still pending is delivered now. */
void stopsig__unblock(const sigset_t *old);
/* A signalfd of the stop signals and extra (0: none), non-blocking, close-on-exec; or -errno. */
int stopsig__fd(int extra);
/* One signal from a stopsig__fd: 1 and *si (a stop signal is taken), 0 when none is pending. */
int stopsig__read(int fd, struct signalfd_siginfo *si);
/*
 * Wait up to ms (0: only look, -1: no limit) for a stop signal, blocked by the caller, and
 * take it: its number; 0 when none came (or a handled signal cut the wait short); -errno.
 */
int stopsig__wait(int ms);

/*
 * A stop signal is pending, blocked and not taken yet: how a long step that does not wait
 * (a read of a ring buffer being filled) notices one, leaving it to the step that takes it.
 */
bool stopsig__pending(void);

/* The first stop signal taken in this process (a stop has been asked), or 0. */
int stopsig__asked(void);
/* More than one was taken: a step that grants a grace (the reader loop's) ends now. */
bool stopsig__repeated(void);
/* Forget the stops taken: a process that goes on after one (a test). */
void stopsig__forget(void);

/* The handlers and mask around one call no fd can wake (see above). */
struct stopsig_catch {
	struct sigaction old[STOPSIG_NR];
	bool set[STOPSIG_NR];
	sigset_t oldmask;
};

/*
 * Until stopsig__catch_end: the stop signals unblocked and caught, without SA_RESTART (a
 * waiting call fails with EINTR), also when ignored before; wake (NULL: none) runs in the
 * handler, so it may only use async-signal-safe calls.
 */
void stopsig__catch_begin(struct stopsig_catch *c, void (*wake)(void));
/* The handlers and mask as before; the stop signal caught meanwhile (taken), or 0. */
int stopsig__catch_end(struct stopsig_catch *c);

/*
 * Until stopsig__cut_end: the stop signals unblocked and caught (one pending is caught at
 * once); the first cuts the step (stopsig__cut), a second ends the process by its default
 * action.
 */
void stopsig__cut_begin(struct stopsig_catch *c);
/* A stop signal came since stopsig__cut_begin: end the step now. */
bool stopsig__cut(void);
/* The handlers and mask as before; the stop signal that cut the step (taken), or 0. */
int stopsig__cut_end(struct stopsig_catch *c);

#endif
