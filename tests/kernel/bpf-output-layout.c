// SPDX-License-Identifier: GPL-2.0
/*
 * The layout of bpf-output samples as perf-bpf's reader expects it: an N-byte
 * bpf_perf_event_output() gives a PERF_SAMPLE_RAW of raw_size = round_up(N + 4, 8) - 4,
 * the payload first and zeros after it, decoded with the tool's sample__parse().
 * A program built from instructions (no clang) runs on syscalls:sys_enter_getsid,
 * pinned to CPU 0 with the output event in slot 0 of its PERF_EVENT_ARRAY.
 */
#include <sched.h>
#include <sys/mman.h>

#include "ktest.h"
#include "record/sample.h"
#include "record/tpformat.h"

#define TP_SYS "syscalls"
#define TP_NAME "sys_enter_getsid"
#define PAGE 4096
#define STACK_OFF (-32)

/* Program: N bytes 0xa0, 0xa1, ... on the stack, then bpf_perf_event_output(). */
static int output_prog(int map_fd, int n)
{
	struct bpf_insn insns[48];
	int i = 0;

	insns[i++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_X,
					.dst_reg = 6,
					.src_reg = 1 };
	for (int k = 0; k < n; k++)
		insns[i++] = (struct bpf_insn){ .code = BPF_ST | BPF_MEM | BPF_B,
						.dst_reg = BPF_REG_10,
						.off = STACK_OFF + k,
						.imm = 0xa0 + k };
	insns[i++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_X,
					.dst_reg = 1,
					.src_reg = 6 };
	insns[i++] = (struct bpf_insn){ .code = BPF_LD | BPF_DW | BPF_IMM,
					.dst_reg = 2,
					.src_reg = BPF_PSEUDO_MAP_FD,
					.imm = map_fd };
	insns[i++] = (struct bpf_insn){ 0 };
	/* 32-bit move: BPF_F_CURRENT_CPU is 0xffffffff, the upper flag bits stay clear */
	insns[i++] =
		(struct bpf_insn){ .code = BPF_ALU | BPF_MOV | BPF_K, .dst_reg = 3, .imm = -1 };
	insns[i++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_X,
					.dst_reg = 4,
					.src_reg = BPF_REG_10 };
	insns[i++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_ADD | BPF_K,
					.dst_reg = 4,
					.imm = STACK_OFF };
	insns[i++] =
		(struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 5, .imm = n };
	insns[i++] =
		(struct bpf_insn){ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_perf_event_output };
	insns[i++] = (struct bpf_insn){ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0 };
	insns[i++] = (struct bpf_insn){ .code = BPF_JMP | BPF_EXIT };
	return bpf_prog_load(BPF_PROG_TYPE_TRACEPOINT, "kt_output", "GPL", insns, i, NULL);
}

static int output_event(void)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_SOFTWARE;
	attr.size = sizeof(attr);
	attr.config = PERF_COUNT_SW_BPF_OUTPUT;
	attr.sample_type = PERF_SAMPLE_RAW;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	return syscall(SYS_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
}

/* Checks every sample in the ring; returns how many it saw. */
static int check_ring(struct perf_event_mmap_page *meta, int n)
{
	const unsigned char *data = (const unsigned char *)meta + PAGE;
	uint64_t head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE), tail = meta->data_tail;
	unsigned int want = ((n + 4 + 7) & ~7) - 4;
	int seen = 0;

	while (tail < head) {
		unsigned char rec[PAGE];
		const struct perf_event_header *h = (const void *)(data + (tail % PAGE));
		struct sample s;

		for (size_t k = 0; k < h->size && k < sizeof(rec); k++) /* may wrap */
			rec[k] = data[(tail + k) % PAGE];
		tail += h->size;
		h = (const void *)rec;
		if (h->type != PERF_RECORD_SAMPLE)
			continue;
		seen++;
		CHECK(!sample__parse(PERF_SAMPLE_RAW, rec, h->size, &s) && s.has_raw,
		      "N=%d: sample__parse failed", n);
		CHECK(s.raw_size == want, "N=%d: raw_size %u, want %u", n, s.raw_size, want);
		CHECK(h->size == sizeof(*h) + 4 + s.raw_size, "N=%d: record size %u", n, h->size);
		for (unsigned int k = 0; k < s.raw_size && k < want; k++) {
			unsigned int b = ((const unsigned char *)s.raw)[k];
			unsigned int exp = (int)k < n ? 0xa0 + k : 0;

			CHECK(b == exp, "N=%d: byte %u is 0x%02x, want 0x%02x", n, k, b, exp);
		}
	}
	__atomic_store_n(&meta->data_tail, tail, __ATOMIC_RELEASE);
	return seen;
}

static void test_size(uint64_t tp_id, int map_fd, struct perf_event_mmap_page *meta, int n)
{
	int prog = output_prog(map_fd, n), ev = ktest_tp_event(tp_id, 0), seen;

	CHECK(prog >= 0, "N=%d: load: %s", n, strerror(errno));
	CHECK(ev >= 0 && !ioctl(ev, PERF_EVENT_IOC_SET_BPF, prog), "N=%d: attach: %s", n,
	      strerror(errno));
	syscall(SYS_getsid, 0);
	syscall(SYS_getsid, 0);
	if (ev >= 0)
		close(ev);
	if (prog >= 0)
		close(prog);
	seen = check_ring(meta, n);
	CHECK(seen >= 2, "N=%d: %d samples, want at least 2", n, seen);
}

int main(void)
{
	static const int sizes[] = { 1, 3, 4, 5, 7, 8, 12, 13, 20, 28, 32 };
	struct perf_event_mmap_page *meta;
	cpu_set_t cpus;
	uint64_t tp_id;
	int map_fd, out_fd, zero = 0, tp;

	if (geteuid())
		ktest_skip("needs root");
	ktest_lock(TP_NAME);
	tp = tpformat__id(TP_SYS, TP_NAME);
	ktest_need_tp(tp, TP_SYS ":" TP_NAME);
	tp_id = tp;
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	ktest_need(!sched_setaffinity(0, sizeof(cpus), &cpus), "running on CPU 0");
	map_fd = bpf_map_create(BPF_MAP_TYPE_PERF_EVENT_ARRAY, "kt_out", 4, 4, 1, NULL);
	ktest_need(map_fd >= 0, "PERF_EVENT_ARRAY maps");
	out_fd = output_event();
	ktest_need(out_fd >= 0, "bpf-output events");
	meta = mmap(NULL, 2 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED, out_fd, 0);
	CHECK(meta != MAP_FAILED, "mmap: %s", strerror(errno));
	CHECK(!bpf_map_update_elem(map_fd, &zero, &out_fd, BPF_ANY), "map update: %s",
	      strerror(errno));
	if (meta == MAP_FAILED)
		return ktest_done("bpf-output-layout");
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		test_size(tp_id, map_fd, meta, sizes[i]);
	munmap(meta, 2 * PAGE);
	close(out_fd);
	close(map_fd);
	return ktest_done("bpf-output-layout");
}
