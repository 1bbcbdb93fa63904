// SPDX-License-Identifier: GPL-2.0
/* The descriptor tables of -y: dup, close, close_range, exec's close-on-exec, fork. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
#include <linux/close_range.h>

#include "syscalls/scfds.h"
#include "syscalls/scsock.h"

#define PID 100
#define CHILD 200

static int setup(void **state)
{
	*state = scfds__new();
	return *state ? 0 : -1;
}

static int teardown(void **state)
{
	scfds__free(*state);
	return 0;
}

static void expect_path(struct scfds *s, uint32_t pid, int fd, const char *want)
{
	const char *got = scfds__path(s, pid, fd);

	if (!want)
		assert_null(got);
	else
		assert_string_equal(got ? got : "(unknown)", want);
}

static void test_scfds__dup_shares_the_file(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__open(s, PID, 3, "/etc/hostname", false), 0);
	assert_int_equal(scfds__dup(s, PID, 3, 1, false), 0);
	expect_path(s, PID, 1, "/etc/hostname");
	assert_ptr_equal(scfds__file(s, PID, 1), scfds__file(s, PID, 3));
	scfds__close(s, PID, 3);
	expect_path(s, PID, 3, NULL);
	expect_path(s, PID, 1, "/etc/hostname"); /* the file lives on through the copy */
}

static void test_scfds__dup_of_unknown_forgets_target(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__open(s, PID, 1, "/dev/null", false), 0);
	assert_int_equal(scfds__dup(s, PID, 7, 1, false), 0);
	expect_path(s, PID, 1, NULL); /* no longer /dev/null, and what it is now is unknown */
	assert_int_equal(scfds__dup(s, PID, 1, 1, false), 0);
}

static void test_scfds__open_replaces(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__open(s, PID, 4, "/a", false), 0);
	assert_int_equal(scfds__open(s, PID, 4, "/b", false), 0);
	expect_path(s, PID, 4, "/b");
	assert_int_equal(scfds__open(s, PID, 5000, "/far", false), 0); /* the table grows */
	expect_path(s, PID, 5000, "/far");
	assert_int_equal(scfds__open(s, PID, -1, "/neg", false), -EBADF);
}

static void test_scfds__close_range(void **state)
{
	struct scfds *s = *state;

	for (int fd = 0; fd < 8; fd++)
		assert_int_equal(scfds__open(s, PID, fd, "/f", false), 0);
	assert_int_equal(scfds__close_range(s, PID, 3, ~0u, 0), 0);
	expect_path(s, PID, 2, "/f");
	expect_path(s, PID, 3, NULL);
	expect_path(s, PID, 7, NULL);
	/* CLOSE_RANGE_CLOEXEC marks, the exec closes */
	assert_int_equal(scfds__close_range(s, PID, 1, 1, CLOSE_RANGE_CLOEXEC), 0);
	expect_path(s, PID, 1, "/f");
	assert_int_equal(scfds__exec(s, PID), 0);
	expect_path(s, PID, 0, "/f");
	expect_path(s, PID, 1, NULL);
	expect_path(s, PID, 2, "/f");
}

static void test_scfds__exec_drops_cloexec(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__open(s, PID, 0, "/dev/null", false), 0);
	assert_int_equal(scfds__open(s, PID, 3, "/kept", false), 0);
	assert_int_equal(scfds__open(s, PID, 4, "/gone", true), 0);
	assert_int_equal(scfds__dup(s, PID, 3, 5, true), 0); /* dup3 O_CLOEXEC */
	assert_int_equal(scfds__open(s, PID, 6, "/set-later", false), 0);
	scfds__set_cloexec(s, PID, 6, true); /* F_SETFD FD_CLOEXEC */
	scfds__set_cloexec(s, PID, 3, false);
	assert_int_equal(scfds__exec(s, PID), 0);
	expect_path(s, PID, 0, "/dev/null");
	expect_path(s, PID, 3, "/kept");
	expect_path(s, PID, 4, NULL);
	expect_path(s, PID, 5, NULL);
	expect_path(s, PID, 6, NULL);
}

static void test_scfds__fork_copies(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__open(s, PID, 1, "/dev/null", false), 0);
	assert_int_equal(scfds__fork(s, PID, CHILD, false), 0);
	expect_path(s, CHILD, 1, "/dev/null");
	scfds__close(s, CHILD, 1);
	assert_int_equal(scfds__open(s, CHILD, 3, "/child-only", false), 0);
	expect_path(s, PID, 1, "/dev/null"); /* the parent's table is its own */
	expect_path(s, PID, 3, NULL);
	scfds__exit(s, CHILD);
	assert_false(scfds__has_process(s, CHILD));
	expect_path(s, PID, 1, "/dev/null");
}

static void test_scfds__clone_files_shares(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__open(s, PID, 1, "/dev/null", false), 0);
	assert_int_equal(scfds__fork(s, PID, CHILD, true), 0);
	assert_int_equal(scfds__open(s, CHILD, 3, "/seen-by-both", false), 0);
	expect_path(s, PID, 3, "/seen-by-both");
	scfds__close(s, PID, 1);
	expect_path(s, CHILD, 1, NULL);
	/* exec unshares: the child's changes from then on are its own */
	assert_int_equal(scfds__open(s, PID, 4, "/cloexec", true), 0);
	assert_int_equal(scfds__exec(s, CHILD), 0);
	expect_path(s, CHILD, 4, NULL);
	expect_path(s, PID, 4, "/cloexec");
	scfds__close(s, CHILD, 3);
	expect_path(s, PID, 3, "/seen-by-both");
	/* the table stays the parent's when the child ends */
	scfds__exit(s, CHILD);
	expect_path(s, PID, 3, "/seen-by-both");
}

static void test_scfds__fork_of_unknown_parent(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__fork(s, PID, CHILD, false), 0);
	assert_false(scfds__has_process(s, CHILD));
}

static void test_scfds__close_range_unshare(void **state)
{
	struct scfds *s = *state;

	assert_int_equal(scfds__open(s, PID, 3, "/x", false), 0);
	assert_int_equal(scfds__fork(s, PID, CHILD, true), 0);
	assert_int_equal(scfds__close_range(s, CHILD, 0, ~0u, CLOSE_RANGE_UNSHARE), 0);
	expect_path(s, CHILD, 3, NULL);
	expect_path(s, PID, 3, "/x");
}

static void test_scfds__names_sockets(void **state)
{
	struct scfds *s = *state;
	struct scfds_file *f;
	char buf[128];

	assert_int_equal(scfds__open(s, PID, 3, "socket:[44163]", false), 0);
	assert_int_equal(scfds__open(s, PID, 4, "pipe:[9]", false), 0);
	f = scfds__file(s, PID, 3);
	assert_true(f->is_socket);
	assert_int_equal(f->ino, 44163);
	assert_int_equal(scfds__file(s, PID, 4)->ino, 9);
	scfds__name(s, PID, 3, 1, buf, sizeof(buf));
	assert_string_equal(buf, "socket:[44163]");
	scfds__name(s, PID, 3, 2, buf, sizeof(buf));
	assert_string_equal(buf, "socket:[44163]"); /* its protocol unknown */
	scsock__proto(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0, &f->sock);
	scfds__name(s, PID, 3, 2, buf, sizeof(buf));
	assert_string_equal(buf, "TCP:[44163]");
	strcpy(f->sock.local, "127.0.0.1:58497");
	scfds__name(s, PID, 3, 2, buf, sizeof(buf));
	assert_string_equal(buf, "TCP:[127.0.0.1:58497]");
	strcpy(f->sock.remote, "127.0.0.1:52116");
	scfds__name(s, PID, 3, 2, buf, sizeof(buf));
	assert_string_equal(buf, "TCP:[127.0.0.1:58497->127.0.0.1:52116]");
	scsock__proto(AF_UNIX, SOCK_STREAM, 0, &f->sock);
	f->sock.peer = 44164;
	scfds__name(s, PID, 3, 2, buf, sizeof(buf));
	assert_string_equal(buf, "UNIX-STREAM:[44163->44164]");
	assert_int_equal(scfds__name(s, PID, 9, 2, buf, sizeof(buf)), 0);
}

/*
 * A socket made by a process gone before its lines print: /proc could not say its inode,
 * but the calls said what it is and whom it connected to.
 */
static void test_scfds__names_sockets_of_processes_gone(void **state)
{
	struct scfds *s = *state;
	struct scfds_file *f;
	char buf[128];

	assert_int_equal(scfds__open(s, PID, 3, "socket:[?]", false), 0);
	f = scfds__file(s, PID, 3);
	assert_true(f->is_socket);
	assert_int_equal(f->ino, 0);
	scsock__proto(AF_INET, SOCK_STREAM, 0, &f->sock);
	scfds__name(s, PID, 3, 2, buf, sizeof(buf));
	assert_string_equal(buf, "TCP:[?]");
	strcpy(f->sock.remote, "127.0.0.1:52116");
	scfds__name(s, PID, 3, 2, buf, sizeof(buf));
	assert_string_equal(buf, "TCP:[?->127.0.0.1:52116]");
	scfds__name(s, PID, 3, 1, buf, sizeof(buf));
	assert_string_equal(buf, "socket:[?]");
}

static void test_scsock__proc_net_lines(void **state)
{
	struct scfds_sock k = { 0 };
	uint64_t ino;

	(void)state;
	assert_int_equal(
		scsock__parse_inet("   1: 0100007F:E484 0100007F:8EB1 01 00000000:00000000 "
				   "00:00000000 00000000     0        0 44164 1 0000",
				   &ino, &k),
		0);
	assert_int_equal(ino, 44164);
	assert_string_equal(k.local, "127.0.0.1:58500");
	assert_string_equal(k.remote, "127.0.0.1:36529");
	assert_int_equal(
		scsock__parse_inet("   0: 00000000000000000000000001000000:8540 "
				   "00000000000000000000000000000000:0000 07 00000000:00000000 "
				   "00:00000000 00000000     0        0 16663 2 0000",
				   &ino, &k),
		0);
	assert_string_equal(k.local, "[::1]:34112");
	assert_string_equal(k.remote, "");
	assert_int_equal(scsock__parse_inet("  sl  local_address rem_address   st", &ino, &k),
			 -EINVAL);
}

static void test_scsock__addresses_of_calls(void **state)
{
	struct sockaddr_in in = { .sin_family = AF_INET, .sin_port = htons(53) };
	struct sockaddr_in6 in6 = { .sin6_family = AF_INET6, .sin6_port = htons(80) };
	struct sockaddr_un un = { .sun_family = AF_UNIX, .sun_path = "/run/x.sock" };
	struct sockaddr_un abs = { .sun_family = AF_UNIX, .sun_path = "\0name" };
	char buf[64];

	(void)state;
	in.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	in6.sin6_addr = in6addr_loopback;
	scsock__addr(&in, sizeof(in), buf, sizeof(buf));
	assert_string_equal(buf, "127.0.0.1:53");
	scsock__addr(&in6, sizeof(in6), buf, sizeof(buf));
	assert_string_equal(buf, "[::1]:80");
	scsock__addr(&un, sizeof(un), buf, sizeof(buf));
	assert_string_equal(buf, "\"/run/x.sock\"");
	scsock__addr(&abs, offsetof(struct sockaddr_un, sun_path) + 5, buf, sizeof(buf));
	assert_string_equal(buf, "@\"name\"");
	in.sin_port = 0; /* bound to port 0: the kernel's choice, not known from the call */
	scsock__addr(&in, sizeof(in), buf, sizeof(buf));
	assert_string_equal(buf, "");
	scsock__addr(&in, 3, buf, sizeof(buf)); /* shorter than its family */
	assert_string_equal(buf, "");
}

static void test_scfds__reads_own_table(void **state)
{
	struct scfds *s = *state;
	int keep = open("/dev/null", O_RDONLY), gone = open("/dev/null", O_RDONLY | O_CLOEXEC);

	assert_true(keep >= 0 && gone >= 0);
	assert_int_equal(scfds__read_proc(s, (uint32_t)getpid(), true), 0);
	expect_path(s, (uint32_t)getpid(), keep, "/dev/null");
	expect_path(s, (uint32_t)getpid(), gone, NULL);
	assert_int_equal(scfds__read_proc(s, (uint32_t)getpid(), false), 0);
	expect_path(s, (uint32_t)getpid(), gone, "/dev/null");
	assert_int_equal(scfds__exec(s, (uint32_t)getpid()), 0);
	expect_path(s, (uint32_t)getpid(), gone, NULL);
	close(keep);
	close(gone);
}

/*
 * What the kernel says of a descriptor (-y's FDINFO) renames its file for every descriptor
 * of the table that shares it, flags kept; a socket the calls described keeps what they said.
 */
static void test_scfds__rename(void **state)
{
	struct scfds *s = *state;
	struct scfds_file *f;
	char buf[128];

	assert_int_equal(scfds__open(s, PID, 3, "socket:[?]", true), 0);
	f = scfds__file(s, PID, 3);
	scsock__proto(AF_INET, SOCK_DGRAM, 0, &f->sock);
	strcpy(f->sock.remote, "127.0.0.1:9");
	assert_int_equal(scfds__dup(s, PID, 3, 10, false), 0);
	assert_int_equal(scfds__open(s, PID, 4, "/etc/hostname", false), 0);
	assert_int_equal(scfds__rename(s, PID, 10, "socket:[4321]", true), 0);
	expect_path(s, PID, 3, "socket:[4321]");
	expect_path(s, PID, 10, "socket:[4321]");
	expect_path(s, PID, 4, "/etc/hostname");
	f = scfds__file(s, PID, 3);
	assert_ptr_equal(f, scfds__file(s, PID, 10));
	assert_int_equal(f->ino, 4321);
	assert_true(f->is_socket);
	assert_true(f->sock.stale); /* its own end: the kernel's, by the inode now known */
	scfds__name(s, PID, 10, 2, buf, sizeof(buf));
	assert_string_equal(buf, "UDP:[?->127.0.0.1:9]");
	/* close-on-exec stays each descriptor's */
	assert_int_equal(scfds__exec(s, PID), 0);
	expect_path(s, PID, 3, NULL);
	expect_path(s, PID, 10, "socket:[4321]");
	/* not keeping: a file of its own, what the calls said is gone */
	assert_int_equal(scfds__rename(s, PID, 10, "socket:[99]", false), 0);
	scfds__name(s, PID, 10, 2, buf, sizeof(buf));
	assert_string_equal(buf, "socket:[99]");
	/* a descriptor the table did not know */
	assert_int_equal(scfds__rename(s, PID, 7, "pipe:[55]", true), 0);
	expect_path(s, PID, 7, "pipe:[55]");
	assert_int_equal(scfds__file(s, PID, 7)->ino, 55);
}

int main(void)
{
#define T(name) cmocka_unit_test_setup_teardown(name, setup, teardown)
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		T(test_scfds__dup_shares_the_file),
		T(test_scfds__dup_of_unknown_forgets_target),
		T(test_scfds__open_replaces),
		T(test_scfds__close_range),
		T(test_scfds__exec_drops_cloexec),
		T(test_scfds__fork_copies),
		T(test_scfds__clone_files_shares),
		T(test_scfds__fork_of_unknown_parent),
		T(test_scfds__close_range_unshare),
		T(test_scfds__names_sockets),
		T(test_scfds__names_sockets_of_processes_gone),
		T(test_scfds__reads_own_table),
		T(test_scfds__rename),
		cmocka_unit_test(test_scsock__proc_net_lines),
		cmocka_unit_test(test_scsock__addresses_of_calls),
	};
	/* clang-format on */
#undef T

	return cmocka_run_group_tests(tests, NULL, NULL);
}
