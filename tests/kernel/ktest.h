/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the kernel conformance tests: checks that print PASS/FAIL per
 * assertion, tracepoint perf events, trivial programs built from instructions (no clang),
 * and a lock so two runs never share the tracepoint a test claims for itself.
 * Each test exits 0 (pass), 1 (fail) or 2 (skip, reason on the last line): a test skips only
 * where the kernel lacks the feature it tests, and says which.
 */
#ifndef PERF_BPF_KTEST_H
#define PERF_BPF_KTEST_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <bpf/bpf.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>

static int ktest_failed, ktest_passed;

#define CHECK(cond, ...)                                            \
	do {                                                        \
		if (cond) {                                         \
			ktest_passed++;                             \
		} else {                                            \
			ktest_failed++;                             \
			printf("FAIL %s:%d: ", __func__, __LINE__); \
			printf(__VA_ARGS__);                        \
			printf("\n");                               \
		}                                                   \
	} while (0)

static inline void ktest_skip(const char *why)
{
	printf("SKIP: %s\n", why);
	exit(2);
}

/*
 * A step the test cannot go on without: when it failed (ok false, errno set), the test
 * fails, unless the kernel does not have what the step needs (ENOSYS, EOPNOTSUPP,
 * ENOTSUPP): then it skips, naming it.
 */
static inline void ktest_need(int ok, const char *what)
{
	int err = errno;

	if (ok)
		return;
	if (err == ENOSYS || err == EOPNOTSUPP || err == 524 /* ENOTSUPP */) {
		printf("SKIP: kernel without %s (%s)\n", what, strerror(err));
		exit(2);
	}
	printf("FAIL: %s: %s\n", what, strerror(err));
	exit(1);
}

/* tp, the tracepoint's id or -errno: a skip when the kernel does not have it. */
static inline void ktest_need_tp(int tp, const char *name)
{
	if (tp == -ENOENT) {
		printf("SKIP: kernel without the tracepoint %s\n", name);
		exit(2);
	}
	errno = -tp;
	ktest_need(tp >= 0, "the tracepoint's id");
}

static inline int ktest_done(const char *name)
{
	printf("%s: %d checks passed, %d failed\n", name, ktest_passed, ktest_failed);
	return ktest_failed ? 1 : 0;
}

/* Serialises runs that claim the same tracepoint (two test runs at once). */
static inline void ktest_lock(const char *what)
{
	char path[256];
	int fd;

	snprintf(path, sizeof(path), "/tmp/perf-bpf-ktest-%s.lock", what);
	fd = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0600);
	ktest_need(fd >= 0 && !flock(fd, LOCK_EX), "the test lock");
	/* fd stays open until exit */
}

static inline int ktest_tp_event(unsigned long long id, int cpu)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = id;
	attr.sample_type = PERF_SAMPLE_RAW;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	return syscall(SYS_perf_event_open, &attr, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

/* A tracepoint program returning 1, named name. */
static inline int ktest_trivial_prog(const char *name)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 1 },
		{ .code = BPF_JMP | BPF_EXIT },
	};

	return bpf_prog_load(BPF_PROG_TYPE_TRACEPOINT, name, "GPL", insns, 2, NULL);
}

static inline unsigned int ktest_prog_id(int fd)
{
	struct bpf_prog_info info;
	__u32 len = sizeof(info);

	memset(&info, 0, sizeof(info));
	if (bpf_obj_get_info_by_fd(fd, &info, &len))
		return 0;
	return info.id;
}

#endif
