// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <gelf.h>
#include <libelf.h>
#include <bpf/libbpf.h>

#include "event/loaderr.h"
#include "load/legacy.h"
#include "load/libbpfsec.h"
#include "load/loader.h"
#include "load/mapdefs.h"
#include "load/objcheck.h"
#include "util/log.h"
#include "load/probe.h"
#include "load/probeprog.h"
#include "util/errmsg.h"

struct loader_object {
	char *path;
	struct bpf_object *obj;
	bool gpl; /* its license is GPL-compatible */
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
/* A probe's prologue could not be put in front of its program: its error is recorded. */
static bool prepare_failed;

/* The probe programs of every loader, for the prepare callback (libbpf's handler is global). */
static struct probe_reg {
	const struct bpf_program *prog;
	struct probeprog *pp;
} * probe_regs;
static int nr_probe_regs;

static int register_probe(const struct bpf_program *prog, struct probeprog *pp)
{
	struct probe_reg *r = realloc(probe_regs, sizeof(*r) * (nr_probe_regs + 1));

	if (!r)
		return -ENOMEM;
	probe_regs = r;
	probe_regs[nr_probe_regs].prog = prog;
	probe_regs[nr_probe_regs++].pp = pp;
	return 0;
}

static void unregister_probe(struct probeprog *pp)
{
	for (int i = 0; i < nr_probe_regs; i++) {
		if (probe_regs[i].pp != pp)
			continue;
		probe_regs[i] = probe_regs[--nr_probe_regs];
		break;
	}
	if (!nr_probe_regs) {
		free(probe_regs);
		probe_regs = NULL;
	}
}

/* Right before libbpf loads a program of ours: a probe with arguments gets its prologue. */
static int prepare_load(struct bpf_program *prog, struct bpf_prog_load_opts *opts, long cookie)
{
	for (int i = 0; i < nr_probe_regs; i++) {
		if (probe_regs[i].prog == prog) {
			int err = probeprog__prepare(probe_regs[i].pp, prog, opts);

			if (err)
				prepare_failed = true;
			return err;
		}
	}
	return 0;
}

/*
 * Sections libbpf does not know (perf's "sys:name", "func=...") come here: the program
 * type is set from the section's shape after open, where errors can name the file.
 */
static int register_fallback(void)
{
	LIBBPF_OPTS(libbpf_prog_handler_opts, opts, .prog_prepare_load_fn = prepare_load);

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
	for (int i = 0; i < l->nr_progs; i++) {
		unregister_probe(l->progs[i].probe);
		probeprog__free(l->progs[i].probe);
		section__exit(&l->progs[i].sec);
	}
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
		errmsg__set(err, "cannot read BPF object '%s': %s", path, strerror(-err));
	return err;
}

/* Kernel probes need the kernel's kprobe PMU or tracefs kprobe_events. */
static bool kernel_has_kprobes(void)
{
	return probe__has_pmu(true) || probe__has_tracefs(true);
}

/* Without kprobes (or when a test asks), kernel functions go through fentry/fexit. */
static bool use_fentry(const struct loader_prog *p)
{
	if (p->sec.kind != SECTION_KPROBE && p->sec.kind != SECTION_KRETPROBE)
		return false;
	return probe__mode_from_env() == PROBE_MODE_FENTRY || !kernel_has_kprobes();
}

static int setup_probe(struct loader_prog *p, const char *license)
{
	int err = bpf_program__set_type(p->prog, BPF_PROG_TYPE_KPROBE);

	if (err)
		return err;
	p->probe = probeprog__new(p->prog, &p->sec, p->object, license, use_fentry(p));
	if (!p->probe)
		return -errno;
	return register_probe(p->prog, p->probe);
}

static int classify(struct loader *l, struct bpf_program *prog, const char *path,
		    const char *license)
{
	const char *name = bpf_program__section_name(prog);
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
	err = section__parse(name, &p->sec);
	if (err) {
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
		p->attach = p->sec.prog_type == BPF_PROG_TYPE_PERF_EVENT ? LOADER_PERF_EVENT :
									   LOADER_LIBBPF;
		return 0;
	case SECTION_KPROBE:
	case SECTION_KRETPROBE:
	case SECTION_UPROBE:
	case SECTION_URETPROBE:
		p->attach = LOADER_PROBE;
		return setup_probe(p, license);
	default:
		errmsg__set(-EINVAL,
			    "program '%s' in '%s' sits in section '%s', which holds no program",
			    bpf_program__name(prog), path, name);
		if (!strcmp(name, ".text"))
			errmsg__hint("put the function in a section: SEC(\"tp/syscalls/sys_enter_"
				     "openat\") int %s(void *ctx), or mark a helper function "
				     "static __always_inline",
				     bpf_program__name(prog));
		return -EINVAL;
	}
}

/* The object's "license" section (libbpf keeps it to itself), for the extra probe programs. */
static void object_license(void *buf, size_t size, char *out, size_t out_size)
{
	Elf *elf;
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	snprintf(out, out_size, "%s", "");
	elf_version(EV_CURRENT);
	elf = elf_memory(buf, size);
	if (!elf || elf_getshdrstrndx(elf, &shstrndx)) {
		elf_end(elf);
		return;
	}
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		const char *name;

		if (!gelf_getshdr(scn, &sh))
			continue;
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		if (!name || strcmp(name, "license"))
			continue;
		d = elf_getdata(scn, NULL);
		if (d && d->d_buf && d->d_size)
			snprintf(out, out_size, "%.*s", (int)d->d_size, (const char *)d->d_buf);
		break;
	}
	elf_end(elf);
}

static int open_object(struct loader *l, const char *path, void *buf, size_t size)
{
	LIBBPF_OPTS(bpf_object_open_opts, opts, .object_name = path);
	struct loader_object *o;
	struct bpf_program *prog;
	struct bpf_object *obj;
	char license[128];
	int err;

	obj = bpf_object__open_mem(buf, size, &opts);
	if (!obj) {
		char why[LOADERR_BUFSIZE];

		/* libbpf's own codes (4000 and up, "not a valid eBPF object") are not errnos */
		err = -errno;
		return errmsg__set(err, "cannot open BPF object '%s': %s", path,
				   loaderr__strerror(err, LOADERR_STAGE_NONE, why, sizeof(why)));
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
	object_license(buf, size, license, sizeof(license));
	bpf_object__for_each_program(prog, obj) {
		err = classify(l, prog, o->path, license);
		if (err)
			return err;
	}
	libbpfsec__warn_object(obj, o->path, license);
	o->gpl = libbpfsec__gpl_compatible(license);
	return 0;
}

int loader__add(struct loader *l, const char *path)
{
	void *buf = NULL;
	size_t size = 0;
	int err = obtain_object(l, path, &buf, &size);

	if (err)
		return err;
	err = loader__add_mem(l, path, buf, size);
	free(buf);
	return err;
}

int loader__add_mem(struct loader *l, const char *path, void *buf, size_t size)
{
	void *conv = NULL;
	size_t conv_size = 0;
	int err;

	/* a hostile or damaged object stops here, before libbpf, the converter or the kernel */
	err = objcheck__validate(buf, size, path);
	if (err)
		return err;
	/* perf-era `struct bpf_map_def SEC("maps")` objects: libbpf 1.x only takes BTF maps */
	err = legacy__convert(path, buf, size, &conv, &conv_size);
	if (err)
		return err;
	if (conv)
		pr_debug("'%s': legacy map definitions turned into BTF-defined maps", path);
	mapdefs__fix_channels(conv ? conv : buf, conv ? conv_size : size, path);
	err = conv ? open_object(l, path, conv, conv_size) : open_object(l, path, buf, size);
	free(conv);
	return err;
}

static int load_error(const struct loader_object *o, int err)
{
	const char *path = o->path;

	if (prepare_failed)
		return err; /* the prologue's record says more than libbpf's code */
	if (err == -EACCES || (err == -EPERM && geteuid())) {
		if (geteuid()) {
			errmsg__set(err, "cannot load BPF object '%s': %s", path, strerror(-err));
			errmsg__hint("loading BPF programs needs root, or CAP_BPF and CAP_PERFMON");
			return err;
		}
		errmsg__set(err, "the BPF verifier rejected a program of '%s'", path);
		errmsg__hint(
			"the verifier log above ends with the instruction it refused, after its source line");
		return err;
	}
	errmsg__set(err, "cannot load BPF object '%s': %s", path, strerror(-err));
	if (!o->gpl && err == -EINVAL)
		errmsg__hint(
			"if the verifier log above says 'cannot call GPL-restricted function', "
			"declare a license: char LICENSE[] SEC(\"license\") = \"GPL\";");
	else
		errmsg__hint("libbpf's messages above say why; add -v for more");
	return err;
}

int loader__load(struct loader *l)
{
	/* libbpf-style sections that cannot work here, said before libbpf's bare errno */
	for (int i = 0; i < l->nr_progs; i++) {
		struct loader_prog *p = &l->progs[i];
		int err = p->attach == LOADER_LIBBPF && !p->load_only ?
				  libbpfsec__check(p->prog, p->object, kernel_has_kprobes()) :
				  0;

		if (err)
			return err;
	}
	for (int i = 0; i < l->nr_objs; i++) {
		int err;

		prepare_failed = false;
		err = bpf_object__load(l->objs[i].obj);
		if (err)
			return load_error(&l->objs[i], err);
		pr_debug("loaded '%s'", l->objs[i].path);
	}
	for (int i = 0; i < l->nr_progs; i++) {
		int err = l->progs[i].probe ? probeprog__load(l->progs[i].probe) : 0;

		if (err)
			return err;
	}
	return 0;
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

int loader__open_probes(struct loader *l)
{
	for (int i = 0; i < l->nr_progs; i++) {
		struct loader_prog *p = &l->progs[i];
		int err;

		if (p->attach != LOADER_PROBE || p->load_only)
			continue;
		err = probeprog__open(p->probe);
		if (err)
			return err;
	}
	return 0;
}

int loader__attach(struct loader *l)
{
	for (int i = 0; i < l->nr_progs; i++) {
		struct loader_prog *p = &l->progs[i];
		struct bpf_link *link;
		int err;

		if (p->attach == LOADER_TRACEPOINT || p->attach == LOADER_PERF_EVENT ||
		    p->load_only)
			continue;
		if (p->attach == LOADER_PROBE) {
			err = probeprog__attach(p->probe);
			if (err)
				return err;
			continue;
		}
		link = bpf_program__attach(p->prog);
		if (!link)
			return libbpfsec__attach_error(p->prog, p->object, -errno);
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
