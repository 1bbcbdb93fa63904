// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's floor for recording: the least any recorder must do to take every record of a
 * compiled scriptlet's __bpf_stdout__ while a command runs. Load the object (libbpf), open a
 * bpf-output event on each CPU with perf-bpf record's layout and ring (256 data pages, woken
 * a quarter in), put them in __bpf_stdout__, attach the program to the tracepoint for the
 * command's tasks (every task with -a, as record -a), run the command, and empty the rings
 * as they fill: walk the records, count the samples and the LOST records, move data_tail on.
 * No copy, no file. On stderr: wall seconds, samples, lost (the LOST records' sum and the
 * kernel's own count), and the program's runs the kernel skipped (recursion_misses: another
 * BPF program or a bpf() map call held the CPU's BPF slot), whose records are nowhere counted
 * as lost. The program runs for every task that enters the tracepoint, so the samples are
 * also counted per pid ("pid_samples PID N"; "child PID" names the command's own).
 *	drain [-a] OBJ SYSTEM:TRACEPOINT COMMAND [ARGS...]
 */
#define _GNU_SOURCE
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "perfev.h"

#define RING_PAGES 256 /* perf-bpf record's default */
/* perf-bpf's EVSEL_SAMPLE_TYPE: the same record size in the ring */
#define SAMPLE_TYPE                                                                     \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

struct ring {
	int fd;
	struct perf_event_mmap_page *meta;
	unsigned char *data;
	uint64_t size;
};

#define PIDS 4096 /* open addressing; pids past it are only in the total */

static uint64_t samples, lost_records;
static struct {
	uint32_t pid;
	uint64_t n;
} pids[PIDS];

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

/* the u64 at byte off of the ring's data, which may wrap around its end */
static uint64_t ring_u64(const struct ring *r, uint64_t off)
{
	uint64_t v;
	unsigned char *b = (unsigned char *)&v;

	for (unsigned int i = 0; i < sizeof(v); i++)
		b[i] = r->data[(off + i) & (r->size - 1)];
	return v;
}

static void count_pid(uint32_t pid)
{
	for (uint32_t i = 0, h = pid * 2654435761u; i < PIDS; i++) {
		uint32_t k = (h + i) % PIDS;

		if (pids[k].n && pids[k].pid != pid)
			continue;
		pids[k].pid = pid;
		pids[k].n++;
		return;
	}
}

/* every record between data_tail and data_head: counted, then given back to the kernel */
static void ring_drain(struct ring *r)
{
	uint64_t head = __atomic_load_n(&r->meta->data_head, __ATOMIC_ACQUIRE);
	uint64_t tail = r->meta->data_tail;

	while (tail < head) {
		/* records are 8-byte aligned in a power-of-two ring: a header never wraps */
		struct perf_event_header *h = (void *)(r->data + (tail & (r->size - 1)));

		if (h->type == PERF_RECORD_SAMPLE) { /* header, id, ip, pid, tid */
			samples++;
			count_pid((uint32_t)ring_u64(r, tail + sizeof(*h) + 16));
		} else if (h->type == PERF_RECORD_LOST) /* header, id, lost */
			lost_records += ring_u64(r, tail + sizeof(*h) + 8);
		if (!h->size)
			break;
		tail += h->size;
	}
	__atomic_store_n(&r->meta->data_tail, tail, __ATOMIC_RELEASE);
}

static void fail(const char *what)
{
	fprintf(stderr, "drain: %s: %s\n", what, strerror(errno));
	exit(1);
}

int main(int argc, char **argv)
{
	struct perf_event_attr out = { .type = PERF_TYPE_SOFTWARE, .size = sizeof(out) };
	struct perf_event_attr tp = { .type = PERF_TYPE_TRACEPOINT, .size = sizeof(tp) };
	int ncpu = libbpf_num_possible_cpus(), go[2], status, prog_fd, pidfd;
	long page = sysconf(_SC_PAGESIZE);
	uint64_t lost_kernel = 0;
	struct bpf_prog_info info = { 0 };
	__u32 info_len = sizeof(info);
	double start = now();
	struct bpf_program *prog;
	struct bpf_object *obj;
	struct pollfd *pfds;
	struct ring *rings;
	int *tfds;
	pid_t pid;

	bool all = argc > 1 && !strcmp(argv[1], "-a");

	argc -= all;
	argv += all;
	if (argc < 4 || ncpu < 1 || pipe(go))
		return 2;
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj)
		fail(argv[1]);
	bpf_object__for_each_program(prog, obj)
		bpf_program__set_type(prog, BPF_PROG_TYPE_TRACEPOINT);
	if (bpf_object__load(obj))
		fail("load");
	prog = bpf_object__next_program(obj, NULL);
	prog_fd = bpf_program__fd(prog);
	rings = calloc(ncpu, sizeof(*rings));
	tfds = calloc(ncpu, sizeof(*tfds));
	pfds = calloc(ncpu + 1, sizeof(*pfds));
	if (!rings || !tfds || !pfds)
		fail("calloc");
	out.config = PERF_COUNT_SW_BPF_OUTPUT;
	out.sample_type = SAMPLE_TYPE;
	out.sample_period = 1;
	out.sample_id_all = 1;
	out.exclude_guest = 1;
	out.read_format = PERF_FORMAT_LOST;
	out.watermark = 1;
	out.wakeup_watermark = RING_PAGES * page / 4;
	for (int cpu = 0; cpu < ncpu; cpu++) {
		struct ring *r = &rings[cpu];
		void *base;

		r->fd = perf_open(&out, -1, cpu);
		if (r->fd < 0)
			fail("perf_event_open bpf-output");
		base = mmap(NULL, (1 + RING_PAGES) * page, PROT_READ | PROT_WRITE, MAP_SHARED,
			    r->fd, 0);
		if (base == MAP_FAILED)
			fail("mmap");
		r->meta = base;
		r->data = (unsigned char *)base + page;
		r->size = (uint64_t)RING_PAGES * page;
		pfds[cpu] = (struct pollfd){ .fd = r->fd, .events = POLLIN };
		if (bpf_map__update_elem(bpf_object__next_map(obj, NULL), &cpu, sizeof(cpu), &r->fd,
					 sizeof(int), BPF_ANY))
			fail("map update");
	}
	pid = spawn_held(go, argv + 3);
	if (pid < 0)
		fail("fork");
	/*
	 * The tracepoint as perf-bpf opens it: on the command's task, each CPU, inherited; or
	 * on every task. (An inherited event that exits takes the program off the tracepoint
	 * for all: a command whose forked processes end at different times wants -a.)
	 */
	tp.config = tp_id(argv[2]);
	tp.sample_type = SAMPLE_TYPE;
	tp.sample_period = 1;
	tp.sample_id_all = 1;
	tp.exclude_guest = 1;
	tp.inherit = !all;
	tp.disabled = 1;
	for (int cpu = 0; cpu < ncpu; cpu++) {
		tfds[cpu] = perf_open(&tp, all ? -1 : pid, cpu);
		if (tfds[cpu] < 0)
			fail("perf_event_open tracepoint");
		if (ioctl(tfds[cpu], PERF_EVENT_IOC_SET_BPF, prog_fd) && errno != EEXIST)
			fail("PERF_EVENT_IOC_SET_BPF");
		if (ioctl(tfds[cpu], PERF_EVENT_IOC_ENABLE, 0))
			fail("PERF_EVENT_IOC_ENABLE");
	}
	pidfd = syscall(SYS_pidfd_open, pid, 0);
	if (pidfd < 0)
		fail("pidfd_open");
	pfds[ncpu] = (struct pollfd){ .fd = pidfd, .events = POLLIN };
	if (write(go[1], "g", 1) != 1)
		fail("write");
	for (;;) {
		if (poll(pfds, ncpu + 1, -1) < 0 && errno != EINTR)
			fail("poll");
		for (int cpu = 0; cpu < ncpu; cpu++)
			ring_drain(&rings[cpu]);
		if (pfds[ncpu].revents)
			break;
	}
	waitpid(pid, &status, 0);
	for (int cpu = 0; cpu < ncpu; cpu++)
		close(tfds[cpu]);
	/* the rest: whatever came between the last drain and the program's detach */
	for (int cpu = 0; cpu < ncpu; cpu++) {
		uint64_t v[2];

		ring_drain(&rings[cpu]);
		if (read(rings[cpu].fd, v, sizeof(v)) == sizeof(v))
			lost_kernel += v[1];
		close(rings[cpu].fd);
	}
	if (bpf_obj_get_info_by_fd(prog_fd, &info, &info_len))
		info.recursion_misses = 0;
	bpf_object__close(obj);
	fprintf(stderr,
		"wall_s %.3f\nsamples %llu\nlost %llu\nlost_kernel %llu\nmissed_runs %llu\n",
		now() - start, (unsigned long long)samples, (unsigned long long)lost_records,
		(unsigned long long)lost_kernel, (unsigned long long)info.recursion_misses);
	fprintf(stderr, "child %d\n", (int)pid);
	for (int i = 0; i < PIDS; i++)
		if (pids[i].n)
			fprintf(stderr, "pid_samples %u %llu\n", pids[i].pid,
				(unsigned long long)pids[i].n);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
