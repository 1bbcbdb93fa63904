// SPDX-License-Identifier: GPL-2.0
/*
 * The system-call numbers of syscalls:sys_enter_* events, as the kernel has them: a
 * task_file iterator over the loading process's descriptors follows each event's tracefs
 * "enable" file it opened (read-only: nothing is enabled) to the event's system-call
 * metadata, where the kernel keeps the number it matched the event to at boot, from its own
 * syscall table. Names the headers spell otherwise (stat's events are sys_enter_newstat)
 * and calls the headers do not know yet are numbered so, with no table typed by hand.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

#include "scnumbers.h"

char LICENSE[] SEC("license") = "GPL";

const volatile __u32 cfg_tgid;
const volatile __s32 cfg_fd_first;
const volatile __s32 cfg_fd_last;

/* The number of the call whose event's file this is (the inode keeps the event); -1: none. */
static __always_inline int event_nr(struct file *file)
{
	struct trace_event_file *ef = BPF_CORE_READ(file, f_inode, i_private);
	struct trace_event_call *call = BPF_CORE_READ(ef, event_call);
	struct syscall_metadata *meta;

	if (!call)
		return -1;
	meta = BPF_CORE_READ(call, data);
	/* the metadata names the event as its own: else it is no system call's */
	if (!meta || BPF_CORE_READ(meta, enter_event) != call)
		return -1;
	return BPF_CORE_READ(meta, syscall_nr);
}

SEC("iter/task_file")
int tracepoint_numbers(struct bpf_iter__task_file *ctx)
{
	struct task_struct *task = ctx->task;
	struct file *file = ctx->file;
	struct scnumber_row row;

	if (!task || !file || task->tgid != cfg_tgid || task->pid != cfg_tgid)
		return 0;
	if ((int)ctx->fd < cfg_fd_first || (int)ctx->fd > cfg_fd_last)
		return 0;
	row.fd = ctx->fd;
	row.nr = event_nr(file);
	bpf_seq_write(ctx->meta->seq, &row, sizeof(row));
	return 0;
}
