// SPDX-License-Identifier: GPL-2.0
/*
 * Lists the BPF programs loaded on the machine, one line each as bpftool's first line has
 * it, for the leak checks of tests/e2e/lib.sh (on the host and in the kernel lane, which
 * has no bpftool):
 *
 *	ID: TYPE  name NAME  tag TAG
 *
 * A program that goes away while it is listed is left out. Exit 1, with the reason on
 * stderr, when the kernel cannot be asked: a leak check must not count nothing then.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

static int show(__u32 id)
{
	struct bpf_prog_info info = {};
	__u32 len = sizeof(info);
	const char *type;
	int fd = bpf_prog_get_fd_by_id(id);

	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	if (bpf_obj_get_info_by_fd(fd, &info, &len)) {
		close(fd);
		return -errno;
	}
	close(fd);
	type = libbpf_bpf_prog_type_str(info.type);
	printf("%u: %s  name %s  tag ", id, type ? type : "unknown", info.name);
	for (size_t i = 0; i < sizeof(info.tag); i++)
		printf("%02x", info.tag[i]);
	printf("\n");
	return 0;
}

int main(void)
{
	__u32 id = 0;
	int err = 0;

	while (!err && !bpf_prog_get_next_id(id, &id))
		err = show(id);
	if (!err && errno != ENOENT)
		err = -errno;
	if (err) {
		fprintf(stderr, "bpf-progs: %s\n", strerror(-err));
		return 1;
	}
	return fflush(stdout) ? 1 : 0;
}
