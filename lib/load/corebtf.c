// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's BTF cut down to an object's CO-RE relocations (load/corebtf.h). A relocation
 * names a local type and an access string ("0:2:1": the root as an array, then member or
 * element indices of the local types); libbpf finds the target types by name and kind and
 * the target members by name, looking through anonymous members. The cut keeps what that
 * search goes through, so libbpf finds in it what it would find in the whole BTF.
 */
#include <elf.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <linux/btf.h>
#include <bpf/btf.h>

#include "compile/vmlinuxh.h"
#include "load/corebtf.h"
#include "util/hash.h"
#include "util/log.h"

#define ACCESS_MAX 64 /* steps in one access string */
#define CHAIN_MAX 32 /* typedefs and modifiers in a row */

/* .BTF.ext's header, as far as the CO-RE relocations */
struct ext_header {
	uint16_t magic;
	uint8_t version;
	uint8_t flags;
	uint32_t hdr_len;
	uint32_t func_info_off, func_info_len;
	uint32_t line_info_off, line_info_len;
	uint32_t core_relo_off, core_relo_len;
};

struct cut {
	const struct btf *local, *target;
	uint32_t nr; /* the target's type ids */
	bool *root; /* the types relocations start from */
	uint64_t **used; /* a composite's members gone through (bitmap), or NULL */
	uint32_t *new_id; /* target id -> id in out, 0 while not added */
	struct btf *out;
};

static uint32_t skip_mods(const struct btf *btf, uint32_t id)
{
	for (int i = 0; i < CHAIN_MAX; i++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (!t || !(btf_is_mod(t) || btf_is_typedef(t)))
			return id;
		id = t->type;
	}
	return id;
}

static int use_member(struct cut *c, uint32_t id, uint32_t idx)
{
	const struct btf_type *t = btf__type_by_id(c->target, id);

	if (!c->used[id]) {
		c->used[id] = calloc(btf_vlen(t) / 64 + 1, sizeof(uint64_t));
		if (!c->used[id])
			return -ENOMEM;
	}
	c->used[id][idx / 64] |= 1ULL << (idx % 64);
	return 1;
}

static bool member_used(const struct cut *c, uint32_t id, uint32_t idx)
{
	return c->used[id] && (c->used[id][idx / 64] >> (idx % 64) & 1);
}

/*
 * Member name of the composite id, looked for through its anonymous members, each of those
 * marked used on the way: 1 and its type into *type, 0 when there is none, or -errno.
 */
static int find_member(struct cut *c, uint32_t id, const char *name, uint32_t *type, int depth)
{
	const struct btf_type *t = btf__type_by_id(c->target, id);
	const struct btf_member *m = btf_members(t);
	int found;

	for (uint32_t i = 0; i < btf_vlen(t); i++, m++) {
		const char *mname = btf__name_by_offset(c->target, m->name_off);
		uint32_t mt = skip_mods(c->target, m->type);

		if (mname && *mname) {
			if (strcmp(mname, name))
				continue;
			*type = m->type;
			return use_member(c, id, i);
		}
		if (depth >= CHAIN_MAX || !btf_is_composite(btf__type_by_id(c->target, mt)))
			continue;
		found = find_member(c, mt, name, type, depth + 1);
		if (found)
			return found < 0 ? found : use_member(c, id, i);
	}
	return 0;
}

/* The access steps after the root, on the local type lid and the target type tid. */
static int walk_fields(struct cut *c, uint32_t lid, uint32_t tid, const uint32_t *acc, int n)
{
	for (int i = 1; i < n; i++) {
		const struct btf_type *lt, *tt;
		const struct btf_member *m;
		const char *name;
		int found;

		lid = skip_mods(c->local, lid);
		tid = skip_mods(c->target, tid);
		lt = btf__type_by_id(c->local, lid);
		tt = btf__type_by_id(c->target, tid);
		if (!lt || !tt)
			return -EINVAL;
		if (btf_is_array(lt)) {
			if (!btf_is_array(tt))
				return 0; /* libbpf finds no such field either */
			lid = btf_array(lt)->type;
			tid = btf_array(tt)->type;
			continue;
		}
		if (!btf_is_composite(lt) || acc[i] >= btf_vlen(lt))
			return -EINVAL;
		m = btf_members(lt) + acc[i];
		name = btf__name_by_offset(c->local, m->name_off);
		lid = m->type;
		if (!name || !*name)
			continue; /* an anonymous member: the next name is looked for through it */
		if (!btf_is_composite(tt))
			return 0;
		found = find_member(c, tid, name, &tid, 0);
		if (found <= 0)
			return found;
	}
	return 0;
}

static bool kinds_match(const struct btf_type *a, const struct btf_type *b)
{
	return btf_kind(a) == btf_kind(b) ||
	       ((btf_is_enum(a) || btf_is_enum64(a)) && (btf_is_enum(b) || btf_is_enum64(b)));
}

/* "0:2:1" into acc; the number of steps, or -EINVAL. */
static int parse_access(const char *s, uint32_t *acc)
{
	int n = 0;
	char *end;

	while (s && *s && n < ACCESS_MAX) {
		acc[n++] = strtoul(s, &end, 10);
		if (end == s || (*end && *end != ':'))
			return -EINVAL;
		s = *end ? end + 1 : end;
	}
	return n && !(s && *s) ? n : -EINVAL;
}

/* The name without a "___flavor" ending, into buf */
static void essential_name(const char *name, char *buf, size_t size)
{
	const char *flavor = strstr(name, "___");
	size_t len = flavor ? (size_t)(flavor - name) : strlen(name);

	snprintf(buf, size, "%.*s", (int)(len < size ? len : size - 1), name);
}

/* Mark what relocation r goes through in every target type it may start from. */
static int walk(struct cut *c, const struct bpf_core_relo *r)
{
	const struct btf_type *lt = btf__type_by_id(c->local, r->type_id);
	const char *name = lt ? btf__name_by_offset(c->local, lt->name_off) : NULL;
	uint32_t acc[ACCESS_MAX];
	char want[128];
	int n = 0, err = 0;

	if (r->kind == BPF_CORE_TYPE_ID_LOCAL)
		return 0;
	if (r->kind == BPF_CORE_TYPE_MATCHES || !name || !*name)
		return -EOPNOTSUPP;
	if (r->kind <= BPF_CORE_FIELD_RSHIFT_U64) {
		n = parse_access(btf__name_by_offset(c->local, r->access_str_off), acc);
		if (n < 0)
			return n;
	}
	essential_name(name, want, sizeof(want));
	for (uint32_t id = 1; id < c->nr && !err; id++) {
		const struct btf_type *tt = btf__type_by_id(c->target, id);
		const char *tname = btf__name_by_offset(c->target, tt->name_off);

		if (!kinds_match(lt, tt) || !tname || strcmp(tname, want))
			continue;
		c->root[id] = true;
		err = walk_fields(c, r->type_id, id, acc, n);
	}
	return err;
}

static int emit(struct cut *c, uint32_t id);

static int emit_enum(struct cut *c, const struct btf_type *t, const char *name)
{
	int id, err = 0;

	if (btf_is_enum(t)) {
		const struct btf_enum *e = btf_enum(t);

		id = btf__add_enum(c->out, name, t->size);
		for (uint32_t i = 0; id > 0 && !err && i < btf_vlen(t); i++, e++)
			err = btf__add_enum_value(
				c->out, btf__name_by_offset(c->target, e->name_off), e->val);
	} else {
		const struct btf_enum64 *e = btf_enum64(t);

		id = btf__add_enum64(c->out, name, t->size, btf_kflag(t));
		for (uint32_t i = 0; id > 0 && !err && i < btf_vlen(t); i++, e++)
			err = btf__add_enum64_value(c->out,
						    btf__name_by_offset(c->target, e->name_off),
						    btf_enum64_value(e));
	}
	return err ? err : id;
}

static int add_field(struct cut *c, const struct btf_type *t, uint32_t i, int type)
{
	const char *name = btf__name_by_offset(c->target, btf_members(t)[i].name_off);

	return btf__add_field(c->out, name, type, btf_member_bit_offset(t, i),
			      btf_member_bitfield_size(t, i));
}

/* A struct or union with the members gone through only, each at its own offset. */
static int emit_composite(struct cut *c, uint32_t tid, const struct btf_type *t, const char *name)
{
	uint32_t vlen = btf_vlen(t);
	int *types = calloc(vlen + 1, sizeof(*types)), id = 0;

	if (!types)
		return -ENOMEM;
	for (uint32_t i = 0; i < vlen && id >= 0; i++)
		if (member_used(c, tid, i))
			id = types[i] = emit(c, btf_members(t)[i].type);
	if (id >= 0 && btf_is_struct(t))
		id = btf__add_struct(c->out, name, t->size);
	else if (id >= 0)
		id = btf__add_union(c->out, name, t->size);
	for (uint32_t i = 0; i < vlen && id > 0; i++)
		if (member_used(c, tid, i) && add_field(c, t, i, types[i]))
			id = -EINVAL;
	free(types);
	return id;
}

/* Target type id added to the cut (typedefs and modifiers left out): its id there. */
static int emit(struct cut *c, uint32_t id)
{
	const struct btf_type *t;
	const char *name;
	int nid;

	id = skip_mods(c->target, id);
	if (!id)
		return 0;
	if (id >= c->nr)
		return -EINVAL;
	if (c->new_id[id])
		return c->new_id[id];
	t = btf__type_by_id(c->target, id);
	name = btf__name_by_offset(c->target, t->name_off);
	if (name && !*name)
		name = NULL;
	if (btf_is_int(t))
		nid = btf__add_int(c->out, name, t->size, btf_int_encoding(t));
	else if (btf_is_ptr(t)) /* relocations never go through a pointer: void * does */
		nid = btf__add_ptr(c->out, 0);
	else if (btf_is_array(t))
		nid = emit(c, btf_array(t)->type);
	else if (btf_is_composite(t))
		nid = emit_composite(c, id, t, name);
	else if (btf_is_enum(t) || btf_is_enum64(t))
		nid = emit_enum(c, t, name);
	else if (btf_is_float(t))
		nid = btf__add_float(c->out, name, t->size);
	else if (btf_is_fwd(t))
		nid = btf__add_fwd(c->out, name, btf_kflag(t) ? BTF_FWD_UNION : BTF_FWD_STRUCT);
	else
		nid = -EOPNOTSUPP;
	if (nid > 0 && btf_is_array(t)) {
		int index = emit(c, btf_array(t)->index_type);

		nid = index < 0 ? index : btf__add_array(c->out, index, nid, btf_array(t)->nelems);
	}
	if (nid > 0)
		c->new_id[id] = nid;
	return nid;
}

/* Each CO-RE relocation of the .BTF.ext bytes to fn; -EINVAL when they are cut short. */
static int each_relo(struct cut *c, const uint8_t *ext, size_t size)
{
	struct ext_header h = { 0 };
	struct bpf_core_relo r;
	uint64_t at, end;
	uint32_t rec, sec[2];
	int err = 0;

	if (size < offsetof(struct ext_header, core_relo_off))
		return -EINVAL;
	memcpy(&h, ext, size < sizeof(h) ? size : sizeof(h));
	if (h.magic != BTF_MAGIC || h.hdr_len > size)
		return -EINVAL;
	if (h.hdr_len < sizeof(h) || !h.core_relo_len)
		return 0; /* no relocation */
	at = (uint64_t)h.hdr_len + h.core_relo_off;
	end = at + h.core_relo_len;
	if (end > size || h.core_relo_len < sizeof(rec))
		return -EINVAL;
	memcpy(&rec, ext + at, sizeof(rec));
	if (rec < sizeof(r))
		return -EINVAL;
	for (at += sizeof(rec); !err && at + sizeof(sec) <= end;) {
		memcpy(sec, ext + at, sizeof(sec));
		at += sizeof(sec);
		if ((uint64_t)sec[1] * rec > end - at)
			return -EINVAL;
		for (uint32_t i = 0; !err && i < sec[1]; i++, at += rec) {
			memcpy(&r, ext + at, sizeof(r));
			err = walk(c, &r);
		}
	}
	return err;
}

static void cut_free(struct cut *c)
{
	for (uint32_t i = 0; c->used && i < c->nr; i++)
		free(c->used[i]);
	free(c->used);
	free(c->root);
	free(c->new_id);
}

struct btf *corebtf__cut(const struct btf *local, const void *btf_ext, size_t ext_size,
			 const struct btf *target)
{
	struct cut c = { .local = local, .target = target, .nr = btf__type_cnt(target) };
	int err = -ENOMEM;

	c.root = calloc(c.nr, sizeof(*c.root));
	c.used = calloc(c.nr, sizeof(*c.used));
	c.new_id = calloc(c.nr, sizeof(*c.new_id));
	c.out = btf__new_empty();
	if (c.root && c.used && c.new_id && c.out)
		err = each_relo(&c, btf_ext, ext_size);
	for (uint32_t id = 1; !err && id < c.nr; id++)
		if (c.root[id]) {
			int nid = emit(&c, id);

			err = nid < 0 ? nid : 0;
		}
	cut_free(&c);
	if (err) {
		btf__free(c.out);
		errno = -err;
		return NULL;
	}
	return c.out;
}

/* The bytes of the section named name in the ELF object elf, or NULL. */
static const void *elf_section(const void *elf, size_t size, const char *name, size_t *len)
{
	const uint8_t *b = elf;
	Elf64_Ehdr eh;
	Elf64_Shdr sh, strs;

	if (size < sizeof(eh))
		return NULL;
	memcpy(&eh, b, sizeof(eh));
	if (memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_shentsize != sizeof(sh) || eh.e_shoff > size ||
	    (uint64_t)eh.e_shnum * sizeof(sh) > size - eh.e_shoff || eh.e_shstrndx >= eh.e_shnum)
		return NULL;
	memcpy(&strs, b + eh.e_shoff + eh.e_shstrndx * sizeof(sh), sizeof(strs));
	if (strs.sh_offset > size || strs.sh_size > size - strs.sh_offset)
		return NULL;
	for (uint32_t i = 0; i < eh.e_shnum; i++) {
		const char *s;

		memcpy(&sh, b + eh.e_shoff + i * sizeof(sh), sizeof(sh));
		if (sh.sh_name >= strs.sh_size)
			continue;
		s = (const char *)b + strs.sh_offset + sh.sh_name;
		if (!memchr(s, 0, strs.sh_size - sh.sh_name) || strcmp(s, name) ||
		    sh.sh_offset > size || sh.sh_size > size - sh.sh_offset)
			continue;
		*len = sh.sh_size;
		return b + sh.sh_offset;
	}
	return NULL;
}

/* The cut BTF of the running kernel for the object, written to the cache as name. */
static int make(struct cache *c, const void *elf, size_t size, const char *name)
{
	size_t btf_len = 0, ext_len = 0;
	const void *btf_sec = elf_section(elf, size, ".BTF", &btf_len);
	const void *ext = elf_section(elf, size, ".BTF.ext", &ext_len);
	struct btf *local = NULL, *kernel = NULL, *cut = NULL;
	const void *raw;
	uint32_t raw_size;
	int err = -EINVAL;

	if (btf_sec && ext)
		local = btf__new(btf_sec, btf_len);
	if (local)
		kernel = btf__load_vmlinux_btf();
	if (kernel)
		cut = corebtf__cut(local, ext, ext_len, kernel);
	err = cut ? 0 : -errno ?: -EINVAL;
	raw = cut ? btf__raw_data(cut, &raw_size) : NULL;
	if (raw)
		err = cache__write(c, name, raw, raw_size);
	pr_debug("CO-RE types for the kernel: %s (%s)", name, err ? strerror(-err) : "made");
	btf__free(cut);
	btf__free(kernel);
	btf__free(local);
	return err;
}

/* An entry libbpf will read: BTF with types (not one that was damaged since) */
static bool usable(const char *path)
{
	struct btf *btf = btf__parse(path, NULL);
	bool ok = btf && btf__type_cnt(btf) > 1;

	btf__free(btf);
	return ok;
}

int corebtf__path(struct cache *c, const void *elf, size_t size, char *path, size_t psize)
{
	char btf_id[HASH_HEX_SIZE], obj[HASH_HEX_SIZE], name[64];
	struct hash *h = hash__new();
	int err = h ? 0 : -ENOMEM;

	if (!err) {
		hash__bytes(h, elf, size);
		err = hash__final(h, obj);
	}
	hash__free(h);
	if (!err)
		err = vmlinuxh__btf_id(c, VMLINUXH_BTF_PATH, btf_id);
	if (err)
		return err;
	snprintf(name, sizeof(name), "corebtf-%.16s-%.16s", btf_id, obj);
	err = cache__check(c, name) ?: cache__path(c, name, path, psize);
	if (!err && !usable(path))
		err = -ENOENT;
	if (err == -ENOENT)
		err = make(c, elf, size, name) ?: cache__path(c, name, path, psize);
	return err;
}
