// SPDX-License-Identifier: GPL-2.0
/*
 * pprof profiles: the messages are filled from the fold in arrays allocated once, packed by
 * libprotobuf-c, gzipped by zlib. A frame id of the fold is its function's and location's
 * id minus one; its name's index in the string table is looked up once.
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
	Pbprofile__Sample *samples;
	Pbprofile__Sample **sample_ptrs;
	Pbprofile__Label *labels;
	Pbprofile__Label **label_ptrs;
	uint64_t *loc_ids; /* every sample's, back to back */
	int64_t *values;
	uint32_t comm_key;
};

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
	free(p->samples);
	free(p->sample_ptrs);
	free(p->labels);
	free(p->label_ptrs);
	free(p->loc_ids);
	free(p->values);
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

static int alloc_all(struct pp *p, size_t names, size_t stacks, size_t frames)
{
	p->str_of = calloc(names + 1, sizeof(*p->str_of));
	p->strings = calloc(names + 8, sizeof(*p->strings));
	p->funcs = calloc(names + 1, sizeof(*p->funcs));
	p->func_ptrs = calloc(names + 1, sizeof(*p->func_ptrs));
	p->locs = calloc(names + 1, sizeof(*p->locs));
	p->loc_ptrs = calloc(names + 1, sizeof(*p->loc_ptrs));
	p->lines = calloc(names + 1, sizeof(*p->lines));
	p->line_ptrs = calloc(names + 1, sizeof(*p->line_ptrs));
	p->samples = calloc(stacks + 1, sizeof(*p->samples));
	p->sample_ptrs = calloc(stacks + 1, sizeof(*p->sample_ptrs));
	p->labels = calloc(stacks + 1, sizeof(*p->labels));
	p->label_ptrs = calloc(stacks + 1, sizeof(*p->label_ptrs));
	p->loc_ids = calloc(frames + 1, sizeof(*p->loc_ids));
	p->values = calloc(stacks + 1, sizeof(*p->values));
	return p->str_of && p->strings && p->funcs && p->func_ptrs && p->locs && p->loc_ptrs &&
			       p->lines && p->line_ptrs && p->samples && p->sample_ptrs &&
			       p->labels && p->label_ptrs && p->loc_ids && p->values ?
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

/* Each stack a sample: its frames leaf first, its weight, its thread's name. */
static void add_samples(struct pp *p)
{
	uint64_t *loc = p->loc_ids;

	for (size_t i = 0; i < fold__nr(p->f); i++) {
		Pbprofile__Sample *s = &p->samples[i];
		uint32_t nr;
		uint64_t w;
		const uint32_t *ids = fold__stack(p->f, i, &nr, &w);

		pbprofile__sample__init(s);
		s->location_id = loc;
		for (uint32_t k = nr; k-- > 1;)
			s->location_id[s->n_location_id++] = ids[k] + 1;
		loc += s->n_location_id;
		p->values[i] = (int64_t)w;
		s->value = &p->values[i];
		s->n_value = 1;
		pbprofile__label__init(&p->labels[i]);
		p->labels[i].key = p->comm_key;
		p->labels[i].str = name_of(p, ids[0]);
		p->label_ptrs[i] = &p->labels[i];
		s->label = &p->label_ptrs[i];
		s->n_label = 1;
		p->sample_ptrs[i] = s;
	}
	p->prof.n_sample = fold__nr(p->f);
	p->prof.sample = p->sample_ptrs;
}

static size_t frames_of(const struct fold *f)
{
	size_t n = 0;

	for (size_t i = 0; i < fold__nr(f); i++) {
		uint32_t nr;
		uint64_t w;

		fold__stack(f, i, &nr, &w);
		n += nr;
	}
	return n;
}

/* len bytes, gzipped, to out. */
static int put_gzip(FILE *out, const uint8_t *buf, size_t len)
{
	z_stream z = { 0 };
	uint8_t chunk[1 << 16];
	int ret;

	if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY))
		return -ENOMEM;
	z.next_in = (uint8_t *)buf;
	z.avail_in = len;
	do {
		z.next_out = chunk;
		z.avail_out = sizeof(chunk);
		ret = deflate(&z, Z_FINISH);
		fwrite(chunk, 1, sizeof(chunk) - z.avail_out, out);
	} while (ret == Z_OK);
	deflateEnd(&z);
	fflush(out);
	return ret != Z_STREAM_END ? -ENOMEM : ferror(out) ? -EIO : 0;
}

static int pack(struct pp *p, FILE *out)
{
	size_t len = pbprofile__profile__get_packed_size(&p->prof);
	uint8_t *buf = malloc(len ?: 1);
	int err;

	if (!buf)
		return -ENOMEM;
	pbprofile__profile__pack(&p->prof, buf);
	err = put_gzip(out, buf, len);
	free(buf);
	return err;
}

int pprof__write(const struct fold *f, FILE *out, const struct pprof_opts *o)
{
	struct pp p = { .f = f };
	int err = alloc_all(&p, fold__nr_names(f), fold__nr(f), frames_of(f));

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
	add_samples(&p);
	p.prof.n_string_table = p.nr_strings;
	p.prof.string_table = p.strings;
	err = pack(&p, out);
	pp_free(&p);
	return err;
}
