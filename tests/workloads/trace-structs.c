// SPDX-License-Identifier: GPL-2.0
/*
 * The structs system calls read or fill, for tests/e2e/trace-structs.sh: a signal action
 * set and read back, a limit read and set, a sleep of 0 ns, the clock read, a child that
 * exits 3 reaped by wait4 with its rusage, uname, sysinfo, times, statfs, a UDP socket on
 * 127.0.0.1 with getsockname, setsockopt/getsockopt and FIONREAD, and getdents64 on a
 * directory it made with two files in it.
 *	trace-structs DIR
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/sysinfo.h>
#include <sys/times.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void on_child(int sig)
{
	(void)sig;
}

static void signals(void)
{
	struct sigaction sa = { .sa_handler = on_child, .sa_flags = SA_RESTART }, old;

	sigemptyset(&sa.sa_mask);
	sigaddset(&sa.sa_mask, SIGUSR1);
	sigaction(SIGCHLD, &sa, &old);
	sigaction(SIGCHLD, NULL, &old);
	signal(SIGPIPE, SIG_IGN);
}

static void limits_and_times(void)
{
	struct timespec zero = { 0, 0 }, now;
	struct rlimit rl;
	struct tms t;

	getrlimit(RLIMIT_NOFILE, &rl);
	setrlimit(RLIMIT_NOFILE, &rl);
	clock_nanosleep(CLOCK_MONOTONIC, 0, &zero, NULL);
	clock_gettime(CLOCK_MONOTONIC, &now);
	times(&t);
}

static void child_exits_3(void)
{
	struct rusage ru;
	int status;
	pid_t pid = fork();

	if (pid == 0)
		_exit(3);
	if (pid < 0 || wait4(pid, &status, 0, &ru) != pid)
		exit(1);
}

static void system_info(void)
{
	struct utsname u;
	struct sysinfo si;
	struct statfs sf;

	uname(&u);
	sysinfo(&si);
	statfs("/", &sf);
}

static void udp_socket(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(a);
	int one = 1, val = 0, n = 0, fd = socket(AF_INET, SOCK_DGRAM, 0);

	if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)))
		exit(1);
	getsockname(fd, (struct sockaddr *)&a, &len);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	len = sizeof(val);
	getsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &val, &len);
	ioctl(fd, FIONREAD, &n);
	close(fd);
}

static void directory(const char *dir)
{
	char path[4096], buf[4096];
	int fd;

	mkdir(dir, 0755);
	snprintf(path, sizeof(path), "%s/x", dir);
	close(open(path, O_CREAT | O_WRONLY, 0644));
	snprintf(path, sizeof(path), "%s/y", dir);
	close(open(path, O_CREAT | O_WRONLY, 0644));
	fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (fd < 0)
		exit(1);
	while (syscall(SYS_getdents64, fd, buf, sizeof(buf)) > 0)
		;
	close(fd);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: trace-structs DIR\n");
		return 2;
	}
	signals();
	limits_and_times();
	child_exits_3();
	system_info();
	udp_socket();
	directory(argv[1]);
	return 0;
}
