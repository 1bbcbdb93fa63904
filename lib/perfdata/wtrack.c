// SPDX-License-Identifier: GPL-2.0
/*
 * Build ids and BPF programs seen by the writer, and their features.
 *
 * BUILD_ID: the running kernel's (from /sys/kernel/notes), then one entry per (build id,
 * file name): a perf_event_header (misc = cpumode with
 * the "size is valid" bit), the pid, 20 bytes of id, its size, 3 reserved bytes, then the
 * file name padded to 64 (entries are not padded to 8: perf reads them back to back). BPF_PROG_INFO: u32 count, then per program u32 info_len, u32
 * data_len, u64 arrays (a bit per array present), the bpf_prog_info (its array pointers
 * as offsets into the data) and the arrays' data. BPF_BTF: u32 count, then per BTF u32
 * id, u32 size and the raw BTF.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <linux/bpf.h>

#include "util/bytes.h"
#include "util/grow.h"
#include "util/log.h"
#include "record/record.h"
#include "resolve/buildid.h"
#include "perfdata/format.h"
#include "perfdata/wtrack.h"

#define BUILD_ID_MAX BUILDID_MAX
#define MISC_BUILD_ID_SIZE (1 << 15) /* perf: the entry's size byte is valid */

struct bid {
	int32_t pid;
	uint16_t cpumode;
	uint8_t size;
	uint8_t id[BUILD_ID_MAX];
	char *name;
};

struct wtrack {
	struct buildid_cache *files; /* build ids of MMAP2 records that carry a file's inode */
	struct bid *bids;
	size_t nr_bids, cap_bids;
	uint32_t *progs;
	size_t nr_progs, cap_progs;
};

struct wtrack *wtrack__new(void)
{
	struct wtrack *t = calloc(1, sizeof(*t));

	if (t && !(t->files = buildid_cache__new())) {
		free(t);
		t = NULL;
	}
	return t;
}

void wtrack__free(struct wtrack *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nr_bids; i++)
		free(t->bids[i].name);
	free(t->bids);
	free(t->progs);
	buildid_cache__free(t->files);
	free(t);
}

/*
 * A MMAP2 record with the file's device and inode (the kernel is not asked for build ids:
 * see evsel's tracking event): the build id read from the file, once per file.
 */
static bool file_build_id(struct wtrack *t, const struct record *r, struct bid *b)
{
	int n;

	if (r->mmap.filename[0] != '/')
		return false; /* [vdso], [heap], anonymous memory */
	n = buildid_cache__get(t->files, r->mmap.filename, r->mmap.maj, r->mmap.min, r->mmap.ino,
			       b->id, BUILD_ID_MAX);
	if (n <= 0)
		return false;
	b->size = n;
	return true;
}

static void note_mmap2(struct wtrack *t, const struct record *r)
{
	const char *name = r->mmap.filename;
	struct bid b = { .pid = r->mmap.pid, .cpumode = r->mmap.cpumode };

	if (!name[0])
		return;
	if (r->misc & PERF_RECORD_MISC_MMAP_BUILD_ID) {
		b.size = r->mmap.build_id_size;
		if (!b.size)
			return;
		memcpy(b.id, r->mmap.build_id, b.size);
	} else if (!file_build_id(t, r, &b)) {
		return;
	}
	for (size_t i = t->nr_bids; i-- > 0;) /* the same file again: usually the last ones */
		if (t->bids[i].size == b.size && !memcmp(t->bids[i].id, b.id, b.size) &&
		    !strcmp(t->bids[i].name, name))
			return;
	if (grow__array(&t->bids, &t->cap_bids, t->nr_bids, sizeof(b), 64))
		return;
	b.name = strdup(name);
	if (b.name)
		t->bids[t->nr_bids++] = b;
}

static void note_bpf(struct wtrack *t, const struct record *r)
{
	uint32_t id = r->bpf_event.id;

	if (r->bpf_event.bpf_type != PERF_BPF_EVENT_PROG_LOAD)
		return;
	for (size_t i = 0; i < t->nr_progs; i++)
		if (t->progs[i] == id)
			return;
	if (!grow__array(&t->progs, &t->cap_progs, t->nr_progs, sizeof(id), 64))
		t->progs[t->nr_progs++] = id;
}

void wtrack__record(struct wtrack *t, const struct perf_event_header *h)
{
	/* the bodies only: whatever trailer follows, their strings end before it */
	static const struct record_layout body_only;
	struct record r;

	if (h->type != PERF_RECORD_MMAP2 && h->type != PERF_RECORD_BPF_EVENT)
		return;
	if (record__decode(h, h->size, &body_only, &r))
		return;
	if (r.type == PERF_RECORD_MMAP2)
		note_mmap2(t, &r);
	else
		note_bpf(t, &r);
}

/* The running kernel's GNU build id, from the ELF notes in /sys/kernel/notes. */
static int kernel_build_id(struct bid *b)
{
	uint8_t notes[4096];
	size_t at = 0, n;
	FILE *f = fopen("/sys/kernel/notes", "re");

	if (!f)
		return -errno;
	n = fread(notes, 1, sizeof(notes), f);
	fclose(f);
	while (at + 12 <= n) {
		uint32_t namesz, descsz, type;
		size_t desc;

		memcpy(&namesz, notes + at, 4);
		memcpy(&descsz, notes + at + 4, 4);
		memcpy(&type, notes + at + 8, 4);
		desc = at + 12 + (namesz + 3) / 4 * 4;
		if (desc + descsz > n || desc < at)
			break;
		if (type == 3 /* NT_GNU_BUILD_ID */ && namesz == 4 &&
		    !memcmp(notes + at + 12, "GNU", 4) && descsz && descsz <= BUILD_ID_MAX) {
			b->size = descsz;
			memcpy(b->id, notes + desc, descsz);
			return 0;
		}
		at = desc + (descsz + 3) / 4 * 4;
	}
	return -ENOENT;
}

static void put_build_id(struct dbuf *b, const struct bid *e)
{
	size_t name = (strlen(e->name) + 1 + 63) / 64 * 64; /* as perf pads it */
	struct perf_event_header h = { .type = PD_HEADER_BUILD_ID,
				       .misc = e->cpumode | MISC_BUILD_ID_SIZE,
				       .size = 8 + 4 + 24 + name };
	uint8_t id[24] = {};

	memcpy(id, e->id, e->size);
	id[BUILD_ID_MAX] = e->size;
	dbuf__put(b, &h, sizeof(h));
	dbuf__put(b, &e->pid, 4);
	dbuf__put(b, id, sizeof(id));
	dbuf__put(b, e->name, strlen(e->name));
	dbuf__zero(b, name - strlen(e->name));
}

/* The kernel's build id (as perf record writes it), then those of the MMAP2 records. */
static int build_ids(struct wtrack *t, struct pdfeat_list *l)
{
	struct bid kernel = { .pid = -1,
			      .cpumode = PERF_RECORD_MISC_KERNEL,
			      .name = "[kernel.kallsyms]" };
	struct dbuf b = {};

	if (!kernel_build_id(&kernel))
		put_build_id(&b, &kernel);
	for (size_t i = 0; i < t->nr_bids; i++)
		put_build_id(&b, &t->bids[i]);
	return b.len ? pdfeat_list__add(l, PD_FEAT_BUILD_ID, &b) : 0;
}

/* The arrays of bpf_prog_info perf keeps, as bit numbers of its "arrays" word. */
enum {
	ARR_JITED_INSNS = 0,
	ARR_JITED_KSYMS = 3,
	ARR_JITED_FUNC_LENS = 4,
	ARR_FUNC_INFO = 5,
	ARR_LINE_INFO = 6,
	ARR_JITED_LINE_INFO = 7,
	ARR_PROG_TAGS = 8,
};

struct arr {
	int bit;
	size_t ptr, count; /* offsets in bpf_prog_info of the pointer and the count */
	size_t rec; /* offset of the record size, or 0 */
	size_t fixed; /* record size when rec is 0 */
};

#define INFO_OFF(f) offsetof(struct bpf_prog_info, f)

static const struct arr arrs[] = {
	{ ARR_JITED_INSNS, INFO_OFF(jited_prog_insns), INFO_OFF(jited_prog_len), 0, 1 },
	{ ARR_JITED_KSYMS, INFO_OFF(jited_ksyms), INFO_OFF(nr_jited_ksyms), 0, 8 },
	{ ARR_JITED_FUNC_LENS, INFO_OFF(jited_func_lens), INFO_OFF(nr_jited_func_lens), 0, 4 },
	{ ARR_FUNC_INFO, INFO_OFF(func_info), INFO_OFF(nr_func_info), INFO_OFF(func_info_rec_size),
	  0 },
	{ ARR_LINE_INFO, INFO_OFF(line_info), INFO_OFF(nr_line_info), INFO_OFF(line_info_rec_size),
	  0 },
	{ ARR_JITED_LINE_INFO, INFO_OFF(jited_line_info), INFO_OFF(nr_jited_line_info),
	  INFO_OFF(jited_line_info_rec_size), 0 },
	{ ARR_PROG_TAGS, INFO_OFF(prog_tags), INFO_OFF(nr_prog_tags), 0, BPF_TAG_SIZE },
};
#define NR_ARRS (sizeof(arrs) / sizeof(arrs[0]))

static size_t arr_size(const struct arr *a, const struct bpf_prog_info *in)
{
	size_t rec = a->rec ? bytes__u32(in, a->rec) : a->fixed;

	return (size_t)bytes__u32(in, a->count) * rec;
}

/* One program's entry; *btf_id gets its BTF's id. -ENOENT when it is gone. */
static int prog_info(uint32_t id, struct dbuf *b, uint32_t *btf_id)
{
	struct bpf_prog_info in = {}, full;
	uint32_t len = sizeof(in);
	size_t off[NR_ARRS], data_len = 0;
	uint64_t arrays = 0;
	char *data;
	int fd = bpf_prog_get_fd_by_id(id), err;

	if (fd < 0)
		return -errno;
	err = bpf_obj_get_info_by_fd(fd, &in, &len);
	if (err)
		goto out;
	/* second call: the arrays, counted by the first, into one data block */
	full = (struct bpf_prog_info){};
	for (size_t i = 0; i < NR_ARRS; i++) {
		const struct arr *a = &arrs[i];

		off[i] = data_len;
		bytes__set_u32(&full, a->count, bytes__u32(&in, a->count));
		if (a->rec)
			bytes__set_u32(&full, a->rec, bytes__u32(&in, a->rec));
		data_len += (arr_size(a, &in) + 7) / 8 * 8;
		if (bytes__u32(&in, a->count))
			arrays |= 1ULL << a->bit;
	}
	data = calloc(1, data_len ? data_len : 1);
	if (!data) {
		err = -ENOMEM;
		goto out;
	}
	for (size_t i = 0; i < NR_ARRS; i++)
		if (bytes__u32(&in, arrs[i].count))
			bytes__set_u64(&full, arrs[i].ptr, (uint64_t)(uintptr_t)(data + off[i]));
	len = sizeof(full);
	err = bpf_obj_get_info_by_fd(fd, &full, &len);
	if (!err) {
		/* in the file, array pointers are offsets into the data */
		for (size_t i = 0; i < NR_ARRS; i++)
			if (bytes__u32(&in, arrs[i].count))
				bytes__set_u64(&full, arrs[i].ptr, off[i]);
		dbuf__u32(b, sizeof(full));
		dbuf__u32(b, data_len);
		dbuf__u64(b, arrays);
		dbuf__put(b, &full, sizeof(full));
		dbuf__put(b, data, data_len);
		*btf_id = full.btf_id;
	}
	free(data);
out:
	close(fd);
	return err;
}

static int btf_entry(uint32_t id, struct dbuf *b)
{
	struct btf *btf = btf__load_from_kernel_by_id(id);
	const void *raw;
	uint32_t size;

	if (!btf)
		return -errno;
	raw = btf__raw_data(btf, &size);
	if (raw) {
		dbuf__u32(b, id);
		dbuf__u32(b, size);
		dbuf__put(b, raw, size);
	}
	btf__free(btf);
	return raw ? 0 : -ENOMEM;
}

static int bpf_features(struct wtrack *t, struct pdfeat_list *l)
{
	struct dbuf progs = {}, btfs = {};
	uint32_t nr_progs = 0, nr_btfs = 0, *seen = calloc(t->nr_progs + 1, sizeof(*seen));
	int err = 0;

	if (!seen)
		return -ENOMEM;
	dbuf__u32(&progs, 0);
	dbuf__u32(&btfs, 0);
	for (size_t i = 0; i < t->nr_progs; i++) {
		uint32_t btf = 0;
		bool dup = false;

		if (prog_info(t->progs[i], &progs, &btf)) {
			pr_debug("BPF program %u: gone at the close, no BPF_PROG_INFO",
				 t->progs[i]);
			continue;
		}
		nr_progs++;
		for (uint32_t j = 0; j < nr_btfs; j++)
			dup |= seen[j] == btf;
		if (btf && !dup && !btf_entry(btf, &btfs))
			seen[nr_btfs++] = btf;
	}
	free(seen);
	if (progs.err || btfs.err) {
		err = -ENOMEM;
	} else {
		memcpy(progs.p, &nr_progs, 4);
		memcpy(btfs.p, &nr_btfs, 4);
		if (nr_progs)
			err = pdfeat_list__add(l, PD_FEAT_BPF_PROG_INFO, &progs);
		if (!err && nr_btfs)
			err = pdfeat_list__add(l, PD_FEAT_BPF_BTF, &btfs);
	}
	dbuf__free(&progs);
	dbuf__free(&btfs);
	return err;
}

int wtrack__features(struct wtrack *t, struct pdfeat_list *l)
{
	int err = build_ids(t, l);

	return err ?: bpf_features(t, l);
}
