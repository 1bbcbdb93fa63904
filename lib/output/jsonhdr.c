// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "output/jsonhdr.h"
#include "perfdata/clockfeat.h"
#include "perfdata/format.h"
#include "perfdata/reader.h"
#include "util/clockid.h"
#include "util/jsonw.h"

static void read_boot_id(char *buf, size_t size)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "re");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, (int)size, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

void jsonhdr__host(struct jsonhdr *h, int clockid)
{
	struct utsname u;
	uint64_t wall, clk;
	struct timespec now;

	memset(h, 0, sizeof(*h));
	h->origin = "live";
	h->clockid = clockid;
	if (!uname(&u)) {
		snprintf(h->host, sizeof(h->host), "%s", u.nodename);
		snprintf(h->kernel, sizeof(h->kernel), "%s", u.release);
	}
	read_boot_id(h->boot_id, sizeof(h->boot_id));
	h->has_offset = !clockid__offset(clockid, &h->offset_ns, &wall, &clk);
	if (!clock_gettime(CLOCK_REALTIME, &now)) {
		h->has_start = true;
		h->start_ns = (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
	}
}

void jsonhdr__from_file(struct jsonhdr *h, const struct pdreader *r)
{
	const struct pdreader_event *e = pdreader__nr_events(r) ? pdreader__event(r, 0) : NULL;
	const char *host = pdreader__feature_string(r, PD_FEAT_HOSTNAME);
	const char *kernel = pdreader__feature_string(r, PD_FEAT_OSRELEASE);
	struct clockfeat_data d;

	memset(h, 0, sizeof(*h));
	h->origin = "perf.data";
	snprintf(h->host, sizeof(h->host), "%s", host ? host : "");
	snprintf(h->kernel, sizeof(h->kernel), "%s", kernel ? kernel : "");
	h->clockid = e && e->desc.attr.use_clockid ? e->desc.attr.clockid : CLOCKID_PERF;
	if (!pdreader__clock_data(r, &d) && d.clockid == h->clockid) {
		h->has_offset = true;
		h->offset_ns = (int64_t)(d.wall_ns - d.clock_ns);
		h->has_start = true;
		h->start_ns = d.wall_ns;
	}
}

static void kv_str_or_null(struct jsonw *w, const char *name, const char *s)
{
	if (*s) {
		jsonw__kv_str(w, name, s);
		return;
	}
	jsonw__name(w, name);
	jsonw__null(w);
}

void jsonhdr__write(FILE *f, const struct jsonhdr *h)
{
	struct jsonw *w = jsonw__new(f, false);
	const char *clock = clockid__name(h->clockid);

	if (!w)
		return;
	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "header");
	jsonw__kv_str(w, "origin", h->origin ? h->origin : "live");
	kv_str_or_null(w, "host", h->host);
	kv_str_or_null(w, "kernel", h->kernel);
	kv_str_or_null(w, "boot_id", h->boot_id);
	kv_str_or_null(w, "clock", clock ? clock : "");
	jsonw__name(w, "clockid");
	if (h->clockid == CLOCKID_PERF)
		jsonw__null(w);
	else
		jsonw__s64(w, h->clockid);
	jsonw__name(w, "clock_offset_ns");
	if (h->has_offset)
		jsonw__s64(w, h->offset_ns);
	else
		jsonw__null(w);
	jsonw__name(w, "start_ns");
	if (h->has_start)
		jsonw__u64(w, h->start_ns);
	else
		jsonw__null(w);
	jsonw__end_object(w);
	jsonw__free(w);
}
