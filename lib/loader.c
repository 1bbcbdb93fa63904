// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/libbpf.h>

#include "legacy.h"
#include "loader.h"
#include "log.h"

struct loader_object {
	char *path;
	struct bpf_object *obj;
};

struct loader {
	struct compile_opts compile;
	struct loader_object *objs;
	int nr_objs;
	struct loader_prog *progs;
	int nr_progs;
	struct bpf_link **links;
	int nr_links;
};

static int fallback_handler = -1;

/*
 * Sections libbpf does not know (perf's "sys:name", "func=...") come here: the program
 * type is set from the section's shape after open, where errors can name the file.
 */
static int register_fallback(void)
{
	LIBBPF_OPTS(libbpf_prog_handler_opts, opts);

	if (fallback_handler >= 0)
		return 0;
	fallback_handler = libbpf_register_prog_handler(NULL, BPF_PROG_TYPE_TRACEPOINT, 0, &opts);
	return fallback_handler < 0 ? fallback_handler : 0;
}

struct loader *loader__new(const struct compile_opts *co)
{
	struct loader *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	if (co)
		l->compile = *co;
	if (register_fallback()) {
		free(l);
		errno = EINVAL;
		return NULL;
	}
	return l;
}

void loader__free(struct loader *l)
{
	if (!l)
		return;
	for (int i = 0; i < l->nr_links; i++)
		bpf_link__destroy(l->links[i]);
	free(l->links);
	for (int i = 0; i < l->nr_progs; i++)
		section__exit(&l->progs[i].sec);
	free(l->progs);
	for (int i = 0; i < l->nr_objs; i++) {
		bpf_object__close(l->objs[i].obj);
		free(l->objs[i].path);
	}
	free(l->objs);
	free(l);
}

static int read_file(const char *path, void **buf, size_t *size)
{
	struct stat st;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		err = -errno;
		goto out;
	}
	*size = st.st_size;
	*buf = malloc(*size ? *size : 1);
	if (!*buf) {
		err = -ENOMEM;
		goto out;
	}
	n = read(fd, *buf, *size);
	if (n != (ssize_t)*size) {
		err = n < 0 ? -errno : -EIO;
		free(*buf);
		*buf = NULL;
	}
out:
	close(fd);
	return err;
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);

	return a >= b && !strcmp(s + a - b, suffix);
}

static int obtain_object(struct loader *l, const char *path, void **buf, size_t *size)
{
	int err;

	if (has_suffix(path, ".c"))
		return compile__source(path, &l->compile, buf, size);
	err = read_file(path, buf, size);
	if (err)
		pr_err("cannot read BPF object '%s': %s", path, strerror(-err));
	return err;
}

/* Probes need the kernel's kprobe PMU or tracefs kprobe_events. */
static bool kernel_has_kprobes(void)
{
	return !access("/sys/bus/event_source/devices/kprobe", F_OK) ||
	       !access("/sys/kernel/tracing/kprobe_events", F_OK) ||
	       !access("/sys/kernel/debug/tracing/kprobe_events", F_OK);
}

static int check_probe(const struct loader_prog *p)
{
	const char *prog = bpf_program__name(p->prog);

	if (p->sec.nr_args) {
		pr_err("program '%s' in '%s': section '%s': fetching probe arguments is not supported by this perf-bpf",
		       prog, p->object, p->section);
		pr_hint("read the arguments in the program with PT_REGS_PARM1(ctx) and friends from <bpf/bpf_tracing.h>");
		return -EOPNOTSUPP;
	}
	if ((p->sec.kind == SECTION_KPROBE || p->sec.kind == SECTION_KRETPROBE) &&
	    !kernel_has_kprobes()) {
		pr_err("program '%s' in '%s': section '%s' needs kprobes, which this kernel lacks (CONFIG_KPROBES)",
		       prog, p->object, p->section);
		pr_hint("attach to a tracepoint instead, e.g. SEC(\"syscalls:sys_enter_nanosleep\")");
		return -EOPNOTSUPP;
	}
	return 0;
}

static int classify(struct loader *l, struct bpf_program *prog, const char *path)
{
	const char *name = bpf_program__section_name(prog);
	struct section_error se = { 0 };
	struct loader_prog *p;
	int err;

	p = realloc(l->progs, sizeof(*p) * (l->nr_progs + 1));
	if (!p)
		return -ENOMEM;
	l->progs = p;
	p = &l->progs[l->nr_progs];
	memset(p, 0, sizeof(*p));
	p->prog = prog;
	p->object = path;
	p->section = name;
	err = section__parse(name, &p->sec, &se);
	if (err) {
		section__print_error(name, &se);
		pr_debug("the section is program '%s' of '%s'", bpf_program__name(prog), path);
		return err;
	}
	l->nr_progs++;
	p->load_only = p->sec.load_only;
	switch (p->sec.kind) {
	case SECTION_TRACEPOINT:
		p->attach = LOADER_TRACEPOINT;
		return bpf_program__set_type(prog, BPF_PROG_TYPE_TRACEPOINT);
	case SECTION_LIBBPF:
		p->attach = LOADER_LIBBPF;
		return 0;
	case SECTION_KPROBE:
	case SECTION_KRETPROBE:
	case SECTION_UPROBE:
	case SECTION_URETPROBE:
		p->attach = LOADER_PROBE;
		err = check_probe(p);
		return err ? err : bpf_program__set_type(prog, BPF_PROG_TYPE_KPROBE);
	default:
		pr_err("program '%s' in '%s' sits in section '%s', which holds no program",
		       bpf_program__name(prog), path, name);
		return -EINVAL;
	}
}

static int open_object(struct loader *l, const char *path, void *buf, size_t size)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = path);
	struct loader_object *o;
	struct bpf_program *prog;
	struct bpf_object *obj;
	int err;

	obj = bpf_object__open_mem(buf, size, &opts);
	if (!obj) {
		err = -errno;
		pr_err("cannot open BPF object '%s': %s", path, strerror(-err));
		return err;
	}
	o = realloc(l->objs, sizeof(*o) * (l->nr_objs + 1));
	if (!o) {
		bpf_object__close(obj);
		return -ENOMEM;
	}
	l->objs = o;
	o = &l->objs[l->nr_objs++];
	o->obj = obj;
	o->path = strdup(path);
	if (!o->path)
		return -ENOMEM;
	bpf_object__for_each_program(prog, obj) {
		err = classify(l, prog, o->path);
		if (err)
			return err;
	}
	return 0;
}

int loader__add(struct loader *l, const char *path)
{
	void *buf = NULL;
	size_t size = 0;
	void *conv = NULL;
	size_t conv_size = 0;
	int err = obtain_object(l, path, &buf, &size);

	if (err)
		return err;
	/* perf-era `struct bpf_map_def SEC("maps")` objects: libbpf 1.x only takes BTF maps */
	err = legacy__convert(buf, size, &conv, &conv_size);
	if (err) {
		pr_err("cannot convert the legacy 'maps' section of '%s': %s", path,
		       strerror(-err));
		free(buf);
		return err;
	}
	if (conv)
		pr_debug("'%s': legacy map definitions turned into BTF-defined maps", path);
	err = conv ? open_object(l, path, conv, conv_size) : open_object(l, path, buf, size);
	free(conv);
	free(buf);
	return err;
}

static void load_error(const char *path, int err)
{
	if (err == -EACCES || (err == -EPERM && geteuid())) {
		if (geteuid()) {
			pr_err("cannot load BPF object '%s': %s", path, strerror(-err));
			pr_hint("loading BPF programs needs root, or CAP_BPF and CAP_PERFMON");
			return;
		}
		pr_err("the BPF verifier rejected a program of '%s'", path);
		pr_hint("the verifier log above ends with the instruction it refused, after its source line");
		return;
	}
	pr_err("cannot load BPF object '%s': %s", path, strerror(-err));
	pr_hint("libbpf's messages above say why; add -v for more");
}

int loader__load(struct loader *l)
{
	for (int i = 0; i < l->nr_objs; i++) {
		int err = bpf_object__load(l->objs[i].obj);

		if (err) {
			load_error(l->objs[i].path, err);
			return err;
		}
		pr_debug("loaded '%s'", l->objs[i].path);
	}
	return 0;
}

static struct bpf_link *attach_probe(const struct loader_prog *p)
{
	const struct section *sec = &p->sec;
	bool ret = sec->kind == SECTION_KRETPROBE || sec->kind == SECTION_URETPROBE;

	if (sec->kind == SECTION_UPROBE || sec->kind == SECTION_URETPROBE) {
		LIBBPF_OPTS(bpf_uprobe_opts, uo, .retprobe = ret, .func_name = sec->func);

		/* every process that maps the binary: outputs are filtered by task later */
		return bpf_program__attach_uprobe_opts(p->prog, -1, sec->target,
						       sec->has_offset ? sec->offset : 0, &uo);
	}
	LIBBPF_OPTS(bpf_kprobe_opts, ko, .retprobe = ret,
		    .offset = sec->has_offset ? sec->offset : 0);
	return bpf_program__attach_kprobe_opts(p->prog, sec->func, &ko);
}

static int keep_link(struct loader *l, struct bpf_link *link)
{
	struct bpf_link **links = realloc(l->links, sizeof(*links) * (l->nr_links + 1));

	if (!links) {
		bpf_link__destroy(link);
		return -ENOMEM;
	}
	l->links = links;
	l->links[l->nr_links++] = link;
	return 0;
}

int loader__attach(struct loader *l)
{
	for (int i = 0; i < l->nr_progs; i++) {
		struct loader_prog *p = &l->progs[i];
		struct bpf_link *link;
		int err;

		if (p->attach == LOADER_TRACEPOINT || p->load_only)
			continue;
		link = p->attach == LOADER_PROBE ? attach_probe(p) : bpf_program__attach(p->prog);
		if (!link) {
			err = -errno;
			pr_err("cannot attach program '%s' of '%s' (section '%s'): %s",
			       bpf_program__name(p->prog), p->object, p->section, strerror(-err));
			if (err == -ENOENT && p->attach == LOADER_PROBE)
				pr_hint("check that the function exists in '%s'",
					p->sec.target ? p->sec.target : "/proc/kallsyms");
			return err;
		}
		err = keep_link(l, link);
		if (err)
			return err;
	}
	return 0;
}

int loader__nr_progs(const struct loader *l)
{
	return l->nr_progs;
}

const struct loader_prog *loader__prog(const struct loader *l, int i)
{
	return i >= 0 && i < l->nr_progs ? &l->progs[i] : NULL;
}

int loader__nr_objects(const struct loader *l)
{
	return l->nr_objs;
}

struct bpf_object *loader__object(const struct loader *l, int i)
{
	return i >= 0 && i < l->nr_objs ? l->objs[i].obj : NULL;
}

int loader__for_each_map(struct loader *l, const char *name,
			 int (*fn)(void *ctx, struct bpf_map *map, const char *object), void *ctx)
{
	for (int i = 0; i < l->nr_objs; i++) {
		struct bpf_map *map = bpf_object__find_map_by_name(l->objs[i].obj, name);
		int err;

		if (!map)
			continue;
		err = fn(ctx, map, l->objs[i].path);
		if (err)
			return err;
	}
	return 0;
}
