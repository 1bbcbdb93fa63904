// SPDX-License-Identifier: GPL-2.0
/*
 * perf-era "Basic BPF filtering": a kprobe on do_epoll_wait whose program flips a flag in a
 * legacy map on every call of the workload and keeps the call (returns non-zero) every other
 * time, and the same on its return with a flag of its own.  Calls of other tasks (perf-bpf
 * polls through epoll itself) are dropped, unflipped.
 */
#include <linux/bpf.h>

#define SEC(NAME) __attribute__((section(NAME), used))

struct bpf_map_def {
	unsigned int type;
	unsigned int key_size;
	unsigned int value_size;
	unsigned int max_entries;
};

static void *(*bpf_map_lookup_elem)(void *map, void *key) = (void *)BPF_FUNC_map_lookup_elem;
static int (*bpf_map_update_elem)(void *map, void *key, void *value,
				  unsigned long long flags) = (void *)BPF_FUNC_map_update_elem;
static int (*bpf_get_current_comm)(void *buf, int size) = (void *)BPF_FUNC_get_current_comm;

struct bpf_map_def SEC("maps") flip_table = {
	.type = BPF_MAP_TYPE_ARRAY,
	.key_size = sizeof(int),
	.value_size = sizeof(int),
	.max_entries = 2, /* entry, return */
};

static __attribute__((always_inline)) int flip(int key)
{
	char comm[16], want[] = "filter-calls";
	int new_flag, *flag;

	if (bpf_get_current_comm(comm, sizeof(comm)))
		return 0;
	for (int i = 0; i < (int)sizeof(want); i++)
		if (comm[i] != want[i])
			return 0;
	flag = bpf_map_lookup_elem(&flip_table, &key);
	if (!flag)
		return 0;
	new_flag = !*flag;
	bpf_map_update_elem(&flip_table, &key, &new_flag, BPF_ANY);
	return new_flag;
}

SEC("func=do_epoll_wait")
int bpf_func__SyS_epoll_pwait(void *ctx)
{
	return flip(0);
}

SEC("ret=do_epoll_wait%return")
int bpf_func__SyS_epoll_pwait_ret(void *ctx)
{
	return flip(1);
}

char _license[] SEC("license") = "GPL";
int _version SEC("version") = LINUX_VERSION_CODE;
