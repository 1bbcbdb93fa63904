// SPDX-License-Identifier: GPL-2.0
/*
 * Holds BPF programs attached for the query tests, until killed.
 *   query-holder [-n N] [-p PREFIX] [-L] [-K] [-o] [-t SYS:EVENT]... [-r RAW_TP]... [-u]...
 * -t: load N tracepoint programs named PREFIX0.. and attach each through its own perf
 *     event, in order;
 * -r: load one raw tracepoint program and attach it with BPF_RAW_TRACEPOINT_OPEN;
 * -u: load one program and attach it to a uprobe PMU event on this program's own
 *     probe_target() function;
 * -L: attach the following -t/-u through BPF links (BPF_LINK_CREATE), not the ioctl;
 * -K: the following -t load kprobe-type programs (for tracefs kprobe/uprobe events);
 * -o: print the uprobe target of -u, "PATH:0xOFFSET", and exit.
 * Prints "prog ID NAME HOOK LINK" per program in attach order (LINK "-" without a link),
 * then "ready", then waits.
 * No libraries: raw bpf() and perf_event_open() calls.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

static const char *prefix = "qhold_";
static int nr_progs = 1, seq, use_link, tp_type = BPF_PROG_TYPE_TRACEPOINT;

static int sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

static int load(int type, const char *name)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 1 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.prog_type = type;
	a.insns = (uintptr_t)insns;
	a.insn_cnt = 2;
	a.license = (uintptr_t) "GPL";
	snprintf(a.prog_name, sizeof(a.prog_name), "%s", name);
	fd = sys_bpf(BPF_PROG_LOAD, &a);
	if (fd < 0) {
		fprintf(stderr, "query-holder: load %s: %s\n", name, strerror(errno));
		exit(1);
	}
	return fd;
}

static unsigned int prog_id(int fd)
{
	struct bpf_prog_info info;
	union bpf_attr a;

	memset(&info, 0, sizeof(info));
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = fd;
	a.info.info_len = sizeof(info);
	a.info.info = (uintptr_t)&info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a)) {
		perror("query-holder: prog info");
		exit(1);
	}
	return info.id;
}

static unsigned int link_id(int fd)
{
	struct bpf_link_info info;
	union bpf_attr a;

	memset(&info, 0, sizeof(info));
	memset(&a, 0, sizeof(a));
	a.info.bpf_fd = fd;
	a.info.info_len = sizeof(info);
	a.info.info = (uintptr_t)&info;
	if (sys_bpf(BPF_OBJ_GET_INFO_BY_FD, &a)) {
		perror("query-holder: link info");
		exit(1);
	}
	return info.id;
}

/* Attaches prog fd to perf event pfd; prints the program's line. */
static void attach_event(int pfd, int fd, const char *name, const char *hook)
{
	char link[16] = "-";
	union bpf_attr a;
	int lfd;

	if (pfd < 0) {
		fprintf(stderr, "query-holder: perf event for %s: %s\n", hook, strerror(errno));
		exit(1);
	}
	if (use_link) {
		memset(&a, 0, sizeof(a));
		a.link_create.prog_fd = fd;
		a.link_create.target_fd = pfd;
		a.link_create.attach_type = BPF_PERF_EVENT;
		lfd = sys_bpf(BPF_LINK_CREATE, &a);
		if (lfd < 0) {
			fprintf(stderr, "query-holder: link %s: %s\n", hook, strerror(errno));
			exit(1);
		}
		snprintf(link, sizeof(link), "%u", link_id(lfd));
	} else if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, fd)) {
		fprintf(stderr, "query-holder: attach %s: %s\n", hook, strerror(errno));
		exit(1);
	}
	printf("prog %u %s %s %s\n", prog_id(fd), name, hook, link);
}

static unsigned long long tp_id(const char *tp)
{
	char path[512], sys[256];
	unsigned long long id;
	size_t n = strcspn(tp, ":");
	FILE *f;

	snprintf(sys, sizeof(sys), "%.*s", (int)n, tp);
	snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%s/%s/id", sys,
		 tp[n] ? tp + n + 1 : "");
	f = fopen(path, "r");
	if (!f || fscanf(f, "%llu", &id) != 1) {
		fprintf(stderr, "query-holder: no tracepoint %s\n", tp);
		exit(1);
	}
	fclose(f);
	return id;
}

static void attach_tp(const char *tp)
{
	unsigned long long id = tp_id(tp);

	for (int i = 0; i < nr_progs; i++) {
		struct perf_event_attr attr;
		char name[16];
		int pfd, fd;

		snprintf(name, sizeof(name), "%s%d", prefix, seq++);
		fd = load(tp_type, name);
		memset(&attr, 0, sizeof(attr));
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.size = sizeof(attr);
		attr.config = id;
		attr.sample_period = 1;
		pfd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0);
		attach_event(pfd, fd, name, tp);
	}
}

static void attach_raw(const char *tp)
{
	union bpf_attr a;
	char name[16];
	int fd;

	snprintf(name, sizeof(name), "%s%d", prefix, seq++);
	fd = load(BPF_PROG_TYPE_RAW_TRACEPOINT, name);
	memset(&a, 0, sizeof(a));
	a.raw_tracepoint.name = (uintptr_t)tp;
	a.raw_tracepoint.prog_fd = fd;
	if (sys_bpf(BPF_RAW_TRACEPOINT_OPEN, &a) < 0) {
		fprintf(stderr, "query-holder: raw_tp %s: %s\n", tp, strerror(errno));
		exit(1);
	}
	printf("prog %u %s raw_tp:%s -\n", prog_id(fd), name, tp);
}

__attribute__((noinline)) void probe_target(void);
__attribute__((noinline)) void probe_target(void)
{
	__asm__ volatile("" ::: "memory");
}

/* File offset of probe_target() in this executable, from its mapping. */
static unsigned long long target_offset(char *path)
{
	unsigned long long start, end, off, addr = (uintptr_t)probe_target;
	char line[1024], file[PATH_MAX];
	FILE *f = fopen("/proc/self/maps", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %4095s", &start, &end, &off, file) ==
			    4 &&
		    addr >= start && addr < end) {
			fclose(f);
			strcpy(path, file);
			return addr - start + off;
		}
	fprintf(stderr, "query-holder: probe_target not found in /proc/self/maps\n");
	exit(1);
}

static void attach_uprobe(void)
{
	char path[PATH_MAX], hook[PATH_MAX + 64], name[16];
	unsigned long long off = target_offset(path);
	struct perf_event_attr attr;
	unsigned int type;
	FILE *f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	int fd;

	if (!f || fscanf(f, "%u", &type) != 1) {
		fprintf(stderr, "query-holder: no uprobe PMU\n");
		exit(1);
	}
	fclose(f);
	snprintf(name, sizeof(name), "%s%d", prefix, seq++);
	fd = load(BPF_PROG_TYPE_KPROBE, name);
	memset(&attr, 0, sizeof(attr));
	attr.type = type;
	attr.size = sizeof(attr);
	attr.config1 = (uintptr_t)path;
	attr.config2 = off;
	snprintf(hook, sizeof(hook), "uprobe:%s:0x%llx", path, off);
	attach_event(syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0), fd, name, hook);
}

int main(int argc, char **argv)
{
	int c;

	char path[PATH_MAX];
	unsigned long long off;

	while ((c = getopt(argc, argv, "n:p:t:r:uLKo")) != -1) {
		switch (c) {
		case 'n':
			nr_progs = atoi(optarg);
			break;
		case 'p':
			prefix = optarg;
			break;
		case 't':
			attach_tp(optarg);
			break;
		case 'r':
			attach_raw(optarg);
			break;
		case 'u':
			attach_uprobe();
			break;
		case 'L':
			use_link = 1;
			break;
		case 'K':
			tp_type = BPF_PROG_TYPE_KPROBE;
			break;
		case 'o':
			off = target_offset(path);
			printf("%s:0x%llx\n", path, off);
			return 0;
		default:
			fprintf(stderr,
				"usage: query-holder [-n N] [-p PREFIX] [-L] [-K] [-o] [-t SYS:EVENT]... "
				"[-r RAW_TRACEPOINT]... [-u]...\n");
			return 2;
		}
	}
	printf("ready\n");
	fflush(stdout);
	for (;;)
		pause();
}
