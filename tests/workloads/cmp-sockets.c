// SPDX-License-Identifier: GPL-2.0
/*
 * Socket calls for the comparison with strace (tests/strace-compare), over 127.0.0.1
 * only, with itself: a TCP connection (listen, connect, accept, send and recv, sendmsg
 * and recvmsg of two iovecs, options set and read back, poll and epoll on data already
 * there) and a UDP exchange (sendto, recvfrom with the sender's address). Every wait is
 * for data already sent, so nothing depends on timing.
 *	cmp-sockets
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

static void check(int ok)
{
	if (!ok)
		exit(1);
}

/* A socket of TYPE bound to 127.0.0.1 on a port the kernel picks; its address in *sin. */
static int bound(int type, struct sockaddr_in *sin)
{
	socklen_t len = sizeof(*sin);
	int s = socket(AF_INET, type, 0);

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	check(s >= 0 && !bind(s, (struct sockaddr *)sin, sizeof(*sin)));
	check(!getsockname(s, (struct sockaddr *)sin, &len));
	return s;
}

static void options(int s)
{
	int one = 1, val = 0;
	socklen_t len = sizeof(val);

	check(!setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)));
	check(!setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)));
	check(!getsockopt(s, SOL_SOCKET, SO_RCVBUF, &val, &len));
	check(!getsockopt(s, SOL_SOCKET, SO_ERROR, &val, &len));
}

static void messages(int c, int a)
{
	char buf[64], head[8];
	struct iovec out[2] = { { (void *)"HEAD", 4 }, { (void *)"-BODY-PAYLOAD", 13 } };
	struct iovec in[2] = { { head, 4 }, { buf, sizeof(buf) } };
	struct msghdr msg = { .msg_iov = out, .msg_iovlen = 2 };

	check(send(c, "hello over tcp", 14, 0) == 14);
	check(recv(a, buf, sizeof(buf), 0) == 14);
	check(sendmsg(c, &msg, 0) == 17);
	msg.msg_iov = in;
	check(recvmsg(a, &msg, 0) == 17);
}

static void waits(int c, int a)
{
	struct pollfd pfd[2] = { { .fd = a, .events = POLLIN }, { .fd = c, .events = POLLOUT } };
	struct epoll_event ev = { .events = EPOLLIN, .data.fd = a }, got[2];
	int ep = epoll_create1(EPOLL_CLOEXEC);
	char buf[16];

	check(send(c, "ready", 5, 0) == 5);
	check(poll(pfd, 2, -1) == 2);
	check(ep >= 0 && !epoll_ctl(ep, EPOLL_CTL_ADD, a, &ev));
	check(epoll_wait(ep, got, 2, -1) == 1);
	check(recv(a, buf, sizeof(buf), 0) == 5);
	close(ep);
}

static void tcp(void)
{
	struct sockaddr_in sin, peer;
	socklen_t len = sizeof(peer);
	int l = bound(SOCK_STREAM, &sin), c = socket(AF_INET, SOCK_STREAM, 0), a;

	check(c >= 0 && !listen(l, 1) && !connect(c, (struct sockaddr *)&sin, sizeof(sin)));
	a = accept(l, (struct sockaddr *)&peer, &len);
	check(a >= 0 && !getpeername(c, (struct sockaddr *)&peer, &len));
	options(c);
	messages(c, a);
	waits(c, a);
	shutdown(c, SHUT_WR);
	close(a);
	close(c);
	close(l);
}

static void udp(void)
{
	struct sockaddr_in to, from, got;
	socklen_t len = sizeof(got);
	int r = bound(SOCK_DGRAM, &to), s = bound(SOCK_DGRAM, &from);
	char buf[64];

	check(sendto(s, "PAYLOAD-XYZ", 11, 0, (struct sockaddr *)&to, sizeof(to)) == 11);
	check(recvfrom(r, buf, sizeof(buf), 0, (struct sockaddr *)&got, &len) == 11);
	/* nothing more is queued: a non-blocking receive fails with EAGAIN */
	check(recvfrom(r, buf, sizeof(buf), MSG_DONTWAIT, NULL, NULL) < 0);
	close(s);
	close(r);
}

int main(void)
{
	tcp();
	udp();
	return 0;
}
