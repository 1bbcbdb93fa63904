// SPDX-License-Identifier: GPL-2.0
/*
 * The consumer's dispatch to its views, seen by recording views: the events told once
 * before the first record, what each event's samples get resolved (the union of what the
 * views ask, asked once per event and again when its description changes), every kind of
 * record to the callbacks that take it, in order, the maps, and flush, end and errors.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "output/consumer.h"
#include "output/view.h"

struct rec_view {
	char log[512]; /* one letter per call, in order */
	unsigned needs; /* what it asks for every event */
	int nr_needs, nr_begin;
	const struct view_stream *st;
	size_t nr_events;
	const char *first_name;
	struct resolved_sample last;
	const char *last_comm;
	int fail_flush; /* -errno its flush returns */
	size_t maps_len;
	bool *freed;
};

static void logc(struct rec_view *v, char c)
{
	size_t n = strlen(v->log);

	if (n + 1 < sizeof(v->log))
		v->log[n] = c;
}

static unsigned rv_needs(void *priv, const struct event_desc *ev)
{
	struct rec_view *v = priv;

	v->nr_needs++;
	return v->needs;
}

static int rv_begin(void *priv, const struct view_stream *st)
{
	struct rec_view *v = priv;

	v->nr_begin++;
	v->nr_events = st->nr_events;
	v->first_name = st->nr_events ? st->events[0].name : NULL;
	logc(v, 'B');
	return 0;
}

static int rv_sample(void *priv, const struct resolved_sample *rs)
{
	struct rec_view *v = priv;

	v->last = *rs;
	v->last_comm = rs->comm;
	logc(v, 'S');
	return 0;
}

static int rv_lost(void *priv, const struct sample *s, uint64_t lost)
{
	logc(priv, 'L');
	return 0;
}

static int rv_task(void *priv, const struct record *rec)
{
	logc(priv, rec->type == PERF_RECORD_COMM ? 'C' : rec->type == PERF_RECORD_FORK ? 'F' : 'X');
	return 0;
}

static int rv_maps(void *priv, const struct view_maps *m)
{
	struct rec_view *v = priv;

	assert_non_null(m->types);
	v->maps_len = m->len;
	logc(v, 'M');
	return 0;
}

static int rv_flush(void *priv)
{
	struct rec_view *v = priv;

	logc(v, 'f');
	return v->fail_flush;
}

static int rv_end(void *priv)
{
	logc(priv, 'E');
	return 0;
}

static void rv_free(void *priv)
{
	struct rec_view *v = priv;

	*v->freed = true;
}

static const struct view_ops rec_ops = {
	.name = "rec",
	.needs = rv_needs,
	.begin = rv_begin,
	.sample = rv_sample,
	.lost = rv_lost,
	.task = rv_task,
	.maps = rv_maps,
	.flush = rv_flush,
	.end = rv_end,
	.free = rv_free,
};

/* Only sample and needs: the other callbacks may be left out. */
static const struct view_ops min_ops = {
	.name = "min",
	.needs = rv_needs,
	.sample = rv_sample,
	.free = rv_free,
};

static const struct event_desc events[2] = {
	{ .name = "evt",
	  .attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_BPF_OUTPUT } },
	{ .attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK } },
};

static struct record sample_rec(uint32_t tid, const char *raw, uint32_t size)
{
	struct record r = { .type = PERF_RECORD_SAMPLE, .decoded = true };

	r.s.pid = r.s.tid = tid;
	r.s.has_tid = 1;
	r.s.raw = raw;
	r.s.raw_size = size;
	r.s.has_raw = 1;
	return r;
}

static struct consumer *consumer_with(struct rec_view *a, struct rec_view *b, bool *fa, bool *fb)
{
	struct consumer_opts o = { 0 }; /* no output of its own: only these views */
	struct consumer *c = consumer__new(&o, events, 2);

	assert_non_null(c);
	a->freed = fa;
	assert_int_equal(consumer__add_view(c, view__new(&rec_ops, a)), 0);
	if (b) {
		b->freed = fb;
		assert_int_equal(consumer__add_view(c, view__new(&min_ops, b)), 0);
	}
	return c;
}

static void test_every_record_to_its_callback(void **state)
{
	struct rec_view a = { 0 };
	bool freed = false;
	struct consumer *c = consumer_with(&a, NULL, &freed, NULL);
	struct record r = { .type = PERF_RECORD_COMM, .decoded = true };

	r.comm.pid = r.comm.tid = 7;
	r.comm.comm = "worker";
	assert_int_equal(consumer__record(c, &r, -1), 0);
	r = sample_rec(7, "hi", 3);
	assert_int_equal(consumer__record(c, &r, 0), 0);
	assert_string_equal(a.last_comm, "worker"); /* the resolver took the COMM first */
	assert_string_equal(a.last.ev->name, "evt");
	r = (struct record){ .type = PERF_RECORD_FORK, .decoded = true };
	assert_int_equal(consumer__record(c, &r, -1), 0);
	r = (struct record){ .type = PERF_RECORD_EXIT, .decoded = true };
	assert_int_equal(consumer__record(c, &r, -1), 0);
	r = (struct record){ .type = PERF_RECORD_LOST, .decoded = true };
	assert_int_equal(consumer__record(c, &r, -1), 0);
	r = (struct record){ .type = PERF_RECORD_MMAP2, .decoded = true };
	r.mmap.filename = "/x";
	assert_int_equal(consumer__record(c, &r, -1), 0); /* the resolver's only */
	r = sample_rec(7, "hi", 3);
	assert_int_equal(consumer__record(c, &r, 5), 0); /* an event of none: dropped */
	assert_int_equal(consumer__flush(c), 0);
	assert_int_equal(consumer__end(c), 0);
	assert_string_equal(a.log, "BCSFXLfEf");
	assert_int_equal(a.nr_begin, 1);
	assert_int_equal(a.nr_events, 2);
	assert_string_equal(a.first_name, "evt");
	assert_int_equal(consumer__stats(c)->samples, 1);
	assert_false(freed);
	consumer__free(c);
	assert_true(freed);
}

/* Unnamed events are told by perf's name for them. */
static void test_events_named_before_begin(void **state)
{
	struct rec_view a = { 0 };
	bool freed;
	struct consumer *c = consumer_with(&a, NULL, &freed, NULL);
	struct record r = sample_rec(1, "x", 2);

	assert_int_equal(consumer__record(c, &r, 1), 0);
	assert_string_equal(a.last.ev->name, "cpu-clock:HG");
	consumer__free(c);
}

/* Each view is asked once per event; the samples get what any of them asked. */
static void test_needs_union_asked_once(void **state)
{
	struct rec_view a = { .needs = 0 }, b = { .needs = RESOLVE_STRING };
	bool fa, fb;
	struct consumer *c = consumer_with(&a, &b, &fa, &fb);

	for (int i = 0; i < 3; i++) {
		struct record r = sample_rec(1, "hi", 3);

		assert_int_equal(consumer__record(c, &r, 0), 0);
	}
	assert_true(a.last.is_string); /* b asked for it: a sees it too */
	assert_true(b.last.is_string);
	assert_int_equal(a.nr_needs, 1);
	assert_int_equal(b.nr_needs, 1);
	assert_string_equal(a.log, "BSSS");
	assert_string_equal(b.log, "SSS");
	consumer__free(c);
	assert_true(fa && fb);
}

/* New record types change what an event's samples show: its needs are asked again. */
static void test_needs_asked_again_after_types(void **state)
{
	struct rec_view a = { .needs = RESOLVE_STRING };
	bool fa;
	struct consumer *c = consumer_with(&a, NULL, &fa, NULL);
	struct record r = sample_rec(1, "hi", 3);

	assert_int_equal(consumer__record(c, &r, 0), 0);
	assert_int_equal(a.nr_needs, 1);
	assert_int_equal(consumer__set_types(c, NULL, 0), 0);
	assert_int_equal(consumer__record(c, &r, 0), 0);
	assert_int_equal(a.nr_needs, 2);
	a.needs = 0;
	assert_int_equal(consumer__set_types(c, NULL, 0), 0);
	assert_int_equal(consumer__record(c, &r, 0), 0);
	assert_false(a.last.is_string);
	consumer__free(c);
}

/* Every view flushes, whichever fails; the first failure is returned. */
static void test_flush_every_view(void **state)
{
	struct rec_view a = { .fail_flush = -EIO }, b = { 0 };
	bool fa, fb;
	struct consumer *c = consumer_with(&a, &b, &fa, &fb);
	struct rec_view d = { 0 };
	bool fd;

	d.freed = &fd;
	assert_int_equal(consumer__add_view(c, view__new(&rec_ops, &d)), 0);
	assert_int_equal(consumer__flush(c), -EIO);
	assert_string_equal(a.log, "Bf");
	assert_string_equal(d.log, "Bf");
	assert_int_equal(consumer__end(c), -EIO);
	assert_string_equal(d.log, "BfEf");
	consumer__free(c);
	assert_true(fa && fb && fd);
}

/* A look at the maps reaches the views that show maps, after every view flushed. */
static void test_maps_after_flush(void **state)
{
	static const char dump[8];
	struct rec_view a = { 0 }, b = { 0 };
	bool fa, fb;
	struct consumer *c = consumer_with(&a, &b, &fa, &fb);

	assert_int_equal(consumer__print_maps(c, dump, sizeof(dump)), 0);
	assert_string_equal(a.log, "BfM");
	assert_int_equal(a.maps_len, sizeof(dump));
	assert_string_equal(b.log, ""); /* no maps callback, no flush */
	a.fail_flush = -EIO;
	assert_int_equal(consumer__print_maps(c, dump, sizeof(dump)), -EIO);
	assert_string_equal(a.log, "BfMf"); /* not printed after a failed flush */
	consumer__free(c);
}

static void test_views_only_before_records(void **state)
{
	struct rec_view a = { 0 }, b = { 0 };
	bool fa, fb = false;
	struct consumer *c = consumer_with(&a, NULL, &fa, NULL);
	struct record r = sample_rec(1, "hi", 3);

	errno = ENOMEM;
	assert_int_equal(consumer__add_view(c, NULL), -ENOMEM); /* a constructor failed */
	assert_int_equal(consumer__record(c, &r, 0), 0);
	b.freed = &fb;
	assert_int_equal(consumer__add_view(c, view__new(&min_ops, &b)), -EBUSY);
	assert_true(fb); /* not taken: freed */
	consumer__free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_record_to_its_callback),
		cmocka_unit_test(test_events_named_before_begin),
		cmocka_unit_test(test_needs_union_asked_once),
		cmocka_unit_test(test_needs_asked_again_after_types),
		cmocka_unit_test(test_flush_every_view),
		cmocka_unit_test(test_maps_after_flush),
		cmocka_unit_test(test_views_only_before_records),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
