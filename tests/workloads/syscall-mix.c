// SPDX-License-Identifier: GPL-2.0
/*
 * A known set of system calls, for the system call capture's checks:
 *   openat of this program (exists; its first 64 bytes read: "\177ELF"), close
 *   openat of a missing path in read-only data (ENOENT), of a 299-byte path on the stack
 *   (ENAMETOOLONG), of an unmapped address (EFAULT)
 *   N getppid (default 1)
 *   pipe2 (two fds back)
 *   socket, connect to 127.0.0.1 port 1, which nothing listens on (ECONNREFUSED)
 *   a connection to a socket of its own on 127.0.0.1, and its accept4 (the peer's address)
 *   a clock_nanosleep of a millisecond
 *   a child process that calls getppid 7 times, waited for
 * Usage: syscall-mix [N]
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CHILD_CALLS 7

static void files(const char *self)
{
	char buf[64], path[300];
	int fd = (int)syscall(SYS_openat, AT_FDCWD, self, O_RDONLY);

	if (fd >= 0) {
		if (read(fd, buf, sizeof(buf)) < 0)
			exit(1);
		close(fd);
	}
	syscall(SYS_openat, AT_FDCWD, "/nonexistent/perf-bpf-missing", O_RDONLY);
	memset(path, 'a', sizeof(path) - 1);
	path[0] = '/';
	path[sizeof(path) - 1] = 0;
	syscall(SYS_openat, AT_FDCWD, path, O_RDONLY);
	syscall(SYS_openat, AT_FDCWD, (const char *)8, O_RDONLY);
}

/* A listening socket on 127.0.0.1, a connection to it, and the connection accepted. */
static void accepted(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET }, peer;
	socklen_t len = sizeof(sin);
	int l = socket(AF_INET, SOCK_STREAM, 0), c = socket(AF_INET, SOCK_STREAM, 0), a;

	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (l < 0 || c < 0 || bind(l, (struct sockaddr *)&sin, sizeof(sin)) || listen(l, 1) ||
	    getsockname(l, (struct sockaddr *)&sin, &len) ||
	    connect(c, (struct sockaddr *)&sin, sizeof(sin)))
		exit(1);
	len = sizeof(peer);
	a = accept4(l, (struct sockaddr *)&peer, &len, SOCK_CLOEXEC);
	if (a < 0)
		exit(1);
	close(a);
	close(c);
	close(l);
}

static void net(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons(1) };
	int fds[2], s;

	if (pipe2(fds, O_CLOEXEC) == 0) {
		close(fds[0]);
		close(fds[1]);
	}
	s = socket(AF_INET, SOCK_STREAM, 0);
	if (s < 0)
		exit(1);
	sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	connect(s, (struct sockaddr *)&sin, sizeof(sin));
	close(s);
	accepted();
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	struct timespec ms = { .tv_nsec = 1000000 };
	int status;
	pid_t child;

	files(argv[0]);
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	net();
	clock_nanosleep(CLOCK_MONOTONIC, 0, &ms, NULL);
	child = fork();
	if (child == 0) {
		for (int i = 0; i < CHILD_CALLS; i++)
			syscall(SYS_getppid);
		_exit(0);
	}
	if (child < 0 || waitpid(child, &status, 0) != child)
		return 1;
	return 0;
}
