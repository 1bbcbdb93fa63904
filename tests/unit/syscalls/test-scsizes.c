// SPDX-License-Identifier: GPL-2.0
/*
 * The bytes the system-call capture reads of each struct are the kernel's own: every size
 * in scstruct.h, scarray.h and bpf/syscalls.h checked against the running kernel's BTF
 * (the structs the system calls copy to and from user space). The printers read them with
 * the user ABI's layout (their _Static_asserts); this says the kernel agrees.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "bpf/syscalls.h"
#include "syscalls/scarray.h"
#include "syscalls/scstruct.h"

static struct btf *vmlinux;

/* The size of the kernel's struct name, or -1 when its BTF has none. */
static long kernel_size(const char *name)
{
	int id = btf__find_by_name_kind(vmlinux, name, BTF_KIND_STRUCT);

	return id < 0 ? -1 : (long)btf__resolve_size(vmlinux, id);
}

static void test_scsizes__the_kernels_structs(void **state)
{
	static const struct {
		const char *name;
		long size;
	} structs[] = {
		{ "stat", SCSTRUCT_STAT_SIZE },
		{ "statx", SCSTRUCT_STATX_SIZE },
		{ "sigaction", SCSTRUCT_SIGACTION_SIZE },
		{ "rlimit64", SCSTRUCT_RLIMIT_SIZE },
		{ "rlimit", SCSTRUCT_RLIMIT_SIZE },
		{ "__kernel_timespec", SCSTRUCT_TIMESPEC_SIZE },
		{ "rusage", SCSTRUCT_RUSAGE_SIZE },
		{ "new_utsname", SCSTRUCT_UTSNAME_SIZE },
		{ "sysinfo", SCSTRUCT_SYSINFO_SIZE },
		{ "tms", SCSTRUCT_TMS_SIZE },
		{ "statfs", SCSTRUCT_STATFS_SIZE },
		{ "clone_args", SCSTRUCT_CLONE_ARGS_SIZE },
		{ "pollfd", SCARRAY_POLLFD_SIZE },
		{ "epoll_event", (long)SCARRAY_EPOLL_EVENT_SIZE },
		{ "user_msghdr", SYSREC_MSGHDR_SIZE },
	};

	if (!vmlinux)
		skip();
	for (size_t i = 0; i < sizeof(structs) / sizeof(structs[0]); i++) {
		long size = kernel_size(structs[i].name);

		if (size != structs[i].size)
			fail_msg("struct %s: the capture reads %ld bytes, the kernel's is %ld",
				 structs[i].name, structs[i].size, size);
	}
	/* a sigset is the kernel's sigset_t, a typedef of a struct of its words */
	assert_int_equal(btf__resolve_size(vmlinux, btf__find_by_name_kind(vmlinux, "sigset_t",
									   BTF_KIND_TYPEDEF)),
			 SCSTRUCT_SIGSET_SIZE);
}

static int setup(void **state)
{
	/* a kernel built without BTF (CONFIG_DEBUG_INFO_BTF) has none to check against */
	if (access("/sys/kernel/btf/vmlinux", R_OK))
		return 0;
	vmlinux = btf__load_vmlinux_btf();
	return vmlinux ? 0 : -1;
}

static int teardown(void **state)
{
	btf__free(vmlinux);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scsizes__the_kernels_structs),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
