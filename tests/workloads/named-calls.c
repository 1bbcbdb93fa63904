// SPDX-License-Identifier: GPL-2.0
/*
 * One of each call whose flags, commands or enumerations have names, each the last of its
 * name the program makes, for trace-syscall-names.sh to read perf-bpf's line of it beside
 * perf trace's and strace's. Sockets are a local socketpair: nothing leaves the machine.
 *	named-calls
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <time.h>
#include <unistd.h>

static void check(int ok)
{
	if (!ok)
		exit(1);
}

static void files(void)
{
	struct epoll_event ev = { .events = EPOLLIN };
	struct statx sx;
	int p[2], n = 0, e;

	check(!pipe(p));
	check(!ioctl(p[0], FIONREAD, &n));
	check(!access("/dev/null", R_OK | W_OK));
	check(!statx(AT_FDCWD, "/dev/null", AT_STATX_SYNC_AS_STAT, STATX_BASIC_STATS, &sx));
	e = epoll_create1(0);
	check(e >= 0 && !epoll_ctl(e, EPOLL_CTL_ADD, p[0], &ev));
	check(!fcntl(p[0], F_SETFL, O_NONBLOCK));
}

static void memory_and_limits(void)
{
	struct rlimit rl;
	sigset_t set;
	char b[8];
	void *m = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	check(m != MAP_FAILED && !madvise(m, 4096, MADV_DONTNEED));
	check(getrandom(b, sizeof(b), GRND_NONBLOCK) == sizeof(b));
	check(!prlimit(0, RLIMIT_NOFILE, NULL, &rl));
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	check(!sigprocmask(SIG_BLOCK, &set, NULL));
}

static void sockets(void)
{
	int one = 1, sp[2], u = socket(AF_INET, SOCK_DGRAM, 0);

	check(u >= 0 && !setsockopt(u, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)));
	check(!setsockopt(u, SOL_IP, IP_TOS, &one, sizeof(one)));
	check(!socketpair(AF_UNIX, SOCK_DGRAM, 0, sp));
	check(sendto(sp[0], "x", 1, MSG_DONTWAIT, NULL, 0) == 1);
}

int main(void)
{
	struct timespec zero = { 0, 0 };

	files();
	memory_and_limits();
	sockets();
	check(waitpid(-1, NULL, WNOHANG) == -1);
	check(!clock_nanosleep(CLOCK_MONOTONIC, 0, &zero, NULL));
	return 0;
}
