/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signals and the ends of processes as text, in strace's words, and as JSON fields:
 *
 *	--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=1234, si_uid=0} ---
 *	--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=1235, si_uid=0, si_status=3,
 *	    si_utime=0, si_stime=0} ---
 *	+++ exited with 3 +++
 *	+++ killed by SIGSEGV (core dumped) +++
 *
 * The fields shown follow si_code: the sender's pid and uid for signals sent by a task, the
 * status and times of SIGCHLD, the address of a fault, the value of sigqueue() and timers.
 * Text is written into the caller's buffer and cut at its end; functions return the length
 * written (without the NUL).
 */
#ifndef PERF_BPF_SCSIG_H
#define PERF_BPF_SCSIG_H

#include <stddef.h>
#include <stdint.h>

#include "bpf/syscalls.h"

struct jsonw;

/* "SIGUSR1", "SIGRTMIN", "SIGRT_3", or "SIG123" for a number no signal has; into buf. */
const char *scsig__name(int signo, char *buf, size_t size);
/* The name of si_code for signal signo ("SI_USER", "CLD_EXITED", "SEGV_MAPERR"), or NULL. */
const char *scsig__code_name(int signo, int code);
/*
 * A signal's name from the words strace's -e signal= takes: "SIGUSR1", "USR1", "usr1" or
 * "10". Its number, or 0 when there is no such signal.
 */
int scsig__parse(const char *word);
/* "--- SIGUSR1 {si_signo=SIGUSR1, ...} ---" */
size_t scsig__signal(char *buf, size_t size, const struct sysrec_signal *s);
/* "+++ exited with 3 +++", "+++ killed by SIGUSR1 +++", "... (core dumped) +++" */
size_t scsig__exit(char *buf, size_t size, int32_t status);
/* The fields of a signal into the JSON object open in w: raw numbers and names. */
void scsig__json_signal(struct jsonw *w, const struct sysrec_signal *s);
/* The fields of a process's end into the JSON object open in w. */
void scsig__json_exit(struct jsonw *w, int32_t status);

#endif
