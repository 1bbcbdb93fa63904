// SPDX-License-Identifier: GPL-2.0
/*
 * legacy: perf-era objects (struct bpf_map_def SEC("maps")) compiled here from
 * tests/fixtures/legacy/ with clang become objects libbpf 1.x opens, with the
 * right maps, and that load, attach and run on this kernel (root).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "load/legacy.h"
#include "util/errmsg.h"
#include "util/log.h"

struct obj {
	char path[PATH_MAX];
	void *buf;
	size_t size;
	void *conv;
	size_t conv_size;
};

struct want {
	const char *name;
	unsigned int type, key_size, value_size, max_entries, map_flags;
};

static char dir[] = "/tmp/test-legacy.XXXXXX";
static bool have_clang;
static int handler_id = -1;

static const char *top(void)
{
	const char *t = getenv("TOP");

	return t && *t ? t : ".";
}

/* Runs argv; its stdout goes to /dev/null, its stderr to ours. */
static int run(char *const argv[])
{
	int status, fd;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (!pid) {
		fd = open("/dev/null", O_WRONLY);
		if (fd >= 0)
			dup2(fd, 1);
		execvp(argv[0], argv);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return -1;
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : -1;
}

static int read_file(const char *path, void **buf, size_t *size)
{
	struct stat st;
	ssize_t n;
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !(*buf = malloc(st.st_size ? st.st_size : 1))) {
		close(fd);
		return -EIO;
	}
	n = read(fd, *buf, st.st_size);
	close(fd);
	*size = st.st_size;
	return n == st.st_size ? 0 : -EIO;
}

static int write_file(const char *path, const void *buf, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, buf, size);
	close(fd);
	return n == (ssize_t)size ? 0 : -EIO;
}

/* Compiles tests/fixtures/legacy/NAME.c into o; skips the test without clang. */
static void compile_for(const char *target, const char *name, bool debug, struct obj *o)
{
	char src[PATH_MAX], inc[128];
	struct utsname u;
	char *argv[16];
	int n = 0;

	if (!have_clang)
		skip();
	memset(o, 0, sizeof(*o));
	uname(&u);
	snprintf(inc, sizeof(inc), "/usr/include/%s-linux-gnu", u.machine);
	snprintf(src, sizeof(src), "%s/tests/fixtures/legacy/%s.c", top(), name);
	snprintf(o->path, sizeof(o->path), "%s/%s-%s%s.o", dir, name, target, debug ? "-g" : "");
	argv[n++] = "clang";
	argv[n++] = "-target";
	argv[n++] = (char *)target;
	argv[n++] = "-O2";
	if (debug)
		argv[n++] = "-g";
	argv[n++] = "-I";
	argv[n++] = inc;
	argv[n++] = "-c";
	argv[n++] = src;
	argv[n++] = "-o";
	argv[n++] = o->path;
	argv[n] = NULL;
	assert_int_equal(run(argv), 0);
	assert_int_equal(read_file(o->path, &o->buf, &o->size), 0);
}

/* A precompiled seed object, for the tests that need no clang. */
static void seed(const char *name, struct obj *o)
{
	char path[PATH_MAX];

	memset(o, 0, sizeof(*o));
	snprintf(path, sizeof(path), "%s/tests/fuzz/corpus/legacy/%s.o", top(), name);
	assert_int_equal(read_file(path, &o->buf, &o->size), 0);
}

static void compile(const char *name, bool debug, struct obj *o)
{
	compile_for("bpf", name, debug, o);
}

static void convert_fixture(const char *name, bool debug, struct obj *o)
{
	compile(name, debug, o);
	assert_int_equal(legacy__convert("t.o", o->buf, o->size, &o->conv, &o->conv_size), 0);
	assert_non_null(o->conv);
	assert_true(o->conv_size > 0);
}

static void obj_free(struct obj *o)
{
	free(o->buf);
	free(o->conv);
}

static struct bpf_object *open_conv(struct obj *o)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = "legacy");
	struct bpf_object *obj = bpf_object__open_mem(o->conv, o->conv_size, &opts);
	struct bpf_program *prog;

	assert_non_null(obj);
	bpf_object__for_each_program(prog, obj)
		bpf_program__set_type(prog, BPF_PROG_TYPE_TRACEPOINT);
	return obj;
}

static void check_maps(struct bpf_object *obj, const struct want *w, int n)
{
	for (int i = 0; i < n; i++) {
		struct bpf_map *m = bpf_object__find_map_by_name(obj, w[i].name);

		assert_non_null(m);
		assert_int_equal(bpf_map__type(m), w[i].type);
		assert_int_equal(bpf_map__key_size(m), w[i].key_size);
		assert_int_equal(bpf_map__value_size(m), w[i].value_size);
		assert_int_equal(bpf_map__max_entries(m), w[i].max_entries);
		assert_int_equal(bpf_map__map_flags(m), w[i].map_flags);
	}
}

/* What the kernel made of the maps, and whether BTF line info reached it. */
static void check_loaded(struct bpf_object *obj, const struct want *w, int n, bool debug)
{
	struct bpf_prog_info pinfo = { 0 };
	__u32 len = sizeof(pinfo);
	struct bpf_program *prog;

	for (int i = 0; i < n; i++) {
		struct bpf_map *m = bpf_object__find_map_by_name(obj, w[i].name);
		struct bpf_map_info info = { 0 };
		__u32 ilen = sizeof(info);

		assert_int_equal(bpf_obj_get_info_by_fd(bpf_map__fd(m), &info, &ilen), 0);
		assert_int_equal(info.type, w[i].type);
		assert_int_equal(info.key_size, w[i].key_size);
		assert_int_equal(info.value_size, w[i].value_size);
		assert_int_equal(info.max_entries, w[i].max_entries);
		assert_int_equal(info.map_flags, w[i].map_flags);
	}
	prog = bpf_object__next_program(obj, NULL);
	assert_non_null(prog);
	assert_int_equal(bpf_obj_get_info_by_fd(bpf_program__fd(prog), &pinfo, &len), 0);
	if (debug) {
		assert_true(pinfo.btf_id > 0);
		assert_true(pinfo.nr_line_info > 0);
		assert_true(pinfo.nr_func_info > 0);
	}
}

static void convert_open_load(const char *name, bool debug, const struct want *w, int n)
{
	struct bpf_object *obj;
	struct obj o;

	convert_fixture(name, debug, &o);
	obj = open_conv(&o);
	check_maps(obj, w, n);
	assert_int_equal(bpf_object__load(obj), 0);
	check_loaded(obj, w, n, debug);
	bpf_object__close(obj);
	obj_free(&o);
}

static const struct want def16[] = {
	{ "__bpf_stdout__", BPF_MAP_TYPE_PERF_EVENT_ARRAY, 4, 4, 64, 0 },
	{ "channel", BPF_MAP_TYPE_ARRAY, 4, 4, 1, 0 },
};

static const struct want def20[] = {
	{ "pids", BPF_MAP_TYPE_HASH, 4, 8, 128, BPF_F_NO_PREALLOC },
	{ "counts", BPF_MAP_TYPE_ARRAY, 4, 8, 4, 0 },
	{ "events", BPF_MAP_TYPE_PERF_EVENT_ARRAY, 4, 4, 64, 0 },
};

static const struct want def28[] = {
	{ "inner", BPF_MAP_TYPE_ARRAY, 4, 4, 8, 0 },
	{ "outer", BPF_MAP_TYPE_ARRAY_OF_MAPS, 4, 4, 2, 0 },
	{ "near", BPF_MAP_TYPE_HASH, 4, 8, 16, BPF_F_NUMA_NODE },
};

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static void test_legacy__convert_def16(void **state)
{
	convert_open_load("def16", false, def16, N(def16));
}

static void test_legacy__convert_def16_btf(void **state)
{
	convert_open_load("def16", true, def16, N(def16));
}

static void test_legacy__convert_def20(void **state)
{
	convert_open_load("def20", false, def20, N(def20));
}

static void test_legacy__convert_def20_btf(void **state)
{
	convert_open_load("def20", true, def20, N(def20));
}

static void test_legacy__convert_def28(void **state)
{
	convert_open_load("def28", false, def28, N(def28));
}

static void test_legacy__convert_def28_btf(void **state)
{
	convert_open_load("def28", true, def28, N(def28));
}

/* inner_map_idx gave 'outer' a template: only a compatible map goes in. */
static void test_legacy__convert_map_in_map(void **state)
{
	struct bpf_map *outer, *inner, *near;
	struct bpf_object *obj;
	int key = 0, fd;
	struct obj o;

	convert_fixture("def28", false, &o);
	obj = open_conv(&o);
	assert_int_equal(bpf_object__load(obj), 0);
	outer = bpf_object__find_map_by_name(obj, "outer");
	inner = bpf_object__find_map_by_name(obj, "inner");
	near = bpf_object__find_map_by_name(obj, "near");
	assert_int_equal(bpf_map__numa_node(near), 0);
	fd = bpf_map__fd(inner);
	assert_int_equal(bpf_map_update_elem(bpf_map__fd(outer), &key, &fd, BPF_ANY), 0);
	fd = bpf_map__fd(near);
	assert_int_not_equal(bpf_map_update_elem(bpf_map__fd(outer), &key, &fd, BPF_ANY), 0);
	bpf_object__close(obj);
	obj_free(&o);
}

static void test_legacy__convert_no_maps(void **state)
{
	void *out = (void *)1;
	size_t size = 1;
	struct obj o;

	for (int debug = 0; debug < 2; debug++) {
		compile("nomaps", debug, &o);
		assert_int_equal(legacy__convert("t.o", o.buf, o.size, &out, &size), 0);
		assert_null(out);
		assert_int_equal(size, 0);
		obj_free(&o);
	}
}

static struct btf *parse_btf(const char *path, const void *buf, size_t size)
{
	struct btf *btf;

	if (buf)
		assert_int_equal(write_file(path, buf, size), 0);
	btf = btf__parse_elf(path, NULL);
	assert_non_null(btf);
	return btf;
}

/* A ".maps" DATASEC with one VAR per map, each a struct of __uint()-style members. */
static void check_datasec(const struct btf *btf, const struct want *w, int n)
{
	static const char *const members[] = { "type", "key_size", "value_size", "max_entries",
					       "map_flags" };
	int id = btf__find_by_name_kind(btf, ".maps", BTF_KIND_DATASEC);
	const struct btf_var_secinfo *vsi;
	const struct btf_type *ds;

	assert_true(id > 0);
	assert_true(btf__find_by_name_kind(btf, "maps", BTF_KIND_DATASEC) < 0);
	ds = btf__type_by_id(btf, id);
	assert_int_equal(btf_vlen(ds), n);
	vsi = btf_var_secinfos(ds);
	for (int i = 0; i < n; i++) {
		const struct btf_type *var = btf__type_by_id(btf, vsi[i].type);
		const struct btf_type *def = btf__type_by_id(btf, var->type);
		const struct btf_member *m = btf_members(def);
		const struct btf_type *arr;

		assert_true(btf_is_var(var));
		assert_string_equal(btf__name_by_offset(btf, var->name_off), w[i].name);
		assert_int_equal(btf_var(var)->linkage, BTF_VAR_GLOBAL_ALLOCATED);
		assert_true(btf_is_struct(def));
		assert_true(btf_vlen(def) >= 5);
		for (int j = 0; j < 5; j++)
			assert_string_equal(btf__name_by_offset(btf, m[j].name_off), members[j]);
		arr = btf__type_by_id(btf, btf__type_by_id(btf, m[0].type)->type);
		assert_true(btf_is_array(arr));
		assert_int_equal(btf_array(arr)->nelems, w[i].type);
		arr = btf__type_by_id(btf, btf__type_by_id(btf, m[3].type)->type);
		assert_int_equal(btf_array(arr)->nelems, w[i].max_entries);
	}
}

/* The object's own types keep their ids and names; new ones come after. */
static void test_legacy__convert_keeps_btf(void **state)
{
	struct btf *before, *after;
	char path[PATH_MAX];
	struct obj o;
	__u32 i, n;

	convert_fixture("def16", true, &o);
	snprintf(path, sizeof(path), "%s/def16-g.conv.o", dir);
	before = parse_btf(o.path, NULL, 0);
	after = parse_btf(path, o.conv, o.conv_size);
	n = btf__type_cnt(before);
	assert_true(btf__type_cnt(after) > n);
	for (i = 1; i < n; i++) {
		const struct btf_type *a = btf__type_by_id(before, i);
		const struct btf_type *b = btf__type_by_id(after, i);
		const char *name = btf__name_by_offset(before, a->name_off);

		assert_int_equal(btf_kind(a), btf_kind(b));
		if (btf_is_datasec(a) && !strcmp(name, "maps"))
			name = ".maps";
		assert_string_equal(name, btf__name_by_offset(after, b->name_off));
	}
	assert_true(btf__find_by_name_kind(after, "bpf_map_def", BTF_KIND_STRUCT) > 0);
	check_datasec(after, def16, N(def16));
	btf__free(before);
	btf__free(after);
	obj_free(&o);
}

static void test_legacy__convert_fresh_btf(void **state)
{
	char path[PATH_MAX];
	struct btf *btf;
	struct obj o;

	convert_fixture("def20", false, &o);
	snprintf(path, sizeof(path), "%s/def20.conv.o", dir);
	btf = parse_btf(path, o.conv, o.conv_size);
	check_datasec(btf, def20, N(def20));
	btf__free(btf);
	obj_free(&o);
}

static const struct want rw[] = {
	{ "ctl", BPF_MAP_TYPE_ARRAY, 4, 8, 2, 0 },
	{ "hits", BPF_MAP_TYPE_ARRAY, 4, 4, 1, 0 },
};

/* Definitions in a big-endian object are read in its byte order. */
static void test_legacy__convert_big_endian(void **state)
{
	char path[PATH_MAX];
	struct btf *btf;
	struct obj o;

	for (int debug = 0; debug < 2; debug++) {
		compile_for("bpfeb", "rw", debug, &o);
		assert_int_equal(legacy__convert("t.o", o.buf, o.size, &o.conv, &o.conv_size), 0);
		assert_non_null(o.conv);
		snprintf(path, sizeof(path), "%s/rw-eb%d.conv.o", dir, debug);
		btf = parse_btf(path, o.conv, o.conv_size);
		check_datasec(btf, rw, N(rw));
		btf__free(btf);
		obj_free(&o);
	}
}

static void ensure_tracefs(void)
{
	char script[PATH_MAX];
	char *argv[] = { script, NULL };

	snprintf(script, sizeof(script), "%s/scripts/mounts.sh", top());
	run(argv);
}

/*
 * The program writes to a global and a static ARRAY map when this process calls
 * getpgid: the counts read back prove each relocation found its map.
 */
static void relocations_work(bool debug)
{
	struct bpf_map *ctl, *hits;
	struct bpf_object *obj;
	struct bpf_link *link;
	__u64 pid = getpid(), count = 0;
	__u32 hit = 0;
	int k0 = 0, k1 = 1;
	struct obj o;

	if (geteuid())
		skip();
	ensure_tracefs();
	convert_fixture("rw", debug, &o);
	obj = open_conv(&o);
	assert_int_equal(bpf_object__load(obj), 0);
	ctl = bpf_object__find_map_by_name(obj, "ctl");
	hits = bpf_object__find_map_by_name(obj, "hits");
	assert_non_null(ctl);
	assert_non_null(hits);
	assert_int_equal(bpf_map_update_elem(bpf_map__fd(ctl), &k0, &pid, BPF_ANY), 0);
	link = bpf_program__attach_tracepoint(bpf_object__next_program(obj, NULL), "syscalls",
					      "sys_enter_getpgid");
	assert_non_null(link);
	for (int i = 0; i < 3; i++)
		syscall(SYS_getpgid, 0);
	bpf_link__destroy(link);
	assert_int_equal(bpf_map_lookup_elem(bpf_map__fd(ctl), &k1, &count), 0);
	assert_int_equal(bpf_map_lookup_elem(bpf_map__fd(hits), &k0, &hit), 0);
	assert_int_equal(count, 3);
	assert_int_equal(hit, 21);
	bpf_object__close(obj);
	obj_free(&o);
}

static void test_legacy__convert_relocations(void **state)
{
	relocations_work(false);
}

static void test_legacy__convert_relocations_btf(void **state)
{
	relocations_work(true);
}

static void expect_rejected(const void *buf, size_t size, int err)
{
	void *out = (void *)1;
	size_t out_size = 1;

	errmsg__clear();
	assert_int_equal(legacy__convert("t.o", buf, size, &out, &out_size), err);
	assert_null(out);
	assert_int_equal(out_size, 0);
	/* the ERROR line is recorded, naming the object */
	assert_non_null(errmsg__text());
	if (err == -ENOTSUP)
		assert_string_equal(errmsg__text(), "BPF object 't.o' has both a legacy 'maps' and "
						    "a '.maps' section");
	else
		assert_non_null(strstr(errmsg__text(), "'t.o' is not a valid BPF object: "));
}

static void test_legacy__convert_truncated(void **state)
{
	struct obj o;

	seed("def16", &o);
	expect_rejected(o.buf, 0, -EINVAL);
	expect_rejected("not an ELF object", 17, -EINVAL);
	for (size_t len = 1; len < o.size; len += len < 128 ? 1 : 61)
		expect_rejected(o.buf, len, -EINVAL);
	expect_rejected(o.buf, o.size - 1, -EINVAL);
	obj_free(&o);
}

/* Raw access to the clang output (this host's byte order), to break it on purpose. */
static Elf64_Shdr *shdr(void *buf, int idx)
{
	Elf64_Ehdr *eh = buf;

	return (Elf64_Shdr *)((char *)buf + eh->e_shoff) + idx;
}

static Elf64_Shdr *shdr_by_name(void *buf, const char *name)
{
	Elf64_Ehdr *eh = buf;
	const char *names = (char *)buf + shdr(buf, eh->e_shstrndx)->sh_offset;

	for (int i = 1; i < eh->e_shnum; i++)
		if (!strcmp(names + shdr(buf, i)->sh_name, name))
			return shdr(buf, i);
	fail_msg("no section '%s'", name);
	return NULL;
}

static Elf64_Sym *sym_by_name(void *buf, const char *name)
{
	Elf64_Shdr *st = shdr_by_name(buf, ".symtab");
	Elf64_Sym *syms = (Elf64_Sym *)((char *)buf + st->sh_offset);
	const char *names = (char *)buf + shdr(buf, st->sh_link)->sh_offset;

	for (size_t i = 1; i < st->sh_size / sizeof(*syms); i++)
		if (!strcmp(names + syms[i].st_name, name))
			return &syms[i];
	fail_msg("no symbol '%s'", name);
	return NULL;
}

static void test_legacy__convert_size_not_multiple(void **state)
{
	struct obj o;

	seed("def16", &o);
	shdr_by_name(o.buf, "maps")->sh_size -= 1;
	expect_rejected(o.buf, o.size, -EINVAL);
	shdr_by_name(o.buf, "maps")->sh_size -= 7;
	expect_rejected(o.buf, o.size, -EINVAL);
	obj_free(&o);

	/* 49 bytes, 3 symbols at 0, 16, 32: whole 16-byte definitions, but 49 % 3 != 0 */
	seed("def20", &o);
	shdr_by_name(o.buf, "maps")->sh_size = 49;
	sym_by_name(o.buf, "counts")->st_value = 16;
	sym_by_name(o.buf, "events")->st_value = 32;
	expect_rejected(o.buf, o.size, -EINVAL);
	assert_string_equal(errmsg__text(), "'t.o' is not a valid BPF object: legacy maps: section "
					    "size 49 is not a multiple of 3 map symbols");
	assert_null(errmsg__hint_text());
	errmsg__clear();
	obj_free(&o);
}

static void test_legacy__convert_symbol_outside(void **state)
{
	Elf64_Sym *s;
	struct obj o;

	seed("def16", &o);
	s = sym_by_name(o.buf, "channel");
	s->st_value = 4096;
	expect_rejected(o.buf, o.size, -EINVAL);
	s->st_value = 16 * 2;
	expect_rejected(o.buf, o.size, -EINVAL);
	s->st_value = 4;
	expect_rejected(o.buf, o.size, -EINVAL);
	s->st_value = sym_by_name(o.buf, "__bpf_stdout__")->st_value;
	expect_rejected(o.buf, o.size, -EINVAL);
	obj_free(&o);
}

/* libelf pads to each section's alignment: a huge one is refused, not written out. */
static void test_legacy__convert_huge_alignment(void **state)
{
	struct obj o;

	seed("def16", &o);
	shdr_by_name(o.buf, "license")->sh_addralign = 1ULL << 34;
	expect_rejected(o.buf, o.size, -EINVAL);
	shdr_by_name(o.buf, "license")->sh_addralign = 3;
	expect_rejected(o.buf, o.size, -EINVAL);
	obj_free(&o);
}

/* A 'maps' section beside a '.maps' one is refused rather than half converted. */
static void test_legacy__convert_both_styles(void **state)
{
	Elf64_Ehdr *eh;
	struct obj o;
	char *names;

	seed("def16", &o);
	eh = o.buf;
	names = (char *)o.buf + shdr(o.buf, eh->e_shstrndx)->sh_offset;
	memcpy(names + shdr_by_name(o.buf, "license")->sh_name, ".maps", 6);
	expect_rejected(o.buf, o.size, -ENOTSUP);
	obj_free(&o);
}

/* The precompiled seed objects (no clang needed) convert and open. */
static void test_legacy__convert_precompiled(void **state)
{
	char path[PATH_MAX], file[PATH_MAX + 256];
	struct dirent *de;
	int opened = 0;
	DIR *d;

	snprintf(path, sizeof(path), "%s/tests/fuzz/corpus/legacy", top());
	d = opendir(path);
	if (!d)
		skip();
	while ((de = readdir(d))) {
		struct bpf_object *obj;
		struct obj o = { 0 };

		size_t len = strlen(de->d_name);

		if (len < 3 || strcmp(de->d_name + len - 2, ".o"))
			continue;
		snprintf(file, sizeof(file), "%s/%s", path, de->d_name);
		assert_int_equal(read_file(file, &o.buf, &o.size), 0);
		assert_int_equal(legacy__convert("t.o", o.buf, o.size, &o.conv, &o.conv_size), 0);
		assert_non_null(o.conv);
		obj = open_conv(&o);
		bpf_object__close(obj);
		obj_free(&o);
		opened++;
	}
	closedir(d);
	assert_true(opened > 0);
}

/* Converting a converted object finds no 'maps' section left. */
static void test_legacy__convert_idempotent(void **state)
{
	void *again = (void *)1;
	size_t size = 1;
	struct obj o;

	convert_fixture("rw", true, &o);
	assert_int_equal(legacy__convert("t.o", o.conv, o.conv_size, &again, &size), 0);
	assert_null(again);
	obj_free(&o);
}

static int group_setup(void **state)
{
	char *argv[] = { "clang", "--version", NULL };
	LIBBPF_OPTS(libbpf_prog_handler_opts, hopts);

	if (!mkdtemp(dir))
		return -1;
	have_clang = run(argv) == 0;
	if (!have_clang)
		fprintf(stderr, "# clang not found: tests that compile fixtures skip\n");
	log__setup_libbpf();
	/* perf-style section names ("syscalls:sys_enter_getpgid") are unknown to libbpf */
	handler_id = libbpf_register_prog_handler(NULL, BPF_PROG_TYPE_TRACEPOINT, 0, &hopts);
	return handler_id < 0 ? -1 : 0;
}

static int group_teardown(void **state)
{
	struct dirent *de;
	char path[PATH_MAX + 256];
	DIR *d = opendir(dir);

	if (handler_id >= 0)
		libbpf_unregister_prog_handler(handler_id);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	if (d)
		closedir(d);
	rmdir(dir);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legacy__convert_def16),
		cmocka_unit_test(test_legacy__convert_def16_btf),
		cmocka_unit_test(test_legacy__convert_def20),
		cmocka_unit_test(test_legacy__convert_def20_btf),
		cmocka_unit_test(test_legacy__convert_def28),
		cmocka_unit_test(test_legacy__convert_def28_btf),
		cmocka_unit_test(test_legacy__convert_map_in_map),
		cmocka_unit_test(test_legacy__convert_no_maps),
		cmocka_unit_test(test_legacy__convert_keeps_btf),
		cmocka_unit_test(test_legacy__convert_fresh_btf),
		cmocka_unit_test(test_legacy__convert_relocations),
		cmocka_unit_test(test_legacy__convert_relocations_btf),
		cmocka_unit_test(test_legacy__convert_big_endian),
		cmocka_unit_test(test_legacy__convert_truncated),
		cmocka_unit_test(test_legacy__convert_size_not_multiple),
		cmocka_unit_test(test_legacy__convert_symbol_outside),
		cmocka_unit_test(test_legacy__convert_huge_alignment),
		cmocka_unit_test(test_legacy__convert_both_styles),
		cmocka_unit_test(test_legacy__convert_precompiled),
		cmocka_unit_test(test_legacy__convert_idempotent),
	};

	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
