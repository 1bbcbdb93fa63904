// SPDX-License-Identifier: GPL-2.0
/* Samples as JSON Lines: one object per sample, every key documented in view-json.h. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/perf_event.h>
#include <traceevent/event-parse.h>

#include "util/jsonw.h"
#include "record/tpformat.h"
#include "output/btfprint.h"
#include "output/mapstacks.h"
#include "output/view-json.h"
#include "output/view.h"

/* Unsigned or sign-extended value of a 1/2/4/8-byte integer at p. */
static void put_int(struct jsonw *w, const unsigned char *p, unsigned size, bool is_signed)
{
	uint64_t u = 0;
	int64_t v;

	switch (size) {
	case 1:
		u = p[0];
		v = (int8_t)p[0];
		break;
	case 2: {
		uint16_t x;

		memcpy(&x, p, 2);
		u = x;
		v = (int16_t)x;
		break;
	}
	case 4: {
		uint32_t x;

		memcpy(&x, p, 4);
		u = x;
		v = (int32_t)x;
		break;
	}
	default:
		memcpy(&u, p, 8);
		v = (int64_t)u;
		break;
	}
	if (is_signed)
		jsonw__s64(w, v);
	else
		jsonw__u64(w, u);
}

static bool int_size(unsigned size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/* An array of len bytes holding elements of elem bytes: numbers, or a hex string. */
static void put_array(struct jsonw *w, const unsigned char *p, unsigned len, unsigned elem,
		      bool is_signed)
{
	unsigned i;

	if (!int_size(elem) || len % elem) {
		jsonw__hex(w, p, len);
		return;
	}
	jsonw__start_array(w);
	for (i = 0; i < len; i += elem)
		put_int(w, p + i, elem, is_signed);
	jsonw__end_array(w);
}

static void put_field(struct jsonw *w, const struct tep_format_field *fl, const unsigned char *raw,
		      uint32_t size)
{
	bool is_signed = fl->flags & TEP_FIELD_IS_SIGNED;
	const unsigned char *p = raw + fl->offset;
	uint32_t off, len;

	if (fl->flags & TEP_FIELD_IS_DYNAMIC) {
		if (!tpformat__field_span(fl, raw, size, &off, &len)) {
			jsonw__null(w);
			return;
		}
		if (fl->flags & TEP_FIELD_IS_STRING)
			jsonw__strn(w, (const char *)raw + off,
				    strnlen((const char *)raw + off, len));
		else
			put_array(w, raw + off, len, fl->elementsize, is_signed);
	} else if ((fl->flags & TEP_FIELD_IS_ARRAY) && (fl->flags & TEP_FIELD_IS_STRING)) {
		jsonw__strn(w, (const char *)p, strnlen((const char *)p, fl->size));
	} else if (fl->flags & TEP_FIELD_IS_ARRAY) {
		put_array(w, p, fl->size, fl->elementsize, is_signed);
	} else if (int_size(fl->size)) {
		put_int(w, p, fl->size, is_signed);
	} else {
		jsonw__hex(w, p, fl->size);
	}
}

static void put_fields(struct jsonw *w, const struct tep_event *tp, const struct sample *s)
{
	const struct tep_format_field *fl;

	jsonw__name(w, "fields");
	jsonw__start_object(w);
	for (fl = tp->format.fields; fl; fl = fl->next) {
		if (!tpformat__field_inside(fl, s->raw_size))
			continue;
		jsonw__name(w, fl->name);
		put_field(w, fl, s->raw, s->raw_size);
	}
	jsonw__end_object(w);
}

/* "name+0xoff" at the end of buf (the name cut to fit); returns its start. */
static char *symoff_fmt(char *buf, size_t size, const struct resolved_sym *sym)
{
	static const char hexdig[] = "0123456789abcdef";
	char *p = buf + size;
	size_t n = strnlen(sym->name, size - 24);
	uint64_t off = sym->off;

	do { /* "%s+0x%llx", without printf on the hot path */
		*--p = hexdig[off & 15];
		off >>= 4;
	} while (off);
	memcpy(p -= 3, "+0x", 3);
	memcpy(p -= n, sym->name, n);
	return p;
}

/* The dso perf prints: "[module]" (into buf), a path, or NULL when unknown. */
static const char *dso_name(const struct resolved_sym *sym, char *buf, size_t size)
{
	if (!sym->module)
		return sym->dso;
	snprintf(buf, size, "[%s]", sym->module);
	return buf;
}

static void put_sym(struct jsonw *w, const struct resolved_sym *sym)
{
	char buf[256], mod[128], *p;
	const char *dso = dso_name(sym, mod, sizeof(mod));

	if (sym->name) {
		p = symoff_fmt(buf, sizeof(buf), sym);
		jsonw__key(w, "sym");
		jsonw__strn(w, p, buf + sizeof(buf) - p);
	}
	if (dso) {
		jsonw__key(w, "dso");
		jsonw__str(w, dso);
	}
}

/* "callchain": [{"ip": "0x...", "sym": "name+0xoff", "dso": "..."}, ...] */
static void put_callchain(struct jsonw *w, const struct resolved_sample *rs)
{
	jsonw__name(w, "callchain");
	jsonw__start_array(w);
	for (uint32_t i = 0; i < rs->nr_frames; i++) {
		jsonw__start_object(w);
		jsonw__key(w, "ip");
		jsonw__xu64(w, rs->frames[i].ip);
		put_sym(w, &rs->frames[i].sym);
		jsonw__end_object(w);
	}
	jsonw__end_array(w);
}

static void put_payload(struct jsonw *w, const struct event_desc *ev,
			const struct resolved_sample *rs)
{
	const struct sample *s = rs->s;
	uint16_t type;

	if (ev->attr.type == PERF_TYPE_TRACEPOINT) {
		if (ev->tp && s->raw_size >= 2) {
			memcpy(&type, s->raw, 2);
			if (type == ev->tp->id)
				put_fields(w, ev->tp, s);
		}
		return;
	}
	if (ev->btf) {
		jsonw__name(w, "fields");
		btfprint__json(w, ev->btf, ev->type_id, s->raw, s->raw_size);
		if (rs->nr_stacks)
			mapstacks__json(w, rs->stacks, rs->nr_stacks);
		return;
	}
	jsonw__key(w, "raw");
	jsonw__hex(w, s->raw, s->raw_size);
	if (rs->is_string) {
		jsonw__key(w, "string");
		jsonw__str(w, s->raw);
	}
}

/* The room of a member holding a value of room v: ',', its quoted name, ':'. */
#define MEMBER_ROOM(v) (16 + (v))

/*
 * The common sample (no callchain; no payload, or raw bytes) as one line written in place:
 * the same bytes print_json__sample_members() writes, at a fraction of the calls.
 * false when this sample or writer needs the general path.
 */
static bool sample_line(struct jsonw *w, const struct resolved_sample *rs)
{
	const struct event_desc *ev = rs->ev;
	const struct sample *s = rs->s;
	const char *event = ev->name ? ev->name : "", *dso;
	char sym[256], mod[128], *symoff = NULL, *q;
	size_t room = 64;

	if (rs->has_chain || (s->has_raw && (ev->attr.type == PERF_TYPE_TRACEPOINT || ev->btf)))
		return false;
	dso = s->has_ip ? dso_name(&rs->sym, mod, sizeof(mod)) : NULL;
	if (s->has_ip && rs->sym.name)
		symoff = symoff_fmt(sym, sizeof(sym), &rs->sym);
	room += MEMBER_ROOM(JSONW_AT_STR_ROOM(strlen(event))) + 6 * MEMBER_ROOM(JSONW_AT_NUM_ROOM);
	room += rs->comm ? MEMBER_ROOM(JSONW_AT_STR_ROOM(strlen(rs->comm))) : 0;
	room += symoff ? MEMBER_ROOM(JSONW_AT_STR_ROOM(sym + sizeof(sym) - symoff)) : 0;
	room += dso ? MEMBER_ROOM(JSONW_AT_STR_ROOM(strlen(dso))) : 0;
	if (s->has_raw)
		room += MEMBER_ROOM(JSONW_AT_HEX_ROOM(s->raw_size)) +
			(rs->is_string ? MEMBER_ROOM(JSONW_AT_STR_ROOM(s->raw_size)) : 0);
	q = jsonw__line_begin(w, room);
	if (!q)
		return false;
	q = jsonw__at_lit(q, "{\"type\":\"sample\",\"event\":");
	q = jsonw__at_str(q, event, strlen(event));
	if (rs->comm) {
		q = jsonw__at_lit(q, ",\"comm\":");
		q = jsonw__at_str(q, rs->comm, strlen(rs->comm));
	}
	if (s->has_tid) {
		q = jsonw__at_s64(jsonw__at_lit(q, ",\"pid\":"), (int32_t)s->pid);
		q = jsonw__at_s64(jsonw__at_lit(q, ",\"tid\":"), (int32_t)s->tid);
	}
	if (s->has_cpu)
		q = jsonw__at_s64(jsonw__at_lit(q, ",\"cpu\":"), (int32_t)s->cpu);
	if (s->has_time)
		q = jsonw__at_u64(jsonw__at_lit(q, ",\"time\":"), s->time);
	if (ev->attr.type != PERF_TYPE_TRACEPOINT && (s->has_period || event_desc__period(ev)))
		q = jsonw__at_u64(jsonw__at_lit(q, ",\"period\":"),
				  s->has_period ? s->period : event_desc__period(ev));
	if (s->has_ip) {
		q = jsonw__at_xu64(jsonw__at_lit(q, ",\"ip\":"), s->ip);
		if (symoff)
			q = jsonw__at_str(jsonw__at_lit(q, ",\"sym\":"), symoff,
					  sym + sizeof(sym) - symoff);
		if (dso)
			q = jsonw__at_str(jsonw__at_lit(q, ",\"dso\":"), dso, strlen(dso));
	}
	if (s->has_raw) {
		q = jsonw__at_hex(jsonw__at_lit(q, ",\"raw\":"), s->raw, s->raw_size);
		if (rs->is_string)
			q = jsonw__at_str(jsonw__at_lit(q, ",\"string\":"), s->raw, strlen(s->raw));
	}
	jsonw__line_end(w, jsonw__at_lit(q, "}"));
	return true;
}

void print_json__sample(struct jsonw *w, const struct resolved_sample *rs)
{
	if (!sample_line(w, rs))
		print_json__sample_members(w, rs);
}

void print_json__sample_members(struct jsonw *w, const struct resolved_sample *rs)
{
	const struct event_desc *ev = rs->ev;
	const struct sample *s = rs->s;

	jsonw__start_object(w);
	jsonw__key(w, "type");
	jsonw__str(w, "sample");
	jsonw__key(w, "event");
	jsonw__str(w, ev->name ? ev->name : "");
	if (rs->comm) {
		jsonw__key(w, "comm");
		jsonw__str(w, rs->comm);
	}
	if (s->has_tid) {
		jsonw__key(w, "pid");
		jsonw__s64(w, (int32_t)s->pid);
		jsonw__key(w, "tid");
		jsonw__s64(w, (int32_t)s->tid);
	}
	if (s->has_cpu) {
		jsonw__key(w, "cpu");
		jsonw__s64(w, (int32_t)s->cpu); /* -1: none (ring buffer) */
	}
	if (s->has_time) {
		jsonw__key(w, "time");
		jsonw__u64(w, s->time);
	}
	if (ev->attr.type != PERF_TYPE_TRACEPOINT && (s->has_period || event_desc__period(ev))) {
		jsonw__key(w, "period");
		jsonw__u64(w, s->has_period ? s->period : event_desc__period(ev));
	}
	if (s->has_ip) {
		jsonw__key(w, "ip");
		jsonw__xu64(w, s->ip);
		put_sym(w, &rs->sym);
	}
	if (rs->has_chain)
		put_callchain(w, rs);
	if (s->has_raw)
		put_payload(w, ev, rs);
	jsonw__end_object(w);
}

void print_json__lost(struct jsonw *w, const struct sample *s, uint64_t lost)
{
	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "lost");
	jsonw__kv_u64(w, "lost", lost);
	if (s && s->has_cpu)
		jsonw__kv_u64(w, "cpu", s->cpu);
	if (s && s->has_time)
		jsonw__kv_u64(w, "time", s->time);
	if (s && s->has_id)
		jsonw__kv_xu64(w, "id", s->id);
	jsonw__end_object(w);
}

/* ---- the view ---- */

struct json_view {
	FILE *out;
	struct jsonw *w;
	struct sysrec_memo memo;
};

/* Every key it can: the symbols, the callchain, and the BPF string of untyped payloads. */
static unsigned json_needs(void *priv, const struct event_desc *ev)
{
	bool raw_text = ev->attr.type != PERF_TYPE_TRACEPOINT && !ev->btf;

	if (event_desc__is_sysrec(ev))
		return 0; /* the system-call view's (output/view-syscalls.h) */
	return RESOLVE_SYM | RESOLVE_CHAIN | (raw_text ? RESOLVE_STRING : 0);
}

static int json_sample(void *priv, const struct resolved_sample *rs)
{
	struct json_view *v = priv;

	if (!event_desc__is_sysrec_memo(&v->memo, rs->ev))
		print_json__sample(v->w, rs);
	return 0;
}

static int json_lost(void *priv, const struct sample *s, uint64_t lost)
{
	struct json_view *v = priv;

	print_json__lost(v->w, s, lost);
	return 0;
}

/* Each object reaches stdio whole: what is left to hand on is stdio's own buffer. */
static int json_flush(void *priv)
{
	struct json_view *v = priv;

	fflush(v->out);
	return ferror(v->out) ? -EIO : 0;
}

static void json_free(void *priv)
{
	struct json_view *v = priv;

	jsonw__free(v->w);
	free(v);
}

static const struct view_ops json_ops = {
	.name = "json",
	.needs = json_needs,
	.sample = json_sample,
	.lost = json_lost,
	.flush = json_flush,
	.free = json_free,
};

struct view *view_json__new(FILE *out)
{
	struct json_view *v = calloc(1, sizeof(*v));

	if (!v)
		return NULL;
	v->out = out;
	v->w = jsonw__new(out, false);
	if (!v->w) {
		free(v);
		return NULL;
	}
	return view__new(&json_ops, v);
}
