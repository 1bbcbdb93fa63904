// SPDX-License-Identifier: GPL-2.0
/*
 * The text view: perf script's text, built in a small buffer with table-driven
 * number formatting and written with one fwrite per buffer-full, so a million samples
 * cost no malloc and no printf.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <linux/perf_event.h>
#include <traceevent/event-parse.h>
#include <traceevent/trace-seq.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "util/numfmt.h"
#include "record/tpformat.h"
#include "resolve/resolver.h"
#include "output/btfprint.h"
#include "output/hexrow.h"
#include "output/mapstacks.h"
#include "output/view-text.h"
#include "output/view.h"

#define OUTBUF_SIZE 8192
/* NUL bytes after a tracepoint payload's copy */
#define TP_PAD 8

struct printer {
	struct print_opts o;
	int name_width;
	struct trace_seq seq;
	void *tp_buf; /* tracepoint payload copy, see tp_copy() */
	size_t tp_cap;
	struct dbuf typed; /* a typed record's fields */
	size_t len;
	char buf[OUTBUF_SIZE];
	struct sysrec_memo memo; /* the system-call view's samples are skipped */
};

/* ---- output buffer ---- */

static void ob_flush(struct printer *p)
{
	if (p->len)
		fwrite_unlocked(p->buf, 1, p->len, p->o.out);
	p->len = 0;
}

/* Make room for n more bytes (n <= OUTBUF_SIZE). */
static char *ob_room(struct printer *p, size_t n)
{
	if (p->len + n > OUTBUF_SIZE)
		ob_flush(p);
	return p->buf + p->len;
}

#define SPACES32 "                                "

/* Up to 32 bytes from s to q without a call: two overlapping copies of a power of two */
static inline void copy_short(char *q, const char *s, size_t n)
{
	if (n >= 16) {
		memcpy(q, s, 16);
		memcpy(q + n - 16, s + n - 16, 16);
	} else if (n >= 8) {
		memcpy(q, s, 8);
		memcpy(q + n - 8, s + n - 8, 8);
	} else if (n >= 4) {
		memcpy(q, s, 4);
		memcpy(q + n - 4, s + n - 4, 4);
	} else if (n) {
		q[0] = s[0];
		q[n / 2] = s[n / 2];
		q[n - 1] = s[n - 1];
	}
}

static void ob_put(struct printer *p, const char *s, size_t n)
{
	if (n <= 32) {
		copy_short(ob_room(p, 32), s, n);
		p->len += n;
		return;
	}
	if (n > OUTBUF_SIZE / 2) {
		ob_flush(p);
		fwrite_unlocked(s, 1, n, p->o.out);
		return;
	}
	memcpy(ob_room(p, n), s, n);
	p->len += n;
}

static void ob_str(struct printer *p, const char *s)
{
	ob_put(p, s, strlen(s));
}

static void ob_ch(struct printer *p, char c)
{
	*ob_room(p, 1) = c;
	p->len++;
}

static void ob_spaces(struct printer *p, int n)
{
	while (n > 0) {
		int k = n > 64 ? 64 : n;

		memset(ob_room(p, k), ' ', k);
		p->len += k;
		n -= k;
	}
}

/* s right-aligned in width columns (never cut). */
static void ob_right(struct printer *p, const char *s, size_t n, int width)
{
	if (n <= 32 && width <= 32) {
		char *q = ob_room(p, 64);
		size_t pad = (int)n < width ? width - n : 0;

		memcpy(q, SPACES32, 32);
		copy_short(q + pad, s, n);
		p->len += pad + n;
		return;
	}
	if ((int)n < width)
		ob_spaces(p, width - (int)n);
	ob_put(p, s, n);
}

/* ---- numbers (util/numfmt.h), written in place ---- */

/* The end of what was written at the buffer's end */
static void ob_end(struct printer *p, const char *end)
{
	p->len = end - p->buf;
}

/* %<width>llu, width up to NUMFMT_MAX */
static void ob_udec(struct printer *p, uint64_t v, int width)
{
	ob_end(p, numfmt__dec_right(ob_room(p, NUMFMT_MAX), v, width));
}

/* %<width>d (negative numbers only for the -1 of a missing tid) */
static void ob_sdec(struct printer *p, int64_t v, int width)
{
	char b[NUMFMT_MAX];

	if (v >= 0) {
		ob_udec(p, v, width);
		return;
	}
	ob_right(p, b, numfmt__s64(b, v) - b, width);
}

/* Left-aligned %-<width>d */
static void ob_udec_left(struct printer *p, uint64_t v, int width)
{
	char *q = ob_room(p, NUMFMT_MAX), *end = numfmt__dec(q, v, 1);

	ob_end(p, end);
	ob_spaces(p, width - (int)(end - q));
}

/* "0x%llx" */
static void ob_hex(struct printer *p, uint64_t v)
{
	char *q = ob_room(p, NUMFMT_MAX);

	if (v) {
		ob_end(p, numfmt__hex(q, v));
	} else {
		memcpy(q, "0x0", 3); /* numfmt__hex(0) is "0", as %#llx */
		p->len += 3;
	}
}

/* %16llx */
static void ob_addr(struct printer *p, uint64_t v)
{
	hexrow__addr(ob_room(p, 16), v);
	p->len += 16;
}

/* ---- pieces ---- */

int print__time(char *buf, size_t size, uint64_t ns)
{
	return snprintf(buf, size, "%5llu.%06llu", (unsigned long long)(ns / 1000000000),
			(unsigned long long)(ns % 1000000000 / 1000));
}

static void ob_time(struct printer *p, uint64_t ns)
{
	char *q;

	ob_udec(p, ns / 1000000000, 5);
	q = ob_room(p, 1 + NUMFMT_MAX);
	*q = '.';
	ob_end(p, numfmt__dec(q + 1, ns % 1000000000 / 1000, 6));
}

/* The payload's bytes dumped at once (the room of their rows fits the buffer) */
#define DUMP_CHUNK 512

static void bpf_output(struct printer *p, const void *data, uint32_t size, bool is_string)
{
	const unsigned char *d = data;

	for (uint32_t off = 0; off < size; off += DUMP_CHUNK) {
		uint32_t n = size - off < DUMP_CHUNK ? size - off : DUMP_CHUNK;
		char *q = ob_room(p, (n + 7) / 8 * HEXROW_ROOM); /* may flush: p->len after it */

		p->len += hexrow__rows(q, d + off, n, off);
	}
	if (is_string) {
		ob_str(p, "      BPF string: \"");
		ob_str(p, data);
		ob_put(p, "\"\n", 2);
	}
}

void print__bpf_output(FILE *f, const void *data, uint32_t size)
{
	struct printer *p = calloc(1, sizeof(*p));

	if (!p)
		return;
	p->o.out = f;
	p->len = 0;
	bpf_output(p, data, size, resolver__is_bpf_string(data, size));
	ob_flush(p);
	free(p);
}

/* ---- one sample ---- */

static unsigned default_fields(const struct event_desc *ev)
{
	unsigned f = PF_COMM | PF_TID | PF_CPU | PF_TIME | PF_EVENT;

	if (ev->attr.type == PERF_TYPE_TRACEPOINT) {
		/* with callchains, perf script shows their frames for tracepoints too */
		if (ev->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
			f |= PF_IP | PF_SYM | PF_SYMOFF | PF_DSO;
		return f | PF_TRACE;
	}
	if (event_desc__is_bpf_output(ev) && ev->btf)
		return f | PF_BPF_OUTPUT; /* compact: the handler's address says nothing */
	f |= PF_PERIOD | PF_IP | PF_SYM | PF_SYMOFF | PF_DSO;
	if (event_desc__is_bpf_output(ev))
		f |= PF_BPF_OUTPUT;
	return f;
}

/* The comm in 16 columns; unpadded on the sample lines of events with callchains. */
static void print_comm_tid(struct printer *p, unsigned f, const struct sample *s, const char *comm,
			   bool chain, bool compact)
{
	int width = chain ? 0 : 16;

	if (f & PF_COMM) {
		if (comm) {
			ob_right(p, comm, strlen(comm), width);
		} else if (compact && (!s->has_tid || (int32_t)s->tid < 0)) {
			ob_right(p, "-", 1, width);
		} else {
			char b[16];
			int n = snprintf(b, sizeof(b), ":%d", s->has_tid ? (int)s->tid : -1);

			ob_right(p, b, n, width);
		}
		ob_ch(p, ' ');
	}
	if (!s->has_tid)
		return;
	if ((f & PF_PID) && (f & PF_TID)) {
		ob_sdec(p, (int32_t)s->pid, 5);
		ob_ch(p, '/');
		ob_udec_left(p, s->tid, 5);
		ob_ch(p, ' ');
	} else if (compact && (f & (PF_PID | PF_TID)) && (int32_t)s->tid < 0) {
		ob_right(p, "-", 1, 5);
		ob_ch(p, ' ');
	} else if (f & (PF_PID | PF_TID)) {
		ob_sdec(p, (int32_t)(f & PF_PID ? s->pid : s->tid), 5);
		ob_ch(p, ' ');
	}
}

/* "[%03d] " */
static void print_cpu(struct printer *p, uint32_t cpu)
{
	char *q = ob_room(p, 2 + NUMFMT_MAX + 2);

	*q++ = '[';
	if ((int32_t)cpu < 0) { /* -1: no CPU (a ring buffer record), "[-01]" as perf */
		*q++ = '-';
		q = numfmt__dec(q, -(uint64_t)(int32_t)cpu, 2);
	} else {
		q = numfmt__dec(q, cpu, 3);
	}
	memcpy(q, "] ", 2);
	ob_end(p, q + 2);
}

/* The wall-clock time of ns, as perf script's tod: the local time, to the microsecond. */
static void print_tod(struct printer *p, uint64_t ns)
{
	int64_t wall = (int64_t)ns + p->o.tod_offset_ns;
	time_t sec = (time_t)(wall / 1000000000);
	struct tm tm;
	char b[64];
	size_t n;

	if (wall < 0 || !localtime_r(&sec, &tm)) {
		ob_put(p, "- ", 2);
		return;
	}
	n = strftime(b, sizeof(b), "%Y-%m-%d %H:%M:%S", &tm);
	n += snprintf(b + n, sizeof(b) - n, ".%06u ", (unsigned)(wall % 1000000000 / 1000));
	ob_put(p, b, n);
}

static void print_prefix(struct printer *p, unsigned f, const struct event_desc *ev,
			 const struct sample *s, const char *comm)
{
	bool compact = event_desc__is_bpf_output(ev) && ev->btf;

	print_comm_tid(p, f, s, comm, (ev->attr.sample_type & PERF_SAMPLE_CALLCHAIN) && (f & PF_IP),
		       compact);
	if ((f & PF_CPU) && s->has_cpu && (!compact || (int32_t)s->cpu >= 0))
		print_cpu(p, s->cpu);
	else if ((f & PF_CPU) && s->has_cpu)
		ob_put(p, "[-] ", 4);
	if ((f & PF_TOD) && s->has_time)
		print_tod(p, s->time);
	if ((f & PF_TIME) && s->has_time) {
		ob_time(p, s->time);
		ob_put(p, ": ", 2);
	}
	if (f & PF_PERIOD) {
		ob_udec(p, s->has_period ? s->period : event_desc__period(ev), 10);
		ob_ch(p, ' ');
	}
	if (f & PF_EVENT) {
		const char *name = ev->name ? ev->name : "";

		ob_right(p, name, strlen(name), p->name_width);
		ob_put(p, ": ", 2);
	}
}

/* The payload copied with NULs after it, so that no unterminated string runs past the end. */
static void *tp_copy(struct printer *p, const void *raw, uint32_t size)
{
	size_t need = (size_t)size + TP_PAD;

	if (need > p->tp_cap) {
		void *b = realloc(p->tp_buf, need);

		if (!b)
			return NULL;
		p->tp_buf = b;
		p->tp_cap = need;
	}
	memcpy(p->tp_buf, raw, size);
	memset((char *)p->tp_buf + size, 0, TP_PAD);
	return p->tp_buf;
}

static void print_trace(struct printer *p, const struct event_desc *ev, const struct sample *s)
{
	struct tep_record rec = { 0 };
	uint16_t type;

	if (!ev->tp || !s->has_raw || s->raw_size < 2 || s->raw_size > INT32_MAX)
		return;
	memcpy(&type, s->raw, 2);
	/* libtraceevent finds the format again by common_type: it must be ours */
	if (type != ev->tp->id || !tpformat__payload_ok(ev->tp, s->raw, s->raw_size))
		return;
	rec.data = tp_copy(p, s->raw, s->raw_size);
	if (!rec.data)
		return;
	rec.size = s->raw_size;
	rec.cpu = s->cpu;
	rec.ts = s->time;
	trace_seq_reset(&p->seq);
	tep_print_event(ev->tp->tep, &p->seq, &rec, "%s", TEP_PRINT_INFO);
	ob_put(p, p->seq.buffer, p->seq.len);
}

/* " sym+0xoff (dso)" as the fields ask */
static void print_sym(struct printer *p, unsigned f, const struct resolved_sym *sym)
{
	if (f & PF_SYM) {
		ob_ch(p, ' ');
		ob_str(p, sym->name ? sym->name : "[unknown]");
		if (sym->name && (f & PF_SYMOFF)) {
			ob_ch(p, '+');
			ob_hex(p, sym->off);
		}
	}
	if (f & PF_DSO) {
		ob_put(p, " (", 2);
		if (sym->module) {
			ob_ch(p, '[');
			ob_str(p, sym->module);
			ob_ch(p, ']');
		} else {
			ob_str(p, sym->dso ? sym->dso : "[unknown]");
		}
		ob_ch(p, ')');
	}
}

/* perf script's callchain: a line per frame, then the sample's blank line */
static void print_chain(struct printer *p, unsigned f, const struct resolved_sample *rs)
{
	ob_ch(p, '\n');
	for (uint32_t i = 0; i < rs->nr_frames; i++) {
		ob_ch(p, '\t');
		ob_addr(p, rs->frames[i].addr);
		print_sym(p, f, &rs->frames[i].sym);
		ob_ch(p, '\n');
	}
}

static void print_ip(struct printer *p, unsigned f, const struct resolved_sample *rs)
{
	if (rs->has_chain) {
		print_chain(p, f, rs);
		return;
	}
	ob_ch(p, ' ');
	ob_addr(p, rs->s->ip);
	print_sym(p, f, &rs->sym);
}

static unsigned fields_of(const struct printer *p, const struct event_desc *ev)
{
	unsigned f = p->o.fields, on = f & ((1u << PF_OFF_SHIFT) - 1);
	unsigned off = (f & ~PF_DEFAULT) >> PF_OFF_SHIFT;

	return f & PF_DEFAULT ? ((default_fields(ev) | on) & ~off) | PF_DEFAULT : f;
}

static void print_plain(struct printer *p, const struct event_desc *ev,
			const struct resolved_sample *rs)
{
	const struct sample *s = rs->s;
	unsigned f = fields_of(p, ev);

	print_prefix(p, f, ev, s, rs->comm);
	if ((f & PF_TRACE) && ev->attr.type == PERF_TYPE_TRACEPOINT)
		print_trace(p, ev, s);
	if ((f & PF_IP) && (s->has_ip || rs->has_chain))
		print_ip(p, f, rs);
	if ((f & PF_BPF_OUTPUT) && event_desc__is_bpf_output(ev) && ev->btf && s->has_raw) {
		p->typed.len = 0;
		btfprint__text(&p->typed, ev->btf, ev->type_id, s->raw, s->raw_size);
		if ((f & PF_IP) && (s->has_ip || rs->has_chain))
			ob_ch(p, ' '); /* after the symbol; the event's ": " has its own */
		ob_put(p, p->typed.p ? p->typed.p : "", p->typed.len);
	} else if ((f & PF_BPF_OUTPUT) && event_desc__is_bpf_output(ev)) {
		ob_ch(p, '\n');
		if (s->has_raw)
			bpf_output(p, s->raw, s->raw_size, rs->is_string);
	}
	ob_ch(p, '\n');
	if (rs->nr_stacks && (f & PF_BPF_OUTPUT)) { /* the frames of its stack ids */
		p->typed.len = 0;
		mapstacks__text(&p->typed, rs->stacks, rs->nr_stacks);
		ob_put(p, p->typed.p ? p->typed.p : "", p->typed.len);
	}
	/* hand the sample to stdio: its buffering decides when bytes leave */
	if (!p->o.batch)
		ob_flush(p);
}

unsigned printer__needs(const struct printer *p, const struct event_desc *ev)
{
	unsigned f = fields_of(p, ev), what = 0;
	bool raw_text = ev->attr.type != PERF_TYPE_TRACEPOINT && !ev->btf;

	if (f & PF_IP) {
		what |= RESOLVE_CHAIN;
		/* with a callchain, its frames are printed, not the sample's own ip */
		if ((f & (PF_SYM | PF_DSO)) && !(ev->attr.sample_type & PERF_SAMPLE_CALLCHAIN))
			what |= RESOLVE_SYM;
	}
	if ((f & PF_BPF_OUTPUT) && raw_text)
		what |= RESOLVE_STRING;
	return what;
}

void printer__sample(struct printer *p, const struct resolved_sample *rs)
{
	if (p && rs && rs->ev && rs->s)
		print_plain(p, rs->ev, rs);
}

/* ---- setup ---- */

struct printer *printer__new(const struct print_opts *opts)
{
	struct printer *p;

	if (!opts || !opts->out || !opts->fields) {
		errno = EINVAL;
		return NULL;
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->o = *opts;
	trace_seq_init(&p->seq);
	return p;
}

void printer__free(struct printer *p)
{
	if (!p)
		return;
	ob_flush(p);
	trace_seq_destroy(&p->seq);
	free(p->tp_buf);
	dbuf__free(&p->typed);
	free(p);
}

void printer__flush(struct printer *p)
{
	if (!p)
		return;
	ob_flush(p);
	fflush(p->o.out);
}

void printer__set_name_width(struct printer *p, int width)
{
	if (p)
		p->name_width = width < 0 ? 0 : width;
}

/* ---- the printer as a view ---- */

/* The system-call capture's records are the system-call view's (output/view-syscalls.h). */
static unsigned view_needs(void *priv, const struct event_desc *ev)
{
	if (event_desc__is_sysrec(ev))
		return 0;
	return printer__needs(priv, ev);
}

/* Event names are right-aligned to the longest, as perf script aligns them. */
static int view_begin(void *priv, const struct view_stream *st)
{
	int width = 0;

	for (size_t i = 0; i < st->nr_events; i++) {
		int len = (int)strlen(st->events[i].name ?: "");

		if (len > width && !event_desc__is_sysrec(&st->events[i]))
			width = len;
	}
	printer__set_name_width(priv, width);
	return 0;
}

static int view_sample(void *priv, const struct resolved_sample *rs)
{
	struct printer *p = priv;

	if (!event_desc__is_sysrec_memo(&p->memo, rs->ev))
		print_plain(priv, rs->ev, rs);
	return 0;
}

/* What waits in a batch goes to stdio before a later view writes its end (the consumer
 * flushes the views before the maps) */
static int view_hand_over(void *priv)
{
	ob_flush(priv);
	return 0;
}

static int view_flush(void *priv)
{
	struct printer *p = priv;

	printer__flush(p);
	return ferror(p->o.out) ? -EIO : 0;
}

static void view_free(void *priv)
{
	printer__free(priv);
}

static const struct view_ops printer_view_ops = {
	.name = "print",
	.needs = view_needs,
	.begin = view_begin,
	.sample = view_sample,
	.flush = view_flush,
	.end = view_hand_over,
	.free = view_free,
};

struct view *view_text__new(const struct print_opts *opts)
{
	return view__new(&printer_view_ops, printer__new(opts));
}

static const struct {
	const char *name;
	unsigned bit;
} field_names[] = {
	{ "comm", PF_COMM },
	{ "tid", PF_TID },
	{ "pid", PF_PID },
	{ "cpu", PF_CPU },
	{ "time", PF_TIME },
	{ "period", PF_PERIOD },
	{ "event", PF_EVENT },
	{ "ip", PF_IP },
	{ "sym", PF_SYM },
	{ "symoff", PF_SYMOFF },
	{ "dso", PF_DSO },
	{ "trace", PF_TRACE },
	{ "bpf-output", PF_BPF_OUTPUT },
	{ "tod", PF_TOD },
};

static int field_bit(const char *name, size_t len, unsigned *bit)
{
	size_t i;

	for (i = 0; i < sizeof(field_names) / sizeof(field_names[0]); i++) {
		if (strlen(field_names[i].name) == len && !memcmp(field_names[i].name, name, len)) {
			*bit = field_names[i].bit;
			return 0;
		}
	}
	return -EINVAL;
}

int printer__parse_fields(const char *spec, unsigned *fields)
{
	const char *p = spec;
	unsigned mask = 0, bit;

	bool relative = spec && (*spec == '+' || *spec == '-');

	if (!spec || !*spec)
		return errmsg__set(-EINVAL, "invalid field list '': empty");
	for (;;) {
		size_t n = strcspn(p, ",");
		char sign = relative ? *p : 0;

		if (relative && sign != '+' && sign != '-') {
			errmsg__set(-EINVAL, "invalid field '%.*s': +FIELD or -FIELD", (int)n, p);
			errmsg__hint("either a list of fields or changes to the default, "
				     "'-F +pid,-cpu', not both");
			return -EINVAL;
		}
		if (sign) {
			p++;
			n--;
		}
		if (field_bit(p, n, &bit)) {
			errmsg__set(-EINVAL, "invalid field '%.*s': not a known field", (int)n, p);
			errmsg__hint(
				"fields are comm, tid, pid, cpu, time, period, event, ip, sym, "
				"symoff, dso, trace, bpf-output, tod");
			return -EINVAL;
		}
		mask |= sign == '-' ? bit << PF_OFF_SHIFT : bit;
		if (!p[n])
			break;
		p += n + 1;
	}
	*fields = relative ? mask | PF_DEFAULT : mask;
	return 0;
}

bool printer__wants_tod(unsigned fields)
{
	return (fields & PF_TOD) && !((fields & PF_DEFAULT) && (fields >> PF_OFF_SHIFT & PF_TOD));
}
