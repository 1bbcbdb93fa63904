// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "util/log.h"
#include "load/probe.h"
#include "load/probeprog.h"
#include "load/multilink.h"
#include "load/probearg.h"
#include "load/progscan.h"
#include "load/prologue.h"
#include "util/errmsg.h"

struct probeprog {
	struct bpf_program *prog;
	const struct section *sec; /* &sec_copy */
	struct section sec_copy; /* shallow: its strings and arrays stay the caller's */
	const char *object;
	char *license;
	bool kernel;
	bool fentry; /* kernel functions through fentry/fexit: one program per point */
	bool multi; /* every point through one multi link (multilink.h): no sampled events */
	int *btf_ids; /* fentry: each point's function in vmlinux BTF */
	struct probe_point *pts;
	int nr_pts;
	/* with arguments: per point, what to fetch; per type, the prologue and its program */
	bool has_prologue;
	int nr_args;
	struct prologue_arg (*args)[PROLOGUE_MAX_ARGS];
	int *type_of;
	int nr_types;
	struct bpf_insn **pro;
	size_t *pro_cnt;
	int *type_fd; /* type 0 is the program libbpf loaded: -1 here */
	/* the BTF records of the program, moved past the first prologue */
	void *func_info;
	void *line_info;
	struct probe_event *events;
	int nr_events;
};

static const char *prog_name(const struct probeprog *pp)
{
	return bpf_program__name(pp->prog);
}

static int expand(struct probeprog *pp)
{
	const struct section *sec = pp->sec;
	unsigned long off = sec->has_offset ? sec->offset : 0;
	int err;

	if (!sec->func) {
		errmsg__set(
			-EOPNOTSUPP,
			"program '%s' in '%s': section '%s': probing source lines is not supported",
			prog_name(pp), pp->object, bpf_program__section_name(pp->prog));
		errmsg__hint("name a function: EVENT=FUNC[+OFFS]");
		return -EOPNOTSUPP;
	}
	if (!pp->kernel && access(sec->target, R_OK)) {
		err = -errno;
		errmsg__set(err, "program '%s' in '%s': cannot open '%s': %s", prog_name(pp),
			    pp->object, sec->target, strerror(-err));
		errmsg__hint("exec= takes the full path of the binary or library to probe");
		return err;
	}
	if (pp->kernel)
		err = probe__expand_ksyms(NULL, NULL, sec->target, sec->func, &pp->pts,
					  &pp->nr_pts);
	else
		err = probe__expand_elf(sec->target, sec->func, off, &pp->pts, &pp->nr_pts);
	if (err == -ENOENT) {
		errmsg__set(err, "program '%s' in '%s': no function matches '%s' in '%s'",
			    prog_name(pp), pp->object, sec->func,
			    pp->kernel ? "/proc/kallsyms" : sec->target);
		errmsg__hint("%s",
			     pp->kernel ?
				     "list kernel functions with: grep ' [tT] ' /proc/kallsyms" :
				     "list its functions with: nm --defined-only FILE");
	} else if (err == -E2BIG) {
		errmsg__set(err, "program '%s' in '%s': '%s' matches more than %d functions",
			    prog_name(pp), pp->object, sec->func, PROBE_MAX_POINTS);
		errmsg__hint("narrow the pattern");
	} else if (err) {
		errmsg__set(err, "program '%s' in '%s': cannot read the functions of '%s': %s",
			    prog_name(pp), pp->object, pp->kernel ? "/proc/kallsyms" : sec->target,
			    strerror(-err));
	}
	if (!err)
		pr_debug("program '%s': %d probe point(s) for '%s'", prog_name(pp), pp->nr_pts,
			 sec->func);
	return err;
}

static int resolve_points(struct probeprog *pp)
{
	struct probearg_target t = {
		.retprobe = pp->sec->retprobe,
		.fentry = pp->fentry,
		.path = pp->sec->target,
	};
	char why[320];
	int err = 0;

	if (pp->kernel) {
		t.path = NULL;
		t.btf = btf__load_vmlinux_btf();
	} else {
		t.dwarf = probearg__dwarf_open(pp->sec->target);
	}
	for (int i = 0; !err && i < pp->nr_pts; i++) {
		t.func = pp->pts[i].func;
		t.addr = pp->pts[i].addr;
		t.addr = probearg__probe_addr(&t, pp->sec->args, pp->nr_args);
		if (t.addr != pp->pts[i].addr) {
			pr_debug("program '%s': '%s' probed past its prologue, at 0x%lx",
				 prog_name(pp), t.func, t.addr);
			pp->pts[i].file_off += t.addr - pp->pts[i].addr;
			pp->pts[i].addr = t.addr;
		}
		err = probearg__resolve(&t, pp->sec->args, pp->nr_args, pp->args[i], why,
					sizeof(why));
		if (err) {
			errmsg__set(err, "program '%s' in '%s': cannot fetch %s of '%s': %s",
				    prog_name(pp), pp->object, "the arguments", t.func, why);
			if (!pp->kernel && !t.dwarf)
				errmsg__hint("build '%s' with -g, or fetch registers: %%di, $arg1",
					     pp->sec->target);
		}
	}
	btf__free(t.btf);
	probearg__dwarf_close(t.dwarf);
	return err;
}

static int make_prologues(struct probeprog *pp)
{
	struct prologue_fetch *f = calloc(pp->nr_pts, sizeof(*f));
	char buf[LOADERR_BUFSIZE];
	int err = 0;

	pp->type_of = calloc(pp->nr_pts, sizeof(*pp->type_of));
	if (!f || !pp->type_of) {
		free(f);
		return -ENOMEM;
	}
	for (int i = 0; i < pp->nr_pts; i++)
		f[i] = (struct prologue_fetch){ pp->args ? pp->args[i] : NULL,
						pp->args ? pp->nr_args : 0 };
	if (pp->fentry) { /* every point needs its own program: the attach target is in it */
		for (int i = 0; i < pp->nr_pts; i++)
			pp->type_of[i] = i;
		pp->nr_types = pp->nr_pts;
	} else {
		pp->nr_types = prologue__dedup(f, pp->nr_pts, pp->type_of);
	}
	pp->pro = calloc(pp->nr_types, sizeof(*pp->pro));
	pp->pro_cnt = calloc(pp->nr_types, sizeof(*pp->pro_cnt));
	pp->type_fd = malloc(pp->nr_types * sizeof(*pp->type_fd));
	if (!pp->pro || !pp->pro_cnt || !pp->type_fd)
		err = -ENOMEM;
	for (int t = 0; !err && t < pp->nr_types; t++)
		pp->type_fd[t] = -1;
	for (int i = 0; !err && i < pp->nr_pts; i++) {
		int t = pp->type_of[i];

		if (pp->pro[t])
			continue;
		pp->pro[t] = malloc(sizeof(struct bpf_insn) * PROLOGUE_MAX_INSNS);
		if (!pp->pro[t])
			err = -ENOMEM;
		else if (pp->has_prologue)
			err = prologue__gen(pp->args[i], pp->nr_args, pp->pro[t], &pp->pro_cnt[t]);
		if (err && err != -ENOMEM)
			errmsg__set(err, "program '%s' in '%s': prologue for '%s': %s",
				    prog_name(pp), pp->object, pp->pts[i].func,
				    loaderr__strerror(err, LOADERR_STAGE_NONE, buf, sizeof(buf)));
	}
	free(f);
	if (!err && pp->fentry)
		pr_debug("program '%s': %d point(s), one program each (fentry/fexit)",
			 prog_name(pp), pp->nr_pts);
	else if (!err)
		pr_debug("program '%s': %d point(s), %d distinct prologue(s)", prog_name(pp),
			 pp->nr_pts, pp->nr_types);
	return err;
}

static int setup_args(struct probeprog *pp)
{
	int err;

	pp->has_prologue = true;
	pp->nr_args = pp->sec->nr_args;
	if (pp->nr_args > PROLOGUE_MAX_ARGS) {
		pr_warn("bpf: prologue: %d arguments are dropped", pp->nr_args - PROLOGUE_MAX_ARGS);
		pp->nr_args = PROLOGUE_MAX_ARGS;
	}
	pp->args = calloc(pp->nr_pts, sizeof(*pp->args));
	if (!pp->args)
		return -ENOMEM;
	err = resolve_points(pp);
	return err ? err : make_prologues(pp);
}

static enum bpf_attach_type fentry_type(const struct probeprog *pp)
{
	return pp->sec->retprobe ? BPF_TRACE_FEXIT : BPF_TRACE_FENTRY;
}

/* Can a program be put on point 0 through fentry/fexit?  0 or -errno of the kernel. */
static int try_fentry(struct probeprog *pp)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = fentry_type(pp),
		    .attach_btf_id = pp->btf_ids[0]);
	int fd = bpf_prog_load(BPF_PROG_TYPE_TRACING, "perf_bpf_ftest", "GPL", insns, 2, &opts);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int fentry_ids(struct probeprog *pp)
{
	struct btf *btf = btf__load_vmlinux_btf();
	int err = btf ? 0 : -errno;

	pp->btf_ids = calloc(pp->nr_pts, sizeof(*pp->btf_ids));
	if (!err && !pp->btf_ids)
		err = -ENOMEM;
	for (int i = 0; !err && i < pp->nr_pts; i++) {
		pp->btf_ids[i] = btf__find_by_name_kind(btf, pp->pts[i].func, BTF_KIND_FUNC);
		if (pp->btf_ids[i] < 0)
			err = -ENOENT;
	}
	btf__free(btf);
	return err;
}

static void no_kprobes(const struct probeprog *pp, int err)
{
	const char *section = bpf_program__section_name(pp->prog);

	if (probe__mode_from_env() == PROBE_MODE_FENTRY && probe__has_pmu(true))
		errmsg__set(
			err,
			"program '%s' in '%s': section '%s' cannot attach through fentry/fexit: %s",
			prog_name(pp), pp->object, section, strerror(-err));
	else
		errmsg__set(
			err,
			"program '%s' in '%s': section '%s' needs kprobes, which this kernel lacks (CONFIG_KPROBES)",
			prog_name(pp), pp->object, section);
	pr_debug("fentry/fexit, which could replace them, failed too: %s", strerror(-err));
	errmsg__hint("attach to a tracepoint instead, e.g. SEC(\"syscalls:sys_enter_nanosleep\")");
}

/* Kernel functions through fentry/fexit, where there are no kprobes. */
static int setup_fentry(struct probeprog *pp)
{
	int err = fentry_ids(pp);

	if (!err)
		err = try_fentry(pp);
	if (err) {
		no_kprobes(pp, err);
		return -EOPNOTSUPP;
	}
	err = bpf_program__set_type(pp->prog, BPF_PROG_TYPE_TRACING);
	if (!err)
		err = bpf_program__set_expected_attach_type(pp->prog, fentry_type(pp));
	if (!err)
		err = bpf_program__set_attach_target(pp->prog, 0, pp->pts[0].func);
	if (!err)
		pr_debug(
			"program '%s': attached through %s instead of kprobes: its context is the arguments of the function as u64 values (the return value after them), not pt_regs",
			prog_name(pp), pp->sec->retprobe ? "fexit" : "fentry");
	return err;
}

/*
 * One multi link for all points, where the kernel has it and the points need no sampled
 * event: the program lets no sample through (it returns 0 on every path) and fetches no
 * arguments (one program for all). Kernel points take no offset nor module there. A
 * PERF_BPF_PROBE_MODE asked for keeps the event per point.
 */
static bool use_multi(const struct probeprog *pp, const struct bpf_program *prog)
{
	const struct section *sec = pp->sec;

	if (pp->fentry || sec->nr_args || probe__mode_from_env() != PROBE_MODE_AUTO)
		return false;
	if (pp->kernel && (sec->target || (sec->has_offset && sec->offset)))
		return false;
	if (!progscan__returns_zero(bpf_program__insns(prog), bpf_program__insn_cnt(prog)))
		return false;
	return multilink__has(pp->kernel);
}

static int setup_multi(struct probeprog *pp, struct bpf_program *prog)
{
	pp->multi = true;
	return bpf_program__set_expected_attach_type(prog, multilink__attach_type(pp->kernel));
}

struct probeprog *probeprog__new(struct bpf_program *prog, const struct section *sec,
				 const char *object, const char *license, bool fentry)
{
	struct probeprog *pp = calloc(1, sizeof(*pp));
	int err;

	if (!pp)
		return NULL;
	pp->prog = prog;
	pp->sec_copy = *sec;
	pp->sec = &pp->sec_copy;
	pp->object = object;
	pp->kernel = sec->kind == SECTION_KPROBE || sec->kind == SECTION_KRETPROBE;
	pp->fentry = fentry && pp->kernel;
	pp->license = strdup(license ? license : "");
	err = pp->license ? expand(pp) : -ENOMEM;
	if (!err && pp->fentry)
		err = setup_fentry(pp);
	if (!err && use_multi(pp, prog))
		err = setup_multi(pp, prog);
	if (!err && sec->nr_args)
		err = setup_args(pp);
	else if (!err && pp->fentry)
		err = make_prologues(pp);
	if (err) {
		probeprog__free(pp);
		errno = -err;
		return NULL;
	}
	return pp;
}

void probeprog__free(struct probeprog *pp)
{
	if (!pp)
		return;
	for (int i = 0; i < pp->nr_events; i++)
		probe__close(&pp->events[i]);
	free(pp->events);
	for (int t = 0; t < pp->nr_types; t++) {
		if (pp->type_fd && pp->type_fd[t] >= 0)
			close(pp->type_fd[t]);
		if (pp->pro)
			free(pp->pro[t]);
	}
	free(pp->type_fd);
	free(pp->pro);
	free(pp->pro_cnt);
	free(pp->type_of);
	free(pp->btf_ids);
	free(pp->args);
	free(pp->func_info);
	free(pp->line_info);
	probe__free_points(pp->pts, pp->nr_pts);
	free(pp->license);
	free(pp);
}

/* BTF records past the first keep pointing at their instruction: move them by @n. */
static void *shift_records(const void *recs, __u32 cnt, __u32 rec_size, size_t n)
{
	char *copy;

	if (!recs || !cnt || rec_size < sizeof(__u32))
		return NULL;
	copy = malloc((size_t)cnt * rec_size);
	if (!copy)
		return NULL;
	memcpy(copy, recs, (size_t)cnt * rec_size);
	for (__u32 i = 1; i < cnt; i++)
		*(__u32 *)(copy + (size_t)i * rec_size) += n;
	return copy;
}

int probeprog__prepare(struct probeprog *pp, struct bpf_program *prog,
		       struct bpf_prog_load_opts *opts)
{
	struct bpf_insn *insns;
	size_t cnt, n = pp->has_prologue ? pp->pro_cnt[0] : 0;
	char buf[LOADERR_BUFSIZE];
	int err;

	if (!pp->has_prologue)
		return 0;
	err = prologue__prepend(pp->pro[0], n, bpf_program__insns(prog),
				bpf_program__insn_cnt(prog), &insns, &cnt);
	if (!err) {
		err = bpf_program__set_insns(prog, insns, cnt);
		free(insns);
	}
	if (err) /* the loader counts on the record: libbpf's code says less */
		return errmsg__set(err, "program '%s' in '%s': %s", prog_name(pp), pp->object,
				   loaderr__strerror(err, LOADERR_STAGE_NONE, buf, sizeof(buf)));
	free(pp->func_info);
	free(pp->line_info);
	pp->func_info =
		shift_records(opts->func_info, opts->func_info_cnt, opts->func_info_rec_size, n);
	pp->line_info =
		shift_records(opts->line_info, opts->line_info_cnt, opts->line_info_rec_size, n);
	opts->func_info = pp->func_info;
	if (!pp->func_info)
		opts->func_info_cnt = 0;
	opts->line_info = pp->line_info;
	if (!pp->line_info)
		opts->line_info_cnt = 0;
	return 0;
}

static int load_type(struct probeprog *pp, int t)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	enum bpf_prog_type type = BPF_PROG_TYPE_KPROBE;
	const struct bpf_insn *body = bpf_program__insns(pp->prog) + pp->pro_cnt[0];
	size_t body_cnt = bpf_program__insn_cnt(pp->prog) - pp->pro_cnt[0], cnt;
	struct bpf_insn *insns;
	char buf[LOADERR_BUFSIZE], *log = NULL;
	int fd, err;

	err = prologue__prepend(pp->pro[t], pp->pro_cnt[t], body, body_cnt, &insns, &cnt);
	if (err)
		return errmsg__set(err, "program '%s' in '%s': %s", prog_name(pp), pp->object,
				   loaderr__strerror(err, LOADERR_STAGE_NONE, buf, sizeof(buf)));
	if (pp->fentry) {
		type = BPF_PROG_TYPE_TRACING;
		opts.expected_attach_type = fentry_type(pp);
		opts.attach_btf_id = pp->btf_ids[t];
	}
	fd = bpf_prog_load(type, prog_name(pp), pp->license, insns, cnt, &opts);
	if (fd < 0) {
		err = -errno;
		log = calloc(1, 1 << 20);
		opts.log_buf = log;
		opts.log_size = log ? 1 << 20 : 0;
		opts.log_level = log ? 1 : 0;
		if (bpf_prog_load(BPF_PROG_TYPE_KPROBE, prog_name(pp), pp->license, insns, cnt,
				  &opts) < 0 &&
		    log && *log)
			pr_raw("%s", log);
		free(log);
		errmsg__set(err, "program '%s' in '%s': cannot load its variant for '%s': %s",
			    prog_name(pp), pp->object, bpf_program__section_name(pp->prog),
			    strerror(-err));
	}
	free(insns);
	if (fd < 0)
		return err;
	pp->type_fd[t] = fd;
	return 0;
}

int probeprog__load(struct probeprog *pp)
{
	for (int t = 1; t < pp->nr_types; t++) {
		int err = load_type(pp, t);

		if (err)
			return err;
	}
	if (pp->nr_types > 1)
		pr_debug("program '%s': %d extra program(s) for the other prologues", prog_name(pp),
			 pp->nr_types - 1);
	return 0;
}

/* The program fd attached at point @i, or -1. */
static int probeprog__point_fd(const struct probeprog *pp, int i)
{
	int t;

	if (i < 0 || i >= pp->nr_pts)
		return -1;
	t = pp->type_of ? pp->type_of[i] : 0;
	return t ? pp->type_fd[t] : bpf_program__fd(pp->prog);
}

static void attach_error(const struct probeprog *pp, int i, int err)
{
	errmsg__set(err, "cannot attach program '%s' of '%s' at '%s' (section '%s'): %s",
		    prog_name(pp), pp->object, pp->pts[i].func, bpf_program__section_name(pp->prog),
		    strerror(-err));
	if (err == -ENOENT || err == -EINVAL)
		errmsg__hint("check that '%s' can be probed in '%s'", pp->pts[i].func,
			     pp->kernel ? "/proc/kallsyms" : pp->sec->target);
}

static int attach_fentry(struct probeprog *pp)
{
	for (int i = 0; i < pp->nr_pts; i++) {
		int fd = bpf_link_create(probeprog__point_fd(pp, i), 0, fentry_type(pp), NULL);

		if (fd < 0) {
			int err = -errno;

			attach_error(pp, i, err);
			return err;
		}
		pp->events[pp->nr_events++].fd = fd;
		pr_debug("program '%s' attached at '%s' through %s", prog_name(pp), pp->pts[i].func,
			 pp->sec->retprobe ? "fexit" : "fentry");
	}
	return 0;
}

/* Every point through one link: a uprobe_multi or kprobe_multi link (multilink.h). */
static int attach_multi(struct probeprog *pp)
{
	unsigned long *offs = calloc(pp->nr_pts, sizeof(*offs));
	const char **syms = calloc(pp->nr_pts, sizeof(*syms));
	int fd = -ENOMEM;

	for (int i = 0; offs && syms && i < pp->nr_pts; i++) {
		offs[i] = pp->pts[i].file_off;
		syms[i] = pp->pts[i].func;
	}
	if (offs && syms && pp->kernel)
		fd = multilink__kprobe(bpf_program__fd(pp->prog), syms, pp->nr_pts,
				       pp->sec->retprobe);
	else if (offs && syms)
		fd = multilink__uprobe(bpf_program__fd(pp->prog), pp->sec->target, offs, pp->nr_pts,
				       pp->sec->retprobe);
	free(offs);
	free(syms);
	if (fd < 0) {
		errmsg__set(
			fd,
			"cannot attach program '%s' of '%s' at its %d points (section '%s'): %s",
			prog_name(pp), pp->object, pp->nr_pts, bpf_program__section_name(pp->prog),
			strerror(-fd));
		return fd;
	}
	pp->events[pp->nr_events++].fd = fd;
	pr_debug("program '%s' attached at %d points through one %s link", prog_name(pp),
		 pp->nr_pts, pp->kernel ? "kprobe_multi" : "uprobe_multi");
	return 0;
}

int probeprog__open(struct probeprog *pp)
{
	struct probe_spec spec = {
		.event = pp->sec->event,
		.path = pp->kernel ? NULL : pp->sec->target,
		.module = pp->kernel ? pp->sec->target : NULL,
		.offset = pp->kernel && pp->sec->has_offset ? pp->sec->offset : 0,
		.retprobe = pp->sec->retprobe,
		.mode = probe__mode_from_env(),
	};

	if (pp->events)
		return 0;
	pp->events = calloc(pp->nr_pts, sizeof(*pp->events));
	if (!pp->events)
		return -ENOMEM;
	if (pp->fentry || pp->multi)
		return 0; /* attach_fentry() and attach_multi() make the links */
	for (int i = 0; i < pp->nr_pts; i++) {
		struct probe_event *ev = &pp->events[i];
		int err;

		spec.point = &pp->pts[i];
		spec.index = i;
		err = probe__open(&spec, ev);
		if (err) {
			attach_error(pp, i, err);
			return err;
		}
		pp->nr_events++;
	}
	return 0;
}

int probeprog__attach(struct probeprog *pp)
{
	int err = probeprog__open(pp);

	if (err)
		return err;
	if (pp->fentry)
		return attach_fentry(pp);
	if (pp->multi)
		return attach_multi(pp);
	for (int i = 0; i < pp->nr_events; i++) {
		struct probe_event *ev = &pp->events[i];

		err = probe__set_prog(ev, probeprog__point_fd(pp, i));
		if (err) {
			attach_error(pp, i, err);
			return err;
		}
		pr_debug("program '%s' attached at '%s'%s%s", prog_name(pp), pp->pts[i].func,
			 ev->name ? " as tracefs event " : "", ev->name ? ev->name : "");
	}
	return 0;
}

int probeprog__nr_events(const struct probeprog *pp)
{
	return pp->fentry || pp->multi ? 0 : pp->nr_events;
}

const char *probeprog__event_name(const struct probeprog *pp, int i)
{
	return i >= 0 && i < probeprog__nr_events(pp) ? pp->events[i].name : NULL;
}

int probeprog__event_prog_fd(const struct probeprog *pp, int i)
{
	return i >= 0 && i < probeprog__nr_events(pp) ? probeprog__point_fd(pp, i) : -1;
}

const char *probeprog__event_func(const struct probeprog *pp, int i)
{
	return i >= 0 && i < probeprog__nr_events(pp) ? pp->pts[i].func : NULL;
}
