// SPDX-License-Identifier: GPL-2.0
/*
 * Runs a command under the system call capture (lib/run/syscalls.h) and prints what the
 * kernel side gave, one line per record or per counted (thread, call) pair, for
 * tests/e2e/builtin-syscalls.sh (on the host and in the kernel lane):
 *
 *	self PID				this program, whose calls are never traced
 *	workload PID
 *	enter PID TID NAME ARG... [iN=ITEM]...	ARG in hex; item N is argument N's memory:
 *	exit PID TID NAME RET [ERRNO] NS [no-entry] [iN=ITEM]...
 *	count PID TID NAME CALLS ERRORS TOTAL MIN MAX P50 P99 STDDEV	(ns)
 *	records N				-q: how many were read (and thrown away)
 *	lost RECORDS CALLS TASKS		summed over the CPUs
 *
 * An ITEM is a string or a buffer ("..." quoted, \xNN escapes, ... after it when cut),
 * a socket address (inet:1.2.3.4:80, inet6:[::1]:80, unix:PATH, family:N), an fd pair
 * ([3,4]) or (fault). NAME is nrN for calls outside the table below, which also says what
 * is read of each call's arguments.
 *
 * Usage: syscalls [-c] [-a] [-q] [-s STRSIZE] [-r BYTES] [-w BYTES] [-e NAME,...] -- CMD [ARG]...
 *	-c count instead of capturing; -a every task; -q read the records, print none;
 *	-r a ring buffer of BYTES; -w wake the reader when BYTES wait (1: at every record)
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "syscalls/sysrec.h"
#include "run/syscalls.h"
#include "util/errmsg.h"
#include "util/log.h"

struct call {
	int nr;
	const char *name;
	int nargs;
	int item_arg; /* -1: none */
	int kind;
	int len_arg;
	int when; /* enum sysrec_when */
};

/* clang-format off */
static const struct call calls[] = {
	{ SYS_read,	  "read",	3, 1, SYSREC_KIND_BUF_RET, 0, SYSREC_AT_EXIT_POS },
	{ SYS_write,	  "write",	3, 1, SYSREC_KIND_BUF, 2, SYSREC_AT_ENTRY },
	{ SYS_close,	  "close",	1, -1, 0, 0, SYSREC_AT_ENTRY },
	{ SYS_openat,	  "openat",	4, 1, SYSREC_KIND_STR, 0, SYSREC_AT_ENTRY },
	{ SYS_execve,	  "execve",	3, 1, SYSREC_KIND_EXEC_ARGS, 0, SYSREC_AT_ENTRY_AND_EXIT },
	{ SYS_getppid,	  "getppid",	0, -1, 0, 0, SYSREC_AT_ENTRY },
	{ SYS_pipe2,	  "pipe2",	2, 0, SYSREC_KIND_FDS, 0, SYSREC_AT_EXIT_ZERO },
	{ SYS_socket,	  "socket",	3, -1, 0, 0, SYSREC_AT_ENTRY },
	{ SYS_connect,	  "connect",	3, 1, SYSREC_KIND_SOCKADDR, 2, SYSREC_AT_ENTRY },
	{ SYS_accept4,	  "accept4",	4, 1, SYSREC_KIND_SOCKADDR_RET, 2, SYSREC_AT_EXIT_OK },
	{ SYS_clone,	  "clone",	5, -1, 0, 0, SYSREC_AT_ENTRY },
	{ SYS_wait4,	  "wait4",	4, -1, 0, 0, SYSREC_AT_ENTRY },
	{ SYS_exit_group, "exit_group",	1, -1, 0, 0, SYSREC_AT_ENTRY },
};
/* clang-format on */

#define NCALLS (sizeof(calls) / sizeof(calls[0]))

struct run {
	bool count, all, quiet;
	unsigned int strsize;
	size_t wakeup_bytes, ring_bytes;
	uint64_t select[SYSCALLS_SELECT_WORDS];
	bool some_selected;
	unsigned long records;
	int workload;
	char **argv;
};

static const char *name_of(unsigned int nr)
{
	static char buf[16];

	for (size_t i = 0; i < NCALLS; i++)
		if (calls[i].nr == (int)nr)
			return calls[i].name;
	snprintf(buf, sizeof(buf), "nr%u", nr);
	return buf;
}

static int select_names(struct run *run, char *list)
{
	for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
		size_t i;

		for (i = 0; i < NCALLS && strcmp(calls[i].name, name); i++)
			;
		if (i == NCALLS) {
			fprintf(stderr, "unknown system call '%s'\n", name);
			return -1;
		}
		run->select[calls[i].nr / 64] |= 1ULL << (calls[i].nr % 64);
		run->some_selected = true;
	}
	return 0;
}

static void fill_specs(struct sysrec_spec *specs)
{
	for (int nr = 0; nr < SYSREC_NR_MAX; nr++)
		specs[nr].nargs = SYSREC_ARGS;
	for (size_t i = 0; i < NCALLS; i++) {
		struct sysrec_spec *sp = &specs[calls[i].nr];

		sp->nargs = calls[i].nargs;
		if (calls[i].item_arg < 0)
			continue;
		sp->kind[calls[i].item_arg] = calls[i].kind;
		sp->len_arg[calls[i].item_arg] = calls[i].len_arg;
		sp->when[calls[i].item_arg] = calls[i].when;
		if (calls[i].kind == SYSREC_KIND_EXEC_ARGS) { /* argv: 32 strings at entry */
			sp->size[calls[i].item_arg] = 32;
			sp->flags |= SYSREC_SPEC_NEW_MM;
		}
	}
}

static void print_bytes(const struct sysrec_data *d)
{
	putchar('"');
	for (int i = 0; i < d->len; i++) {
		uint8_t c = d->data[i];

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			putchar(c);
		else
			printf("\\x%02x", c);
	}
	printf("\"%s", d->truncated ? "..." : "");
}

static void print_sockaddr(const struct sysrec_data *d)
{
	struct sockaddr_storage ss = { 0 };
	char addr[INET6_ADDRSTRLEN] = "";
	const struct sockaddr_in *sin = (void *)&ss;
	const struct sockaddr_in6 *sin6 = (void *)&ss;
	const struct sockaddr_un *sun = (void *)&ss;

	memcpy(&ss, d->data, d->len < sizeof(ss) ? d->len : sizeof(ss));
	if (ss.ss_family == AF_INET && d->len >= sizeof(*sin))
		printf("inet:%s:%u", inet_ntop(AF_INET, &sin->sin_addr, addr, sizeof(addr)),
		       ntohs(sin->sin_port));
	else if (ss.ss_family == AF_INET6 && d->len >= sizeof(*sin6))
		printf("inet6:[%s]:%u", inet_ntop(AF_INET6, &sin6->sin6_addr, addr, sizeof(addr)),
		       ntohs(sin6->sin6_port));
	else if (ss.ss_family == AF_UNIX)
		printf("unix:%.*s", (int)(d->len - sizeof(ss.ss_family)), sun->sun_path);
	else
		printf("family:%u", ss.ss_family);
}

static void print_item(const struct sysrec_data *d)
{
	int fds[2];

	printf(" i%u=", d->arg);
	if (d->fault) {
		printf("(fault)");
		return;
	}
	switch (d->kind) {
	case SYSREC_KIND_SOCKADDR:
	case SYSREC_KIND_SOCKADDR_RET:
		print_sockaddr(d);
		break;
	case SYSREC_KIND_FDS:
		if (d->len == sizeof(fds)) {
			memcpy(fds, d->data, sizeof(fds));
			printf("[%d,%d]", fds[0], fds[1]);
			break;
		}
		/* fall through */
	default:
		print_bytes(d);
	}
}

static int print_record(void *ctx, const void *rec, size_t size)
{
	struct run *run = ctx;
	struct sysrec r;

	run->records++;
	if (sysrec__decode(&r, rec, size)) {
		printf("broken record of %zu bytes\n", size);
		return 0;
	}
	if (run->quiet)
		return 0;
	printf("%s %u %u %s", r.head.type == SYSREC_ENTER ? "enter" : "exit", r.head.pid,
	       r.head.tid, name_of(r.head.nr));
	for (int i = 0; i < r.nargs; i++)
		printf(" %#llx", (unsigned long long)r.args[i]);
	if (r.head.type == SYSREC_EXIT) {
		printf(" %lld", (long long)r.ret);
		if (r.ret < 0 && r.ret >= -4095)
			printf(" %s", strerrorname_np((int)-r.ret) ?: "E?");
		printf(" %llu%s", (unsigned long long)r.duration, r.no_entry ? " no-entry" : "");
	}
	for (int i = 0; i < r.nitems; i++)
		print_item(&r.items[i]);
	printf("%s\n", r.items_cut ? " items-cut" : "");
	return 0;
}

static int print_count(void *ctx, const struct sysrec_count_key *key, const struct sysrec_count *c,
		       const struct sysrec_errnos *errnos)
{
	printf("count %u %u %s %llu %llu %llu %llu %llu %llu %llu %.0f\n", c->pid, key->tid,
	       name_of(key->nr), (unsigned long long)c->calls, (unsigned long long)c->errors,
	       (unsigned long long)c->total_ns, (unsigned long long)c->min_ns,
	       (unsigned long long)c->max_ns, (unsigned long long)sysrec__percentile(c, 0.5),
	       (unsigned long long)sysrec__percentile(c, 0.99), sysrec__stddev_ns(c));
	return 0;
}

/* The command, forked now, made to wait for a byte on *go before it runs. */
static int start_workload(char **argv, int *go)
{
	int p[2];
	pid_t pid;
	char c;

	if (pipe2(p, O_CLOEXEC))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(p[1]);
		if (read(p[0], &c, 1) != 1)
			_exit(127);
		execvp(argv[0], argv);
		perror(argv[0]);
		_exit(127);
	}
	close(p[0]);
	*go = p[1];
	return pid;
}

static void print_lost(struct syscalls *sc)
{
	struct sysrec_lost per_cpu[1024], sum = { 0 };
	int n = syscalls__lost(sc, per_cpu, 1024);

	for (int i = 0; i < n && i < 1024; i++) {
		sum.records += per_cpu[i].records;
		sum.calls += per_cpu[i].calls;
		sum.tasks += per_cpu[i].tasks;
	}
	printf("lost %llu %llu %llu\n", (unsigned long long)sum.records,
	       (unsigned long long)sum.calls, (unsigned long long)sum.tasks);
}

/*
 * Read records until the workload is gone, then what it left in the ring. Its pidfd wakes
 * the wait when it ends: the runner's time is the workload's, to the millisecond.
 */
static int drain(struct syscalls *sc, struct run *run)
{
	struct pollfd p[2] = { { .fd = syscalls__fd(sc), .events = POLLIN },
			       { .fd = (int)syscall(SYS_pidfd_open, run->workload, 0),
				 .events = POLLIN } };
	bool done = false;
	int status = 0;

	while (!done) {
		if (poll(p, 2, 100) < 0 && errno != EINTR)
			return -errno;
		done = waitpid(run->workload, &status, WNOHANG) == run->workload;
		if (!run->count && done && syscalls__consume_last(sc, print_record, run) < 0)
			return -EIO;
		if (!run->count && !done && syscalls__consume(sc, print_record, run) < 0)
			return -EIO;
	}
	if (p[1].fd >= 0)
		close(p[1].fd);
	if (run->count)
		return syscalls__read_counts(sc, print_count, run) < 0 ? -EIO : 0;
	if (run->quiet)
		printf("records %lu\n", run->records);
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -ECHILD;
}

static int run_capture(struct run *run)
{
	static struct sysrec_spec specs[SYSREC_NR_MAX];
	struct syscalls_opts opts = {
		.mode = run->count ? SYSCALLS_COUNT : SYSCALLS_CAPTURE,
		.select = run->some_selected ? run->select : NULL,
		.specs = specs,
		.all_tasks = run->all,
		.nr_pids = 1,
		.strsize = run->strsize,
		.wakeup_bytes = run->wakeup_bytes,
		.ring_bytes = run->ring_bytes,
	};
	struct syscalls *sc;
	int go, err;

	fill_specs(specs);
	run->workload = start_workload(run->argv, &go);
	if (run->workload < 0)
		return -errno;
	opts.pids = &run->workload;
	printf("self %d\nworkload %d\n", getpid(), run->workload);
	sc = syscalls__open(&opts);
	err = sc ? syscalls__attach(sc) : -errno;
	if (err) {
		errmsg__print(err, "cannot trace system calls");
		kill(run->workload, SIGKILL);
		syscalls__close(sc);
		return err;
	}
	if (write(go, "", 1) != 1)
		return -errno;
	close(go);
	err = drain(sc, run);
	print_lost(sc);
	syscalls__close(sc);
	return err;
}

int main(int argc, char **argv)
{
	struct run run = { 0 };
	int c;

	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	log__setup_libbpf();
	while ((c = getopt(argc, argv, "+acqs:e:r:w:v")) != -1) {
		switch (c) {
		case 'a':
			run.all = true;
			break;
		case 'c':
			run.count = true;
			break;
		case 'q':
			run.quiet = true;
			break;
		case 's':
			run.strsize = atoi(optarg);
			break;
		case 'r':
			run.ring_bytes = strtoul(optarg, NULL, 0);
			break;
		case 'w':
			run.wakeup_bytes = strtoul(optarg, NULL, 0);
			break;
		case 'e':
			if (select_names(&run, optarg))
				return 2;
			break;
		case 'v':
			verbose++;
			break;
		default:
			return 2;
		}
	}
	if (optind >= argc) {
		fprintf(stderr, "usage: %s [-c] [-a] [-q] [-s N] [-e NAME,...] -- CMD...\n",
			argv[0]);
		return 2;
	}
	run.argv = argv + optind;
	return run_capture(&run) ? 1 : 0;
}
