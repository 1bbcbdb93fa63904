// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/libbpf.h>

#include "event/evparse.h"
#include "run/mapread.h"
#include "util/log.h"

bool mapread__unread(uint32_t type, const char *name, const char *const *configured, int nr)
{
	if (type != BPF_MAP_TYPE_PERF_EVENT_ARRAY && type != BPF_MAP_TYPE_RINGBUF)
		return false;
	if (!name || !strcmp(name, OBJCONF_STDOUT_MAP))
		return false;
	for (int i = 0; i < nr; i++)
		if (configured[i] && !strcmp(configured[i], name))
			return false;
	return true;
}

/* Helpers that take an output map: which argument register holds it. */
static int map_arg(int32_t helper)
{
	switch (helper) {
	case BPF_FUNC_perf_event_output:
	case BPF_FUNC_skb_output:
	case BPF_FUNC_xdp_output:
		return BPF_REG_2;
	case BPF_FUNC_ringbuf_output:
	case BPF_FUNC_ringbuf_reserve:
	case BPF_FUNC_ringbuf_reserve_dynptr:
		return BPF_REG_1;
	default:
		return -1;
	}
}

bool mapread__written(const struct bpf_insn *insns, size_t n, int map_fd)
{
	int reg_fd[MAX_BPF_REG];

	for (int r = 0; r < MAX_BPF_REG; r++)
		reg_fd[r] = -1;
	for (size_t i = 0; i < n; i++) {
		const struct bpf_insn *in = &insns[i];
		uint8_t code = in->code;

		if (code == (BPF_LD | BPF_IMM | BPF_DW)) { /* two slots */
			if (in->dst_reg < MAX_BPF_REG)
				reg_fd[in->dst_reg] = in->src_reg == BPF_PSEUDO_MAP_FD ? in->imm :
											 -1;
			i++;
		} else if (code == (BPF_ALU64 | BPF_MOV | BPF_X)) {
			if (in->dst_reg < MAX_BPF_REG && in->src_reg < MAX_BPF_REG)
				reg_fd[in->dst_reg] = reg_fd[in->src_reg];
		} else if (code == (BPF_JMP | BPF_CALL) && in->src_reg == 0) {
			int r = map_arg(in->imm);

			if (r >= 0 && reg_fd[r] == map_fd)
				return true;
			for (int k = BPF_REG_0; k <= BPF_REG_5; k++)
				reg_fd[k] = -1; /* the call's scratch registers */
		} else if (BPF_CLASS(code) == BPF_ALU64 || BPF_CLASS(code) == BPF_ALU ||
			   BPF_CLASS(code) == BPF_LDX || BPF_CLASS(code) == BPF_LD) {
			if (in->dst_reg < MAX_BPF_REG)
				reg_fd[in->dst_reg] = -1;
		}
	}
	return false;
}

static bool written(struct bpf_object *obj, const struct bpf_map *map)
{
	struct bpf_program *prog;
	int fd = bpf_map__fd(map);

	bpf_object__for_each_program(prog, obj)
		if (fd >= 0 && bpf_program__insns(prog) &&
		    mapread__written(bpf_program__insns(prog), bpf_program__insn_cnt(prog), fd))
			return true;
	return false;
}

static void warn_object(struct bpf_object *obj, const struct evparse_event *pe)
{
	const char **conf = calloc(pe->nr_maps + 1, sizeof(*conf));
	struct bpf_map *map;
	int nr = 0;

	for (size_t i = 0; conf && i < pe->nr_maps; i++)
		if (pe->maps[i].opt == EVPARSE_MAP_EVENT)
			conf[nr++] = pe->maps[i].map;
	bpf_object__for_each_map(map, obj) {
		uint32_t type = bpf_map__type(map);
		const char *name = bpf_map__name(map);

		if (!mapread__unread(type, name, conf, nr) || !written(obj, map))
			continue;
		if (type == BPF_MAP_TYPE_RINGBUF)
			pr_warn("map '%s' of '%s' is a ring buffer perf-bpf does not read: what its "
				"programs write there is not shown",
				name, pe->path);
		else
			pr_warn("map '%s' of '%s' is a perf event array perf-bpf does not read: "
				"what its programs write there is not shown (name it %s, or give it "
				"an event with map:%s.event=EVENT)",
				name, pe->path, OBJCONF_STDOUT_MAP, name);
	}
	free(conf);
}

void mapread__warn(const struct objconf_bind *binds, int nr)
{
	for (int i = 0; i < nr; i++)
		if (binds[i].obj)
			warn_object(binds[i].obj, binds[i].pe);
}
