/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output to a pipe that nobody reads must not hold a run past a stop signal. A run blocks
 * them to read them from its signalfd, so a write that waits for room waits in poll() with
 * a stopsig__fd of its own, which sees them pending without taking them; and once a stop
 * was asked (stopsig__asked: the run took one), no write waits any more.
 *
 *	FILE *out = pipeout__stream(STDOUT_FILENO);	(NULL: not a pipe, use stdout)
 */
#ifndef PERF_BPF_PIPEOUT_H
#define PERF_BPF_PIPEOUT_H

#include <stddef.h>
#include <stdio.h>
#include <sys/uio.h>

/*
 * Write all of p to fd (non-blocking: a full pipe waits for room, or for a stop signal on
 * stop_fd, a stopsig__fd or -1 for none). *done gets how much went out, also on failure.
 * 0, -EINTR when a stop signal is pending or was asked, or -errno.
 */
int pipeout__write_all(int fd, int stop_fd, const void *p, size_t len, size_t *done);
/* pipeout__write_all of the n pieces in iov, in order (n at most PIPEOUT_IOV_MAX). */
#define PIPEOUT_IOV_MAX 8
int pipeout__writev_all(int fd, int stop_fd, const struct iovec *iov, int n, size_t *done);
/*
 * When fd is a pipe or FIFO: a fully buffered stream writing to it through a non-blocking
 * file description of its own (fd's is shared with other processes, and left as it is),
 * with pipeout__write_all's stop rule; a write it fails sets the stream's error flag.
 * NULL when fd is not a pipe (errno 0), or on failure (errno set).
 */
FILE *pipeout__stream(int fd);

#endif
