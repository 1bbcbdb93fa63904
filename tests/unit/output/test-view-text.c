// SPDX-License-Identifier: GPL-2.0
/*
 * The printer against stock perf script 6.1: tests/fixtures/print/NAME.fixture holds the
 * events, COMM records and raw SAMPLE records taken from a perf.data file, NAME.expected
 * what `perf script -i` printed for that file. Fixture lines:
 *	event IDX TYPE CONFIG SAMPLE_TYPE PERIOD NAME
 *	comm PID TID NAME
 *	sample IDX HEX-OF-THE-WHOLE-RECORD
 *	# a comment
 * Tracepoint formats come from format-SYS-NAME.txt beside them, kernel symbols (a few
 * lines of the recording machine's kallsyms) from NAME.kallsyms when there is one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <linux/perf_event.h>
#include <traceevent/event-parse.h>
#include <bpf/btf.h>

#include "resolve/ksyms.h"
#include "output/view-json.h"
#include "output/view-text.h"
#include "output/view.h"
#include "output/consumer.h"
#include "output/views.h"
#include "record/sample.h"
#include "resolve/resolver.h"
#include "record/tpformat.h"
#include "util/errmsg.h"

#define MAX_EVENTS 8

/* The view a command's options pick: perf script's text with these fields, or JSON. */
struct out_opts {
	unsigned fields;
	bool json;
};

static struct view *new_view(const struct out_opts *o, FILE *out)
{
	struct print_opts po = { .out = out, .fields = o->fields };
	struct view *v = o->json ? view_json__new(out) : view_text__new(&po);

	assert_non_null(v);
	return v;
}

struct fixture {
	struct event_desc ev[MAX_EVENTS];
	char names[MAX_EVENTS][64];
	int nr_ev;
	struct resolver *res;
	struct tep_handle *tep;
	FILE *in;
};

static const char *top(void)
{
	const char *t = getenv("TOP");

	return t ? t : ".";
}

/* A fixture file's content; NULL when optional and absent. */
static char *slurp_opt(const char *name, size_t *len, bool optional)
{
	char path[4096], *buf = NULL;
	size_t cap = 0;
	FILE *f, *m;
	int c;

	snprintf(path, sizeof(path), "%s/tests/fixtures/print/%s", top(), name);
	f = fopen(path, "r");
	if (!f && optional)
		return NULL;
	if (!f)
		fail_msg("cannot open %s: %s", path, strerror(errno));
	m = open_memstream(&buf, &cap);
	while ((c = getc(f)) != EOF)
		putc(c, m);
	fclose(f);
	fclose(m);
	if (len)
		*len = cap;
	return buf;
}

static char *slurp(const char *name, size_t *len)
{
	return slurp_opt(name, len, false);
}

static void load_format(struct fixture *fx, struct event_desc *ev)
{
	char sys[64], name[64], file[160], *text;
	size_t len;

	assert_int_equal(sscanf(ev->name, "%63[^:]:%63s", sys, name), 2);
	snprintf(file, sizeof(file), "format-%s-%s.txt", sys, name);
	text = slurp(file, &len);
	assert_int_equal(tpformat__parse(fx->tep, sys, text, len, &ev->tp), 0);
	assert_non_null(ev->tp);
	free(text);
}

static int hexval(char c)
{
	return c <= '9' ? c - '0' : c - 'a' + 10;
}

static void run_sample(struct fixture *fx, struct view *v, const char *line)
{
	unsigned char rec[65536];
	size_t n = 0;
	struct sample s;
	struct resolved_sample rs;
	const char *h;
	int idx;

	assert_int_equal(sscanf(line, "sample %d", &idx), 1);
	assert_true(idx >= 0 && idx < fx->nr_ev);
	h = strchr(line + 7, ' ') + 1;
	for (; h[0] && h[1] && h[0] != '\n'; h += 2)
		rec[n++] = hexval(h[0]) << 4 | hexval(h[1]);
	assert_int_equal(sample__parse(fx->ev[idx].attr.sample_type, rec, n, &s), 0);
	resolver__sample(fx->res, &fx->ev[idx], &s, v->ops->needs(v->priv, &fx->ev[idx]), &rs);
	assert_int_equal(v->ops->sample(v->priv, &rs), 0);
}

static void parse_line(struct fixture *fx, char *line, struct view *v)
{
	struct event_desc *ev;
	unsigned pid, tid;
	unsigned long long config, sample_type, period;
	char comm[64];
	int idx;

	if (!strncmp(line, "event ", 6)) {
		assert_true(fx->nr_ev < MAX_EVENTS);
		ev = &fx->ev[fx->nr_ev];
		assert_int_equal(sscanf(line, "event %d %u %llu %llx %llu %63s", &idx,
					&ev->attr.type, &config, &sample_type, &period,
					fx->names[fx->nr_ev]),
				 6);
		ev->attr.config = config;
		ev->attr.sample_type = sample_type;
		ev->attr.sample_period = period;
		ev->name = fx->names[fx->nr_ev++];
		if (ev->attr.type == PERF_TYPE_TRACEPOINT)
			load_format(fx, ev);
	} else if (!strncmp(line, "comm ", 5)) {
		struct record r = { .type = PERF_RECORD_COMM, .decoded = true };

		assert_int_equal(sscanf(line, "comm %u %u %63s", &pid, &tid, comm), 3);
		r.comm.pid = pid;
		r.comm.tid = tid;
		r.comm.comm = comm;
		assert_int_equal(resolver__record(fx->res, &r), 0);
	} else if (!strncmp(line, "sample ", 7)) {
		run_sample(fx, v, line);
	}
}

/*
 * Print NAME.fixture with opts (out filled in here) and compare with expect_file: kernel
 * symbols from NAME.kallsyms, when there is one, for the sample ips and the function
 * pointers of tracepoint fields.
 */
static void check_fixture_as(const char *name, const char *expect_file, const struct out_opts *opts)
{
	char file[4096], *expect, *out = NULL, *line = NULL, *hp;
	size_t out_len = 0, cap = 0, len;
	struct fixture fx = { 0 };
	struct view *v = NULL;
	struct ksyms *ks = NULL;
	FILE *f;

	fx.res = resolver__new(false);
	assert_non_null(fx.res);
	fx.tep = tpformat__new_tep();
	assert_non_null(fx.tep);
	hp = slurp("header_page.txt", &len);
	assert_int_equal(tpformat__parse_header_page(fx.tep, hp, len), 0);
	free(hp);
	snprintf(file, sizeof(file), "%s/tests/fixtures/print/%s.fixture", top(), name);
	fx.in = fopen(file, "r");
	assert_non_null(fx.in);
	f = open_memstream(&out, &out_len);
	resolver__set_tep(fx.res, fx.tep);
	/* NAME.kallsyms: the symbols perf resolved the kernel ips with */
	snprintf(file, sizeof(file), "%s.kallsyms", name);
	hp = slurp_opt(file, &len, true);
	if (hp) {
		ks = ksyms__parse(hp, len);
		assert_non_null(ks);
		resolver__set_ksyms(fx.res, ks);
		free(hp);
	}
	while (getline(&line, &cap, fx.in) > 0) {
		if (!v && !strncmp(line, "sample ", 7)) {
			/* the events are known: the text view aligns their names at begin */
			struct view_stream st = { .events = fx.ev, .nr_events = fx.nr_ev };

			v = new_view(opts, f);
			if (v->ops->begin)
				assert_int_equal(v->ops->begin(v->priv, &st), 0);
		}
		parse_line(&fx, line, v);
	}
	view__free(v);
	fclose(f);
	if (getenv("PRINT_TEST_DUMP")) { /* a directory: the output goes to DIR/FILE */
		char dpath[4096];
		FILE *d;

		snprintf(dpath, sizeof(dpath), "%s/%s", getenv("PRINT_TEST_DUMP"), expect_file);
		d = fopen(dpath, "w");
		if (d) {
			fputs(out, d);
			fclose(d);
		}
	}
	expect = slurp(expect_file, NULL);
	assert_string_equal(out, expect);
	free(expect);
	free(out);
	free(line);
	fclose(fx.in);
	resolver__free(fx.res);
	ksyms__free(ks);
	tep_free(fx.tep);
}

/* NAME.expected (plain) or NAME.json */
static void check_fixture(const char *name, const struct out_opts *opts)
{
	char file[64];

	snprintf(file, sizeof(file), "%s.%s", name, opts->json ? "json" : "expected");
	check_fixture_as(name, file, opts);
}

static void test_printer_sample_tracepoints_match_perf(void **state)
{
	struct out_opts o = { .fields = PF_DEFAULT };

	check_fixture("tp", &o);
}

static void test_printer_sample_bpf_output_match_perf(void **state)
{
	struct out_opts o = { .fields = PF_DEFAULT };

	check_fixture("bo", &o);
}

/* cpu-clock samples in kernel code: no CPU and no PERIOD in the samples (attr period). */
static void test_printer_sample_counter_match_perf(void **state)
{
	struct out_opts o = { .fields = PF_DEFAULT };

	check_fixture("sw", &o);
}

/*
 * sched_switch's state letters, sched_wakeup's %03d, a %ps function pointer resolved
 * through the kernel symbols (taken from a perf record file with more events, so the
 * expected lines were re-aligned to these events' widest name).
 */
static void test_printer_sample_tracepoint_formats_match_perf(void **state)
{
	struct out_opts o = { .fields = PF_DEFAULT };

	check_fixture("tp2", &o);
}

/* Tracepoint fields by name: numbers as numbers, strings as strings. */
static void test_printer_sample_tracepoints_json(void **state)
{
	struct out_opts o = { .fields = PF_DEFAULT, .json = true };

	check_fixture("tp", &o);
}

/* -F lists, spaced as perf script -F spaces them (NAME.fieldsN.expected). */
static void test_printer_sample_fields_match_perf(void **state)
{
	static const struct {
		const char *name, *expect, *spec;
	} cases[] = {
		{ "tp", "tp.fields.expected", "comm,pid,tid,cpu,time,event,trace" },
		{ "tp", "tp.fields2.expected", "tid,time,trace,period" },
		{ "bo", "bo.fields.expected", "comm,tid,time,period,event,ip,sym,dso" },
		{ "bo", "bo.fields2.expected", "comm,pid,tid,cpu,ip,dso" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct out_opts o = { 0 };

		assert_int_equal(printer__parse_fields(cases[i].spec, &o.fields), 0);
		check_fixture_as(cases[i].name, cases[i].expect, &o);
	}
}

/* Payloads of 0..20 bytes, the BPF string cases, unknown comm, cut microseconds. */
static void test_printer_sample_generated_match_perf(void **state)
{
	struct out_opts o = { .fields = PF_DEFAULT };

	check_fixture("gen", &o);
}

static char *dump(const void *data, uint32_t size)
{
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	print__bpf_output(f, data, size);
	fclose(f);
	return out;
}

static void test_print_bpf_output_padding(void **state)
{
	static const char *const rows[] = {
		"      BPF output: 0000: 01                       .       \n",
		"      BPF output: 0000: 01 02 03                 ...     \n",
		"      BPF output: 0000: 01 02 03 04 05 06 07 08  ........\n",
		"      BPF output: 0000: 01 02 03 04 05 06 07 08  ........\n"
		"                  0008: 09                       .       \n",
	};
	static const uint32_t sizes[] = { 1, 3, 8, 9 };
	unsigned char data[32];
	char *out;
	size_t i;

	for (i = 0; i < sizeof(data); i++)
		data[i] = i + 1;
	out = dump(data, 0);
	assert_string_equal(out, "");
	free(out);
	for (i = 0; i < 4; i++) {
		out = dump(data, sizes[i]);
		assert_string_equal(out, rows[i]);
		free(out);
	}
}

static void test_print_bpf_output_line_count(void **state)
{
	unsigned char data[21] = "abcdefghijklmnopqrst";
	uint32_t n;

	for (n = 0; n <= 20; n++) {
		char *out = dump(data, n), *c;
		unsigned lines = 0;

		for (c = out; *c; c++)
			lines += *c == '\n';
		/* one row per 8 bytes; data[20] is the NUL: n == 21 would add a string line */
		assert_int_equal(lines, (n + 7) / 8);
		assert_int_equal(strlen(out), lines * 58);
		free(out);
	}
}

static void test_print_time_cut_not_rounded(void **state)
{
	char buf[64];

	print__time(buf, sizeof(buf), 1000123456789ull);
	assert_string_equal(buf, " 1000.123456");
	print__time(buf, sizeof(buf), 999999999ull);
	assert_string_equal(buf, "    0.999999");
	print__time(buf, sizeof(buf), 0);
	assert_string_equal(buf, "    0.000000");
	print__time(buf, sizeof(buf), 123456000000999ull);
	assert_string_equal(buf, "123456.000000");
}

/* One sample of ev as the text printer (names 12 columns wide) or the JSON view shows it. */
static char *one_sample(unsigned fields, bool json, const struct event_desc *ev,
			const struct sample *s, const char *comm)
{
	struct print_opts o = { .fields = fields };
	struct resolver *res = resolver__new(false);
	struct resolved_sample rs;
	char *out = NULL;
	size_t len = 0;
	struct printer *p;
	struct view *v;

	assert_non_null(res);
	o.out = open_memstream(&out, &len);
	if (json) {
		v = new_view(&(struct out_opts){ .fields = fields, .json = true }, o.out);
		resolver__sample(res, ev, s, v->ops->needs(v->priv, ev), &rs);
		rs.comm = comm;
		assert_int_equal(v->ops->sample(v->priv, &rs), 0);
		view__free(v);
	} else {
		p = printer__new(&o);
		assert_non_null(p);
		printer__set_name_width(p, 12);
		resolver__sample(res, ev, s, printer__needs(p, ev), &rs);
		rs.comm = comm;
		printer__sample(p, &rs);
		printer__free(p);
	}
	fclose(o.out);
	resolver__free(res);
	return out;
}

static const struct event_desc bpf_ev = {
	.name = "evt",
	.attr = { .type = PERF_TYPE_SOFTWARE,
		  .config = PERF_COUNT_SW_BPF_OUTPUT,
		  .sample_period = 1 },
};

static void test_printer_sample_comm_fallback(void **state)
{
	struct sample s = {
		.tid = 77, .pid = 77, .has_tid = 1, .time = 5000000000ull, .has_time = 1
	};
	char *out;

	out = one_sample(PF_COMM | PF_TID | PF_TIME, false, &bpf_ev, &s, NULL);
	assert_string_equal(out, "             :77    77     5.000000: \n");
	free(out);
	out = one_sample(PF_COMM | PF_TID | PF_TIME, false, &bpf_ev, &s, "a-very-long-comm-name");
	assert_string_equal(out, "a-very-long-comm-name    77     5.000000: \n");
	free(out);
	s.has_tid = 0;
	out = one_sample(PF_COMM | PF_TID, false, &bpf_ev, &s, NULL);
	assert_string_equal(out, "             :-1 \n");
	free(out);
}

static void test_printer_sample_explicit_fields(void **state)
{
	struct sample s = { .tid = 10,
			    .pid = 9,
			    .has_tid = 1,
			    .cpu = 3,
			    .has_cpu = 1,
			    .time = 591767633123ull,
			    .has_time = 1,
			    .ip = 0x1234,
			    .has_ip = 1,
			    .raw = "hi\0\0",
			    .raw_size = 4,
			    .has_raw = 1 };
	char *out;

	out = one_sample(PF_COMM | PF_PID | PF_TID | PF_TIME, false, &bpf_ev, &s, "gp");
	assert_string_equal(out, "              gp     9/10      591.767633: \n");
	free(out);
	out = one_sample(PF_IP | PF_DSO, false, &bpf_ev, &s, "gp");
	assert_string_equal(out, "             1234 ([unknown])\n");
	free(out);
	out = one_sample(PF_CPU | PF_PERIOD | PF_EVENT | PF_BPF_OUTPUT, false, &bpf_ev, &s, "gp");
	assert_string_equal(out, "[003]          1          evt: \n"
				 "      BPF output: 0000: 68 69 00 00              hi..    \n"
				 "      BPF string: \"hi\"\n\n");
	free(out);
}

/* The line's numbers at their edges (digits, widths, signs) against printf's */
static void test_printer_sample_number_edges(void **state)
{
	static const uint64_t nums[] = { 0,
					 1,
					 9,
					 10,
					 99,
					 100,
					 65535,
					 99999,
					 100000,
					 999999999,
					 1000000000,
					 10000000000000000000ull,
					 9999999999999999999ull,
					 UINT64_MAX };
	static const uint32_t ids[] = { 0, 7, 99, 999, 1000, 4095, 99999, 2147483647, 0xffffffff };
	unsigned f = PF_TID | PF_CPU | PF_TIME | PF_PERIOD | PF_EVENT | PF_IP;

	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		for (size_t j = 0; j < sizeof(ids) / sizeof(ids[0]); j++) {
			struct sample s = { .tid = ids[j],
					    .pid = ids[j],
					    .has_tid = 1,
					    .cpu = ids[j],
					    .has_cpu = 1,
					    .time = nums[i],
					    .has_time = 1,
					    .period = nums[i],
					    .has_period = 1,
					    .ip = nums[i] * 3,
					    .has_ip = 1 };
			char want[256], *out = one_sample(f, false, &bpf_ev, &s, "c");

			snprintf(want, sizeof(want),
				 "%5d [%03d] %5llu.%06llu: %10llu %12s:  %16llx\n", (int)ids[j],
				 (int)ids[j], (unsigned long long)(nums[i] / 1000000000),
				 (unsigned long long)(nums[i] % 1000000000 / 1000),
				 (unsigned long long)nums[i], "evt",
				 (unsigned long long)nums[i] * 3);
			assert_string_equal(out, want);
			free(out);
		}
	}
}

/*
 * A typed record's line is compact: no period, handler address or symbol; a record of no
 * task or CPU (a ring buffer's) shows "-" for them. -F +FIELD,-FIELD changes the default.
 */
static void test_printer_sample_typed_compact(void **state)
{
	struct btf *btf = btf__new_empty();
	struct event_desc ev = bpf_ev;
	struct sample s = { .tid = 10,
			    .pid = 9,
			    .has_tid = 1,
			    .cpu = 3,
			    .has_cpu = 1,
			    .time = 591767633123ull,
			    .has_time = 1,
			    .ip = 0x1234,
			    .has_ip = 1,
			    .raw = "\x07\0\0\0",
			    .raw_size = 4,
			    .has_raw = 1 };
	unsigned f;
	char *out;
	int int_id;

	assert_non_null(btf);
	ev.btf = btf;
	int_id = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	ev.type_id = btf__add_struct(btf, "ev", 4);
	btf__add_field(btf, "n", int_id, 0, 0);
	out = one_sample(PF_DEFAULT, false, &ev, &s, "gp");
	assert_string_equal(out, "              gp    10 [003]   591.767633:          evt: n=7\n");
	free(out);
	s.tid = s.pid = s.cpu = (uint32_t)-1;
	out = one_sample(PF_DEFAULT, false, &ev, &s, NULL);
	assert_string_equal(out, "               -     - [-]   591.767633:          evt: n=7\n");
	free(out);
	s.tid = s.pid = 10;
	s.cpu = 3;
	assert_int_equal(printer__parse_fields("+pid,-cpu", &f), 0);
	out = one_sample(f, false, &ev, &s, "gp");
	assert_string_equal(out, "              gp    10/10      591.767633:          evt: n=7\n");
	free(out);
	/* untyped: perf script's line, as it was */
	out = one_sample(PF_DEFAULT, false, &bpf_ev, &s, "gp");
	assert_non_null(strstr(out, "          1          evt:              1234 [unknown] "));
	free(out);
	assert_int_equal(printer__parse_fields("+pid,cpu", &f), -EINVAL);
	errmsg__clear();
	btf__free(btf);
}

/* A payload too short for its format, or of another format: the line without fields. */
static void test_printer_sample_bad_tracepoint_payload(void **state)
{
	struct event_desc ev = { .name = "sched:sched_process_exec",
				 .attr = { .type = PERF_TYPE_TRACEPOINT } };
	unsigned char raw[64] = { 0 };
	struct sample s = { .raw = raw, .has_raw = 1 };
	unsigned fields = PF_EVENT | PF_TRACE;
	struct fixture fx = { 0 };
	char *out, *hp;
	size_t len;
	uint32_t loc;

	fx.tep = tpformat__new_tep();
	hp = slurp("header_page.txt", &len);
	assert_int_equal(tpformat__parse_header_page(fx.tep, hp, len), 0);
	free(hp);
	load_format(&fx, &ev);
	memcpy(raw, &ev.tp->id, 2);
	loc = 4u << 16 | 20; /* filename: 4 bytes at offset 20 */
	memcpy(raw + 8, &loc, 4);
	memcpy(raw + 20, "abc", 4);
	s.raw_size = 20;
	out = one_sample(fields, false, &ev, &s, NULL);
	assert_string_equal(out,
			    "sched:sched_process_exec: \n"); /* __data_loc points past the end */
	free(out);
	s.raw_size = 24;
	out = one_sample(fields, false, &ev, &s, NULL);
	assert_string_equal(out, "sched:sched_process_exec: filename=abc pid=0 old_pid=0\n");
	free(out);
	s.raw_size = 10; /* the fixed fields do not fit */
	out = one_sample(fields, false, &ev, &s, NULL);
	assert_string_equal(out, "sched:sched_process_exec: \n");
	free(out);
	raw[0] ^= 1; /* another event's id */
	s.raw_size = 24;
	out = one_sample(fields, false, &ev, &s, NULL);
	assert_string_equal(out, "sched:sched_process_exec: \n");
	free(out);
	tep_free(fx.tep);
}

static void test_printer_sample_json(void **state)
{
	struct sample s = { .tid = 10,
			    .pid = 9,
			    .has_tid = 1,
			    .cpu = 3,
			    .has_cpu = 1,
			    .time = 591767633123ull,
			    .has_time = 1,
			    .ip = 0xffffffff81000010ull,
			    .has_ip = 1,
			    .raw = "hi\0\0",
			    .raw_size = 4,
			    .has_raw = 1 };
	char *out;

	out = one_sample(PF_DEFAULT, true, &bpf_ev, &s, "g\"p");
	assert_string_equal(
		out, "{\"type\":\"sample\",\"event\":\"evt\",\"comm\":\"g\\\"p\",\"pid\":9,"
		     "\"tid\":10,\"cpu\":3,\"time\":591767633123,\"period\":1,"
		     "\"ip\":\"0xffffffff81000010\",\"raw\":\"68690000\",\"string\":\"hi\"}\n");
	free(out);
}

/* A LOST record through a consumer with the views the options pick: text, then JSON. */
static char *lost_through(bool json)
{
	struct consumer_opts o = { 0 };
	struct views_opts vo = { .json = json };
	struct record r = { .type = PERF_RECORD_LOST, .decoded = true };
	char *out = NULL;
	size_t len = 0;
	struct consumer *c;

	r.s.cpu = 1;
	r.s.has_cpu = 1;
	r.lost.lost = 5;
	vo.out = open_memstream(&out, &len);
	c = consumer__new(&o, &bpf_ev, 1);
	assert_non_null(c);
	assert_int_equal(views__add(c, &vo), 0);
	assert_int_equal(consumer__record(c, &r, -1), 0);
	consumer__free(c);
	fclose(vo.out);
	return out;
}

static void test_printer_lost_json_only(void **state)
{
	char *out = lost_through(false);

	assert_string_equal(out, "");
	free(out);
	out = lost_through(true);
	assert_string_equal(out, "{\"type\":\"lost\",\"lost\":5,\"cpu\":1}\n");
	free(out);
}

/* Thousands of lines through one printer, so that its buffer fills in every field's middle */
static void test_printer_buffer_edges(void **state)
{
	struct print_opts o = { .fields = PF_PID | PF_TID | PF_CPU | PF_PERIOD, .batch = true };
	struct resolver *res = resolver__new(false);
	char *out = NULL, *want = NULL;
	size_t len = 0, wlen = 0;
	FILE *w = open_memstream(&want, &wlen);
	struct printer *p;

	assert_non_null(res);
	o.out = open_memstream(&out, &len);
	p = printer__new(&o);
	assert_non_null(p);
	for (uint32_t i = 0; i < 20000; i++) {
		struct sample s = { .pid = i * 7919 % 3000017,
				    .tid = i * 13 % 100003,
				    .has_tid = 1,
				    .cpu = i % 1100,
				    .has_cpu = 1,
				    .period = i * 977ull,
				    .has_period = 1 };
		struct resolved_sample rs;

		resolver__sample(res, &bpf_ev, &s, printer__needs(p, &bpf_ev), &rs);
		printer__sample(p, &rs);
		fprintf(w, "%5u/%-5u [%03u] %10llu \n", s.pid, s.tid, s.cpu,
			(unsigned long long)s.period);
	}
	printer__free(p);
	fclose(o.out);
	fclose(w);
	assert_string_equal(out, want);
	free(out);
	free(want);
	resolver__free(res);
}

/* A view after the text view, writing a mark on the same file at the maps and at its end */
static int mark_maps(void *priv, const struct view_maps *m)
{
	fputs("maps\n", priv);
	return 0;
}

static int mark_end(void *priv)
{
	fputs("end\n", priv);
	return 0;
}

static const struct view_ops mark_ops = { .name = "mark", .maps = mark_maps, .end = mark_end };

/* Samples, a look at the maps, samples and the end through the views script picks */
static char *samples_through(bool batch)
{
	struct consumer_opts o = { 0 };
	struct views_opts vo = { .batch = batch };
	struct record r = { .type = PERF_RECORD_SAMPLE, .decoded = true };
	char *out = NULL;
	size_t len = 0;
	struct consumer *c;

	r.s.has_tid = r.s.has_time = r.s.has_cpu = r.s.has_raw = 1;
	r.s.raw = "batch\0\0";
	r.s.raw_size = 8;
	vo.out = open_memstream(&out, &len);
	c = consumer__new(&o, &bpf_ev, 1);
	assert_non_null(c);
	assert_int_equal(views__add(c, &vo), 0);
	assert_int_equal(consumer__add_view(c, view__new(&mark_ops, vo.out)), 0);
	for (int i = 0; i < 6; i++) {
		if (i == 3)
			assert_int_equal(consumer__print_maps(c, NULL, 0), 0);
		r.s.tid = r.s.pid = 100 + i;
		r.s.time = 1000000000ull * i;
		assert_int_equal(consumer__record(c, &r, 0), 0);
	}
	assert_int_equal(consumer__end(c), 0);
	consumer__free(c);
	fclose(vo.out);
	return out;
}

/* Samples held in a batch come out as they do one by one, before what later views write */
static void test_printer_batch_keeps_order(void **state)
{
	char *one = samples_through(false), *batch = samples_through(true);
	const char *maps = strstr(batch, "maps\n");

	assert_string_equal(batch, one);
	assert_non_null(maps);
	assert_non_null(strstr(batch, ":102"));
	assert_true(strstr(batch, ":102") < maps && strstr(batch, ":103") > maps);
	assert_string_equal(batch + strlen(batch) - 4, "end\n");
	assert_non_null(strstr(batch, ":105"));
	free(one);
	free(batch);
}

static void test_printer_parse_fields_names(void **state)
{
	unsigned f = 0;

	assert_int_equal(printer__parse_fields("comm,tid,cpu,time,event,bpf-output", &f), 0);
	assert_int_equal(f, PF_COMM | PF_TID | PF_CPU | PF_TIME | PF_EVENT | PF_BPF_OUTPUT);
	assert_int_equal(printer__parse_fields("ip,sym,symoff,dso,trace,pid,period", &f), 0);
	assert_int_equal(f, PF_IP | PF_SYM | PF_SYMOFF | PF_DSO | PF_TRACE | PF_PID | PF_PERIOD);
	f = 42;
	assert_int_equal(printer__parse_fields("comm,bogus", &f), -EINVAL);
	assert_string_equal(errmsg__text(), "invalid field 'bogus': not a known field");
	assert_non_null(strstr(errmsg__hint_text(), "fields are comm, tid,"));
	assert_int_equal(printer__parse_fields("", &f), -EINVAL);
	assert_string_equal(errmsg__text(), "invalid field list '': empty");
	assert_null(errmsg__hint_text());
	assert_int_equal(printer__parse_fields("comm,", &f), -EINVAL);
	assert_string_equal(errmsg__text(), "invalid field '': not a known field");
	assert_int_equal(printer__parse_fields("tidx", &f), -EINVAL);
	assert_int_equal(f, 42);
	errmsg__clear();
}

/* tod, perf script's time of day: asked for in a list or added, and not once taken away. */
static void test_printer_parse_fields_tod(void **state)
{
	unsigned f = 0;

	assert_false(printer__wants_tod(PF_DEFAULT));
	assert_int_equal(printer__parse_fields("tod,comm,time", &f), 0);
	assert_int_equal(f, PF_TOD | PF_COMM | PF_TIME);
	assert_true(printer__wants_tod(f));
	assert_int_equal(printer__parse_fields("+tod", &f), 0);
	assert_true(printer__wants_tod(f));
	assert_int_equal(printer__parse_fields("+tod,-tod", &f), 0);
	assert_false(printer__wants_tod(f));
	assert_int_equal(printer__parse_fields("-tod", &f), 0);
	assert_false(printer__wants_tod(f));
}

static void test_printer_new_rejects_bad_opts(void **state)
{
	struct print_opts o = { 0 };

	assert_null(printer__new(NULL));
	assert_null(printer__new(&o));
	printer__free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_printer_sample_tracepoints_match_perf),
		cmocka_unit_test(test_printer_sample_tracepoint_formats_match_perf),
		cmocka_unit_test(test_printer_sample_tracepoints_json),
		cmocka_unit_test(test_printer_sample_bpf_output_match_perf),
		cmocka_unit_test(test_printer_sample_counter_match_perf),
		cmocka_unit_test(test_printer_sample_generated_match_perf),
		cmocka_unit_test(test_printer_sample_fields_match_perf),
		cmocka_unit_test(test_print_bpf_output_padding),
		cmocka_unit_test(test_print_bpf_output_line_count),
		cmocka_unit_test(test_print_time_cut_not_rounded),
		cmocka_unit_test(test_printer_sample_comm_fallback),
		cmocka_unit_test(test_printer_sample_explicit_fields),
		cmocka_unit_test(test_printer_sample_number_edges),
		cmocka_unit_test(test_printer_sample_typed_compact),
		cmocka_unit_test(test_printer_sample_bad_tracepoint_payload),
		cmocka_unit_test(test_printer_sample_json),
		cmocka_unit_test(test_printer_lost_json_only),
		cmocka_unit_test(test_printer_batch_keeps_order),
		cmocka_unit_test(test_printer_buffer_edges),
		cmocka_unit_test(test_printer_parse_fields_names),
		cmocka_unit_test(test_printer_parse_fields_tod),
		cmocka_unit_test(test_printer_new_rejects_bad_opts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
