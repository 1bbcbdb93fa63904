// SPDX-License-Identifier: GPL-2.0
/*
 * vmlinux-cut: the C definitions of the kernel types perf-bpf's own BPF programs use, cut
 * from a kernel's BTF, for the bpf/vmlinux.h kept in the tree (`make vmlinux-cut`).
 *
 *   vmlinux-cut VMLINUX_BTF NAMES OBJ...
 *
 * The types used are the named ones in each OBJ's BTF (the programs compiled against the
 * whole vmlinux.h: their maps, functions and CO-RE relocations, a member access's every
 * step) and those NAMES lists, one a line ("struct file", or a bare word: a typedef or an
 * enum's constant), which the sources name where no BTF keeps them (locals, casts, sizeof).
 * Each is dumped with what its definition needs; a struct it only points to is declared
 * alone. The order is by name, so a header from the same BTF is the same bytes.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

struct names {
	char **v;
	size_t n, cap;
};

static int names_add(struct names *s, const char *name)
{
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 256;
		char **v = realloc(s->v, cap * sizeof(*v));

		if (!v)
			return -ENOMEM;
		s->v = v;
		s->cap = cap;
	}
	s->v[s->n] = strdup(name);
	return s->v[s->n++] ? 0 : -ENOMEM;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool names_has(const struct names *s, const char *name)
{
	return bsearch(&name, s->v, s->n, sizeof(*s->v), cmp_str);
}

/* "struct X", "union X", "enum X" or a bare word, the key a type is looked up by. */
static const char *type_key(const struct btf *btf, const struct btf_type *t, char *buf, size_t size)
{
	const char *name = btf__name_by_offset(btf, t->name_off);
	const char *tag;

	if (!name || !*name)
		return NULL;
	if (btf_is_struct(t))
		tag = "struct ";
	else if (btf_is_union(t))
		tag = "union ";
	else if (btf_is_enum(t) || btf_is_enum64(t))
		tag = "enum ";
	else if (btf_is_typedef(t))
		tag = "";
	else
		return NULL;
	snprintf(buf, size, "%s%s", tag, name);
	return buf;
}

/* Does the enum @t have a constant in @words? (Anonymous enums hold most constants.) */
static bool enum_has_word(const struct btf *btf, const struct btf_type *t,
			  const struct names *words)
{
	int n = btf_vlen(t);

	for (int i = 0; i < n; i++) {
		__u32 off = btf_is_enum(t) ? btf_enum(t)[i].name_off : btf_enum64(t)[i].name_off;

		if (names_has(words, btf__name_by_offset(btf, off)))
			return true;
	}
	return false;
}

static int read_names(const char *path, struct names *out)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int err = 0;

	if (!f)
		return -errno;
	while (!err && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (*line)
			err = names_add(out, line);
	}
	fclose(f);
	return err;
}

/* The named types of each object's BTF, as keys. */
static int read_objects(char **paths, int n, struct names *out)
{
	char key[512];

	for (int i = 0; i < n; i++) {
		struct btf *btf = btf__parse(paths[i], NULL);
		int err;

		if (!btf) {
			fprintf(stderr, "ERROR: no BTF in '%s': %s\n", paths[i], strerror(errno));
			return -errno;
		}
		for (__u32 id = 1; id < btf__type_cnt(btf); id++) {
			const char *k = type_key(btf, btf__type_by_id(btf, id), key, sizeof(key));

			err = k ? names_add(out, k) : 0;
			if (err)
				return err;
		}
		btf__free(btf);
	}
	return 0;
}

struct root {
	const char *key;
	__u32 id;
};

static int cmp_root(const void *a, const void *b)
{
	const struct root *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->id > y->id) - (x->id < y->id);
}

static void print_out(void *ctx, const char *fmt, va_list args)
{
	vfprintf(ctx, fmt, args);
}

static int dump_roots(const struct btf *vml, const struct names *wanted)
{
	__u32 cnt = btf__type_cnt(vml);
	struct root *roots = calloc(cnt, sizeof(*roots));
	struct btf_dump *d = btf_dump__new(vml, print_out, stdout, NULL);
	size_t n = 0;
	char key[512];
	int err = 0;

	if (!roots || !d)
		return -ENOMEM;
	for (__u32 id = 1; id < cnt; id++) {
		const struct btf_type *t = btf__type_by_id(vml, id);
		const char *k = type_key(vml, t, key, sizeof(key));
		bool is_enum = btf_is_enum(t) || btf_is_enum64(t);

		if ((k && names_has(wanted, k)) || (is_enum && enum_has_word(vml, t, wanted)))
			roots[n++] = (struct root){ k ? strdup(k) : "", id };
	}
	qsort(roots, n, sizeof(*roots), cmp_root);
	printf("/* SPDX-License-Identifier: GPL-2.0 */\n"
	       "/* The kernel types bpf/NAME.bpf.c use, `make vmlinux-cut` writes this file. */\n"
	       "#ifndef __VMLINUX_H__\n#define __VMLINUX_H__\n\n"
	       "#ifndef BPF_NO_PRESERVE_ACCESS_INDEX\n"
	       "#pragma clang attribute push(__attribute__((preserve_access_index)), "
	       "apply_to = record)\n#endif\n\n");
	for (size_t i = 0; i < n && !err; i++)
		err = btf_dump__dump_type(d, roots[i].id);
	printf("\n#ifndef BPF_NO_PRESERVE_ACCESS_INDEX\n#pragma clang attribute pop\n#endif\n\n"
	       "#endif /* __VMLINUX_H__ */\n");
	btf_dump__free(d);
	return err;
}

int main(int argc, char **argv)
{
	struct names wanted = { 0 };
	struct btf *vml;
	int err;

	if (argc < 3) {
		fprintf(stderr, "usage: %s VMLINUX_BTF NAMES [OBJ...]\n", argv[0]);
		return 129;
	}
	vml = btf__parse(argv[1], NULL);
	if (!vml) {
		fprintf(stderr, "ERROR: no BTF in '%s': %s\n", argv[1], strerror(errno));
		return 1;
	}
	err = read_names(argv[2], &wanted);
	if (err)
		fprintf(stderr, "ERROR: cannot read '%s': %s\n", argv[2], strerror(-err));
	if (!err)
		err = read_objects(argv + 3, argc - 3, &wanted);
	if (err)
		return 1;
	qsort(wanted.v, wanted.n, sizeof(*wanted.v), cmp_str);
	err = dump_roots(vml, &wanted);
	if (err)
		fprintf(stderr, "ERROR: dumping the types failed: %s\n", strerror(-err));
	return err ? 1 : fflush(stdout) != 0;
}
