// SPDX-License-Identifier: GPL-2.0
/*
 * Calls whose arguments are arrays, for tests/e2e/trace-arrays.sh: an exec after fork(),
 * writev/readv over a pipe, sendmsg/recvmsg over a socketpair, poll on a pipe with data,
 * epoll_wait; and hostile ones: an argv at an unmapped address, an iovec half into an
 * unmapped page, 1024 iovecs longer than any strsize, an exec of 10,000 strings.
 *	trace-arrays [exec|iov|msg|poll|epoll|hostile|many]...	(all but many with none)
 */
#include <fcntl.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static void check(int ok, const char *what)
{
	if (!ok) {
		perror(what);
		exit(1);
	}
}

static void wait_child(pid_t pid)
{
	int status;

	check(pid > 0 && waitpid(pid, &status, 0) == pid, "waitpid");
}

/* The child's argv strings live in pages fork() did not copy: not present at its entry. */
static void exec_after_fork(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		char *argv[] = { "echo", "child-hello", NULL };
		char *envp[] = { "A=1", "B=2", NULL };

		execve("/bin/echo", argv, envp);
		_exit(127);
	}
	wait_child(pid);
}

static void iov(void)
{
	char a[8] = { 0 }, b[8] = { 0 };
	struct iovec out[] = { { "hello", 5 }, { " world", 6 } };
	struct iovec in[] = { { a, 4 }, { b, sizeof(b) } };
	int p[2];

	check(!pipe(p), "pipe");
	check(writev(p[1], out, 2) == 11, "writev");
	check(readv(p[0], in, 2) == 11, "readv");
	close(p[0]);
	close(p[1]);
}

static void msg(void)
{
	char buf[16] = { 0 };
	struct iovec out = { "hello", 5 }, in = { buf, sizeof(buf) };
	struct msghdr m = { .msg_iov = &out, .msg_iovlen = 1 };
	int sv[2];

	check(!socketpair(AF_UNIX, SOCK_STREAM, 0, sv), "socketpair");
	check(sendmsg(sv[0], &m, 0) == 5, "sendmsg");
	m.msg_iov = &in;
	check(recvmsg(sv[1], &m, 0) == 5, "recvmsg");
	close(sv[0]);
	close(sv[1]);
}

static void poll_pipe(void)
{
	struct pollfd fds[2];
	int p[2];

	check(!pipe(p), "pipe");
	check(write(p[1], "x", 1) == 1, "write");
	fds[0] = (struct pollfd){ .fd = p[0], .events = POLLIN };
	fds[1] = (struct pollfd){ .fd = p[1], .events = POLLOUT };
	check(poll(fds, 2, 1000) == 2, "poll");
	close(p[0]);
	close(p[1]);
}

static void epoll(void)
{
	struct epoll_event ev = { .events = EPOLLIN, .data.u64 = 3 }, got[4];
	int p[2], ep = epoll_create1(0);

	check(ep >= 0 && !pipe(p), "epoll_create1");
	ev.data.u64 = (unsigned)p[0];
	check(!epoll_ctl(ep, EPOLL_CTL_ADD, p[0], &ev), "epoll_ctl");
	check(write(p[1], "x", 1) == 1, "write");
	check(epoll_wait(ep, got, 4, 1000) == 1, "epoll_wait");
	close(ep);
	close(p[0]);
	close(p[1]);
}

/* Memory whose second page is unmapped: a pointer near the end runs off into nothing. */
static char *half_mapped(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	check(m != MAP_FAILED, "mmap");
	check(!munmap(m + pg, pg), "munmap");
	memset(m, 'h', pg);
	return m + pg;
}

static void hostile(void)
{
	char *end = half_mapped();
	struct iovec half = { end - 4, 8 };
	int p[2];

	/* argv and envp in the unmapped page: the kernel says EFAULT */
	check(syscall(59 /* execve */, "/bin/echo", end + 64, end + 128) == -1, "execve");
	check(!pipe(p), "pipe");
	writev(p[1], &half, 1); /* 4 bytes, or EFAULT: the kernel's choice */
	close(p[0]);
	close(p[1]);
}

/* 1024 iovecs of 64 bytes each into /dev/null; an exec of 10,000 strings. */
static void many(void)
{
	static struct iovec v[1024];
	static char data[64];
	static char *argv[10002];
	int fd = open("/dev/null", O_WRONLY);
	pid_t pid;

	memset(data, 'z', sizeof(data));
	for (int i = 0; i < 1024; i++)
		v[i] = (struct iovec){ data, sizeof(data) };
	check(fd >= 0 && writev(fd, v, 1024) == 1024 * 64, "writev");
	close(fd);
	argv[0] = "true";
	for (int i = 1; i <= 10000; i++)
		argv[i] = "many";
	pid = fork();
	if (pid == 0) {
		execv("/bin/true", argv);
		_exit(127);
	}
	wait_child(pid);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*run)(void);
	} parts[] = { { "exec", exec_after_fork },
		      { "iov", iov },
		      { "msg", msg },
		      { "poll", poll_pipe },
		      { "epoll", epoll },
		      { "hostile", hostile },
		      { "many", many } };
	const int nr = sizeof(parts) / sizeof(parts[0]);

	for (int i = 0; i < nr; i++) {
		bool chosen = argc == 1 && i < nr - 1;

		for (int k = 1; k < argc; k++)
			chosen |= !strcmp(argv[k], parts[i].name);
		if (chosen)
			parts[i].run();
	}
	return 0;
}
