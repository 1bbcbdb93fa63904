// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>

#include "record/rectask.h"

/* The record's time by name, the first present in this order, with its unit in ns. */
static const struct {
	const char *name;
	uint32_t scale;
} time_names[] = {
	{ "ts", 1 },	  { "ts_ns", 1 },    { "timestamp", 1 },       { "timestamp_ns", 1 },
	{ "time_ns", 1 }, { "ts_us", 1000 }, { "timestamp_us", 1000 }, { "time_us", 1000 },
};

#define NR_TIME_NAMES (sizeof(time_names) / sizeof(time_names[0]))

/* An integer member's type: its size, 0 for any other type. */
static uint32_t int_size(const struct btf *btf, uint32_t type)
{
	int id = btf__resolve_type(btf, type);
	const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;

	return t && btf_is_int(t) ? t->size : 0;
}

static bool is_char_array(const struct btf *btf, uint32_t type, uint32_t *len)
{
	int id = btf__resolve_type(btf, type);
	const struct btf_type *t = id > 0 ? btf__type_by_id(btf, id) : NULL;

	if (!t || !btf_is_array(t) || int_size(btf, btf_array(t)->type) != 1)
		return false;
	*len = btf_array(t)->nelems;
	return *len > 0;
}

static void set(struct rectask_field *f, const char *name, uint32_t off, uint32_t size)
{
	*f = (struct rectask_field){ .name = name, .off = off, .size = size };
}

/* rank: where name is in time_names, NR_TIME_NAMES when not there */
static size_t time_rank(const char *name)
{
	size_t i = 0;

	while (i < NR_TIME_NAMES && strcmp(time_names[i].name, name))
		i++;
	return i;
}

struct found {
	struct rectask_field tgid, pid, tid;
	size_t time_rank;
};

static void note_member(const struct btf *btf, const struct btf_member *m, uint32_t off,
			struct rectask *rt, struct found *f)
{
	const char *name = btf__name_by_offset(btf, m->name_off);
	uint32_t size = int_size(btf, m->type), len;
	size_t rank;

	if (!name || !*name)
		return;
	if (size == 4 || size == 8) {
		if (!strcmp(name, "tgid"))
			set(&f->tgid, name, off, size);
		else if (!strcmp(name, "pid"))
			set(&f->pid, name, off, size);
		else if (!strcmp(name, "tid"))
			set(&f->tid, name, off, size);
	}
	if (size == 8 && !strcmp(name, "pid_tgid"))
		set(&rt->pid_tgid, name, off, size);
	rank = size == 8 ? time_rank(name) : NR_TIME_NAMES;
	if (rank < f->time_rank) {
		f->time_rank = rank;
		set(&rt->time, name, off, size);
		rt->time_scale = time_names[rank].scale;
	}
	if (is_char_array(btf, m->type, &len) &&
	    (!strcmp(name, "comm") || (!strcmp(name, "task") && !rt->comm.name)))
		set(&rt->comm, name, off, len);
}

/* The process and thread from what the struct has, by the rules of rectask.h. */
static void pick_task(struct rectask *rt, const struct found *f)
{
	if (f->tgid.name) {
		rt->process = f->tgid;
		rt->thread = f->tid.name ? f->tid : f->pid;
	} else if (f->pid.name) {
		rt->process = f->pid;
		rt->thread = f->tid;
	} else if (f->tid.name) {
		rt->process = f->tid; /* a thread alone: its process is not known better */
	}
	if (rt->process.name || rt->thread.name)
		rt->pid_tgid = (struct rectask_field){ 0 };
}

bool rectask__find(const struct btf *btf, uint32_t id, struct rectask *rt)
{
	struct found f = { .time_rank = NR_TIME_NAMES };
	const struct btf_type *t;
	const struct btf_member *m;
	int rid;

	memset(rt, 0, sizeof(*rt));
	rid = btf ? btf__resolve_type(btf, id) : -1;
	t = rid > 0 ? btf__type_by_id(btf, rid) : NULL;
	if (!t || !btf_is_struct(t))
		return false;
	m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		uint32_t bits = btf_member_bit_offset(t, i);

		if (bits % 8 == 0 && !btf_member_bitfield_size(t, i))
			note_member(btf, m, bits / 8, rt, &f);
	}
	pick_task(rt, &f);
	return rectask__has_task(rt) || rt->comm.name || rt->time.name;
}

bool rectask__has_task(const struct rectask *rt)
{
	return rt->process.name || rt->pid_tgid.name;
}

/* Field f of the record as an unsigned number: false when it lies past size. */
static bool value(const struct rectask_field *f, const void *data, size_t size, uint64_t *v)
{
	uint32_t v32;

	if (!f->name || f->off > size || f->size > size - f->off)
		return false;
	if (f->size == 8) {
		memcpy(v, (const char *)data + f->off, 8);
		return true;
	}
	memcpy(&v32, (const char *)data + f->off, 4);
	*v = v32;
	return true;
}

static bool is_pid(uint64_t v)
{
	return v <= RECTASK_PID_MAX;
}

bool rectask__task(const struct rectask *rt, const void *data, size_t size, uint32_t *pid,
		   uint32_t *tid)
{
	uint64_t p, t;

	if (value(&rt->pid_tgid, data, size, &p)) {
		t = p & 0xffffffffu;
		p >>= 32;
	} else if (!value(&rt->process, data, size, &p)) {
		return false;
	} else if (!value(&rt->thread, data, size, &t) || !is_pid(t)) {
		t = p;
	}
	if (!is_pid(p) || !is_pid(t))
		return false;
	*pid = (uint32_t)p;
	*tid = (uint32_t)t;
	return true;
}

bool rectask__time(const struct rectask *rt, const void *data, size_t size, uint64_t *ns)
{
	uint64_t v;

	if (!value(&rt->time, data, size, &v))
		return false;
	if (rt->time_scale > 1 && v > UINT64_MAX / rt->time_scale)
		return false;
	*ns = v * (rt->time_scale ? rt->time_scale : 1);
	return true;
}

uint64_t rectask__time_in(const struct rectask *rt, const void *data, size_t size, uint64_t lo,
			  uint64_t hi, uint64_t fallback)
{
	uint64_t t;

	if (!rectask__time(rt, data, size, &t) || t < lo || t > hi)
		return fallback;
	return t;
}

bool rectask__comm(const struct rectask *rt, const void *data, size_t size, char *buf,
		   size_t bufsize)
{
	const struct rectask_field *f = &rt->comm;
	const char *s = (const char *)data + f->off;
	size_t n;

	if (!f->name || !bufsize || f->off > size || f->size > size - f->off)
		return false;
	n = strnlen(s, f->size);
	if (n >= bufsize)
		n = bufsize - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return n > 0;
}

void rectask__describe(const struct rectask *rt, char *buf, size_t size)
{
	int n = 0;

	buf[0] = '\0';
	if (rt->pid_tgid.name)
		n = snprintf(buf, size, "task from '%s' (process and thread)", rt->pid_tgid.name);
	else if (rt->process.name && rt->thread.name)
		n = snprintf(buf, size, "task from '%s' (process) and '%s' (thread)",
			     rt->process.name, rt->thread.name);
	else if (rt->process.name)
		n = snprintf(buf, size, "task from '%s' (process)", rt->process.name);
	else
		n = snprintf(buf, size, "no task (no field pid, tgid, tid or pid_tgid)");
	if (n >= 0 && (size_t)n < size)
		n += snprintf(buf + n, size - n, ", %s%s%s", rt->comm.name ? "name from '" : "",
			      rt->comm.name ? rt->comm.name : "no name (no field comm or task)",
			      rt->comm.name ? "'" : "");
	if (n >= 0 && (size_t)n < size)
		snprintf(buf + n, size - n, ", %s%s%s", rt->time.name ? "time from '" : "",
			 rt->time.name ? rt->time.name : "no time (no field ts, timestamp, ...)",
			 rt->time.name ? "'" : "");
}
