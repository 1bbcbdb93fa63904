// SPDX-License-Identifier: GPL-2.0
/* System calls as text: arguments by kind, strings, addresses, results. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>

#include "syscalls/scfmt.h"

static struct sc_desc openat_desc = {
	.name = "openat",
	.has_format = true,
	.nr_args = 4,
	.args = { { "dfd", SCA_DFD, 4 },
		  { "filename", SCA_STRING, 8 },
		  { "flags", SCA_OPEN_FLAGS, 4 },
		  { "mode", SCA_MODE, 8 } },
};

static struct sc_call openat_call(const char *path, uint64_t flags)
{
	struct sc_call c = { .desc = &openat_desc, .args = { (uint64_t)AT_FDCWD, 0x1000, flags } };

	c.mem[1] = (struct sc_bytes){ .p = path, .len = (uint32_t)strlen(path) };
	return c;
}

static void expect_call(const struct sc_call *c, const struct scfmt_opts *o, const char *want)
{
	char buf[1024];
	size_t n = scfmt__call(buf, sizeof(buf), c, o);

	assert_string_equal(buf, want);
	assert_int_equal(n, strlen(want));
}

static void expect_ret(const struct sc_call *c, const char *want)
{
	char buf[256];

	assert_int_equal(scfmt__ret(buf, sizeof(buf), c), strlen(want));
	assert_string_equal(buf, want);
}

static void test_scfmt__openat_as_perf_trace(void **state)
{
	struct sc_call c = openat_call("/etc/hostname", O_RDONLY | O_CLOEXEC);

	expect_call(&c, NULL,
		    "openat(dfd: CWD, filename: \"/etc/hostname\", flags: RDONLY|CLOEXEC)");
	c.exited = true;
	c.ret = 3;
	expect_ret(&c, "3");
	c.ret = -ENOENT;
	expect_ret(&c, "-1 ENOENT (No such file or directory)");
	c.exited = false;
	expect_ret(&c, "?");
	/* O_RDONLY, 0, shows as strace shows it; a mode shows in octal, when the call may create
	 * a file */
	c = openat_call("x", 0);
	c.args[3] = 0644;
	expect_call(&c, NULL, "openat(dfd: CWD, filename: \"x\", flags: RDONLY)");
	c = openat_call("x", O_CREAT);
	c.args[3] = 0644;
	expect_call(&c, NULL, "openat(dfd: CWD, filename: \"x\", flags: RDONLY|CREAT, mode: 0644)");
	c = openat_call("x", __O_TMPFILE | O_RDWR);
	c.args[3] = 0600;
	expect_call(&c, NULL, "openat(dfd: CWD, filename: \"x\", flags: RDWR|TMPFILE, mode: 0600)");
}

static void test_scfmt__strings_escaped_and_cut(void **state)
{
	struct scfmt_opts o = { .strsize = 4 };
	struct sc_call c = openat_call("a\"b\n\001"
				       "7",
				       O_WRONLY | O_CREAT);
	char buf[64];

	/* \001 before a digit takes three digits, so that the digit is not read into it */
	expect_call(&c, NULL,
		    "openat(dfd: CWD, filename: \"a\\\"b\\n\\0017\", flags: WRONLY|CREAT)");
	/* a file name is never cut at strsize, as strace prints file names whole */
	expect_call(&c, &o, "openat(dfd: CWD, filename: \"a\\\"b\\n\\0017\", flags: WRONLY|CREAT)");
	c.mem[1].truncated = true; /* the capture stopped at its size */
	c.mem[1].len = 2;
	expect_call(&c, NULL, "openat(dfd: CWD, filename: \"a\\\"\"..., flags: WRONLY|CREAT)");
	/* memory that could not be read prints as the pointer */
	c.mem[1].fault = true;
	expect_call(&c, NULL, "openat(dfd: CWD, filename: 0x1000, flags: WRONLY|CREAT)");
	c.args[1] = 0;
	expect_call(&c, NULL, "openat(dfd: CWD, flags: WRONLY|CREAT)");
	assert_int_equal(scfmt__quoted(buf, sizeof(buf), "\x80\xff", 2, 8, false), 10);
	assert_string_equal(buf, "\"\\200\\377\"");
}

static void test_scfmt__never_past_the_buffer(void **state)
{
	struct sc_call c = openat_call("/a/very/long/path/name", O_RDONLY);
	char buf[16];

	memset(buf, 'X', sizeof(buf));
	assert_int_equal(scfmt__call(buf, 10, &c, NULL), 9);
	assert_string_equal(buf, "openat(df");
	assert_int_equal(buf[10], 'X');
	assert_int_equal(scfmt__call(buf, 0, &c, NULL), 0);
	assert_int_equal(buf[0], 'o');
}

static void test_scfmt__socket_addresses(void **state)
{
	struct sockaddr_in in = { .sin_family = AF_INET, .sin_port = htons(1) };
	struct sockaddr_in6 in6 = { .sin6_family = AF_INET6, .sin6_port = htons(80) };
	struct sockaddr_un un = { .sun_family = AF_UNIX, .sun_path = "/run/x.sock" };
	struct sockaddr_un abs = { .sun_family = AF_UNIX, .sun_path = "\0name" };
	struct sockaddr nl = { .sa_family = AF_NETLINK };
	char buf[128];

	inet_pton(AF_INET, "127.0.0.1", &in.sin_addr);
	inet_pton(AF_INET6, "::1", &in6.sin6_addr);
	scfmt__sockaddr(buf, sizeof(buf), &in, sizeof(in));
	assert_string_equal(buf, "127.0.0.1:1");
	scfmt__sockaddr(buf, sizeof(buf), &in6, sizeof(in6));
	assert_string_equal(buf, "[::1]:80");
	scfmt__sockaddr(buf, sizeof(buf), &un, sizeof(un));
	assert_string_equal(buf, "\"/run/x.sock\"");
	scfmt__sockaddr(buf, sizeof(buf), &abs, offsetof(struct sockaddr_un, sun_path) + 5);
	assert_string_equal(buf, "@\"name\"");
	scfmt__sockaddr(buf, sizeof(buf), &nl, sizeof(nl));
	assert_string_equal(buf, "{family: NETLINK}");
	/* too short for its family: the family alone, never a read past the bytes */
	scfmt__sockaddr(buf, sizeof(buf), &in, 4);
	assert_string_equal(buf, "{family: INET}");
	scfmt__sockaddr(buf, sizeof(buf), &in, 1);
	assert_string_equal(buf, "{}");
}

static bool fd_path(void *ctx, uint32_t pid, int fd, char *buf, size_t size)
{
	if (fd != 3 || pid != 42)
		return false;
	snprintf(buf, size, "/etc/hostname");
	return true;
}

static void test_scfmt__descriptors_and_exit_data(void **state)
{
	static struct sc_desc read_desc = {
		.name = "read",
		.nr_args = 3,
		.args = { { "fd", SCA_FD, 4 }, { "buf", SCA_BUF_OUT, 8 }, { "count", SCA_UINT, 8 } },
	};
	static struct sc_desc pipe2_desc = {
		.name = "pipe2",
		.nr_args = 2,
		.args = { { "fildes", SCA_FDPAIR_OUT, 8 }, { "flags", SCA_UINT, 4 } },
	};
	struct scfmt_opts y = { .fd_path = fd_path, .pid = 42 };
	struct sc_call c = { .desc = &read_desc, .args = { 3, 0x7ffd0000, 4096 } };

	expect_call(&c, &y, "read(fd: 3</etc/hostname>, buf: 0x7ffd0000, count: 4096)");
	c.exited = true;
	c.ret = 5;
	c.out[1] = (struct sc_bytes){ .p = "host\n", .len = 5 };
	expect_call(&c, NULL, "read(fd: 3, buf: \"host\\n\", count: 4096)");
	c.ret = 0; /* the end of the file: nothing read, as strace shows it */
	expect_call(&c, NULL, "read(fd: 3, buf: \"\", count: 4096)");
	c.ret = 5;
	c.args[0] = 0; /* descriptor 0 is shown */
	expect_call(&c, NULL, "read(fd: 0, buf: \"host\\n\", count: 4096)");
	c.ret = -EBADF; /* a failed call filled nothing */
	expect_call(&c, NULL, "read(fd: 0, buf: 0x7ffd0000, count: 4096)");

	c = (struct sc_call){ .desc = &pipe2_desc, .args = { 0x7ffd0010, 0 } };
	expect_call(&c, NULL, "pipe2(fildes: 0x7ffd0010)");
	c.exited = true;
	c.out[0] = (struct sc_bytes){ .p = (const int32_t[]){ 3, 4 }, .len = 8 };
	expect_call(&c, NULL, "pipe2(fildes: [3, 4])");
}

static void test_scfmt__names_of_flags_and_results(void **state)
{
	static struct sc_desc mmap_desc = {
		.name = "mmap",
		.ret_address = true,
		.nr_args = 6,
		.args = { { "addr", SCA_HEX, 8 },
			  { "len", SCA_UINT, 8 },
			  { "prot", SCA_PROT, 8 },
			  { "flags", SCA_MAP_FLAGS, 8 },
			  { "fd", SCA_FD, 8 },
			  { "off", SCA_HEX, 8 } },
	};
	static struct sc_desc kill_desc = {
		.name = "kill",
		.nr_args = 2,
		.args = { { "pid", SCA_INT, 4 }, { "sig", SCA_SIGNAL, 4 } },
	};
	static struct sc_desc clone_desc = {
		.name = "clone",
		.nr_args = 1,
		.args = { { "clone_flags", SCA_CLONE_FLAGS, 8 } },
	};
	struct sc_call c = { .desc = &mmap_desc,
			     .args = { 0, 8192, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
				       (uint64_t)-1, 0 } };

	expect_call(&c, NULL,
		    "mmap(len: 8192, prot: READ|WRITE, flags: PRIVATE|ANONYMOUS, fd: -1)");
	c.exited = true;
	c.ret = 0x7fe9c9e5b000;
	expect_ret(&c, "0x7fe9c9e5b000");
	c = (struct sc_call){ .desc = &kill_desc, .args = { (uint32_t)-1, SIGTERM } };
	expect_call(&c, NULL, "kill(pid: -1, sig: TERM)");
	c = (struct sc_call){ .desc = &clone_desc, .args = { 0x01200000 | SIGCHLD } };
	expect_call(&c, NULL, "clone(clone_flags: CHILD_CLEARTID|CHILD_SETTID|CHLD)");
}

/* The texts made without printf: hex, octal escapes and modes, a pair, -y's path, errno. */
static void test_scfmt__numbers_as_printf_wrote_them(void **state)
{
	static struct sc_desc desc = {
		.name = "mix",
		.nr_args = 6,
		.args = { { "fd", SCA_FD, 4 },
			  { "buf", SCA_BUF_OUT, 8 },
			  { "addr", SCA_HEX, 8 },
			  { "fildes", SCA_FDPAIR_OUT, 8 },
			  { "flags", SCA_OPEN_FLAGS, 4 },
			  { "mode", SCA_MODE, 4 } },
	};
	static const char bytes[] = { '\0', '1', '\0', 'x', '\377', '7', '\n', '\001' };
	struct scfmt_opts y = { .fd_path = fd_path, .pid = 42 };
	struct sc_call c = { .desc = &desc,
			     .args = { 3, 0x10, 0xdeadbeef, 0x20, O_CREAT | O_WRONLY, 0755 },
			     .exited = true,
			     .ret = 8,
			     .out = { [1] = { .p = bytes, .len = sizeof(bytes) },
				      [3] = { .p = (const int32_t[]){ -1, 2147483647 },
					      .len = 8 } } };
	const char *want = "mix(fd: 3</etc/hostname>, buf: \"\\0001\\0x\\3777\\n\\1\", "
			   "addr: 0xdeadbeef, fildes: [-1, 2147483647], flags: WRONLY|CREAT, "
			   "mode: 0755)";
	char buf[256], full[256];
	size_t n = scfmt__call(full, sizeof(full), &c, &y);

	assert_string_equal(full, want);
	/* cut at every size: what fits of the same text, NUL-terminated, nothing past it */
	for (size_t size = 0; size <= n + 1; size++) {
		memset(buf, 'X', sizeof(buf));
		assert_int_equal(scfmt__call(buf, size, &c, &y),
				 size ? (size - 1 < n ? size - 1 : n) : 0);
		assert_int_equal(buf[size], 'X');
		if (size)
			assert_memory_equal(buf, full, size - 1 < n ? size - 1 : n);
	}
	c.ret = -4000; /* no name: its number */
	expect_ret(&c, "-1 errno 4000");
	c.ret = -EACCES;
	expect_ret(&c, "-1 EACCES (Permission denied)");
	c.ret = INT64_MIN;
	expect_ret(&c, "-9223372036854775808");
	c.desc = &(struct sc_desc){ .name = "mmap", .ret_address = true };
	c.ret = 0;
	expect_ret(&c, "0");
	c.ret = -1 - 4095; /* past the errno range: an address */
	expect_ret(&c, "0xfffffffffffff000");
	scfmt__sockaddr(buf, sizeof(buf), &(sa_family_t){ 4321 }, sizeof(sa_family_t));
	assert_string_equal(buf, "{family: 4321}");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scfmt__openat_as_perf_trace),
		cmocka_unit_test(test_scfmt__strings_escaped_and_cut),
		cmocka_unit_test(test_scfmt__never_past_the_buffer),
		cmocka_unit_test(test_scfmt__socket_addresses),
		cmocka_unit_test(test_scfmt__descriptors_and_exit_data),
		cmocka_unit_test(test_scfmt__names_of_flags_and_results),
		cmocka_unit_test(test_scfmt__numbers_as_printf_wrote_them),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
