// SPDX-License-Identifier: GPL-2.0
/*
 * perf-era "BPF prologue generation": a kprobe on null_lseek(struct file *file, loff_t offset,
 * int orig) whose prologue fetches file->f_mode, offset and orig; a call is kept when the file
 * is not open for writing, the offset is even and orig is not SEEK_CUR.
 */
#include <linux/bpf.h>

#define SEC(NAME) __attribute__((section(NAME), used))

#define FMODE_WRITE 0x2
#define SEEK_CUR 1

SEC("func=null_lseek file->f_mode offset orig")
int bpf_func__null_lseek(void *ctx, int err, unsigned long f_mode, unsigned long offset,
			 unsigned long orig)
{
	if (err)
		return 0;
	if (f_mode & FMODE_WRITE)
		return 0;
	if (offset & 1)
		return 0;
	if (orig == SEEK_CUR)
		return 0;
	return 1;
}

char _license[] SEC("license") = "GPL";
int _version SEC("version") = LINUX_VERSION_CODE;
