// SPDX-License-Identifier: GPL-2.0
/*
 * Arrays of system calls as strace writes them, from the data the capture reads
 * (bpf/syscalls.h): an exec's argv and envp, iovecs, msghdrs, poll fds, epoll events; and
 * data that does not add up (counts past the bytes, lengths past strsize, 10,000 strings).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>

#include "bpf/syscalls.h"
#include "syscalls/scarray.h"
#include "syscalls/scfmt.h"

/* An item's data, as the capture lays it out. */
struct data {
	uint8_t b[65536];
	uint32_t len;
};

static void put(struct data *d, const void *p, size_t n)
{
	assert_true(d->len + n <= sizeof(d->b));
	memcpy(d->b + d->len, p, n);
	d->len += n;
}

static void put_u32(struct data *d, uint32_t v)
{
	put(d, &v, sizeof(v));
}

/* A string of a STRARRAY: its head and bytes. */
static void put_str(struct data *d, const char *s, uint16_t flags)
{
	uint16_t head = (uint16_t)strlen(s) | flags;

	put(d, &head, sizeof(head));
	put(d, s, strlen(s));
}

static void put_iov(struct data *d, uint64_t base, uint64_t len, const char *got, uint16_t flags)
{
	struct sysrec_iov v = { .base = base, .len = len, .got = strlen(got), .flags = flags };

	put(d, &v, sizeof(v));
	put(d, got, strlen(got));
}

static struct sc_bytes bytes_of(const struct data *d, bool truncated)
{
	return (struct sc_bytes){ .p = d->b, .len = d->len, .truncated = truncated };
}

/* A call of kinds k0.. (SCA_KIND_COUNT ends the list), its arguments all 0x7ffd0000 + i. */
static struct sc_desc desc_of(const char *name, const enum sc_arg_kind *kinds)
{
	struct sc_desc d = { .name = name, .has_format = true };

	for (; kinds[d.nr_args] != SCA_KIND_COUNT; d.nr_args++) {
		snprintf(d.args[d.nr_args].name, SC_ARG_NAME_MAX, "a%d", d.nr_args);
		d.args[d.nr_args].kind = kinds[d.nr_args];
		d.args[d.nr_args].size = 8;
	}
	return d;
}

static struct sc_call call_of(const struct sc_desc *d)
{
	struct sc_call c = { .desc = d };

	for (int i = 0; i < d->nr_args; i++)
		c.args[i] = 0x7ffd0000 + i;
	return c;
}

static void expect_arg(const struct sc_call *c, int i, unsigned strsize, const char *want)
{
	struct scfmt_opts o = { .strsize = strsize };
	static char buf[16384];
	bool shown;

	scfmt__arg(buf, sizeof(buf), c, i, &o, &shown);
	assert_string_equal(buf, want);
}

static const enum sc_arg_kind exec_kinds[] = { SCA_EXEC_PATH, SCA_EXEC_ARGV, SCA_EXEC_ENVP,
					       SCA_KIND_COUNT };

static void test_scarray__argv_at_entry(void **state)
{
	struct sc_desc d = desc_of("execve", exec_kinds);
	struct sc_call c = call_of(&d);
	static struct data argv, envp;

	put_u32(&argv, 2);
	put_str(&argv, "echo", 0);
	put_str(&argv, "child-hello", 0);
	put_u32(&envp, 20);
	c.mem[0] = (struct sc_bytes){ .p = "/bin/echo", .len = 9 };
	c.mem[1] = bytes_of(&argv, false);
	c.mem[2] = bytes_of(&envp, false);
	expect_arg(&c, 0, 0, "\"/bin/echo\"");
	expect_arg(&c, 1, 0, "[\"echo\", \"child-hello\"]");
	expect_arg(&c, 2, 0, "0x7ffd0002 /* 20 vars */");
	/* a failed exec shows them from its entry */
	c.exited = true;
	c.ret = -2;
	expect_arg(&c, 1, 0, "[\"echo\", \"child-hello\"]");
}

/* After fork() the strings were not there at entry: the new program's mm has them. */
static void test_scarray__argv_after_fork(void **state)
{
	struct sc_desc d = desc_of("execve", exec_kinds);
	struct sc_call c = call_of(&d);
	static struct data entry, mm;
	uint16_t flen = 9;

	put_u32(&entry, 2);
	put_str(&entry, "", SYSREC_STR_FAULT);
	put_str(&entry, "", SYSREC_STR_FAULT);
	put(&mm, &flen, sizeof(flen));
	put(&mm, "/bin/echo", 9);
	put(&mm, "echo\0child-hello\0", 17);
	c.mem[0] = (struct sc_bytes){ .fault = true };
	c.mem[1] = bytes_of(&entry, false);
	expect_arg(&c, 0, 0, "0x7ffd0000");
	expect_arg(&c, 1, 0, "[?, ?]");
	c.exited = true;
	c.out[1] = bytes_of(&mm, false);
	expect_arg(&c, 0, 0, "\"/bin/echo\"");
	expect_arg(&c, 1, 0, "[\"echo\", \"child-hello\"]");
	/* the filename's length past the bytes: no filename, no argv from there */
	flen = 900;
	memcpy(mm.b, &flen, sizeof(flen));
	expect_arg(&c, 0, 0, "0x7ffd0000");
	expect_arg(&c, 1, 0, "0x7ffd0001");
}

/* strsize cuts the strings and the array: 32 strings of 10,000, then "...", as strace. */
static void test_scarray__argv_10000_strings(void **state)
{
	struct sc_desc d = desc_of("execve", exec_kinds);
	struct sc_call c = call_of(&d);
	static struct data argv, mm;
	static char want[4096];
	uint16_t flen = 0;
	int n = 0;

	put_u32(&argv, 10000);
	for (int i = 0; i < 40; i++)
		put_str(&argv, "many", 0);
	c.mem[1] = bytes_of(&argv, true);
	n += sprintf(want + n, "[");
	for (int i = 0; i < 32; i++)
		n += sprintf(want + n, "\"many\", ");
	sprintf(want + n, "...]");
	expect_arg(&c, 1, 0, want);
	/* as many from the mm, cut at the capture's room */
	put(&mm, &flen, sizeof(flen));
	for (int i = 0; i < 10000 && mm.len + 5 < SYSREC_ARRAY_MAX; i++)
		put(&mm, "many", 5);
	put(&mm, "ma", 2);
	c.exited = true;
	c.out[1] = bytes_of(&mm, true);
	expect_arg(&c, 1, 0, want);
	/* fewer strings than strsize: the one cut by the room, then "..." */
	c.out[1].len = 2 + 5 + 2;
	expect_arg(&c, 1, 0, "[\"many\", \"ma\"..., ...]");
	/* a long one cut at strsize */
	argv.len = 0;
	put_u32(&argv, 1);
	put_str(&argv, "abcdefgh", SYSREC_STR_CUT);
	c.exited = false;
	c.mem[1] = bytes_of(&argv, false);
	expect_arg(&c, 1, 4, "[\"abcd\"...]");
}

/* Counts that the bytes do not hold: what is there prints, never past it. */
static void test_scarray__argv_counts_past_the_bytes(void **state)
{
	struct sc_desc d = desc_of("execve", exec_kinds);
	struct sc_call c = call_of(&d);
	static struct data argv;
	uint16_t head = 4000;

	put_u32(&argv, 5);
	put_str(&argv, "a", 0);
	put(&argv, &head, sizeof(head)); /* 4000 bytes said, 3 there */
	put(&argv, "bcd", 3);
	c.mem[1] = bytes_of(&argv, false);
	expect_arg(&c, 1, 0, "[\"a\", ...]");
	/* no count at all */
	c.mem[1].len = 2;
	expect_arg(&c, 1, 0, "0x7ffd0001");
	c.mem[2] = c.mem[1];
	expect_arg(&c, 2, 0, "0x7ffd0002");
	c.args[1] = 0;
	expect_arg(&c, 1, 0, "NULL");
}

static const enum sc_arg_kind writev_kinds[] = { SCA_FD, SCA_IOVEC_IN, SCA_UINT, SCA_KIND_COUNT };
static const enum sc_arg_kind readv_kinds[] = { SCA_FD, SCA_IOVEC_OUT, SCA_UINT, SCA_KIND_COUNT };

static void test_scarray__iovecs(void **state)
{
	struct sc_desc w = desc_of("writev", writev_kinds), r = desc_of("readv", readv_kinds);
	struct sc_call c = call_of(&w);
	static struct data v;

	put_u32(&v, 2);
	put_iov(&v, 0x1000, 5, "hello", 0);
	put_iov(&v, 0x2000, 6, "", SYSREC_STR_FAULT);
	c.mem[1] = bytes_of(&v, false);
	expect_arg(&c, 1, 0, "[{iov_base=\"hello\", iov_len=5}, {iov_base=0x2000, iov_len=6}]");
	/* what the call filled shows once it returned */
	c = call_of(&r);
	c.out[1] = bytes_of(&v, false);
	expect_arg(&c, 1, 0, "0x7ffd0001");
	c.exited = true;
	c.ret = 5;
	expect_arg(&c, 1, 0, "[{iov_base=\"hello\", iov_len=5}, {iov_base=0x2000, iov_len=6}]");
	c.ret = -14;
	expect_arg(&c, 1, 0, "0x7ffd0001");
}

/* 1024 iovecs whose lengths pass strsize: 32 of them, each cut, then "...". */
static void test_scarray__iovec_1024(void **state)
{
	struct sc_desc w = desc_of("writev", writev_kinds);
	struct sc_call c = call_of(&w);
	static char want[8192], zs[33];
	static struct data v;
	int n = 0;

	memset(zs, 'z', 32);
	put_u32(&v, 1024);
	for (int i = 0; v.len + sizeof(struct sysrec_iov) + 32 <= SYSREC_ARRAY_MAX; i++)
		put_iov(&v, 0x1000, 100000, zs, SYSREC_STR_CUT);
	c.mem[1] = bytes_of(&v, true);
	n += sprintf(want + n, "[");
	for (int i = 0; i < 32; i++)
		n += sprintf(want + n, "{iov_base=\"%s\"..., iov_len=100000}, ", zs);
	sprintf(want + n, "...]");
	expect_arg(&c, 1, 0, want);
	/* an iovec whose bytes pass the data's end: the pointer */
	v.len = 0;
	put_u32(&v, 1);
	put_iov(&v, 0x1000, 5, "hello", 0);
	v.len -= 2;
	c.mem[1] = bytes_of(&v, false);
	expect_arg(&c, 1, 0, "0x7ffd0001");
	/* fewer kept than counted */
	v.len = 0;
	put_u32(&v, 3);
	put_iov(&v, 0x1000, 1, "h", 0);
	c.mem[1] = bytes_of(&v, false);
	expect_arg(&c, 1, 0, "[{iov_base=\"h\", iov_len=1}, ...]");
}

static void put_msghdr(struct data *d, uint64_t name, uint32_t namelen, uint64_t iovlen,
		       uint32_t flags)
{
	uint64_t m[7] = { name, namelen, 0x5000, iovlen, 0, 0, flags };

	put(d, m, sizeof(m));
}

static void test_scarray__msghdr(void **state)
{
	static const enum sc_arg_kind send_kinds[] = { SCA_FD, SCA_MSGHDR_IN, SCA_UINT,
						       SCA_KIND_COUNT };
	static const enum sc_arg_kind recv_kinds[] = { SCA_FD, SCA_MSGHDR_OUT, SCA_UINT,
						       SCA_KIND_COUNT };
	struct sc_desc s = desc_of("sendmsg", send_kinds), r = desc_of("recvmsg", recv_kinds);
	struct sc_call c = call_of(&s);
	static struct data m;

	put_msghdr(&m, 0, 0, 1, 0);
	put_u32(&m, 1);
	put_iov(&m, 0x1000, 5, "hello", 0);
	c.mem[1] = bytes_of(&m, false);
	expect_arg(&c, 1, 0,
		   "{msg_name=NULL, msg_namelen=0, msg_iov=[{iov_base=\"hello\", iov_len=5}], "
		   "msg_iovlen=1, msg_controllen=0, msg_flags=0}");
	c = call_of(&r);
	m.len = 0;
	put_msghdr(&m, 0x6000, 16, 1, MSG_TRUNC);
	put_u32(&m, 1);
	put_iov(&m, 0x1000, 16, "hel", 0);
	c.out[1] = bytes_of(&m, false);
	c.exited = true;
	c.ret = 3;
	expect_arg(&c, 1, 0,
		   "{msg_name=0x6000, msg_namelen=16, msg_iov=[{iov_base=\"hel\", iov_len=16}], "
		   "msg_iovlen=1, msg_controllen=0, msg_flags=MSG_TRUNC}");
	/* shorter than the struct */
	c.out[1].len = 40;
	expect_arg(&c, 1, 0, "0x7ffd0001");
}

static void test_scarray__pollfds(void **state)
{
	static const enum sc_arg_kind kinds[] = { SCA_POLLFDS, SCA_UINT, SCA_INT, SCA_KIND_COUNT };
	struct sc_desc d = desc_of("poll", kinds);
	struct sc_call c = call_of(&d);
	struct pollfd in[2] = { { 3, POLLIN, 0 }, { 4, POLLOUT, 0 } }, out[2];

	memcpy(out, in, sizeof(in));
	out[0].revents = POLLIN;
	c.args[1] = 2;
	c.mem[0] = (struct sc_bytes){ .p = in, .len = sizeof(in) };
	expect_arg(&c, 0, 0, "[{fd=3, events=POLLIN}, {fd=4, events=POLLOUT}]");
	c.exited = true;
	c.ret = 1;
	c.out[0] = (struct sc_bytes){ .p = out, .len = sizeof(out) };
	expect_arg(&c, 0, 0, "[{fd=3, events=POLLIN, revents=POLLIN}, {fd=4, events=POLLOUT}]");
	/* more fds than bytes, and strsize's cut */
	c.args[1] = 1000;
	expect_arg(&c, 0, 0,
		   "[{fd=3, events=POLLIN, revents=POLLIN}, {fd=4, events=POLLOUT}, ...]");
	expect_arg(&c, 0, 1, "[{fd=3, events=POLLIN, revents=POLLIN}, ...]");
	c.mem[0].len = 7;
	expect_arg(&c, 0, 0, "[...]");
}

static void test_scarray__epoll(void **state)
{
	static const enum sc_arg_kind wait_kinds[] = { SCA_FD, SCA_EPOLL_EVENTS_OUT, SCA_INT,
						       SCA_KIND_COUNT };
	static const enum sc_arg_kind ctl_kinds[] = { SCA_FD, SCA_INT, SCA_FD, SCA_EPOLL_EVENT_IN,
						      SCA_KIND_COUNT };
	struct sc_desc w = desc_of("epoll_wait", wait_kinds), ctl = desc_of("epoll_ctl", ctl_kinds);
	struct epoll_event ev[2] = { { .events = EPOLLIN, .data.u64 = 3 },
				     { .events = EPOLLOUT | EPOLLET, .data.u64 = 1ULL << 32 | 5 } };
	struct sc_call c = call_of(&ctl);

	c.mem[3] = (struct sc_bytes){ .p = ev, .len = sizeof(ev[0]) };
	expect_arg(&c, 3, 0, "{events=EPOLLIN, data={u32=3, u64=3}}");
	c.mem[3].len = 3;
	expect_arg(&c, 3, 0, "0x7ffd0003");
	c = call_of(&w);
	c.exited = true;
	c.ret = 2;
	c.out[1] = (struct sc_bytes){ .p = ev, .len = sizeof(ev) };
	expect_arg(&c, 1, 0,
		   "[{events=EPOLLIN, data={u32=3, u64=3}}, "
		   "{events=EPOLLOUT|EPOLLET, data={u32=5, u64=4294967301}}]");
	/* ret of them, whatever the bytes */
	c.ret = 1;
	expect_arg(&c, 1, 0, "[{events=EPOLLIN, data={u32=3, u64=3}}]");
	c.ret = 0;
	expect_arg(&c, 1, 0, "[]");
	c.ret = -4;
	expect_arg(&c, 1, 0, "0x7ffd0001");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scarray__argv_at_entry),
		cmocka_unit_test(test_scarray__argv_after_fork),
		cmocka_unit_test(test_scarray__argv_10000_strings),
		cmocka_unit_test(test_scarray__argv_counts_past_the_bytes),
		cmocka_unit_test(test_scarray__iovecs),
		cmocka_unit_test(test_scarray__iovec_1024),
		cmocka_unit_test(test_scarray__msghdr),
		cmocka_unit_test(test_scarray__pollfds),
		cmocka_unit_test(test_scarray__epoll),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
