// SPDX-License-Identifier: GPL-2.0
/*
 * The JSON sample line written in place (print_json__sample's fast path) against the
 * member-by-member path: the same bytes for every shape of sample either may get
 * (members present or absent, strings to escape, symbols with modules, string payloads,
 * payloads too large for one line), and the fast path is taken where it should be.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "output/view-json.h"
#include "util/jsonw.h"

/* What a printing function writes for one sample of ev, as a malloc'ed string. */
static char *printed(void (*print)(struct jsonw *, const struct resolved_sample *),
		     const struct event_desc *ev, const struct resolved_sample *ps)
{
	struct resolved_sample rs = *ps;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct jsonw *w;

	assert_non_null(f);
	w = jsonw__new(f, false);
	assert_non_null(w);
	rs.ev = ev;
	print(w, &rs);
	jsonw__free(w);
	fclose(f);
	return buf;
}

static void assert_same(const struct event_desc *ev, const struct resolved_sample *ps)
{
	char *fast = printed(print_json__sample, ev, ps);
	char *general = printed(print_json__sample_members, ev, ps);

	assert_string_equal(fast, general);
	free(fast);
	free(general);
}

static const struct event_desc bpf_out = {
	.name = "__bpf_stdout__",
	.attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_BPF_OUTPUT },
};

static struct sample full_sample(const void *raw, uint32_t raw_size)
{
	return (struct sample){
		.ip = 0xffffffff814c2d0bull,
		.time = 25911632121556ull,
		.period = 1,
		.pid = 11537,
		.tid = 11538,
		.cpu = 1,
		.raw = raw,
		.raw_size = raw_size,
		.has_ip = 1,
		.has_tid = 1,
		.has_time = 1,
		.has_cpu = 1,
		.has_period = 1,
		.has_raw = 1,
	};
}

static void test_line_matches_members(void **state)
{
	static const char payload[] = "hello \"quoted\"\n\x01\xc3\xa9\xff";
	static const char *comms[] = { "getppid-timed", NULL, "tab\there", "\xe2\x82\xac\xc0" };
	static const struct resolved_sym syms[] = {
		{ .name = "perf_syscall_enter", .off = 0x1db, .dso = "[kernel.kallsyms]" },
		{ .name = "ext4_write", .off = 0, .module = "ext4" },
		{ .name = NULL, .dso = "/usr/bin/a \"b\"" },
		{ .name = NULL },
		{ .name = "operator<<(std::ostream&)", .off = 0x10, .dso = "/usr/lib/libx.so" },
	};
	unsigned char bytes[48];

	(void)state;
	for (size_t i = 0; i < sizeof(bytes); i++)
		bytes[i] = (unsigned char)(i * 37);
	for (size_t c = 0; c < sizeof(comms) / sizeof(comms[0]); c++) {
		for (size_t y = 0; y < sizeof(syms) / sizeof(syms[0]); y++) {
			for (unsigned mask = 0; mask < 64; mask++) {
				struct sample s = full_sample(bytes, sizeof(bytes));
				struct resolved_sample ps = { .s = &s,
							      .comm = comms[c],
							      .sym = syms[y] };
				struct event_desc ev = bpf_out;

				s.has_ip = mask & 1;
				s.has_tid = !!(mask & 2);
				s.has_time = !!(mask & 4);
				s.has_cpu = !!(mask & 8);
				s.has_period = !!(mask & 16);
				s.has_raw = !!(mask & 32);
				ev.attr.sample_period = mask & 16 ? 0 : 4000;
				s.cpu = mask & 8 ? 1 : (uint32_t)-1;
				assert_same(&ev, &ps);
				s.raw = payload;
				s.raw_size = sizeof(payload);
				ps.is_string = true;
				assert_same(&ev, &ps);
				ev.name = NULL;
				assert_same(&ev, &ps);
			}
		}
	}
}

/* A tracepoint's sample without its format, and one with a payload past a line. */
static void test_other_shapes_match(void **state)
{
	static unsigned char big[8192];
	struct sample s = full_sample(big, sizeof(big));
	struct resolved_sample ps = { .s = &s, .comm = "big" };
	struct event_desc tp = { .name = "sched:sched_switch",
				 .attr = { .type = PERF_TYPE_TRACEPOINT } };

	(void)state;
	assert_same(&bpf_out, &ps);
	s.has_raw = 0;
	assert_same(&tp, &ps);
}

static void test_line_is_one_json_line(void **state)
{
	unsigned char bytes[4] = { 1, 2, 3, 4 };
	struct sample s = full_sample(bytes, sizeof(bytes));
	struct resolved_sample ps = {
		.s = &s,
		.comm = "a\"b",
		.sym = { .name = "f", .off = 0x1f, .dso = "[kernel.kallsyms]" },
	};
	char *out = printed(print_json__sample, &bpf_out, &ps);

	(void)state;
	assert_string_equal(out, "{\"type\":\"sample\",\"event\":\"__bpf_stdout__\","
				 "\"comm\":\"a\\\"b\",\"pid\":11537,\"tid\":11538,\"cpu\":1,"
				 "\"time\":25911632121556,\"period\":1,"
				 "\"ip\":\"0xffffffff814c2d0b\",\"sym\":\"f+0x1f\","
				 "\"dso\":\"[kernel.kallsyms]\",\"raw\":\"01020304\"}\n");
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_line_matches_members),
		cmocka_unit_test(test_other_shapes_match),
		cmocka_unit_test(test_line_is_one_json_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
