// SPDX-License-Identifier: GPL-2.0
/*
 * Holds BPF programs attached for the query tests, until killed.
 *   query-holder [-n N] [-p PREFIX] [-t SYS:EVENT]... [-r RAW_TRACEPOINT]...
 * -t: load N tracepoint programs named PREFIX0.. and attach each through its own perf
 *     event (PERF_EVENT_IOC_SET_BPF), in order;
 * -r: load one raw tracepoint program and attach it with BPF_RAW_TRACEPOINT_OPEN.
 * Prints "prog ID NAME HOOK" per program in attach order, then "ready", then waits.
 * No libraries: raw bpf() and perf_event_open() calls.
 */
#include <errno.h>
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
static int nr_progs = 1, seq;

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
		fd = load(BPF_PROG_TYPE_TRACEPOINT, name);
		memset(&attr, 0, sizeof(attr));
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.size = sizeof(attr);
		attr.config = id;
		attr.sample_period = 1;
		pfd = syscall(SYS_perf_event_open, &attr, -1, 0, -1, 0);
		if (pfd < 0 || ioctl(pfd, PERF_EVENT_IOC_SET_BPF, fd)) {
			fprintf(stderr, "query-holder: attach %s: %s\n", tp, strerror(errno));
			exit(1);
		}
		printf("prog %u %s %s\n", prog_id(fd), name, tp);
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
	printf("prog %u %s raw_tp:%s\n", prog_id(fd), name, tp);
}

int main(int argc, char **argv)
{
	int c;

	while ((c = getopt(argc, argv, "n:p:t:r:")) != -1) {
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
		default:
			fprintf(stderr, "usage: query-holder [-n N] [-p PREFIX] [-t SYS:EVENT]... "
					"[-r RAW_TRACEPOINT]...\n");
			return 2;
		}
	}
	printf("ready\n");
	fflush(stdout);
	for (;;)
		pause();
}
