// SPDX-License-Identifier: GPL-2.0
/*
 * pprof profiles: the messages are filled from the fold in arrays allocated once, packed by
 * libprotobuf-c, gzipped by zlib. A frame id of the fold is its function's and location's
 * id minus one; its name's index in the string table is looked up once. The samples are
 * packed one at a time after the rest of the profile, each as the Profile's field 2 (a
 * message's repeated field may come in any order and pieces), so that a fold of millions
 * of stacks costs no message of each.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "profile.pb-c.h"
#include "output/pprof.h"

struct pp {
	const struct fold *f;
	Pbprofile__Profile prof;
	Pbprofile__ValueType type;
	uint32_t *str_of; /* per frame id: its name's string, 0: none yet */
	char **strings;
	size_t nr_strings;
	Pbprofile__Function *funcs;
	Pbprofile__Function **func_ptrs;
	Pbprofile__Location *locs;
	Pbprofile__Location **loc_ptrs;
	Pbprofile__Line *lines;
	Pbprofile__Line **line_ptrs;
	uint32_t comm_key;
	z_stream z;
	FILE *out;
};

#define SAMPLE_FIELD 2 /* Profile.sample */

static void pp_free(struct pp *p)
{
	free(p->str_of);
	free(p->strings);
	free(p->funcs);
	free(p->func_ptrs);
	free(p->locs);
	free(p->loc_ptrs);
	free(p->lines);
	free(p->line_ptrs);
}

/* The string's index, added (borrowed: strings outlive the packing). */
static uint32_t add_string(struct pp *p, const char *s)
{
	p->strings[p->nr_strings] = (char *)s;
	return p->nr_strings++;
}

static uint32_t name_of(struct pp *p, uint32_t id)
{
	if (!p->str_of[id])
		p->str_of[id] = add_string(p, fold__name(p->f, id));
	return p->str_of[id];
}

static int alloc_all(struct pp *p, size_t names)
{
	p->str_of = calloc(names + 1, sizeof(*p->str_of));
	p->strings = calloc(names + 8, sizeof(*p->strings));
	p->funcs = calloc(names + 1, sizeof(*p->funcs));
	p->func_ptrs = calloc(names + 1, sizeof(*p->func_ptrs));
	p->locs = calloc(names + 1, sizeof(*p->locs));
	p->loc_ptrs = calloc(names + 1, sizeof(*p->loc_ptrs));
	p->lines = calloc(names + 1, sizeof(*p->lines));
	p->line_ptrs = calloc(names + 1, sizeof(*p->line_ptrs));
	return p->str_of && p->strings && p->funcs && p->func_ptrs && p->locs && p->loc_ptrs &&
			       p->lines && p->line_ptrs ?
		       0 :
		       -ENOMEM;
}

/* One function and one location (of one line) per frame id that is not a thread's name. */
static void add_frames(struct pp *p)
{
	size_t n = 0;

	for (uint32_t id = 0; id < fold__nr_names(p->f); id++) {
		if (fold__kind(p->f, id) == FOLD_COMM)
			continue;
		pbprofile__function__init(&p->funcs[n]);
		p->funcs[n].id = id + 1;
		p->funcs[n].name = p->funcs[n].system_name = name_of(p, id);
		pbprofile__line__init(&p->lines[n]);
		p->lines[n].function_id = id + 1;
		p->line_ptrs[n] = &p->lines[n];
		pbprofile__location__init(&p->locs[n]);
		p->locs[n].id = id + 1;
		p->locs[n].n_line = 1;
		p->locs[n].line = &p->line_ptrs[n];
		p->func_ptrs[n] = &p->funcs[n];
		p->loc_ptrs[n] = &p->locs[n];
		n++;
	}
	p->prof.n_function = p->prof.n_location = n;
	p->prof.function = p->func_ptrs;
	p->prof.location = p->loc_ptrs;
}

/* len bytes more into the gzip stream (flush: Z_FINISH at the end). 0, -ENOMEM, -EIO. */
static int put(struct pp *p, const void *buf, size_t len, int flush)
{
	uint8_t chunk[1 << 16];
	int ret;

	p->z.next_in = (uint8_t *)buf;
	p->z.avail_in = len;
	do {
		p->z.next_out = chunk;
		p->z.avail_out = sizeof(chunk);
		ret = deflate(&p->z, flush);
		fwrite(chunk, 1, sizeof(chunk) - p->z.avail_out, p->out);
	} while (ret == Z_OK && (p->z.avail_in || !p->z.avail_out || flush == Z_FINISH));
	if (flush == Z_FINISH ? ret != Z_STREAM_END : ret != Z_OK && ret != Z_BUF_ERROR)
		return -ENOMEM;
	return ferror(p->out) ? -EIO : 0;
}

/* Stack i as one sample, packed: its frames leaf first, its weight, its thread's name. */
static int put_sample(struct pp *p, size_t i)
{
	uint64_t locs[FOLD_MAX_DEPTH];
	uint8_t head[1 + 10], buf[16 + 11 * FOLD_MAX_DEPTH + 64];
	uint32_t nr, n = 0;
	uint64_t w, len;
	const uint32_t *ids = fold__stack(p->f, i, &nr, &w);
	int64_t value;
	Pbprofile__Label label, *labels[1] = { &label };
	Pbprofile__Sample s;
	size_t h = 0;
	int err;

	pbprofile__sample__init(&s);
	for (uint32_t k = nr; k-- > 1;)
		locs[n++] = ids[k] + 1;
	s.location_id = locs;
	s.n_location_id = n;
	value = (int64_t)w;
	s.value = &value;
	s.n_value = 1;
	pbprofile__label__init(&label);
	label.key = p->comm_key;
	label.str = p->str_of[ids[0]];
	s.label = labels;
	s.n_label = 1;
	len = pbprofile__sample__get_packed_size(&s);
	if (len > sizeof(buf))
		return -EINVAL;
	pbprofile__sample__pack(&s, buf);
	head[h++] = SAMPLE_FIELD << 3 | 2; /* length-delimited */
	for (; len >= 0x80; len >>= 7)
		head[h++] = (uint8_t)(len | 0x80);
	head[h++] = (uint8_t)len;
	err = put(p, head, h, Z_NO_FLUSH);
	return err ?: put(p, buf, pbprofile__sample__get_packed_size(&s), Z_NO_FLUSH);
}

/* The profile without its samples, then each sample, gzipped to p->out. */
static int pack(struct pp *p)
{
	size_t len = pbprofile__profile__get_packed_size(&p->prof);
	uint8_t *buf = malloc(len ?: 1);
	int err;

	if (!buf)
		return -ENOMEM;
	if (deflateInit2(&p->z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8,
			 Z_DEFAULT_STRATEGY)) {
		free(buf);
		return -ENOMEM;
	}
	pbprofile__profile__pack(&p->prof, buf);
	err = put(p, buf, len, Z_NO_FLUSH);
	free(buf);
	for (size_t i = 0; i < fold__nr(p->f) && !err; i++)
		err = put_sample(p, i);
	err = err ?: put(p, NULL, 0, Z_FINISH);
	deflateEnd(&p->z);
	fflush(p->out);
	return err ?: ferror(p->out) ? -EIO : 0;
}

/* The names of the threads the samples are of, into the string table before it is packed. */
static void add_comms(struct pp *p)
{
	for (size_t i = 0; i < fold__nr(p->f); i++) {
		uint32_t nr;
		uint64_t w;
		const uint32_t *ids = fold__stack(p->f, i, &nr, &w);

		name_of(p, ids[0]);
	}
}

int pprof__write(const struct fold *f, FILE *out, const struct pprof_opts *o)
{
	struct pp p = { .f = f, .out = out };
	int err = alloc_all(&p, fold__nr_names(f));

	if (err) {
		pp_free(&p);
		return err;
	}
	pbprofile__profile__init(&p.prof);
	pbprofile__value_type__init(&p.type);
	add_string(&p, "");
	p.type.type = add_string(&p, o->type ?: "samples");
	p.type.unit = add_string(&p, o->unit ?: "count");
	p.comm_key = add_string(&p, "comm");
	p.prof.n_sample_type = 1;
	p.prof.sample_type = (Pbprofile__ValueType *[]){ &p.type };
	p.prof.time_nanos = o->time_ns;
	add_frames(&p);
	add_comms(&p);
	p.prof.n_string_table = p.nr_strings;
	p.prof.string_table = p.strings;
	err = pack(&p);
	pp_free(&p);
	return err;
}
