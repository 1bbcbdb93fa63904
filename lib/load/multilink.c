// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include "uapi/linux/bpf_link_multi.h"

#include "load/multilink.h"

int multilink__attach_type(bool kernel)
{
	return kernel ? BPF_TRACE_KPROBE_MULTI : LINK_MULTI_ATTACH_UPROBE;
}

int multilink__uprobe(int prog_fd, const char *path, const unsigned long *offs, size_t n,
		      bool retprobe)
{
	uint64_t *o = calloc(n ? n : 1, sizeof(*o));
	struct bpf_link_create_uprobe_multi attr;
	int fd;

	if (!o)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		o[i] = offs[i];
	memset(&attr, 0, sizeof(attr));
	attr.prog_fd = prog_fd;
	attr.attach_type = LINK_MULTI_ATTACH_UPROBE;
	attr.path = (uintptr_t)path;
	attr.offsets = (uintptr_t)o;
	attr.cnt = n;
	attr.uflags = retprobe ? LINK_MULTI_UPROBE_RETURN : 0;
	fd = syscall(__NR_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
	fd = fd < 0 ? -errno : fd;
	free(o);
	return fd;
}

int multilink__kprobe(int prog_fd, const char **syms, size_t n, bool retprobe)
{
	LIBBPF_OPTS(bpf_link_create_opts, opts);
	int fd;

	opts.kprobe_multi.syms = syms;
	opts.kprobe_multi.cnt = n;
	opts.kprobe_multi.flags = retprobe ? BPF_F_KPROBE_MULTI_RETURN : 0;
	fd = bpf_link_create(prog_fd, 0, BPF_TRACE_KPROBE_MULTI, &opts);
	return fd < 0 ? -errno : fd;
}

/* A program that returns 0, loaded for a multi link of the kind, or -errno. */
static int load_probe_prog(bool kernel)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = multilink__attach_type(kernel));
	int fd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "multilink_probe", "GPL", insns, 2, &opts);

	return fd < 0 ? -errno : fd;
}

/*
 * A link asked of a kernel that has the kind fails on its target, not on the kind: "/" is
 * not a regular file (EBADF), and no function has that name (ENOENT or ESRCH). Kernels
 * without it refuse the attach type (EINVAL) or the kind (EOPNOTSUPP).
 */
static bool probe_kind(bool kernel)
{
	const char *sym = "perf_bpf_no_such_function";
	unsigned long off = 0;
	int prog = load_probe_prog(kernel), fd;
	bool has;

	if (prog < 0)
		return false;
	if (kernel)
		fd = multilink__kprobe(prog, &sym, 1, false);
	else
		fd = multilink__uprobe(prog, "/", &off, 1, false);
	has = kernel ? fd == -ENOENT || fd == -ESRCH : fd == -EBADF;
	if (fd >= 0)
		close(fd);
	close(prog);
	return has;
}

bool multilink__has(bool kernel)
{
	static int has[2] = { -1, -1 };

	if (has[kernel] < 0)
		has[kernel] = probe_kind(kernel);
	return has[kernel];
}
