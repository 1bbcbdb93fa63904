// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptors of every kind -y names, on loopback only: a TCP listener on 127.0.0.1 (a
 * port of the kernel's choice), a connection to it and the accepted end, a dup2 of the
 * connection, a pipe and a unix socket pair, each written to and read from; then
 * getppid() and, with "hold", a read of stdin until its end, so that a tracer can look
 * at the sockets while they are still open; then every descriptor closed.
 *	fd-mix [hold]
 */
#define _GNU_SOURCE /* accept4 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#define DUP_FD 10

static int check(int ret, const char *what)
{
	if (ret < 0) {
		perror(what);
		_exit(1);
	}
	return ret;
}

/* One byte through a pair of descriptors. */
static void pass_byte(int to, int from)
{
	char c = 'x';

	check(write(to, &c, 1), "write");
	check(read(from, &c, 1), "read");
}

/* A listener on 127.0.0.1, its port the kernel's choice, read back into *a. */
static int listener(struct sockaddr_in *a)
{
	socklen_t len = sizeof(*a);
	int l = check(socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), "socket");

	memset(a, 0, sizeof(*a));
	a->sin_family = AF_INET;
	a->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	check(bind(l, (struct sockaddr *)a, sizeof(*a)), "bind");
	check(listen(l, 1), "listen");
	check(getsockname(l, (struct sockaddr *)a, &len), "getsockname");
	return l;
}

int main(int argc, char **argv)
{
	struct sockaddr_in a, peer;
	socklen_t len = sizeof(peer);
	int l = listener(&a), c, s, p[2], u[2];
	char buf[1];

	c = check(socket(AF_INET, SOCK_STREAM, 0), "socket");
	check(connect(c, (struct sockaddr *)&a, sizeof(a)), "connect");
	s = check(accept4(l, (struct sockaddr *)&peer, &len, SOCK_CLOEXEC), "accept4");
	pass_byte(c, s);
	check(dup2(c, DUP_FD), "dup2");
	pass_byte(DUP_FD, s);
	check(pipe(p), "pipe");
	pass_byte(p[1], p[0]);
	check(socketpair(AF_UNIX, SOCK_STREAM, 0, u), "socketpair");
	pass_byte(u[0], u[1]);
	syscall(SYS_getppid);
	while (argc > 1 && !strcmp(argv[1], "hold") && read(0, buf, 1) > 0)
		;
	close(DUP_FD);
	close(c);
	close(s);
	close(l);
	close(p[0]);
	close(p[1]);
	close(u[0]);
	close(u[1]);
	return 0;
}
