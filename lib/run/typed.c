// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "util/log.h"
#include "util/stopsig.h"
#include "load/progscan.h"
#include "load/rectype.h"
#include "run/evsel.h"
#include "run/objconf.h"
#include "run/typed.h"

#define MAX_ENTRIES (1U << 20) /* read at most this many keys of one map */

struct channel {
	int obj;
	struct bpf_map *map;
	uint32_t type_id, map_type;
	const char *event; /* the event its records come on */
};

struct shown {
	int obj;
	struct bpf_map *map;
};

struct typed {
	struct bpf_object **objs;
	int nr_objs;
	struct channel *chans;
	int nr_chans;
	struct shown *maps;
	int nr_maps;
};

struct typed *typed__new(void)
{
	return calloc(1, sizeof(struct typed));
}

void typed__free(struct typed *t)
{
	if (!t)
		return;
	free(t->objs);
	free(t->chans);
	free(t->maps);
	free(t);
}

static bool is_channel(uint32_t type)
{
	return type == BPF_MAP_TYPE_PERF_EVENT_ARRAY || type == BPF_MAP_TYPE_RINGBUF;
}

/* Maps of data a user reads as key: value. */
static bool is_shown_type(uint32_t type)
{
	switch (type) {
	case BPF_MAP_TYPE_HASH:
	case BPF_MAP_TYPE_ARRAY:
	case BPF_MAP_TYPE_PERCPU_HASH:
	case BPF_MAP_TYPE_PERCPU_ARRAY:
	case BPF_MAP_TYPE_LRU_HASH:
	case BPF_MAP_TYPE_LRU_PERCPU_HASH:
	case BPF_MAP_TYPE_STACK_TRACE: /* what other maps' stack ids name */
		return true;
	default:
		return false;
	}
}

static bool is_percpu(uint32_t type)
{
	return type == BPF_MAP_TYPE_PERCPU_HASH || type == BPF_MAP_TYPE_PERCPU_ARRAY ||
	       type == BPF_MAP_TYPE_LRU_PERCPU_HASH;
}

static int note_channel(struct typed *t, int obj, struct bpf_map *map, uint32_t type_id)
{
	struct channel *n = realloc(t->chans, sizeof(*n) * (t->nr_chans + 1));

	if (!n)
		return -ENOMEM;
	t->chans = n;
	n[t->nr_chans++] = (struct channel){ .obj = obj,
					     .map = map,
					     .type_id = type_id,
					     .map_type = bpf_map__type(map),
					     .event = bpf_map__name(map) };
	return 0;
}

static int add_channel(struct typed *t, struct bpf_map *map, uint32_t type_id)
{
	uint32_t type = bpf_map__type(map);
	int err = note_channel(t, t->nr_objs - 1, map, type_id);

	if (err)
		return err;
	/* the kernel's sizes: fds of 4 bytes in a perf event array, none in a ring buffer */
	if (type == BPF_MAP_TYPE_RINGBUF) {
		err = bpf_map__set_key_size(map, 0);
		err = err ?: bpf_map__set_value_size(map, 0);
	} else {
		err = bpf_map__set_key_size(map, 4);
		err = err ?: bpf_map__set_value_size(map, 4);
	}
	pr_debug("map '%s': records of BTF type %u", bpf_map__name(map), type_id);
	return err;
}

static int add_shown(struct typed *t, struct bpf_map *map)
{
	struct shown *n = realloc(t->maps, sizeof(*n) * (t->nr_maps + 1));

	if (!n)
		return -ENOMEM;
	t->maps = n;
	n[t->nr_maps++] = (struct shown){ .obj = t->nr_objs - 1, .map = map };
	return 0;
}

int typed__prepare(struct typed *t, struct bpf_object *obj)
{
	struct bpf_object **o = realloc(t->objs, sizeof(*o) * (t->nr_objs + 1));
	struct bpf_map *map;
	int err = 0;

	if (!o)
		return -ENOMEM;
	t->objs = o;
	o[t->nr_objs++] = obj;
	bpf_object__for_each_map(map, obj) {
		uint32_t type = bpf_map__type(map);
		uint32_t vt = bpf_map__btf_value_type_id(map);

		if (is_channel(type) && vt && bpf_object__btf(obj))
			err = add_channel(t, map, vt);
		else if (is_shown_type(type) && !bpf_map__is_internal(map))
			err = add_shown(t, map);
		if (err)
			return err;
	}
	return 0;
}

/* What the loaded programs of obj say of the size of the records they hand map. */
static void record_sizes(struct bpf_object *obj, struct bpf_map *map, struct progscan_sizes *s)
{
	struct bpf_program *prog;

	memset(s, 0, sizeof(*s));
	bpf_object__for_each_program(prog, obj) {
		const struct bpf_insn *insns = bpf_program__insns(prog);

		if (insns)
			progscan__output_sizes(insns, bpf_program__insn_cnt(prog), bpf_map__fd(map),
					       s);
	}
}

/* The running kernel's BTF, read once (rectype_kernel_fn). */
struct kernel_btf {
	struct btf *btf;
	bool read;
};

static const struct btf *kernel_btf(void *ctx)
{
	struct kernel_btf *k = ctx;

	if (!k->read) {
		k->btf = btf__load_vmlinux_btf();
		if (libbpf_get_error(k->btf))
			k->btf = NULL;
		k->read = true;
	}
	return k->btf;
}

/* The record type of an output map that names none, from the object (load/rectype.h). */
static void infer_channel(struct typed *t, int obj, struct bpf_map *map, struct kernel_btf *k)
{
	const struct btf *btf = bpf_object__btf(t->objs[obj]);
	struct progscan_sizes s;
	char why[256];
	uint32_t id;

	record_sizes(t->objs[obj], map, &s);
	id = rectype__find(btf, kernel_btf, k, &s, why, sizeof(why));
	if (id && !note_channel(t, obj, map, id))
		pr_debug("map '%s': records typed as %s: the object's, as the map names none",
			 bpf_map__name(map), why);
	else if (!id)
		pr_debug("map '%s': records shown as bytes: %s. Hint: name their type in the "
			 "map's definition: __type(value, struct event)",
			 bpf_map__name(map), why);
}

static bool is_noted(const struct typed *t, const struct bpf_map *map)
{
	for (int i = 0; i < t->nr_chans; i++)
		if (t->chans[i].map == map)
			return true;
	return false;
}

/*
 * Output maps with no __type(value, ...): their record type from the object. (After load a
 * map libbpf created again without its BTF names no value type either: it was noted.)
 */
static void infer_channels(struct typed *t)
{
	struct kernel_btf kernel = { 0 };

	for (int i = 0; i < t->nr_objs; i++) {
		struct bpf_map *map;

		bpf_object__for_each_map(map, t->objs[i])
			if (is_channel(bpf_map__type(map)) && !bpf_map__btf_value_type_id(map) &&
			    bpf_map__fd(map) >= 0 && !is_noted(t, map))
				infer_channel(t, i, map, &kernel);
	}
	btf__free(kernel.btf);
}

void typed__bind(struct typed *t, const struct objconf *oc)
{
	infer_channels(t);
	for (int i = 0; i < t->nr_chans; i++) {
		const struct evsel *ev = objconf__map_event(oc, t->chans[i].map);

		if (ev && ev->desc.name)
			t->chans[i].event = ev->desc.name;
	}
	/* a map the command line writes into is configuration, not a result */
	for (int i = 0; i < t->nr_maps;) {
		if (objconf__configures(oc, t->maps[i].map))
			t->maps[i] = t->maps[--t->nr_maps];
		else
			i++;
	}
}

bool typed__channel_type(const struct typed *t, const struct bpf_map *map, const struct btf **btf,
			 uint32_t *type_id)
{
	for (int i = 0; t && i < t->nr_chans; i++) {
		if (t->chans[i].map != map)
			continue;
		*btf = bpf_object__btf(t->objs[t->chans[i].obj]);
		*type_id = t->chans[i].type_id;
		return *btf != NULL;
	}
	return false;
}

static struct bpf_map *stack_map(const struct typed *t, uint32_t obj)
{
	struct bpf_map *map;

	if (!t || obj >= (uint32_t)t->nr_objs)
		return NULL;
	bpf_object__for_each_map(map, t->objs[obj])
		if (bpf_map__type(map) == BPF_MAP_TYPE_STACK_TRACE)
			return map;
	return NULL;
}

bool typed__has_stacks(const struct typed *t, uint32_t obj)
{
	return stack_map(t, obj) != NULL;
}

uint32_t typed__stack(const struct typed *t, uint32_t obj, uint32_t id, uint64_t *ips, uint32_t max)
{
	struct bpf_map *map = stack_map(t, obj);
	uint32_t vsz = map ? bpf_map__value_size(map) : 0, n = 0;
	uint64_t *buf;

	if (!map || vsz % 8 || !(buf = calloc(1, vsz)))
		return 0;
	if (!bpf_map_lookup_elem(bpf_map__fd(map), &id, buf))
		for (; n < max && n < vsz / 8 && buf[n]; n++)
			ips[n] = buf[n];
	free(buf);
	return n;
}

bool typed__has_maps(const struct typed *t)
{
	return t && t->nr_maps;
}

void typed__describe(const struct typed *t, struct dbuf *b)
{
	for (int i = 0; i < t->nr_objs; i++) {
		const struct btf *btf = bpf_object__btf(t->objs[i]);
		uint32_t hdr[2] = { (uint32_t)i, 0 }, size = 0;
		const void *raw = btf ? btf__raw_data(btf, &size) : NULL;
		const void *parts[] = { hdr, raw };
		size_t lens[] = { sizeof(hdr), size };

		if (raw)
			tfeat__put(b, TFEAT_BTF, 2, parts, lens);
	}
	for (int i = 0; i < t->nr_chans; i++) {
		const struct channel *c = &t->chans[i];
		uint32_t hdr[4] = { (uint32_t)c->obj, c->type_id, c->map_type, 0 };
		const void *parts[] = { hdr, c->event };
		size_t lens[] = { sizeof(hdr), strlen(c->event) + 1 };

		tfeat__put(b, TFEAT_CHANNEL, 2, parts, lens);
	}
}

static bool all_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return false;
	return true;
}

static bool is_hash(uint32_t type)
{
	return type == BPF_MAP_TYPE_HASH || type == BPF_MAP_TYPE_PERCPU_HASH ||
	       type == BPF_MAP_TYPE_LRU_HASH || type == BPF_MAP_TYPE_LRU_PERCPU_HASH;
}

#define BATCH 4096 /* entries a lookup asks for */

/*
 * A hash map's entries, BATCH a system call (two a key through get_next_key: 1M keys took
 * seconds); the count, or -1 where the kernel has no batches for it (then key by key).
 */
static int64_t read_batches(int fd, struct dbuf *b, uint32_t ksz, size_t vsz)
{
	uint8_t *keys = malloc((size_t)BATCH * ksz), *vals = malloc((size_t)BATCH * vsz);
	uint32_t token = 0, n = 0;
	bool first = true, last = false;
	int64_t ret = -1;

	while (keys && vals && !last && n < MAX_ENTRIES && !stopsig__cut()) {
		uint32_t count = BATCH < MAX_ENTRIES - n ? BATCH : MAX_ENTRIES - n;
		int err = bpf_map_lookup_batch(fd, first ? NULL : &token, &token, keys, vals,
					       &count, NULL);

		if (err && errno != ENOENT)
			break; /* EINVAL, ENOTSUPP, ...: key by key from the start */
		last = err != 0;
		first = false;
		for (uint32_t i = 0; i < count; i++) {
			dbuf__put(b, keys + (size_t)i * ksz, ksz);
			dbuf__put(b, vals + (size_t)i * vsz, vsz);
		}
		n += count;
	}
	if (last || n >= MAX_ENTRIES || stopsig__cut())
		ret = n;
	else if (n) /* a batch failed past the first: what was put goes again */
		b->len -= (size_t)n * (ksz + vsz);
	free(keys);
	free(vals);
	return ret;
}

/*
 * One map's entries into the open MAP entry (at most MAX_ENTRIES, fewer when a stop signal
 * cuts the look: util/stopsig.h); the count.
 */
static uint32_t read_entries(struct bpf_map *map, struct dbuf *b, uint32_t ksz, size_t vsz,
			     bool clear)
{
	int fd = bpf_map__fd(map);
	bool array = bpf_map__type(map) == BPF_MAP_TYPE_ARRAY ||
		     bpf_map__type(map) == BPF_MAP_TYPE_PERCPU_ARRAY;
	uint8_t *key = calloc(1, ksz + 8), *next = calloc(1, ksz + 8), *val = calloc(1, vsz + 8);
	uint32_t n = 0, max = bpf_map__max_entries(map);
	void *prev = NULL;

	if (!key || !next || !val)
		goto out;
	if (array) {
		for (uint32_t i = 0; i < max && n < MAX_ENTRIES && !stopsig__cut(); i++) {
			memcpy(key, &i, 4);
			if (bpf_map_lookup_elem(fd, key, val) || all_zero(val, vsz))
				continue;
			dbuf__put(b, key, ksz);
			dbuf__put(b, val, vsz);
			n++;
			if (clear) {
				memset(val, 0, vsz);
				bpf_map_update_elem(fd, key, val, BPF_ANY);
			}
		}
		goto out;
	}
	if (is_hash(bpf_map__type(map))) {
		int64_t got = read_batches(fd, b, ksz, vsz);

		n = got < 0 ? 0 : (uint32_t)got;
		if (got >= 0)
			goto clear;
	}
	while (n < MAX_ENTRIES && !stopsig__cut() && !bpf_map_get_next_key(fd, prev, next)) {
		memcpy(key, next, ksz);
		prev = key;
		if (bpf_map_lookup_elem(fd, key, val))
			continue;
		dbuf__put(b, key, ksz);
		dbuf__put(b, val, vsz);
		n++;
	}
clear:
	if (clear) { /* deleting while walking would restart the walk: keys from the copy */
		for (size_t off = 0; off < (size_t)n * (ksz + vsz); off += ksz + vsz)
			bpf_map_delete_elem(fd, b->p + b->len - (size_t)n * (ksz + vsz) + off);
	}
out:
	free(key);
	free(next);
	free(val);
	return n;
}

int typed__snapshot(struct typed *t, struct dbuf *b, bool clear)
{
	struct timespec ts;
	uint64_t now;
	int ncpus = libbpf_num_possible_cpus();

	clock_gettime(CLOCK_MONOTONIC, &ts);
	now = (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
	{
		const void *parts[] = { &now };
		size_t lens[] = { sizeof(now) };

		tfeat__put(b, TFEAT_DUMP, 1, parts, lens);
	}
	for (int i = 0; i < t->nr_maps; i++) {
		struct bpf_map *map = t->maps[i].map;
		const char *name = bpf_map__name(map);
		uint32_t type = bpf_map__type(map);
		struct tfeat_map m = {
			.btf = (uint32_t)t->maps[i].obj,
			.key_type = bpf_map__btf_key_type_id(map),
			.value_type = bpf_map__btf_value_type_id(map),
			.map_type = type,
			.key_size = bpf_map__key_size(map),
			.value_size = bpf_map__value_size(map),
			.nr_values = 1,
			.name_len = (uint32_t)(strlen(name) + 8) / 8 * 8,
		};
		size_t start, at;

		if (is_percpu(type)) {
			m.value_size = (m.value_size + 7) / 8 * 8;
			m.nr_values = ncpus > 0 ? (uint32_t)ncpus : 1;
		}
		start = tfeat__begin(b, TFEAT_MAP);
		at = b->len;
		dbuf__put(b, &m, sizeof(m));
		dbuf__put(b, name, strlen(name));
		dbuf__zero(b, m.name_len - strlen(name));
		m.nr_entries =
			read_entries(map, b, m.key_size, (size_t)m.value_size * m.nr_values, clear);
		if (!b->err)
			memcpy(b->p + at + offsetof(struct tfeat_map, nr_entries), &m.nr_entries,
			       sizeof(m.nr_entries));
		tfeat__end(b, start);
	}
	return b->err;
}
