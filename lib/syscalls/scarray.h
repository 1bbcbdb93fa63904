/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The arrays system calls read or fill, printed in strace's words from what the capture
 * read of them (bpf/syscalls.h: the data of the array kinds):
 *
 *	["echo", "child-hello"]					an exec's argv
 *	0x7ffd4a3c2e58, then "20 vars" in a C comment		an exec's envp
 *	[{iov_base="hello", iov_len=5}]				iovecs, their bytes cut at strsize
 *	{msg_name=NULL, msg_namelen=0, msg_iov=[...], msg_iovlen=1, msg_controllen=0,
 *	 msg_flags=0}						a msghdr
 *	[{fd=3, events=POLLIN, revents=POLLIN}]			poll's fds (revents at exit)
 *	[{events=EPOLLIN, data={u32=3, u64=3}}]			epoll events
 *
 * At most strsize elements print, then "..."; so do the elements the capture could not
 * keep. Every length is checked against the bytes there are: an array whose data does not
 * add up prints as its address. The printers have the shape of scargs.h's rows.
 */
#ifndef PERF_BPF_SCARRAY_H
#define PERF_BPF_SCARRAY_H

#include <sys/epoll.h>

#include "syscalls/scargs.h"

struct sc_bytes;

/* The bytes of one element the capture reads of each struct array. */
#define SCARRAY_POLLFD_SIZE 8
#define SCARRAY_EPOLL_EVENT_SIZE sizeof(struct epoll_event) /* packed on x86-64 */
#define SCARRAY_ARGV_KEEP 255 /* strings an exec's argv keeps: strsize cuts it further */

#define SCARRAY_PRINTER(name)                                                 \
	void scarray__##name(struct scout *o, const struct sc_call *c, int i, \
			     const struct scfmt_opts *opt)
SCARRAY_PRINTER(exec_path);
/* An exec's filename (argument i): from its entry, else from the new program's stack. */
bool scarray__exec_filename(const struct sc_call *c, int i, struct sc_bytes *path);
SCARRAY_PRINTER(argv);
SCARRAY_PRINTER(envp);
SCARRAY_PRINTER(iovec);
SCARRAY_PRINTER(msghdr);
SCARRAY_PRINTER(pollfds);
SCARRAY_PRINTER(epoll_event);
SCARRAY_PRINTER(epoll_events);

#endif
