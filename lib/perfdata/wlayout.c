// SPDX-License-Identifier: GPL-2.0
/*
 * What comes before and after the records of a perf.data file, in each layout.
 *
 * Streaming: attrs, features and tracing data first, as records, and then only appends.
 * Any prefix of the file that ends on a record boundary is a complete file, and a cut-off
 * last record is reported and skipped by stock perf ("unexpected end of event stream",
 * exit 0) and by pdreader.
 *
 * Seekable (seekable.h): the header, attrs and the features known at the start, then the
 * records; at the close the last index and the features known only then.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "util/log.h"
#include "perfdata/sysfeat.h"
#include "perfdata/tracing.h"
#include "perfdata/wtrack.h"
#include "perfdata/writer-int.h"

static void copy_attr(struct perf_event_attr *dst, const struct perf_event_attr *src)
{
	size_t n = src->size && src->size < PD_ATTR_SIZE ? src->size : PD_ATTR_SIZE;

	memset(dst, 0, sizeof(*dst));
	memcpy(dst, src, n < sizeof(*dst) ? n : sizeof(*dst));
	dst->size = PD_ATTR_SIZE;
}

static void put_attr(struct dbuf *b, const struct perf_event_attr *src)
{
	struct perf_event_attr a;

	copy_attr(&a, src);
	dbuf__put(b, &a, sizeof(a) < PD_ATTR_SIZE ? sizeof(a) : PD_ATTR_SIZE);
	if (sizeof(a) < PD_ATTR_SIZE)
		dbuf__zero(b, PD_ATTR_SIZE - sizeof(a));
}

static int write_attrs(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr)
{
	int err = 0;

	for (size_t i = 0; i < nr && !err; i++) {
		struct dbuf b = {};

		put_attr(&b, &evs[i].desc->attr);
		dbuf__put(&b, evs[i].ids, evs[i].nr_ids * sizeof(uint64_t));
		err = wbuf__put_record(w, PD_HEADER_ATTR, 0, &b);
	}
	return err;
}

static int write_feature(struct pdwriter *w, uint64_t feat, struct dbuf *payload)
{
	struct dbuf b = {};

	dbuf__u64(&b, feat);
	dbuf__put(&b, payload->p, payload->len);
	dbuf__pad8(&b);
	if (payload->err)
		b.err = payload->err;
	free(payload->p);
	memset(payload, 0, sizeof(*payload));
	return wbuf__put_record(w, PD_HEADER_FEATURE, 0, &b);
}

/*
 * A pipe's feature: written at once, in HEADER_FEATURE records of up to 64 KiB (a reader
 * joins the pieces of an id of 32 and up), so a reader of the stream has it early.
 */
static int add_feature_pipe(struct pdwriter *w, int feat, const void *data, size_t len)
{
	/* the most a record holds after its header and feature id, a multiple of 8 */
	const size_t chunk = (PD_MAX_RECORD - sizeof(struct perf_event_header) - 8) / 8 * 8;
	const char *p = data;
	int err = 0;

	do {
		size_t n = len < chunk ? len : chunk;
		struct dbuf b = {};

		dbuf__put(&b, p, n);
		err = write_feature(w, (uint64_t)feat, &b);
		p += n;
		len -= n;
	} while (!err && len);
	return err;
}

static void event_desc(struct dbuf *b, const struct pdwriter_event *evs, size_t nr, bool with_ids)
{
	dbuf__u32(b, nr);
	dbuf__u32(b, PD_ATTR_SIZE);
	for (size_t i = 0; i < nr; i++) {
		put_attr(b, &evs[i].desc->attr);
		dbuf__u32(b, with_ids ? evs[i].nr_ids : 0);
		pdformat__hstr(b, evs[i].desc->name ? evs[i].desc->name : "");
		if (with_ids)
			dbuf__put(b, evs[i].ids, evs[i].nr_ids * sizeof(uint64_t));
	}
}

static int write_event_desc(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr)
{
	struct dbuf b = {};

	event_desc(&b, evs, nr, true);
	if (b.len + 16 > PD_MAX_RECORD) {
		/* the ids are informational here; the attr records carry them */
		free(b.p);
		memset(&b, 0, sizeof(b));
		event_desc(&b, evs, nr, false);
	}
	return write_feature(w, PD_FEAT_EVENT_DESC, &b);
}

static const int sys_feats[] = { PD_FEAT_VERSION, PD_FEAT_CPUDESC, PD_FEAT_CPUID, PD_FEAT_TOTAL_MEM,
				 PD_FEAT_CPU_TOPOLOGY };

/*
 * The features that describe the machine and the command, in both layouts: HOSTNAME,
 * OSRELEASE, ARCH, NRCPUS, VERSION, CPUDESC, CPUID, TOTAL_MEM, CPU_TOPOLOGY, CMDLINE (those
 * the machine tells).
 */
static int system_features(struct pdfeat_list *l, const struct pdwriter_opts *opts)
{
	struct dbuf b = {};
	struct utsname u;
	int err = 0;

	if (uname(&u) == 0) {
		pdformat__hstr(&b, u.nodename);
		err = pdfeat_list__add(l, PD_FEAT_HOSTNAME, &b);
		pdformat__hstr(&b, u.release);
		err = err ?: pdfeat_list__add(l, PD_FEAT_OSRELEASE, &b);
		pdformat__hstr(&b, u.machine);
		err = err ?: pdfeat_list__add(l, PD_FEAT_ARCH, &b);
	}
	dbuf__u32(&b, sysconf(_SC_NPROCESSORS_CONF));
	dbuf__u32(&b, sysconf(_SC_NPROCESSORS_ONLN));
	err = err ?: pdfeat_list__add(l, PD_FEAT_NRCPUS, &b);
	for (size_t i = 0; i < sizeof(sys_feats) / sizeof(sys_feats[0]) && !err; i++) {
		if (!sysfeat__build(sys_feats[i], &b))
			err = pdfeat_list__add(l, sys_feats[i], &b);
		dbuf__free(&b);
	}
	if (!err && opts && opts->argc > 0 && opts->argv) {
		dbuf__u32(&b, opts->argc);
		for (int i = 0; i < opts->argc; i++)
			pdformat__hstr(&b, opts->argv[i] ? opts->argv[i] : "");
		err = pdfeat_list__add(l, PD_FEAT_CMDLINE, &b);
	}
	dbuf__free(&b);
	return err;
}

/* The streaming layout: the system features as records, those that fit in one. */
static int write_small_features(struct pdwriter *w, const struct pdwriter_opts *opts)
{
	struct pdfeat_list l = {};
	int err = system_features(&l, opts);

	for (size_t i = 0; i < l.n && !err; i++)
		if (l.v[i].data.len + 16 <= PD_MAX_RECORD)
			err = write_feature(w, l.v[i].feat, &l.v[i].data);
	pdfeat_list__free(&l);
	return err;
}

static int write_tracing_data(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr)
{
	struct dbuf b = {};
	struct {
		struct perf_event_header h;
		uint32_t size, pad;
	} rec = { { PD_HEADER_TRACING_DATA, 0, sizeof(rec) }, 0, 0 };
	bool any = false;
	int err;

	for (size_t i = 0; i < nr; i++)
		any |= evs[i].desc->tp_sys && evs[i].desc->tp_name;
	if (!any)
		return 0;
	err = pdtracing__build(&b, evs, nr);
	if (!err && b.len > UINT32_MAX)
		err = -E2BIG;
	if (!err) {
		rec.size = b.len;
		err = pdwriter__write(w, &rec, sizeof(rec));
	}
	if (!err)
		err = pdwriter__write(w, b.p, b.len);
	free(b.p);
	return err;
}

/* Every feature known at the start, for the seekable layout (no record size limit). */
static int early_features(struct pdfeat_list *l, const struct pdwriter_event *evs, size_t nr,
			  const struct pdwriter_opts *opts)
{
	struct dbuf b = {};
	bool tp = false;
	int err = 0;

	for (size_t i = 0; i < nr; i++)
		tp |= evs[i].desc->tp_sys && evs[i].desc->tp_name;
	if (tp)
		err = pdtracing__build(&b, evs, nr) ?:
						      pdfeat_list__add(l, PD_FEAT_TRACING_DATA, &b);
	dbuf__free(&b);
	err = err ?: system_features(l, opts);
	event_desc(&b, evs, nr, true);
	err = err ?: pdfeat_list__add(l, PD_FEAT_EVENT_DESC, &b);
	dbuf__free(&b);
	return err;
}

/* Header, attrs and features first; the header names data from the first round on. */
static int start_seekable(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr,
			  const struct pdwriter_opts *opts)
{
	struct pdseek *seek = pdseek__new();
	struct pdfeat_list early = {};
	struct dbuf b = {};
	int err;

	if (!seek)
		return -ENOMEM;
	err = early_features(&early, evs, nr, opts);
	err = err ?: pdseek__preamble(seek, evs, nr, &early, &b);
	if (!err) {
		w->bytes += b.len;
		err = wbuf__emit(w, b.p, b.len);
	}
	dbuf__free(&b);
	pdfeat_list__free(&early);
	w->seek = seek;
	w->track = wtrack__new();
	/* a first record: perf refuses a header naming no data ("data size field is 0") */
	err = err ?: wbuf__put_header(w, PD_FINISHED_ROUND, 0, sizeof(struct perf_event_header));
	return err ?: pdwriter__finish_round(w);
}

/* At a clean close: the last index, the features known only now, then the header. */
static int finish_seekable(struct pdwriter *w)
{
	uint64_t end = w->flushed;
	struct dbuf b = {};
	int err = 0;

	if (w->track && wtrack__features(w->track, &w->late))
		pr_warn("perf.data: no memory for the build id and BPF program features");
	err = pdseek__trailer(w->seek, end, &w->late, &b);
	err = err ?: wbuf__emit(w, b.p, b.len);
	dbuf__free(&b);
	return err ?: pdseek__commit_final(w->seek, w->fd, end, w->flushed);
}

static int finish_pipe(struct pdwriter *w)
{
	int err = 0;

	for (size_t i = 0; i < w->late.n && !err; i++) {
		struct dbuf *d = &w->late.v[i].data;

		if (d->len + 16 > PD_MAX_RECORD) {
			pr_warn("perf.data: feature %d (%zu bytes) does not fit a pipe record, left out",
				w->late.v[i].feat, d->len);
			continue;
		}
		err = write_feature(w, w->late.v[i].feat, d);
	}
	return err;
}

/* A feature perf-bpf writes as records, asked for before the stream starts: written with its header records. */
static int add_pending(struct pdwriter *w, int feat, const void *data, size_t len)
{
	struct pending_feature *p = realloc(w->pending, sizeof(*p) * (w->nr_pending + 1));

	if (!p)
		return -ENOMEM;
	w->pending = p;
	p = &w->pending[w->nr_pending];
	p->data = malloc(len ?: 1);
	if (!p->data)
		return -ENOMEM;
	memcpy(p->data, data, len);
	p->feat = feat;
	p->len = len;
	w->nr_pending++;
	return 0;
}

/* Features the writer makes itself: pdwriter__add_feature cannot take them. */
static bool own_feature(int feat)
{
	return feat <= PD_FEAT_CPU_TOPOLOGY || feat == PD_FEAT_BPF_PROG_INFO ||
	       feat == PD_FEAT_BPF_BTF;
}

int pdwriter__add_feature(struct pdwriter *w, int feat, const void *data, size_t len)
{
	struct dbuf b = {};

	if (feat <= 0 || feat >= PD_FEAT_BITS || (!data && len))
		return -EINVAL;
	if (own_feature(feat))
		return -EEXIST;
	/*
	 * Ids stock perf does not know go into the data as HEADER_FEATURE records in both
	 * layouts: as a file's feature section they make perf inject crash (it writes every
	 * feature bit of its input back through its table of known ones).
	 */
	if (!w->seekable || feat >= PD_NR_KNOWN_FEAT)
		return w->started ? add_feature_pipe(w, feat, data, len) :
				    add_pending(w, feat, data, len);
	for (size_t i = 0; i < w->late.n; i++)
		if (w->late.v[i].feat == feat)
			return -EEXIST;
	dbuf__put(&b, data, len);
	return pdfeat_list__add(&w->late, feat, &b);
}

static int write_preamble(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr,
			  const struct pdwriter_opts *opts)
{
	static const uint64_t hdr[2] = { PD_MAGIC, PD_PIPE_HDR }; /* the pipe header */
	int err;

	if (w->seekable) {
		err = start_seekable(w, evs, nr, opts);
		for (size_t i = 0; !err && i < w->nr_pending; i++)
			err = add_feature_pipe(w, w->pending[i].feat, w->pending[i].data,
					       w->pending[i].len);
		return err;
	}
	err = pdwriter__write(w, hdr, sizeof(hdr));
	err = err ?: write_attrs(w, evs, nr);
	err = err ?: write_event_desc(w, evs, nr);
	err = err ?: write_small_features(w, opts);
	for (size_t i = 0; !err && i < w->nr_pending; i++)
		err = add_feature_pipe(w, w->pending[i].feat, w->pending[i].data,
				       w->pending[i].len);
	err = err ?: write_tracing_data(w, evs, nr);
	return err ?: wbuf__flush(w);
}

int pdwriter__start(struct pdwriter *w, const struct pdwriter_event *evs, size_t nr,
		    const struct pdwriter_opts *opts)
{
	for (size_t i = 0; i < nr; i++)
		if (!evs[i].desc || (evs[i].nr_ids && !evs[i].ids))
			return -EINVAL;
	if (nr) {
		copy_attr(&w->attr0, &evs[0].desc->attr);
		w->id0 = evs[0].nr_ids ? evs[0].ids[0] : 0;
	}
	w->started = true;
	return write_preamble(w, evs, nr, opts);
}

int wlayout__finish(struct pdwriter *w)
{
	int err;

	if (!w->seekable && !w->err)
		finish_pipe(w);
	err = wbuf__flush(w);
	if (!err && w->seek)
		err = finish_seekable(w);
	return err;
}
