// SPDX-License-Identifier: GPL-2.0
/*
 * Callchains through the printer, with the symbols of synthetic records: perf script's
 * frame lines (kernel, BPF program, mapped and unmapped user frames), markers, the
 * unpadded comm, an unknown marker, and the JSON array.
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

#include "resolve/ksyms.h"
#include "resolve/resolver.h"
#include "output/view-json.h"
#include "output/view-text.h"
#include "output/view.h"

#define CTX_KERNEL ((uint64_t)PERF_CONTEXT_KERNEL)
#define CTX_USER ((uint64_t)PERF_CONTEXT_USER)

static const char kallsyms[] = "ffffffff81000000 T _text\n"
			       "ffffffff81382900 T __x64_sys_getppid\n"
			       "ffffffff81382a00 T next_one\n";

static const struct event_desc clock_ev = {
	.name = "cpu-clock",
	.attr = { .type = PERF_TYPE_SOFTWARE,
		  .config = PERF_COUNT_SW_CPU_CLOCK,
		  .sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
				 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN },
};

static struct resolver *make_resolver(struct ksyms **ks)
{
	struct resolver *res = resolver__new(false);
	struct record r = { .type = PERF_RECORD_MMAP2, .decoded = true };

	assert_non_null(res);
	*ks = ksyms__parse(kallsyms, strlen(kallsyms));
	assert_non_null(*ks);
	resolver__set_ksyms(res, *ks);
	r.mmap.pid = r.mmap.tid = 42;
	r.mmap.start = 0x555500001000ull;
	r.mmap.len = 0x1000;
	r.mmap.pgoff = 0x1000;
	r.mmap.filename = "/nonexistent/prog";
	r.mmap.cpumode = PERF_RECORD_MISC_USER;
	assert_int_equal(resolver__record(res, &r), 0);
	r = (struct record){ .type = PERF_RECORD_KSYMBOL, .decoded = true };
	r.ksymbol.addr = 0xffffffffc00267e8ull;
	r.ksymbol.len = 0x60;
	r.ksymbol.ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF;
	r.ksymbol.name = "bpf_prog_64bba40939536857_spin";
	assert_int_equal(resolver__record(res, &r), 0);
	return res;
}

static char *print_one(bool json, const uint64_t *chain, uint32_t nr)
{
	struct ksyms *ks;
	struct resolver *res = make_resolver(&ks);
	struct print_opts o = { .fields = PF_DEFAULT };
	struct view_stream st = { .events = &clock_ev, .nr_events = 1 };
	struct resolved_sample rs;
	struct sample s = {
		.ip = chain[1],
		.pid = 42,
		.tid = 42,
		.time = 1000000000ull,
		.cpu = 1,
		.period = 250000,
		.callchain = chain,
		.callchain_nr = nr,
		.cpumode = PERF_RECORD_MISC_KERNEL,
		.has_ip = 1,
		.has_tid = 1,
		.has_time = 1,
		.has_cpu = 1,
		.has_period = 1,
		.has_callchain = 1,
	};
	char *out = NULL;
	size_t len = 0;
	struct view *v;

	o.out = open_memstream(&out, &len);
	v = json ? view_json__new(o.out) : view_text__new(&o);
	assert_non_null(v);
	if (v->ops->begin)
		assert_int_equal(v->ops->begin(v->priv, &st), 0);
	resolver__sample(res, &clock_ev, &s, v->ops->needs(v->priv, &clock_ev), &rs);
	rs.comm = "callchain-fp";
	assert_int_equal(v->ops->sample(v->priv, &rs), 0);
	view__free(v);
	fclose(o.out);
	resolver__free(res);
	ksyms__free(ks);
	return out;
}

static const uint64_t chain[] = {
	CTX_KERNEL, 0xffffffff81382916ull, 0xffffffffc0026813ull, 0xffffffffc0100000ull,
	CTX_USER,   0x555500001234ull,	   0x7fff00001000ull,
};

static void test_print_chain_frames(void **state)
{
	char *out = print_one(false, chain, sizeof(chain) / 8);

	assert_string_equal(out, "callchain-fp    42 [001]     1.000000:     250000 cpu-clock: \n"
				 "\tffffffff81382916 __x64_sys_getppid+0x16 ([kernel.kallsyms])\n"
				 "\tffffffffc0026813 bpf_prog_64bba40939536857_spin+0x2b "
				 "(bpf_prog_64bba40939536857_spin)\n"
				 "\tffffffffc0100000 [unknown] ([unknown])\n"
				 "\t            1234 [unknown] (/nonexistent/prog)\n"
				 "\t    7fff00001000 [unknown] ([unknown])\n"
				 "\n");
	free(out);
}

/* A marker perf does not know: the chain prints without frames. */
static void test_print_chain_unknown_marker(void **state)
{
	static const uint64_t bad[] = { CTX_USER, 0x555500001234ull, (uint64_t)-280, 0x1 };
	char *out = print_one(false, bad, 4);

	assert_string_equal(out,
			    "callchain-fp    42 [001]     1.000000:     250000 cpu-clock: \n\n");
	free(out);
}

static void test_print_chain_json(void **state)
{
	char *out = print_one(true, chain, sizeof(chain) / 8);

	assert_non_null(strstr(out, "\"callchain\":[{\"ip\":\"0xffffffff81382916\","
				    "\"sym\":\"__x64_sys_getppid+0x16\","
				    "\"dso\":\"[kernel.kallsyms]\"},"));
	assert_non_null(strstr(out, "{\"ip\":\"0x555500001234\",\"dso\":\"/nonexistent/prog\"},"
				    "{\"ip\":\"0x7fff00001000\"}]"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_print_chain_frames),
		cmocka_unit_test(test_print_chain_unknown_marker),
		cmocka_unit_test(test_print_chain_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
