// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/run/rbread.c on a real ring buffer map, written by a program run from
 * here (BPF_PROG_TEST_RUN): a pass stops at its max and at the head it started with, also
 * while the reader's own work keeps the ring full, as a flood does.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <unistd.h>
#include <cmocka.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>

#include "util/stopsig.h"
#include "run/rbread.h"

#define RING_BYTES 4096
#define REC_BYTES 16 /* 8 bytes of data under the kernel's 8-byte header */

struct ring {
	int map_fd, prog_fd;
	struct rbread *r;
	int seen;
	int refill; /* records written for each one seen: a reader that keeps the ring full */
	int fail_at; /* the callback fails on this record (1-based), 0: never */
};

static int load_writer(int map_fd)
{
	/* *(u64 *)(fp - 8) = 7; bpf_ringbuf_output(map, fp - 8, 8, 0); return 0 */
	struct bpf_insn insns[] = {
		{ .code = BPF_ST | BPF_MEM | BPF_DW, .dst_reg = BPF_REG_10, .off = -8, .imm = 7 },
		{ .code = BPF_LD | BPF_DW | BPF_IMM,
		  .dst_reg = BPF_REG_1,
		  .src_reg = BPF_PSEUDO_MAP_FD,
		  .imm = map_fd },
		{ 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = BPF_REG_2, .src_reg = BPF_REG_10 },
		{ .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_2, .imm = -8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_3, .imm = 8 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_4, .imm = 0 },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_ringbuf_output },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .prog_flags = BPF_F_SLEEPABLE);

	return bpf_prog_load(BPF_PROG_TYPE_SYSCALL, "rbread_test", "GPL", insns,
			     sizeof(insns) / sizeof(insns[0]), &opts);
}

static void write_records(struct ring *t, int n)
{
	for (int i = 0; i < n; i++) {
		LIBBPF_OPTS(bpf_test_run_opts, topts);

		assert_int_equal(bpf_prog_test_run_opts(t->prog_fd, &topts), 0);
	}
}

static int on_record(void *ctx, const void *data, size_t size)
{
	struct ring *t = ctx;

	assert_int_equal(size, 8);
	assert_int_equal(*(const uint64_t *)data, 7);
	if (++t->seen == t->fail_at)
		return -EIO;
	if (t->seen > 4 * RING_BYTES / REC_BYTES)
		return -E2BIG; /* a pass that does not end: fail, rather than hang */
	write_records(t, t->refill);
	return 0;
}

static int setup(void **state)
{
	static struct ring t;

	t = (struct ring){ .map_fd = -1, .prog_fd = -1 };
	*state = &t;
	if (geteuid())
		return 0;
	t.map_fd = bpf_map_create(BPF_MAP_TYPE_RINGBUF, NULL, 0, 0, RING_BYTES, NULL);
	assert_true(t.map_fd >= 0);
	t.prog_fd = load_writer(t.map_fd);
	assert_true(t.prog_fd >= 0);
	t.r = rbread__new(t.map_fd, on_record, &t);
	assert_non_null(t.r);
	return 0;
}

static int teardown(void **state)
{
	struct ring *t = *state;

	rbread__free(t->r);
	if (t->prog_fd >= 0)
		close(t->prog_fd);
	if (t->map_fd >= 0)
		close(t->map_fd);
	return 0;
}

/* Loading a program and making a map need root (CAP_BPF): skipped as another user. */
static struct ring *ring_of(void **state)
{
	struct ring *t = *state;

	if (!t->r)
		skip();
	return t;
}

static void test_rbread_pass_stops_at_max(void **state)
{
	struct ring *t = ring_of(state);

	write_records(t, 10);
	assert_int_equal(rbread__used(t->r), 10 * REC_BYTES);
	assert_int_equal(rbread__pass(t->r, 4, 0), 4);
	assert_true(rbread__more(t->r));
	assert_int_equal(rbread__pass(t->r, 0, 0), 6);
	assert_false(rbread__more(t->r));
	assert_int_equal(rbread__pass(t->r, 0, 0), 0);
	assert_int_equal(t->seen, 10);
	/* in bytes as the ring lays records out: the record that reaches the max is the last */
	write_records(t, 10);
	assert_int_equal(rbread__pass(t->r, 0, 3 * REC_BYTES), 3);
	assert_true(rbread__more(t->r));
	assert_int_equal(rbread__pass(t->r, 0, 1), 1);
	assert_int_equal(rbread__pass(t->r, 100, 100 * REC_BYTES), 6);
	assert_false(rbread__more(t->r));
}

/* Each record read writes two more: the ring never empties, a pass still ends. */
static void test_rbread_pass_ends_in_a_flood(void **state)
{
	struct ring *t = ring_of(state);

	write_records(t, 5);
	t->refill = 2;
	assert_int_equal(rbread__pass(t->r, 0, 0), 5);
	assert_false(rbread__more(t->r));
	assert_int_equal(rbread__used(t->r), 10 * REC_BYTES);
	/* with a max, the pass ends on it: what the head held at the start is left */
	assert_int_equal(rbread__pass(t->r, 3, 0), 3);
	assert_true(rbread__more(t->r));
	assert_int_equal(rbread__used(t->r), 13 * REC_BYTES);
	/* the rest goes unseen: the callback does not run, nothing is written */
	assert_int_equal(rbread__skip(t->r), 13);
	assert_int_equal(rbread__used(t->r), 0);
	assert_int_equal(t->seen, 8);
}

/* The ring full: the pass reads what it held, however many more the reader's work wrote. */
static void test_rbread_pass_ends_on_a_full_ring(void **state)
{
	struct ring *t = ring_of(state);
	int cap = RING_BYTES / REC_BYTES - 1; /* the kernel keeps used bytes under the size */

	write_records(t, cap);
	assert_int_equal(rbread__used(t->r), cap * REC_BYTES);
	t->refill = 3;
	assert_int_equal(rbread__pass(t->r, 0, 0), cap);
	/* the last record's room is free once its callback returns: none written into it */
	assert_int_equal(rbread__used(t->r), (cap - 1) * REC_BYTES);
	t->refill = 0;
	assert_int_equal(rbread__skip(t->r), cap - 1);
}

/* The end of a run: what the ring held then, in passes, however many more come meanwhile. */
static void test_rbread_last_reads_what_was_there(void **state)
{
	struct ring *t = ring_of(state);
	uint64_t unread = 0;

	write_records(t, 10);
	t->refill = 2;
	assert_int_equal(rbread__last(t->r, 3, 0, &unread), 10);
	assert_int_equal(unread, 0);
	assert_false(rbread__more(t->r));
	assert_int_equal(rbread__used(t->r), 20 * REC_BYTES);
}

/* A stop signal pending: the last read ends after its first pass, the rest counted unread. */
static void test_rbread_last_stops_on_a_signal(void **state)
{
	struct ring *t = ring_of(state);
	uint64_t unread = 0;
	sigset_t old;

	write_records(t, 10);
	t->refill = 2;
	assert_int_equal(stopsig__block(0, &old), 0);
	raise(SIGINT);
	assert_int_equal(rbread__last(t->r, 3, 0, &unread), 3);
	assert_int_equal(unread, 7 + 3 * 2);
	assert_int_equal(rbread__used(t->r), 0);
	assert_int_equal(stopsig__wait(0), SIGINT);
	stopsig__unblock(&old);
	stopsig__forget();
}

/* The callback's error ends the pass, the records before it taken out. */
static void test_rbread_callback_error(void **state)
{
	struct ring *t = ring_of(state);

	write_records(t, 5);
	t->fail_at = 2;
	assert_int_equal(rbread__pass(t->r, 0, 0), -EIO);
	assert_int_equal(rbread__used(t->r), 3 * REC_BYTES);
	assert_int_equal(rbread__pass(t->r, 0, 0), 3);
	assert_int_equal(t->seen, 5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rbread_pass_stops_at_max, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rbread_pass_ends_in_a_flood, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rbread_pass_ends_on_a_full_ring, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_rbread_callback_error, setup, teardown),
		cmocka_unit_test_setup_teardown(test_rbread_last_reads_what_was_there, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_rbread_last_stops_on_a_signal, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
