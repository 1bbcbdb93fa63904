/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What -yy says of a socket (syscalls/scfds.h: struct scfds_sock): its protocol from the
 * socket() call's arguments, its addresses from the calls that set them (bind, connect,
 * accept) or, while its process lives, from /proc/PID/net/{tcp,tcp6,udp,udp6,unix} by
 * its inode.
 *
 *	scsock__proto(AF_INET, SOCK_STREAM, 0, k);	k->proto "TCP"
 *	scsock__addr(sa, len, k->remote, sizeof(k->remote));	"127.0.0.1:53"
 *	scsock__lookup(pid, ino, k);	0: found, its addresses in k
 */
#ifndef PERF_BPF_SCSOCK_H
#define PERF_BPF_SCSOCK_H

#include <stddef.h>
#include <stdint.h>

#include "syscalls/scfds.h"

/* k->proto for socket(family, type, protocol): "" for a family -yy does not name. */
void scsock__proto(int family, int type, int protocol, struct scfds_sock *k);
/*
 * A socket address as -yy writes it: "127.0.0.1:80", "[::1]:53", "\"/run/x.sock\"",
 * "@\"name\""; "" for an unbound one (port 0) or another family. snprintf's length.
 */
size_t scsock__addr(const void *sa, size_t len, char *buf, size_t size);
/* The socket of inode ino in pid's network namespace: 0 with k's addresses set, or -ENOENT. */
int scsock__lookup(uint32_t pid, uint64_t ino, struct scfds_sock *k);

/* One line of /proc/net/{tcp,udp}[6]: its inode and addresses into k. 0 or -EINVAL. */
int scsock__parse_inet(const char *line, uint64_t *ino, struct scfds_sock *k);

#endif
