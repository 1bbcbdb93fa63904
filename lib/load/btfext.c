// SPDX-License-Identifier: GPL-2.0
/*
 * .BTF.ext (see btfext.h): a header {magic 0xeb9f, version 1, flags, hdr_len, then
 * offset and length of func_info, line_info and, when hdr_len holds them, CO-RE
 * relocations}, the offsets counted from the header's end. Each part is a record size,
 * then sections {name offset, count, count records}. libbpf 1.1 checks the layout but
 * takes what a record names as it is (a relocation's type id is looked up and used).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "load/btfext.h"
#include "util/bytes.h"

#define EXT_MAGIC 0xeb9f
#define EXT_MIN_HDR 24 /* up to line_info's length */
#define CORE_KIND_MAX 12 /* BPF_CORE_TYPE_MATCHES, the last kind there is */

struct ext {
	const uint8_t *p; /* after the header */
	uint64_t len;
	const struct btfcheck_info *btf;
	const struct btfext_sections *secs;
	char *why;
	size_t whysize;
};

/* A part: its name, its records' least size, and what one of them names. */
struct part {
	const char *name, *rec; /* of the part, of one record */
	uint32_t min_rec;
	int (*check)(struct ext *e, const char *sec, uint32_t k, const uint8_t *rec);
};

static int bad(struct ext *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static int bad(struct ext *e, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(e->why, e->whysize, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

static bool has_type(const struct ext *e, uint32_t id)
{
	return id <= e->btf->nr_types;
}

static bool has_string(const struct ext *e, uint32_t off)
{
	return off < e->btf->str_len;
}

static int func_info(struct ext *e, const char *sec, uint32_t k, const uint8_t *rec)
{
	uint32_t type = bytes__u32(rec, 4);

	if (!type || !has_type(e, type))
		return bad(e, "func_info %u of section '%s' names type %u, which does not exist", k,
			   sec, type);
	return 0;
}

static int line_info(struct ext *e, const char *sec, uint32_t k, const uint8_t *rec)
{
	if (!has_string(e, bytes__u32(rec, 4)) || !has_string(e, bytes__u32(rec, 8)))
		return bad(e, "line_info %u of section '%s' names a string past the BTF's", k, sec);
	return 0;
}

static int core_relo(struct ext *e, const char *sec, uint32_t k, const uint8_t *rec)
{
	uint32_t type = bytes__u32(rec, 4), kind = bytes__u32(rec, 12);

	if (!has_type(e, type))
		return bad(
			e,
			"CO-RE relocation %u of section '%s' names type %u, which does not exist",
			k, sec, type);
	if (!has_string(e, bytes__u32(rec, 8)))
		return bad(e, "CO-RE relocation %u of section '%s' names a string past the BTF's",
			   k, sec);
	if (kind > CORE_KIND_MAX)
		return bad(e, "CO-RE relocation %u of section '%s' is of unknown kind %u", k, sec,
			   kind);
	return 0;
}

static const struct part parts[] = {
	{ "func_info", "func_info", 8, func_info },
	{ "line_info", "line_info", 16, line_info },
	{ "CO-RE relocations", "CO-RE relocation", 16, core_relo },
};

/* One section of part: its name, the section it names, its count, its records. */
static int check_section(struct ext *e, const struct part *pt, uint64_t *off, uint64_t end,
			 uint32_t rec_size)
{
	uint32_t name, nr;
	const char *sec;
	int64_t sec_size;

	if (!bytes__inside(*off, 8, 0, end))
		return bad(e, "%s is cut short", pt->name);
	name = bytes__u32(e->p, *off);
	nr = bytes__u32(e->p, *off + 4);
	*off += 8;
	if (!has_string(e, name))
		return bad(e, "%s names section string %#x, past the BTF's %#x bytes", pt->name,
			   name, e->btf->str_len);
	sec = e->btf->strs + name;
	sec_size = e->secs->size_of(sec, e->secs->ctx);
	if (sec_size < 0)
		return bad(e, "%s names section '%s', which the object does not have", pt->name,
			   sec);
	if (!nr || !bytes__inside(*off, (uint64_t)nr * rec_size, 0, end))
		return bad(e, "%s of section '%s' holds %u records, which do not fit", pt->name,
			   sec, nr);
	for (uint32_t k = 0; k < nr; k++, *off += rec_size) {
		const uint8_t *rec = e->p + *off;
		uint32_t insn = bytes__u32(rec, 0);
		int err;

		if (insn % 8 || !bytes__inside(insn, 8, 0, (uint64_t)sec_size))
			return bad(e, "%s %u of section '%s' is at %#x, not an instruction of it",
				   pt->rec, k, sec, insn);
		err = pt->check(e, sec, k, rec);
		if (err)
			return err;
	}
	return 0;
}

static int check_part(struct ext *e, const struct part *pt, uint32_t off, uint32_t len)
{
	uint64_t at = off, end = (uint64_t)off + len;
	uint32_t rec_size;
	int err = 0;

	if (!len)
		return 0;
	if (off % 4 || !bytes__inside(off, len, 0, e->len))
		return bad(e, "its %s is outside it", pt->name);
	if (len < 4)
		return bad(e, "%s is cut short", pt->name);
	rec_size = bytes__u32(e->p, at);
	if (rec_size < pt->min_rec || rec_size % 4)
		return bad(e, "%s records are of %u bytes", pt->name, rec_size);
	for (at += 4; at < end && !err;)
		err = check_section(e, pt, &at, end, rec_size);
	return err;
}

int btfext__validate(const void *data, size_t size, const struct btfcheck_info *btf,
		     const struct btfext_sections *secs, char *why, size_t whysize)
{
	struct ext e = { .btf = btf, .secs = secs, .why = why, .whysize = whysize };
	const uint8_t *p = data;
	uint32_t hdr_len;
	uint16_t magic;
	int err = 0;

	if (size < 8)
		return bad(&e, "its header is cut short");
	hdr_len = bytes__u32(p, 4);
	memcpy(&magic, p, sizeof(magic));
	if (magic != EXT_MAGIC || p[2] != 1 || p[3])
		return bad(&e, "its magic, version or flags are not BTF.ext's");
	if (hdr_len < EXT_MIN_HDR || hdr_len > size)
		return bad(&e, "its header is of %u bytes", hdr_len);
	e.p = p + hdr_len;
	e.len = size - hdr_len;
	for (size_t i = 0; i < 3 && !err; i++) {
		size_t at = 8 + i * 8;

		if (at + 8 <= hdr_len)
			err = check_part(&e, &parts[i], bytes__u32(p, at), bytes__u32(p, at + 4));
	}
	return err;
}
