// SPDX-License-Identifier: GPL-2.0
/*
 * Guest test: fentry and fexit, which the host kernel refuses, used without perf-bpf.
 * A BPF_PROG_TYPE_TRACING counter bound by BTF id to a syscall's entry or exit, attached
 * with BPF_RAW_TRACEPOINT_OPEN, counts every call; its link reports the attach type.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "guest.h"

/* Zero-argument syscalls have no __x64_sys_* FUNC in BTF; getpgid takes one. */
#define FUNC "__x64_sys_getpgid"
#define CALLS 100

static void check_link(int link_fd, enum bpf_attach_type want, const char *what)
{
	struct bpf_link_info info = {};
	__u32 len = sizeof(info);
	char why[128];
	int err = bpf_obj_get_info_by_fd(link_fd, &info, &len);

	snprintf(why, sizeof(why), "err %d, link type %u (want %u), attach type %u (want %u)",
		 err ? -errno : 0, info.type, BPF_LINK_TYPE_TRACING, info.tracing.attach_type,
		 want);
	check(!err && info.type == BPF_LINK_TYPE_TRACING && info.tracing.attach_type == want, what,
	      why);
}

static void test_attach(enum bpf_attach_type type, __u32 btf_id, int map_fd)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = type,
		    .attach_btf_id = btf_id);
	const char *name = type == BPF_TRACE_FENTRY ? "fentry" : "fexit";
	char what[96], why[96];
	int prog_fd, link_fd;
	long n;

	prog_fd = load_counter(BPF_PROG_TYPE_TRACING, map_fd, &opts);
	snprintf(what, sizeof(what), "%s program on %s loads", name, FUNC);
	check(prog_fd >= 0, what, strerror(errno));
	if (prog_fd < 0)
		return;
	link_fd = bpf_raw_tracepoint_open(NULL, prog_fd);
	snprintf(what, sizeof(what), "%s program attaches", name);
	check(link_fd >= 0, what, strerror(errno));
	if (link_fd >= 0) {
		snprintf(what, sizeof(what), "%s link reports its attach type", name);
		check_link(link_fd, type, what);
		n = counter_reset(map_fd) ? -1 : 0;
		for (int i = 0; i < CALLS && !n; i++)
			syscall(SYS_getpgid, 0);
		n = n ? n : counter_read(map_fd);
		snprintf(what, sizeof(what), "%s program counts every call", name);
		snprintf(why, sizeof(why), "counted %ld hits for %d calls", n, CALLS);
		check(n == CALLS, what, why);
		close(link_fd);
	}
	close(prog_fd);
}

int main(void)
{
	struct btf *btf;
	int map_fd, id;

	setvbuf(stdout, NULL, _IOLBF, 0);
	btf = btf__load_vmlinux_btf();
	check(btf != NULL, "kernel BTF loads", strerror(errno));
	id = btf ? btf__find_by_name_kind(btf, FUNC, BTF_KIND_FUNC) : -1;
	check(id > 0, "BTF has FUNC " FUNC, "not found");
	map_fd = bpf_map_create(BPF_MAP_TYPE_ARRAY, "lane_count", 4, 8, 1, NULL);
	check(map_fd >= 0, "array map created", strerror(errno));
	if (id > 0 && map_fd >= 0) {
		test_attach(BPF_TRACE_FENTRY, (__u32)id, map_fd);
		test_attach(BPF_TRACE_FEXIT, (__u32)id, map_fd);
	}
	if (map_fd >= 0)
		close(map_fd);
	btf__free(btf);
	return finish();
}
