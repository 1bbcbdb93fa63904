// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the record decoder, the consumer and the printers. Input: a u64
 * sample_type (bit 63: the layout has sample_id_all), then one kernel record of any type.
 * It is decoded, then consumed as a record of a bpf-output event and of a tracepoint
 * event whose format is parsed from text, printed plain and as JSON.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include <traceevent/event-parse.h>

#include "record/record.h"
#include "record/tpformat.h"
#include "output/consumer.h"
#include "output/views.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char format[] =
	"name: myevent\n"
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

/* MMAP2 of [0x400000, +256 MiB) for pid 4242, and KSYMBOL of a BPF program. */
static void prelude(struct consumer *c)
{
	static const char file[] = "/nonexistent/fuzz-target";
	static const char prog[] = "bpf_prog_0123456789abcdef_fuzz";
	uint64_t b[32] = { 0 };
	struct perf_event_header *h = (void *)b;
	struct record r;

	h->type = PERF_RECORD_MMAP2;
	h->misc = PERF_RECORD_MISC_USER;
	h->size = 8 + 64 + sizeof(file);
	h->size = (h->size + 7) & ~7;
	b[1] = 4242ULL << 32 | 4242;
	b[2] = 0x400000;
	b[3] = 0x10000000;
	b[4] = 0x1000;
	memcpy((char *)b + 8 + 64, file, sizeof(file));
	if (!record__decode(h, h->size, &(struct record_layout){ 0 }, &r))
		consumer__record(c, &r, -1);
	memset(b, 0, sizeof(b));
	h->type = PERF_RECORD_KSYMBOL;
	h->size = (8 + 16 + sizeof(prog) + 7) & ~7;
	b[1] = 0xffffffffc0000000ULL;
	b[2] = 0x100000 | (uint64_t)PERF_RECORD_KSYMBOL_TYPE_BPF << 32;
	memcpy((char *)b + 24, prog, sizeof(prog));
	if (!record__decode(h, h->size, &(struct record_layout){ 0 }, &r))
		consumer__record(c, &r, -1);
}

static void consume(FILE *out, const struct event_desc *evs, const uint8_t *rec, size_t size)
{
	struct consumer_opts o = { .tep = tep };
	struct views_opts vo = { .out = out, .maps_out = out };
	struct record_layout layout = record_layout__of(&evs[0].attr);
	struct record r;

	record__decode((const void *)rec, size, &layout, &r);
	for (int json = 0; json < 2; json++) {
		struct consumer *c;

		vo.json = json;
		c = consumer__new(&o, evs, 2);
		if (!c)
			return;
		if (views__add(c, &vo)) {
			consumer__free(c);
			return;
		}
		prelude(c);
		/* twice: a COMM or FORK first names what follows */
		for (int ev = 0; ev < 2; ev++) {
			consumer__record(c, &r, ev);
			consumer__record(c, &r, ev);
		}
		consumer__free(c);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct event_desc evs[2] = {
		{ .name = "evt",
		  .attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_BPF_OUTPUT } },
		{ .name = "mysys:myevent",
		  .attr = { .type = PERF_TYPE_TRACEPOINT, .config = 9999 } },
	};
	uint64_t word;
	uint8_t *rec;
	FILE *out;

	if (!tep) {
		tep = tpformat__new_tep();
		if (!tep || tpformat__parse(tep, "mysys", format, sizeof(format) - 1, &tp))
			return 0;
	}
	if (size < 8 + sizeof(struct perf_event_header))
		return 0;
	memcpy(&word, data, 8);
	for (int i = 0; i < 2; i++) {
		evs[i].attr.sample_type = word & ~(1ULL << 63);
		evs[i].attr.sample_id_all = word >> 63;
	}
	evs[1].tp = tp;
	rec = malloc(size - 8); /* exactly the record: ASan sees any read past it */
	out = fopen("/dev/null", "w");
	if (rec && out) {
		memcpy(rec, data + 8, size - 8);
		consume(out, evs, rec, size - 8);
	}
	if (out)
		fclose(out);
	free(rec);
	return 0;
}
