// SPDX-License-Identifier: GPL-2.0
/*
 * Guest test: the kprobe interfaces the host kernel lacks, used without perf-bpf.
 *   - kprobe PMU event + BPF_PROG_TYPE_KPROBE counter attached by PERF_EVENT_IOC_SET_BPF,
 *     read back exactly; BPF_TASK_FD_QUERY names the probe and the program
 *   - the same as a kretprobe (the PMU's retprobe format bit)
 *   - a tracefs kprobe opened as a tracepoint event: it counts, and
 *     PERF_EVENT_IOC_QUERY_BPF lists exactly the program attached to it
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "guest.h"

#define FUNC "__x64_sys_getppid"
#define CALLS 100
#define PMU_DIR "/sys/bus/event_source/devices/kprobe"
#define TRACEFS "/sys/kernel/tracing"

static long read_long(const char *path)
{
	char buf[64] = "";
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	/* Format files read "config:N"; id and type files a bare number. */
	return strtol(strchr(buf, ':') ? strchr(buf, ':') + 1 : buf, NULL, 10);
}

static int perf_open(struct perf_event_attr *attr)
{
	attr->size = sizeof(*attr);
	attr->sample_period = 1;
	attr->wakeup_events = 1;
	/* Every task on CPU 0: the guest has one CPU and runs nothing else meanwhile. */
	return (int)syscall(SYS_perf_event_open, attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
}

/* Attach PROG to the event, call getppid() CALLS times, return the map's count. */
static long count_hits(int pfd, int prog_fd, int map_fd)
{
	if (counter_reset(map_fd))
		return -1;
	if (ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog_fd) || ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0)) {
		printf("# attach: %s\n", strerror(errno));
		return -1;
	}
	for (int i = 0; i < CALLS; i++)
		syscall(SYS_getppid);
	ioctl(pfd, PERF_EVENT_IOC_DISABLE, 0);
	return counter_read(map_fd);
}

static void check_count(const char *what, long n)
{
	char why[64];

	snprintf(why, sizeof(why), "counted %ld hits for %d calls", n, CALLS);
	check(n == CALLS, what, why);
}

static void check_task_fd(int pfd, int prog_fd, __u32 want_type, const char *what)
{
	char buf[128] = "", why[256];
	__u32 len = sizeof(buf), id = 0, type = 0;
	__u64 off = 0, addr = 0;
	int err;

	err = bpf_task_fd_query(getpid(), pfd, 0, buf, &len, &id, &type, &off, &addr);
	snprintf(why, sizeof(why), "err %d, prog %u (want %u), type %u (want %u), name '%s'",
		 err ? -errno : 0, id, prog_id(prog_fd), type, want_type, buf);
	check(!err && id == prog_id(prog_fd) && type == want_type && !strcmp(buf, FUNC), what, why);
}

static void test_pmu(int prog_fd, int map_fd, int ret)
{
	struct perf_event_attr attr = {};
	long type = read_long(PMU_DIR "/type"), bit = read_long(PMU_DIR "/format/retprobe");
	int pfd;

	check(type > 0 && bit >= 0, "kprobe PMU registered", "no " PMU_DIR "/type or retprobe bit");
	if (type <= 0 || bit < 0)
		return;
	attr.type = (__u32)type;
	attr.config = ret ? 1ULL << bit : 0;
	attr.config1 = (__u64)(unsigned long)FUNC; /* kprobe_func */
	attr.disabled = 1;
	pfd = perf_open(&attr);
	check(pfd >= 0, ret ? "kretprobe PMU event opens" : "kprobe PMU event opens",
	      strerror(errno));
	if (pfd < 0)
		return;
	check_count(ret ? "kretprobe program counts every call" :
			  "kprobe program counts every call",
		    count_hits(pfd, prog_fd, map_fd));
	check_task_fd(pfd, prog_fd, ret ? BPF_FD_TYPE_KRETPROBE : BPF_FD_TYPE_KPROBE,
		      ret ? "BPF_TASK_FD_QUERY names the kretprobe" :
			    "BPF_TASK_FD_QUERY names the kprobe");
	close(pfd);
}

static int write_str(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_APPEND);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -EIO;
}

static void check_query(int pfd, __u32 want_cnt, __u32 want_id, const char *what)
{
	struct {
		struct perf_event_query_bpf q;
		__u32 ids[4];
	} buf = { .q.ids_len = 4 };
	char why[128];
	int err = ioctl(pfd, PERF_EVENT_IOC_QUERY_BPF, &buf.q);

	snprintf(why, sizeof(why), "err %d, prog_cnt %u (want %u), ids[0] %u (want %u)",
		 err ? -errno : 0, buf.q.prog_cnt, want_cnt, buf.ids[0], want_id);
	check(!err && buf.q.prog_cnt == want_cnt && (!want_cnt || buf.ids[0] == want_id), what,
	      why);
}

static void test_tracefs(int prog_fd, int map_fd)
{
	struct perf_event_attr attr = {};
	char def[128], undef[64], idpath[128];
	int pfd, err;
	long id;

	snprintf(def, sizeof(def), "p:lane%d/getppid %s\n", getpid(), FUNC);
	snprintf(undef, sizeof(undef), "-:lane%d/getppid\n", getpid());
	snprintf(idpath, sizeof(idpath), TRACEFS "/events/lane%d/getppid/id", getpid());
	err = write_str(TRACEFS "/kprobe_events", def);
	check(!err, "tracefs kprobe created", strerror(-err));
	if (err)
		return;
	id = read_long(idpath);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = (__u64)id;
	attr.disabled = 1;
	pfd = id > 0 ? perf_open(&attr) : -1;
	check(pfd >= 0, "tracefs kprobe opens as a tracepoint event", strerror(errno));
	if (pfd >= 0) {
		check_query(pfd, 0, 0, "QUERY_BPF lists no program before attach");
		check_count("tracefs kprobe program counts every call",
			    count_hits(pfd, prog_fd, map_fd));
		check_query(pfd, 1, prog_id(prog_fd), "QUERY_BPF lists the attached program");
		close(pfd);
	}
	err = write_str(TRACEFS "/kprobe_events", undef);
	check(!err, "tracefs kprobe removed", strerror(-err));
}

int main(void)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	int map_fd, prog_fd;

	setvbuf(stdout, NULL, _IOLBF, 0);
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "lane_count", 4, 8, 1, NULL);
	check(map_fd >= 0, "array map created", strerror(errno));
	prog_fd = map_fd >= 0 ? load_counter(BPF_PROG_TYPE_KPROBE, map_fd, &opts) : -1;
	check(prog_fd >= 0, "BPF_PROG_TYPE_KPROBE counter loads", strerror(errno));
	if (prog_fd >= 0) {
		test_pmu(prog_fd, map_fd, 0);
		test_pmu(prog_fd, map_fd, 1);
		test_tracefs(prog_fd, map_fd);
		close(prog_fd);
	}
	if (map_fd >= 0)
		close(map_fd);
	return finish();
}
