// SPDX-License-Identifier: GPL-2.0
/* System calls: numbers and names from the headers, arguments from tracepoint formats. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "bpf/syscalls.h"
#include "compile/vmlinuxh.h"
#include "syscalls/sctable.h"

static char *read_fixture(const char *name)
{
	char path[256];
	FILE *f;
	char *text = calloc(1, 8192);

	snprintf(path, sizeof(path), "%s/tests/fixtures/print/%s", getenv("TOP") ?: ".", name);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(text);
	assert_true(fread(text, 1, 8191, f) > 0);
	fclose(f);
	return text;
}

static void test_sctable__numbers_and_names(void **state)
{
	struct sctable *t = sctable__new();

	assert_non_null(t);
	assert_true(sctable__count(t) > 300);
	assert_int_equal(sctable__nr(t, "openat"), SYS_openat);
	assert_int_equal(sctable__nr(t, "exit_group"), SYS_exit_group);
	assert_int_equal(sctable__nr(t, "no_such_call"), -ENOENT);
	assert_string_equal(sctable__name(t, SYS_openat), "openat");
	assert_null(sctable__name(t, -1));
	/* in number order */
	for (size_t i = 1; i < sctable__count(t); i++)
		assert_true(sctable__at(t, i - 1)->nr < sctable__at(t, i)->nr);
	assert_null(sctable__at(t, sctable__count(t)));
	/* results that are addresses: marked once, by name */
	for (size_t i = 0; i < sctable__count(t); i++) {
		const struct sc_desc *d = sctable__at(t, i);

		assert_int_equal(d->ret_address,
				 !strcmp(d->name, "mmap") || !strcmp(d->name, "mremap") ||
					 !strcmp(d->name, "brk") || !strcmp(d->name, "shmat"));
	}
	sctable__free(t);
}

static void test_sctable__parse_openat_format(void **state)
{
	struct sc_desc d = { .nr = SYS_openat, .name = "openat" };
	char *text = read_fixture("format-syscalls-sys_enter_openat.txt");

	assert_int_equal(sctable__parse_format(&d, text), 0);
	assert_true(d.has_format);
	assert_int_equal(d.nr_args, 4);
	assert_string_equal(d.args[0].name, "dfd");
	assert_int_equal(d.args[0].kind, SCA_DFD);
	assert_int_equal(d.args[0].size, 4);
	assert_string_equal(d.args[1].name, "filename");
	assert_int_equal(d.args[1].kind, SCA_STRING);
	assert_int_equal(d.args[1].size, 8);
	assert_string_equal(d.args[2].name, "flags");
	assert_int_equal(d.args[2].kind, SCA_OPEN_FLAGS);
	assert_string_equal(d.args[3].name, "mode");
	assert_int_equal(d.args[3].kind, SCA_MODE);
	free(text);
}

/* The formats kept in the cache for this kernel are what the table takes, tracefs unread. */
static void test_sctable__read_all_from_cache(void **state)
{
	struct cache *c = cache__open_temp();
	char *text = read_fixture("format-syscalls-sys_enter_openat.txt"), id[HASH_HEX_SIZE];
	char name[64], head[64], *data;
	struct sctable *t = sctable__new();
	const struct sc_desc *d;
	size_t n;

	(void)state;
	assert_non_null(c);
	assert_non_null(t);
	if (vmlinuxh__btf_id(c, VMLINUXH_BTF_PATH, id))
		skip(); /* no kernel BTF to key the copy by */
	snprintf(name, sizeof(name), "syscall-formats-%.16s", id);
	snprintf(head, sizeof(head), "@openat %zu\n", strlen(text));
	n = strlen(head) + strlen(text);
	data = malloc(n + 1);
	snprintf(data, n + 1, "%s%s", head, text);
	assert_int_equal(cache__write(c, name, data, n), 0);
	assert_int_equal(sctable__read_all(t, c), 0);
	d = sctable__at(t, 0);
	for (size_t i = 0; i < sctable__count(t); i++)
		if (sctable__at(t, i)->nr == SYS_openat)
			d = sctable__at(t, i);
	assert_true(d->has_format);
	assert_int_equal(d->nr_args, 4);
	assert_string_equal(d->args[1].name, "filename");
	assert_int_equal(d->args[1].kind, SCA_STRING);
	/* the other calls were not in the copy: none has a format */
	for (size_t i = 0; i < sctable__count(t); i++)
		assert_true(sctable__at(t, i)->has_format == (sctable__at(t, i)->nr == SYS_openat));
	free(data);
	free(text);
	sctable__free(t);
	cache__close(c);
}

static void test_sctable__parse_no_args_and_garbage(void **state)
{
	struct sc_desc d = { .name = "getppid" };
	char *text = read_fixture("format-syscalls-sys_enter_getppid.txt");

	assert_int_equal(sctable__parse_format(&d, text), 0);
	assert_int_equal(d.nr_args, 0);
	assert_int_equal(sctable__parse_format(&d, "name: x\nformat:\n"), -EINVAL);
	/* a field line with no name stops the arguments, never runs past them */
	assert_int_equal(sctable__parse_format(&d, "\tfield:int __syscall_nr;\n\tfield:;\n"), 0);
	assert_int_equal(d.nr_args, 0);
	free(text);
}

static void test_sctable__arg_kinds(void **state)
{
	assert_int_equal(sctable__arg_kind("write", "const char *", "buf"), SCA_BUF_IN);
	assert_int_equal(sctable__arg_kind("sendto", "void *", "buff"), SCA_BUF_IN);
	assert_int_equal(sctable__arg_kind("getrandom", "char *", "ubuf"), SCA_BUF_OUT);
	assert_int_equal(sctable__arg_kind("getcwd", "char *", "buf"), SCA_STR_OUT);
	assert_int_equal(sctable__arg_kind("readlinkat", "char *", "buf"), SCA_STR_OUT);
	assert_int_equal(sctable__arg_kind("newfstatat", "struct stat *", "statbuf"), SCA_STAT_OUT);
	assert_int_equal(sctable__arg_kind("statx", "struct statx *", "buffer"), SCA_STATX_OUT);
	assert_int_equal(sctable__arg_kind("rt_sigprocmask", "sigset_t *", "nset"), SCA_SIGSET_IN);
	assert_int_equal(sctable__arg_kind("rt_sigprocmask", "sigset_t *", "oset"), SCA_SIGSET_OUT);
	assert_int_equal(sctable__arg_kind("rt_sigpending", "sigset_t *", "uset"), SCA_SIGSET_OUT);
	assert_int_equal(sctable__arg_kind("read", "char *", "buf"), SCA_BUF_OUT);
	assert_int_equal(sctable__arg_kind("recvfrom", "void *", "ubuf"), SCA_BUF_OUT);
	assert_int_equal(sctable__arg_kind("mkdir", "const char *", "pathname"), SCA_STRING);
	assert_int_equal(sctable__arg_kind("mount", "char *", "dev_name"), SCA_STRING);
	assert_int_equal(sctable__arg_kind("pipe2", "int", "flags"), SCA_FD_FLAGS);
	assert_int_equal(sctable__arg_kind("accept4", "int", "flags"), SCA_FD_FLAGS);
	assert_int_equal(sctable__arg_kind("openat", "int", "flags"), SCA_OPEN_FLAGS);
	assert_int_equal(sctable__arg_kind("connect", "struct sockaddr *", "uservaddr"),
			 SCA_SOCKADDR);
	assert_int_equal(sctable__arg_kind("accept", "struct sockaddr *", "upeer_sockaddr"),
			 SCA_SOCKADDR_OUT);
	assert_int_equal(sctable__arg_kind("pipe2", "int *", "fildes"), SCA_FDPAIR_OUT);
	assert_int_equal(sctable__arg_kind("socketpair", "int *", "usockvec"), SCA_FDPAIR_OUT);
	assert_int_equal(sctable__arg_kind("close", "unsigned int", "fd"), SCA_FD);
	assert_int_equal(sctable__arg_kind("mmap", "unsigned long", "flags"), SCA_MAP_FLAGS);
	assert_int_equal(sctable__arg_kind("mmap", "unsigned long", "prot"), SCA_PROT);
	assert_int_equal(sctable__arg_kind("mmap", "unsigned long", "off"), SCA_HEX);
	assert_int_equal(sctable__arg_kind("mmap", "unsigned long", "addr"), SCA_HEX);
	assert_int_equal(sctable__arg_kind("brk", "unsigned long", "brk"), SCA_HEX);
	assert_int_equal(sctable__arg_kind("mmap", "unsigned long", "len"), SCA_UINT);
	assert_int_equal(sctable__arg_kind("kill", "int", "sig"), SCA_SIGNAL);
	assert_int_equal(sctable__arg_kind("kill", "pid_t", "pid"), SCA_INT);
	assert_int_equal(sctable__arg_kind("socket", "int", "family"), SCA_AF);
	assert_int_equal(sctable__arg_kind("socket", "int", "type"), SCA_SOCK_TYPE);
	assert_int_equal(sctable__arg_kind("fcntl", "unsigned int", "cmd"), SCA_FCNTL_CMD);
	assert_int_equal(sctable__arg_kind("futex", "int", "op"), SCA_FUTEX_OP);
	assert_int_equal(sctable__arg_kind("lseek", "unsigned int", "whence"), SCA_WHENCE);
	assert_int_equal(sctable__arg_kind("newfstatat", "int", "flag"), SCA_AT_FLAGS);
	assert_int_equal(sctable__arg_kind("clone", "unsigned long", "clone_flags"),
			 SCA_CLONE_FLAGS);
}

/* The arrays strace decodes, each to its printer (scarray.h). */
static void test_sctable__array_kinds(void **state)
{
	assert_int_equal(sctable__arg_kind("execve", "const char *", "filename"), SCA_EXEC_PATH);
	assert_int_equal(sctable__arg_kind("execveat", "const char *const *", "argv"),
			 SCA_EXEC_ARGV);
	assert_int_equal(sctable__arg_kind("execve", "const char *const *", "envp"), SCA_EXEC_ENVP);
	assert_int_equal(sctable__arg_kind("pwritev2", "const struct iovec *", "vec"),
			 SCA_IOVEC_IN);
	assert_int_equal(sctable__arg_kind("readv", "const struct iovec *", "vec"), SCA_IOVEC_OUT);
	assert_int_equal(sctable__arg_kind("sendmsg", "struct user_msghdr *", "msg"),
			 SCA_MSGHDR_IN);
	assert_int_equal(sctable__arg_kind("recvmsg", "struct user_msghdr *", "msg"),
			 SCA_MSGHDR_OUT);
	assert_int_equal(sctable__arg_kind("ppoll", "struct pollfd *", "ufds"), SCA_POLLFDS);
	assert_int_equal(sctable__arg_kind("epoll_pwait", "struct epoll_event *", "events"),
			 SCA_EPOLL_EVENTS_OUT);
	assert_int_equal(sctable__arg_kind("epoll_ctl", "struct epoll_event *", "event"),
			 SCA_EPOLL_EVENT_IN);
	/* process_vm_readv's iovecs are of two processes: not read */
	assert_int_equal(sctable__arg_kind("process_vm_readv", "const struct iovec *", "lvec"),
			 SCA_HEX);
}

/* An exec reads argv at entry and at exit, and no pointer of its entry after it succeeded. */
static void test_sctable__capture_spec_exec(void **state)
{
	struct sc_desc execve = { .name = "execve",
				  .nr_args = 3,
				  .args = { { "filename", SCA_EXEC_PATH, 8 },
					    { "argv", SCA_EXEC_ARGV, 8 },
					    { "envp", SCA_EXEC_ENVP, 8 } } };
	struct sc_desc poll = { .name = "poll",
				.nr_args = 3,
				.args = { { "ufds", SCA_POLLFDS, 8 },
					  { "nfds", SCA_UINT, 4 },
					  { "timeout_msecs", SCA_INT, 4 } } };
	struct sysrec_spec spec;

	sctable__capture_spec(&execve, &spec);
	assert_true(spec.flags & SYSREC_SPEC_NEW_MM);
	assert_int_equal(spec.kind[0], SYSREC_KIND_STR);
	assert_int_equal(spec.kind[1], SYSREC_KIND_EXEC_ARGS);
	assert_int_equal(spec.when[1], SYSREC_AT_ENTRY_AND_EXIT);
	assert_int_equal(spec.kind[2], SYSREC_KIND_STRARRAY);
	assert_int_equal(spec.size[2], 0); /* envp: its count only */
	sctable__capture_spec(&poll, &spec);
	assert_false(spec.flags & SYSREC_SPEC_NEW_MM);
	assert_int_equal(spec.kind[0], SYSREC_KIND_ARRAY);
	assert_int_equal(spec.when[0], SYSREC_AT_ENTRY_AND_EXIT_POS);
	assert_int_equal(spec.len_arg[0], 1);
	assert_int_equal(spec.size[0], 8);
}

static void test_sctable__capture_spec(void **state)
{
	struct sc_desc connect = { .name = "connect",
				   .nr_args = 3,
				   .args = { { "fd", SCA_FD, 4 },
					     { "uservaddr", SCA_SOCKADDR, 8 },
					     { "addrlen", SCA_INT, 4 } } };
	struct sc_desc lonely = { .name = "x",
				  .nr_args = 1,
				  .args = { { "addr", SCA_SOCKADDR_OUT, 8 } } };
	struct sc_desc openat = { .nr = SYS_openat, .name = "openat" };
	char *text = read_fixture("format-syscalls-sys_enter_openat.txt");
	struct sysrec_spec spec;

	sctable__capture_spec(&connect, &spec);
	assert_int_equal(spec.nargs, 3);
	assert_int_equal(spec.kind[0], SYSREC_KIND_NONE);
	assert_int_equal(spec.kind[1], SYSREC_KIND_SOCKADDR);
	assert_int_equal(spec.len_arg[1], 2);
	/* an address with no length after it is not read */
	sctable__capture_spec(&lonely, &spec);
	assert_int_equal(spec.kind[0], SYSREC_KIND_NONE);
	assert_int_equal(sctable__parse_format(&openat, text), 0);
	sctable__capture_spec(&openat, &spec);
	assert_int_equal(spec.nargs, 4);
	assert_int_equal(spec.kind[1], SYSREC_KIND_STR);
	assert_int_equal(spec.when[1], SYSREC_AT_ENTRY);
	assert_int_equal(spec.kind[2], SYSREC_KIND_NONE);
	free(text);
}

/* What a kind's row asks of the capture: when, how many bytes, the length's argument. */
static void test_sctable__capture_spec_from_rows(void **state)
{
	struct sc_desc recvfrom = { .name = "recvfrom",
				    .nr_args = 6,
				    .args = { { "fd", SCA_FD, 4 },
					      { "ubuf", SCA_BUF_OUT, 8 },
					      { "size", SCA_UINT, 8 },
					      { "flags", SCA_UINT, 4 },
					      { "addr", SCA_SOCKADDR_OUT, 8 },
					      { "addr_len", SCA_HEX, 8 } } };
	struct sc_desc fstat = { .name = "newfstat",
				 .nr_args = 2,
				 .args = { { "fd", SCA_FD, 4 }, { "statbuf", SCA_STAT_OUT, 8 } } };
	struct sc_desc write = {
		.name = "write",
		.nr_args = 3,
		.args = { { "fd", SCA_FD, 4 }, { "buf", SCA_BUF_IN, 8 }, { "count", SCA_UINT, 8 } }
	};
	struct sysrec_spec spec;

	/* the data and the sender's address: two items of their own, at exit */
	sctable__capture_spec(&recvfrom, &spec);
	assert_int_equal(spec.kind[1], SYSREC_KIND_BUF_RET);
	assert_int_equal(spec.when[1], SYSREC_AT_EXIT_POS);
	assert_int_equal(spec.kind[4], SYSREC_KIND_SOCKADDR_RET);
	assert_int_equal(spec.when[4], SYSREC_AT_EXIT_OK);
	assert_int_equal(spec.len_arg[4], 5);
	sctable__capture_spec(&fstat, &spec);
	assert_int_equal(spec.kind[1], SYSREC_KIND_FIXED);
	assert_int_equal(spec.when[1], SYSREC_AT_EXIT_ZERO);
	assert_int_equal(spec.size[1], sizeof(struct stat));
	/* what write writes, at entry, as many bytes as its count */
	sctable__capture_spec(&write, &spec);
	assert_int_equal(spec.kind[1], SYSREC_KIND_BUF);
	assert_int_equal(spec.when[1], SYSREC_AT_ENTRY);
	assert_int_equal(spec.len_arg[1], 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sctable__numbers_and_names),
		cmocka_unit_test(test_sctable__parse_openat_format),
		cmocka_unit_test(test_sctable__read_all_from_cache),
		cmocka_unit_test(test_sctable__parse_no_args_and_garbage),
		cmocka_unit_test(test_sctable__arg_kinds),
		cmocka_unit_test(test_sctable__array_kinds),
		cmocka_unit_test(test_sctable__capture_spec_exec),
		cmocka_unit_test(test_sctable__capture_spec),
		cmocka_unit_test(test_sctable__capture_spec_from_rows),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
