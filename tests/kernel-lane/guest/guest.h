/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Shared by the guest tests in C: one "ok - " / "not ok - " line per check, and a BPF
 * counter program written as raw instructions (the guest has no compiler).
 */
#ifndef KERNEL_LANE_GUEST_H
#define KERNEL_LANE_GUEST_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bpf/bpf.h>
#include <linux/bpf.h>

static int failures;

static inline void check(int ok, const char *what, const char *why)
{
	if (ok) {
		printf("ok - %s\n", what);
		return;
	}
	printf("not ok - %s: %s\n", what, why);
	failures++;
}

/* The summary line and the exit status: 0 all passed, 1 otherwise. */
static inline int finish(void)
{
	printf("%d failed\n", failures);
	return failures ? 1 : 0;
}

static inline struct bpf_insn insn(__u8 code, __u8 dst, __u8 src, __s16 off, __s32 imm)
{
	struct bpf_insn i = { .code = code, .dst_reg = dst, .src_reg = src, .off = off, .imm = imm };

	return i;
}

/*
 * Load a program of TYPE that adds one to slot 0 of the array map MAP_FD on every hit.
 * OPTS may carry the attach type and BTF id; its log buffer is filled here.
 */
static inline int load_counter(enum bpf_prog_type type, int map_fd, struct bpf_prog_load_opts *opts)
{
	struct bpf_insn prog[] = {
		insn(BPF_ST | BPF_MEM | BPF_W, BPF_REG_10, 0, -4, 0),
		insn(BPF_ALU64 | BPF_MOV | BPF_X, BPF_REG_2, BPF_REG_10, 0, 0),
		insn(BPF_ALU64 | BPF_ADD | BPF_K, BPF_REG_2, 0, 0, -4),
		insn(BPF_LD | BPF_DW | BPF_IMM, BPF_REG_1, BPF_PSEUDO_MAP_FD, 0, map_fd),
		insn(0, 0, 0, 0, 0),
		insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_map_lookup_elem),
		insn(BPF_JMP | BPF_JEQ | BPF_K, BPF_REG_0, 0, 2, 0),
		insn(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_1, 0, 0, 1),
		insn(BPF_STX | BPF_ATOMIC | BPF_DW, BPF_REG_0, BPF_REG_1, 0, BPF_ADD),
		insn(BPF_ALU64 | BPF_MOV | BPF_K, BPF_REG_0, 0, 0, 0),
		insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0),
	};
	static char log[4096];
	int fd;

	log[0] = 0;
	opts->log_buf = log;
	opts->log_size = sizeof(log);
	opts->log_level = 1;
	fd = bpf_prog_load(type, "lane_count", "GPL", prog, sizeof(prog) / sizeof(prog[0]), opts);
	if (fd < 0)
		printf("# BPF_PROG_LOAD: %s\n%s", strerror(errno), log);
	return fd;
}

/* Set the counter in MAP_FD back to zero; read it.  -1 on error. */
static inline int counter_reset(int map_fd)
{
	__u32 key = 0;
	__u64 zero = 0;

	return bpf_map_update_elem(map_fd, &key, &zero, BPF_ANY) ? -1 : 0;
}

static inline long counter_read(int map_fd)
{
	__u32 key = 0;
	__u64 val = 0;

	return bpf_map_lookup_elem(map_fd, &key, &val) ? -1 : (long)val;
}

static inline __u32 prog_id(int prog_fd)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);

	if (bpf_obj_get_info_by_fd(prog_fd, &info, &len))
		return 0;
	return info.id;
}

#endif
