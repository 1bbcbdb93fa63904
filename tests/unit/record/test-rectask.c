// SPDX-License-Identifier: GPL-2.0
/* The task and time a typed record names: which members are taken, and their values. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include <bpf/btf.h>

#include "record/rectask.h"

enum kind { I32, U64, CHAR16, U8_16, I64_PTR };

struct member {
	const char *name;
	enum kind kind;
};

static struct btf *btf;

/* struct ev { members... } laid out one after the other; its id. */
static int make_struct(const struct member *m, int n)
{
	int i32, u64, chr, u8, a16, u8a16, ptr, bytes = 0, id;
	uint32_t off[16];

	btf__free(btf);
	btf = btf__new_empty();
	assert_non_null(btf);
	i32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	u64 = btf__add_int(btf, "unsigned long long", 8, 0);
	chr = btf__add_int(btf, "char", 1, BTF_INT_CHAR);
	u8 = btf__add_int(btf, "unsigned char", 1, 0);
	a16 = btf__add_array(btf, i32, chr, 16);
	u8a16 = btf__add_array(btf, i32, u8, 16);
	ptr = btf__add_ptr(btf, i32);
	for (int i = 0; i < n; i++) {
		off[i] = bytes;
		bytes += m[i].kind == I32 ? 4 : m[i].kind == U64 || m[i].kind == I64_PTR ? 8 : 16;
	}
	id = btf__add_struct(btf, "ev", bytes);
	assert_true(id > 0);
	for (int i = 0; i < n; i++) {
		int type = m[i].kind == I32    ? i32 :
			   m[i].kind == U64    ? u64 :
			   m[i].kind == CHAR16 ? a16 :
			   m[i].kind == U8_16  ? u8a16 :
						 ptr;

		assert_int_equal(btf__add_field(btf, m[i].name, type, off[i] * 8, 0), 0);
	}
	/* a typedef of it: found through */
	return btf__add_typedef(btf, "ev_t", id);
}

/* libbpf-bootstrap's event: pid (the process) and comm; duration_ns is no time */
static void test_rectask__find_bootstrap(void **state)
{
	static const struct member m[] = { { "pid", I32 },	 { "ppid", I32 },
					   { "exit_code", I32 }, { "duration_ns", U64 },
					   { "comm", CHAR16 },	 { "filename", CHAR16 } };
	struct {
		int pid, ppid, code;
		int pad;
		unsigned long long dur;
		char comm[16], file[16];
	} rec = { 4242, 1, 0, 0, 99, "bash", "/bin/ls" };
	struct rectask rt;
	uint32_t pid = 0, tid = 0;
	uint64_t ns;
	char comm[16];
	int id = make_struct(m, 6);

	/* the struct made above has no padding: rebuild rec's bytes in its layout */
	unsigned char raw[4 * 3 + 8 + 32];

	memcpy(raw, &rec.pid, 12);
	memcpy(raw + 12, &rec.dur, 8);
	memcpy(raw + 20, rec.comm, 32);
	assert_true(rectask__find(btf, id, &rt));
	assert_string_equal(rt.process.name, "pid");
	assert_null(rt.thread.name);
	assert_string_equal(rt.comm.name, "comm");
	assert_null(rt.time.name);
	assert_true(rectask__task(&rt, raw, sizeof(raw), &pid, &tid));
	assert_int_equal(pid, 4242);
	assert_int_equal(tid, 4242);
	assert_false(rectask__time(&rt, raw, sizeof(raw), &ns));
	assert_true(rectask__comm(&rt, raw, sizeof(raw), comm, sizeof(comm)));
	assert_string_equal(comm, "bash");
	/* cut short: no task, no name */
	assert_false(rectask__task(&rt, raw, 3, &pid, &tid));
	assert_false(rectask__comm(&rt, raw, 30, comm, sizeof(comm)));
}

/* tgid with pid: the kernel's naming, pid is the thread; ts in ns */
static void test_rectask__find_tgid_pid_ts(void **state)
{
	static const struct member m[] = {
		{ "delta", U64 }, { "ts", U64 }, { "tgid", I32 }, { "pid", I32 }, { "task", CHAR16 }
	};
	unsigned char raw[8 + 8 + 4 + 4 + 16] = { 0 };
	uint64_t ts = 123456789, got;
	uint32_t tgid = 100, pid = 101, p, t;
	struct rectask rt;
	char comm[8];

	assert_true(rectask__find(btf, make_struct(m, 5), &rt));
	memcpy(raw + 8, &ts, 8);
	memcpy(raw + 16, &tgid, 4);
	memcpy(raw + 20, &pid, 4);
	memcpy(raw + 24, "a-long-name", 12);
	assert_string_equal(rt.process.name, "tgid");
	assert_string_equal(rt.thread.name, "pid");
	assert_string_equal(rt.time.name, "ts");
	assert_string_equal(rt.comm.name, "task");
	assert_true(rectask__task(&rt, raw, sizeof(raw), &p, &t));
	assert_int_equal(p, 100);
	assert_int_equal(t, 101);
	assert_true(rectask__time(&rt, raw, sizeof(raw), &got));
	assert_int_equal(got, ts);
	/* cut to the buffer */
	assert_true(rectask__comm(&rt, raw, sizeof(raw), comm, sizeof(comm)));
	assert_string_equal(comm, "a-long-");
}

/* pid_tgid as bpf_get_current_pid_tgid() gives it; ts_us in microseconds; comm over task */
static void test_rectask__find_pid_tgid_us(void **state)
{
	static const struct member m[] = {
		{ "task", CHAR16 }, { "pid_tgid", U64 }, { "ts_us", U64 }, { "comm", CHAR16 }
	};
	unsigned char raw[16 + 8 + 8 + 16] = { 0 };
	uint64_t pt = (7ull << 32) | 8, us = 5, ns;
	uint32_t p, t;
	struct rectask rt;
	char comm[16];

	assert_true(rectask__find(btf, make_struct(m, 4), &rt));
	memcpy(raw, "not-me", 6);
	memcpy(raw + 16, &pt, 8);
	memcpy(raw + 24, &us, 8);
	memcpy(raw + 32, "me", 2);
	assert_true(rectask__task(&rt, raw, sizeof(raw), &p, &t));
	assert_int_equal(p, 7);
	assert_int_equal(t, 8);
	assert_true(rectask__time(&rt, raw, sizeof(raw), &ns));
	assert_int_equal(ns, 5000);
	assert_true(rectask__comm(&rt, raw, sizeof(raw), comm, sizeof(comm)));
	assert_string_equal(comm, "me");
}

/* Not taken: ppid, a char array named name, a 4-byte ts, a pointer named pid */
static void test_rectask__find_none(void **state)
{
	static const struct member m[] = {
		{ "ppid", I32 }, { "name", CHAR16 }, { "ts", I32 }, { "pid", I64_PTR }
	};
	static const struct member u8comm[] = { { "comm", U8_16 } };
	struct rectask rt;

	assert_false(rectask__find(btf, make_struct(m, 4), &rt));
	assert_false(rectask__has_task(&rt));
	/* a comm of unsigned chars is a name all the same */
	assert_true(rectask__find(btf, make_struct(u8comm, 1), &rt));
	assert_false(rectask__has_task(&rt));
	assert_false(rectask__find(NULL, 1, &rt));
	assert_false(rectask__find(btf, 1 /* int */, &rt));
}

/* The first time name in the rule's order wins, wherever it sits in the struct */
static void test_rectask__time_order(void **state)
{
	static const struct member m[] = { { "time_us", U64 }, { "timestamp", U64 } };
	struct rectask rt;

	assert_true(rectask__find(btf, make_struct(m, 2), &rt));
	assert_string_equal(rt.time.name, "timestamp");
	assert_int_equal(rt.time_scale, 1);
}

/* A value no pid can be is no task; a time outside the run falls back */
static void test_rectask__values_out_of_range(void **state)
{
	static const struct member m[] = { { "pid", I32 }, { "ts", U64 } };
	unsigned char raw[12];
	uint32_t pid = (uint32_t)-1, p, t;
	uint64_t ts = 1;
	struct rectask rt;

	assert_true(rectask__find(btf, make_struct(m, 2), &rt));
	memcpy(raw, &pid, 4);
	memcpy(raw + 4, &ts, 8);
	assert_false(rectask__task(&rt, raw, sizeof(raw), &p, &t));
	assert_int_equal(rectask__time_in(&rt, raw, sizeof(raw), 100, 200, 150), 150);
	ts = 120;
	memcpy(raw + 4, &ts, 8);
	assert_int_equal(rectask__time_in(&rt, raw, sizeof(raw), 100, 200, 150), 120);
	ts = UINT64_MAX;
	memcpy(raw + 4, &ts, 8);
	assert_int_equal(rectask__time_in(&rt, raw, sizeof(raw), 100, 200, 150), 150);
	/* the time field past the record: fallback */
	assert_int_equal(rectask__time_in(&rt, raw, 8, 100, 200, 150), 150);
}

static void test_rectask__describe(void **state)
{
	static const struct member m[] = { { "pid", I32 }, { "comm", CHAR16 }, { "ts", U64 } };
	struct rectask rt;
	char buf[160];

	rectask__find(btf, make_struct(m, 3), &rt);
	rectask__describe(&rt, buf, sizeof(buf));
	assert_string_equal(buf, "task from 'pid' (process), name from 'comm', time from 'ts'");
}

static int teardown(void **state)
{
	btf__free(btf);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rectask__find_bootstrap),
		cmocka_unit_test(test_rectask__find_tgid_pid_ts),
		cmocka_unit_test(test_rectask__find_pid_tgid_us),
		cmocka_unit_test(test_rectask__find_none),
		cmocka_unit_test(test_rectask__time_order),
		cmocka_unit_test(test_rectask__values_out_of_range),
		cmocka_unit_test(test_rectask__describe),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
