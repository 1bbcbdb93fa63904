// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's floor for a start-up: what any tool must do to run hello.c around a command,
 * with nothing else. Open and load the compiled object (libbpf), open a bpf-output event on
 * each CPU with its ring and put it in __bpf_stdout__, open the tracepoint for the command's
 * process, attach the program, run the command, close it all.
 *	floor OBJ SYSTEM:TRACEPOINT COMMAND [ARGS...]
 */
#define _GNU_SOURCE
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "perfev.h"

#define RING_PAGES 8

int main(int argc, char **argv)
{
	struct perf_event_attr out = { .type = PERF_TYPE_SOFTWARE, .size = sizeof(out) };
	struct perf_event_attr tp = { .type = PERF_TYPE_TRACEPOINT, .size = sizeof(tp) };
	int ncpu = libbpf_num_possible_cpus(), go[2], status, tfd, prog_fd;
	long page = sysconf(_SC_PAGESIZE);
	struct bpf_program *prog;
	struct bpf_object *obj;
	int *fds;
	pid_t pid;

	if (argc < 4 || ncpu < 1 || pipe(go))
		return 2;
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj)
		return 1;
	bpf_object__for_each_program(prog, obj)
		bpf_program__set_type(prog, BPF_PROG_TYPE_TRACEPOINT);
	if (bpf_object__load(obj))
		return 1;
	prog = bpf_object__next_program(obj, NULL);
	prog_fd = bpf_program__fd(prog);
	fds = calloc(ncpu, sizeof(*fds));
	out.config = PERF_COUNT_SW_BPF_OUTPUT;
	out.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_TIME;
	out.sample_period = 1;
	out.wakeup_events = 1;
	for (int cpu = 0; cpu < ncpu; cpu++) {
		fds[cpu] = perf_open(&out, -1, cpu);
		if (fds[cpu] < 0 ||
		    mmap(NULL, (1 + RING_PAGES) * page, PROT_READ | PROT_WRITE, MAP_SHARED,
			 fds[cpu], 0) == MAP_FAILED ||
		    bpf_map__update_elem(bpf_object__next_map(obj, NULL), &cpu, sizeof(cpu),
					 &fds[cpu], sizeof(int), BPF_ANY))
			return 1;
	}
	pid = spawn_held(go, argv + 3);
	tp.config = tp_id(argv[2]);
	tp.sample_type = PERF_SAMPLE_RAW;
	tp.sample_period = 1;
	tp.inherit = 1;
	tfd = perf_open(&tp, pid, -1);
	if (tfd < 0 || ioctl(tfd, PERF_EVENT_IOC_SET_BPF, prog_fd) ||
	    ioctl(tfd, PERF_EVENT_IOC_ENABLE, 0))
		return 1;
	if (write(go[1], "g", 1) != 1)
		return 1;
	waitpid(pid, &status, 0);
	close(tfd);
	for (int cpu = 0; cpu < ncpu; cpu++)
		close(fds[cpu]);
	bpf_object__close(obj);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
