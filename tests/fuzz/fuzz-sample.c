// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the sample decoder and the printer. Input: a u64 sample_type, then
 * one record. A decoded sample is printed plain and as JSON, as a bpf-output event and
 * as a tracepoint event whose format is parsed from text.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/perf_event.h>
#include <traceevent/event-parse.h>

#include "output/print.h"
#include "record/sample.h"
#include "record/tpformat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char format[] = "name: myevent\n"
			     "ID: 9999\n"
			     "format:\n"
			     "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
			     "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
			     "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
			     "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
			     "\n"
			     "\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n"
			     "\tfield:__data_loc char[] name;\toffset:12;\tsize:4;\tsigned:1;\n"
			     "\tfield:char comm[16];\toffset:16;\tsize:16;\tsigned:1;\n"
			     "\n"
			     "print fmt: \"a=%d name=%s comm=%s\", REC->a, __get_str(name), REC->comm\n";

static struct tep_handle *tep;
static struct tep_event *tp;

static void print_both(FILE *out, const struct print_event *ev, const struct sample *s)
{
	struct print_opts o = { .out = out, .fields = PF_DEFAULT, .tep = tep };
	struct printer *p;
	int json;

	for (json = 0; json < 2; json++) {
		o.json = json;
		p = printer__new(&o);
		if (!p)
			return;
		printer__sample(p, ev, s, json ? NULL : "comm");
		printer__lost(p, s, 1);
		printer__free(p);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct print_event ev = { .name = "evt", .type = PERF_TYPE_SOFTWARE,
				  .config = PERF_COUNT_SW_BPF_OUTPUT };
	uint64_t sample_type;
	struct sample s;
	FILE *out;

	if (!tep) {
		tep = tpformat__new_tep();
		if (!tep || tpformat__parse(tep, "mysys", format, sizeof(format) - 1, &tp))
			return 0;
	}
	if (size < 8)
		return 0;
	memcpy(&sample_type, data, 8);
	if (sample__parse(sample_type, data + 8, size - 8, &s)) {
		sample__parse_id(sample_type, data + 8, size - 8, &s);
		return 0;
	}
	out = fopen("/dev/null", "w");
	if (!out)
		return 0;
	ev.sample_type = sample_type;
	print_both(out, &ev, &s);
	ev.type = PERF_TYPE_TRACEPOINT;
	ev.config = 9999;
	ev.tp = tp;
	print_both(out, &ev, &s);
	fclose(out);
	return 0;
}
