// SPDX-License-Identifier: GPL-2.0
/*
 * Loading, configuring and reading bpf/syscalls.bpf.c through its skeleton. The program's
 * options are read-only data set before load, so the verifier keeps only the code of the
 * mode and the options in use.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "compile/cache.h"
#include "load/corebtf.h"
#include "run/rbread.h"
#include "run/syscalls.h"
#include "syscalls/sysrec.h"
#include "syscalls.skel.h"
#include "util/caps.h"
#include "util/errmsg.h"
#include "util/log.h"

#define RING_BYTES_DEFAULT (16u << 20)
/*
 * (thread, call) pairs counted at once: allocated as they come (BPF_F_NO_PREALLOC), the
 * ended threads' taken out as they end; what finds no room is spilled, still counted.
 */
#define MAX_COUNTS_DEFAULT (1u << 17)
/* count: the ring only tells of ended threads (a THREAD_END each) */
#define COUNT_RING_BYTES (1u << 20)
#define DRAIN_PASS_MAX 1024 /* ended threads taken out in a pass: a few ms of map calls */
#define TASKS_MAX 8192 /* thread groups, and threads, followed at once */
#define NPROGS 7

struct syscalls {
	struct syscalls_bpf *skel;
	struct bpf_link *links[NPROGS];
	struct rbread *rd;
	uint64_t unread; /* records left in the ring at the end of a stopped run */
	syscalls_record_fn fn;
	void *ctx;
	bool count;
	bool errnos; /* count: by errno too */
	/* count: syscalls__drain's */
	syscalls_count_fn count_fn;
	void *count_ctx;
	struct sysrec_count *val; /* a value read, of counts */
	struct sysrec_errnos *err_val; /* and of errnos */
	int count_err;
};

static size_t pow2_at_least(size_t n)
{
	size_t p = 4096;

	while (p < n && p < ((size_t)1 << 31))
		p <<= 1;
	return p;
}

/* The kinds' lengths come from arguments that exist; a wrong table is the caller's bug. */
static int check_spec(const struct sysrec_spec *sp, unsigned int nr)
{
	for (int i = 0; i < SYSREC_ARGS; i++) {
		if (sp->kind[i] >= SYSREC_KIND_COUNT || sp->len_arg[i] >= SYSREC_ARGS ||
		    sp->nargs > SYSREC_ARGS || sp->when[i] > SYSREC_AT_ENTRY_AND_EXIT_POS)
			return errmsg__set(-EINVAL,
					   "system call %u: argument %d has kind %u, length in %u, "
					   "read when %u",
					   nr, i, sp->kind[i], sp->len_arg[i], sp->when[i]);
	}
	return 0;
}

static bool selected(const struct syscalls_opts *opts, unsigned int nr)
{
	return !opts->select || (opts->select[nr / 64] >> (nr % 64) & 1);
}

/* The program's table: the caller's specs, with the flags the program goes by. */
static int set_specs(struct syscalls_bpf__rodata *ro, const struct syscalls_opts *opts)
{
	unsigned int any = 0;

	for (unsigned int nr = 0; nr < SYSREC_NR_MAX; nr++) {
		struct sysrec_spec *sp = &ro->cfg_specs[nr];

		if (opts->specs) {
			*sp = opts->specs[nr];
			if (check_spec(sp, nr))
				return -EINVAL;
		} else {
			memset(sp, 0, sizeof(*sp));
			sp->nargs = SYSREC_ARGS;
		}
		sp->flags &= SYSREC_SPEC_NEW_MM;
		sp->flags |= selected(opts, nr) ? SYSREC_SPEC_SELECTED : 0;
		for (int i = 0; i < SYSREC_ARGS; i++) {
			if (!sp->kind[i])
				continue;
			if (sp->when[i] != SYSREC_AT_ENTRY)
				sp->flags |= SYSREC_SPEC_EXIT_ITEMS;
			if (sp->when[i] == SYSREC_AT_ENTRY ||
			    sp->when[i] >= SYSREC_AT_ENTRY_EXIT_OK)
				sp->flags |= SYSREC_SPEC_ENTER_ITEMS;
		}
		/* -y: what the descriptors refer to, read with the call's other items */
		sp->flags |= sp->fd_args ? SYSREC_SPEC_ENTER_ITEMS : 0;
		sp->flags |= sp->fd_out ? SYSREC_SPEC_EXIT_ITEMS : 0;
		any |= sp->flags & SYSREC_SPEC_SELECTED;
	}
	if (!any)
		return errmsg__set(-EINVAL, "no system call selected");
	return 0;
}

/* Signals and process ends: lines of the capture, not counted. */
static void configure_ends(struct syscalls_bpf *skel, const struct syscalls_opts *opts)
{
	bool count = opts->mode == SYSCALLS_COUNT;
	bool signals = opts->signals && !count, exits = opts->exits && !count;

	skel->rodata->cfg_signals = signals;
	skel->rodata->cfg_exits = exits;
	bpf_program__set_autoload(skel->progs.signal_deliver, signals);
	bpf_program__set_autoload(skel->progs.signal_generate, signals);
	/* counting: the ends of threads, whose counts are then taken out of the map */
	bpf_program__set_autoload(skel->progs.forget_exit, !opts->all_tasks || exits || count);
	bpf_map__set_max_entries(skel->maps.ended, exits ? TASKS_MAX : 1);
}

/* -G's cgroup, and the cgroup ids of the records. */
static void configure_cgroup(struct syscalls_bpf *skel, const struct syscalls_opts *opts)
{
	bool cgroup = opts->cgroup_fd > 0;

	skel->rodata->cfg_cgroup = cgroup;
	skel->rodata->cfg_cgroup_id = opts->cgroup_id;
	skel->rodata->cfg_cgroup_ids = opts->cgroup_ids && opts->mode == SYSCALLS_CAPTURE;
	bpf_program__set_autoload(skel->progs.cgroup_moved, cgroup);
}

static int set_cgroup(struct syscalls *sc, const struct syscalls_opts *opts)
{
	uint32_t key = 0, fd = opts->cgroup_fd;

	if (opts->cgroup_fd <= 0)
		return 0;
	if (bpf_map_update_elem(bpf_map__fd(sc->skel->maps.sel_cgroup), &key, &fd, BPF_ANY)) {
		int err = -errno;

		return errmsg__set(err, "cannot select the cgroup of -G: %s", strerror(-err));
	}
	return 0;
}

static void configure(struct syscalls_bpf *skel, const struct syscalls_opts *opts)
{
	struct syscalls_bpf__rodata *ro = skel->rodata;
	size_t ring = pow2_at_least(opts->ring_bytes ? opts->ring_bytes : RING_BYTES_DEFAULT);
	bool count = opts->mode == SYSCALLS_COUNT;
	unsigned int counts = opts->max_counts ? opts->max_counts : MAX_COUNTS_DEFAULT;

	ro->cfg_count = count;
	ro->cfg_errnos = count && opts->errnos;
	ro->cfg_cgroups = count && opts->cgroups;
	ro->cfg_all_tasks = opts->all_tasks;
	ro->cfg_tids = !opts->all_tasks && opts->nr_tids > 0;
	ro->cfg_boottime = opts->boottime;
	ro->cfg_self_tgid = getpid();
	ro->cfg_gate_tgid = opts->gate_pid > 0 ? (uint32_t)opts->gate_pid : 0;
	/* only the workload, forked before: none of its calls can have begun unseen */
	ro->cfg_entries_only = !opts->all_tasks && opts->gate_pid > 0 && !opts->nr_tids;
	ro->cfg_execve_nr = SYS_execve;
	ro->cfg_strsize = opts->strsize ? opts->strsize : SYSREC_STRSIZE_DEFAULT;
	if (ro->cfg_strsize > SYSREC_STRSIZE_MAX)
		ro->cfg_strsize = SYSREC_STRSIZE_MAX;
	ro->cfg_wakeup_bytes = opts->wakeup_bytes ? opts->wakeup_bytes :
			       count		  ? COUNT_RING_BYTES / 4 :
						    ring / 4;
	/* What a mode or a scope does not use stays as small as the kernel allows. */
	bpf_map__set_max_entries(skel->maps.records, count ? COUNT_RING_BYTES : ring);
	bpf_map__set_max_entries(skel->maps.counts, count ? counts : 1);
	bpf_map__set_max_entries(skel->maps.spill, count ? SYSREC_NR_MAX : 1);
	bpf_map__set_max_entries(skel->maps.held, count ? TASKS_MAX : 1);
	bpf_map__set_max_entries(skel->maps.errnos, ro->cfg_errnos ? counts : 1);
	bpf_map__set_max_entries(skel->maps.spill_errnos, ro->cfg_errnos ? SYSREC_NR_MAX : 1);
	bpf_map__set_max_entries(skel->maps.tgids, opts->all_tasks ? 1 : TASKS_MAX);
	bpf_map__set_max_entries(skel->maps.tids, ro->cfg_tids ? TASKS_MAX : 1);
	bpf_program__set_autoload(skel->progs.follow_fork, !opts->all_tasks);
	configure_ends(skel, opts);
	configure_cgroup(skel, opts);
}

static int load_error(int err)
{
	errmsg__set(err, "cannot load perf-bpf's system call programs: %s", strerror(-err));
	if (access("/sys/kernel/btf/vmlinux", R_OK))
		errmsg__hint("they need the kernel's BTF, /sys/kernel/btf/vmlinux "
			     "(a kernel built with CONFIG_DEBUG_INFO_BTF)");
	else
		errmsg__hint("they need Linux 5.11 or later; libbpf's messages above say what "
			     "this kernel refused");
	return err;
}

static int add_task(struct bpf_map *map, int id, const char *what)
{
	uint32_t key = id;
	uint8_t one = 1;

	if (id <= 0)
		return errmsg__set(-EINVAL, "cannot trace %s %d: no such task", what, id);
	if (bpf_map_update_elem(bpf_map__fd(map), &key, &one, BPF_ANY)) {
		int err = -errno;

		return errmsg__set(err, "cannot trace %s %d: %s", what, id, strerror(-err));
	}
	return 0;
}

int syscalls__add_pid(struct syscalls *sc, int pid)
{
	int err;

	if (sc->skel->rodata->cfg_all_tasks)
		return errmsg__set(-EINVAL, "cannot trace process %d alone: every task is traced",
				   pid);
	err = add_task(sc->skel->maps.tgids, pid, "process");
	/* the tasks' verdicts cached by the program are stale now */
	if (!err)
		__atomic_add_fetch(&sc->skel->data->sel_gen, 1, __ATOMIC_RELEASE);
	return err;
}

static int add_tasks(struct syscalls *sc, const struct syscalls_opts *opts)
{
	int err = 0;

	if (opts->all_tasks)
		return 0;
	for (int i = 0; i < opts->nr_pids && !err; i++)
		err = add_task(sc->skel->maps.tgids, opts->pids[i], "process");
	for (int i = 0; i < opts->nr_tids && !err; i++)
		err = add_task(sc->skel->maps.tids, opts->tids[i], "thread");
	return err;
}

static int ring_record(void *ctx, const void *data, size_t size)
{
	struct syscalls *sc = ctx;

	return sc->fn(sc->ctx, data, size);
}

static int open_ring(struct syscalls *sc)
{
	sc->rd = rbread__new(bpf_map__fd(sc->skel->maps.records), ring_record, sc);
	if (!sc->rd) {
		int err = -errno;

		return errmsg__set(err, "cannot map the system call ring buffer: %s",
				   strerror(-err));
	}
	return 0;
}

/*
 * Opened to relocate against the kernel's types the programs read, cut from its BTF once
 * and kept in the cache (load/corebtf.h): libbpf then never reads the whole BTF. Without
 * the cache, libbpf reads it.
 */
static struct syscalls_bpf *open_skeleton(void)
{
	LIBBPF_OPTS(bpf_object_open_opts, o);
	struct cache *c = cache__open(NULL);
	char path[PATH_MAX];
	const void *elf;
	size_t size;

	elf = syscalls_bpf__elf_bytes(&size);
	if (c && !corebtf__path(c, elf, size, path, sizeof(path)))
		o.btf_custom_path = path;
	cache__close(c);
	return syscalls_bpf__open_opts(&o);
}

struct syscalls *syscalls__open(const struct syscalls_opts *opts)
{
	struct syscalls *sc = calloc(1, sizeof(*sc));
	char missing[64];
	int err;

	if (!sc)
		return NULL;
	/* said before libbpf tries, and fills stderr with its own view of the failure */
	if (caps__bpf_missing(missing, sizeof(missing))) {
		err = errmsg__set(-EPERM,
				  "cannot load perf-bpf's system call programs: %s %s missing",
				  missing, strchr(missing, ' ') ? "are" : "is");
		errmsg__hint("run as root, or give the CAP_BPF and CAP_PERFMON capabilities");
		goto fail;
	}
	sc->count = opts->mode == SYSCALLS_COUNT;
	sc->errnos = sc->count && opts->errnos;
	if (sc->count) {
		sc->val = malloc(sizeof(*sc->val));
		sc->err_val = malloc(sizeof(*sc->err_val));
		if (!sc->val || !sc->err_val) {
			err = -ENOMEM;
			goto fail;
		}
	}
	sc->skel = open_skeleton();
	if (!sc->skel) {
		err = -errno;
		errmsg__set(err, "cannot open perf-bpf's system call programs: %s", strerror(-err));
		goto fail;
	}
	configure(sc->skel, opts);
	err = set_specs(sc->skel->rodata, opts);
	if (err)
		goto fail;
	err = syscalls_bpf__load(sc->skel);
	if (err) {
		load_error(err);
		goto fail;
	}
	err = add_tasks(sc, opts);
	if (!err)
		err = set_cgroup(sc, opts);
	if (!err)
		err = open_ring(sc);
	if (err)
		goto fail;
	return sc;
fail:
	syscalls__close(sc);
	errno = -err;
	return NULL;
}

/* The raw tracepoint a program's section names: "sys_enter" for "raw_tp/sys_enter". */
static const char *hook_of(const struct bpf_program *prog)
{
	const char *sec = bpf_program__section_name(prog), *name = strchr(sec, '/');

	return name ? name + 1 : sec;
}

/* Attach the programs on hook (NULL: all) not attached yet. */
static int attach(struct syscalls *sc, const char *hook)
{
	struct bpf_program *prog;
	int i = 0, err;

	bpf_object__for_each_program(prog, sc->skel->obj) {
		if (!bpf_program__autoload(prog))
			continue;
		if (!sc->links[i] && (!hook || !strcmp(hook_of(prog), hook)))
			sc->links[i] = bpf_program__attach(prog);
		if (!sc->links[i] && (!hook || !strcmp(hook_of(prog), hook))) {
			err = -errno;
			errmsg__set(err, "cannot attach to raw tracepoint '%s': %s", hook_of(prog),
				    strerror(-err));
			return err;
		}
		i++;
	}
	return 0;
}

int syscalls__attach_entries(struct syscalls *sc)
{
	return attach(sc, "sys_enter");
}

int syscalls__attach(struct syscalls *sc)
{
	int err = attach(sc, NULL);

	if (!err) /* entries from now on: their exits are seen */
		__atomic_store_n(&sc->skel->bss->armed, 1, __ATOMIC_RELEASE);
	return err;
}

int syscalls__fd(const struct syscalls *sc)
{
	return sc->rd ? rbread__fd(sc->rd) : -1;
}

int syscalls__consume(struct syscalls *sc, syscalls_record_fn fn, void *ctx)
{
	if (!sc->rd)
		return -EINVAL;
	sc->fn = fn;
	sc->ctx = ctx;
	return rbread__pass(sc->rd, RBREAD_PASS_MAX, RBREAD_PASS_BYTES);
}

bool syscalls__more(const struct syscalls *sc)
{
	return sc->rd && rbread__more(sc->rd);
}

int syscalls__consume_last(struct syscalls *sc, syscalls_record_fn fn, void *ctx)
{
	if (!sc->rd)
		return -EINVAL;
	sc->fn = fn;
	sc->ctx = ctx;
	return rbread__last(sc->rd, RBREAD_PASS_MAX, RBREAD_PASS_BYTES, &sc->unread);
}

uint64_t syscalls__unread(const struct syscalls *sc)
{
	return sc->unread;
}

/* The errnos of a count's key, or NULL (none, or not counted by errno). */
static const struct sysrec_errnos *errnos_of(struct syscalls *sc,
					     const struct sysrec_count_key *key)
{
	if (!sc->errnos ||
	    bpf_map_lookup_elem(bpf_map__fd(sc->skel->maps.errnos), key, sc->err_val))
		return NULL;
	return sc->err_val;
}

/*
 * An ended thread's counts, out of the maps: its thread is gone, nothing adds to them. Each
 * is passed on before it is deleted, so a count leaves the kernel only once it is kept.
 */
static int take_thread(struct syscalls *sc, const struct sysrec_head *h,
		       const struct sysrec_thread_end *t)
{
	int fd = bpf_map__fd(sc->skel->maps.counts), err;

	for (uint32_t nr = 0; nr < SYSREC_NR_MAX; nr++) {
		struct sysrec_count_key key = {
			.tid = h->tid, .nr = nr, .start = t->start, .cgroup = t->cgroup
		};

		if (!(t->called[nr / 64] >> (nr % 64) & 1))
			continue;
		if (bpf_map_lookup_elem(fd, &key, sc->val))
			continue; /* not there: the thread's tid changed at an exec */
		memcpy(sc->val->comm, t->comm, sizeof(sc->val->comm));
		sc->val->comm[sizeof(sc->val->comm) - 1] = '\0';
		sc->val->flags |= SYSREC_COUNT_F_ENDED;
		err = sc->count_fn(sc->count_ctx, &key, sc->val, errnos_of(sc, &key));
		if (err)
			return err;
		if (sc->errnos)
			bpf_map_delete_elem(bpf_map__fd(sc->skel->maps.errnos), &key);
		bpf_map_delete_elem(fd, &key);
	}
	return 0;
}

static int ended_record(void *ctx, const void *data, size_t size)
{
	struct syscalls *sc = ctx;
	struct sysrec_thread_end t;
	struct sysrec_head h;

	if (size < sizeof(h) + sizeof(t))
		return 0;
	memcpy(&h, data, sizeof(h));
	if (h.type != SYSREC_THREAD_END)
		return 0;
	memcpy(&t, (const uint8_t *)data + sizeof(h), sizeof(t));
	sc->count_err = take_thread(sc, &h, &t);
	return sc->count_err;
}

int syscalls__drain(struct syscalls *sc, syscalls_count_fn fn, void *ctx)
{
	int n;

	if (!sc->count || !sc->rd)
		return -EINVAL;
	sc->fn = ended_record;
	sc->ctx = sc;
	sc->count_fn = fn;
	sc->count_ctx = ctx;
	sc->count_err = 0;
	n = rbread__pass(sc->rd, DRAIN_PASS_MAX, RBREAD_PASS_BYTES);
	return sc->count_err ? sc->count_err : n;
}

/* The spill's counts, one call at a time, summed over the CPUs: tid 0, start 0. */
static int read_spill(struct syscalls *sc, syscalls_count_fn fn, void *ctx)
{
	int ncpu = libbpf_num_possible_cpus(), err = 0;
	struct sysrec_count *all = ncpu > 0 ? calloc(ncpu, sizeof(*all)) : NULL;
	struct sysrec_errnos *errs = ncpu > 0 ? calloc(ncpu, sizeof(*errs)) : NULL;

	if (!all || !errs) {
		free(all);
		free(errs);
		return ncpu < 0 ? ncpu : -ENOMEM;
	}
	for (uint32_t nr = 0; nr < SYSREC_NR_MAX && !err; nr++) {
		struct sysrec_count_key key = { .nr = nr };
		bool with_errs = sc->errnos;

		if (bpf_map_lookup_elem(bpf_map__fd(sc->skel->maps.spill), &nr, all))
			continue;
		with_errs =
			with_errs &&
			!bpf_map_lookup_elem(bpf_map__fd(sc->skel->maps.spill_errnos), &nr, errs);
		memset(sc->val, 0, sizeof(*sc->val));
		sc->val->min_ns = UINT64_MAX;
		memset(sc->err_val, 0, sizeof(*sc->err_val));
		for (int cpu = 0; cpu < ncpu; cpu++) {
			sysrec__count_add(sc->val, &all[cpu]);
			for (int i = 0; with_errs && i < SYSREC_ERRNO_SLOTS; i++)
				sc->err_val->n[i] += errs[cpu].n[i];
		}
		if (sc->val->calls)
			err = fn(ctx, &key, sc->val, with_errs ? sc->err_val : NULL);
	}
	free(all);
	free(errs);
	return err;
}

int syscalls__read_counts(struct syscalls *sc, syscalls_count_fn fn, void *ctx)
{
	int fd = bpf_map__fd(sc->skel->maps.counts), n = 0, err = 0;
	struct sysrec_count_key key, next, *prev = NULL;

	if (!sc->count)
		return -EINVAL;
	/* the threads that ended since the last drain first: taken out, not read twice */
	err = syscalls__drain(sc, fn, ctx);
	err = err < 0 ? err : 0;
	while (!err && !bpf_map_get_next_key(fd, prev, &next)) {
		key = next;
		prev = &key;
		if (bpf_map_lookup_elem(fd, &key, sc->val))
			continue; /* gone meanwhile */
		err = fn(ctx, &key, sc->val, errnos_of(sc, &key));
		n++;
	}
	if (!err)
		err = read_spill(sc, fn, ctx);
	return err ? err : n;
}

int syscalls__lost(struct syscalls *sc, struct sysrec_lost *per_cpu, int n)
{
	int ncpu = libbpf_num_possible_cpus();
	struct sysrec_lost *all;
	uint32_t zero = 0;

	if (ncpu < 0)
		return ncpu;
	all = calloc(ncpu, sizeof(*all));
	if (!all)
		return -ENOMEM;
	if (bpf_map_lookup_elem(bpf_map__fd(sc->skel->maps.lost), &zero, all)) {
		int err = -errno;

		free(all);
		return err;
	}
	memcpy(per_cpu, all, sizeof(*all) * (n < ncpu ? n : ncpu));
	free(all);
	return ncpu;
}

void syscalls__close(struct syscalls *sc)
{
	if (!sc)
		return;
	rbread__free(sc->rd);
	for (int i = 0; i < NPROGS; i++)
		bpf_link__destroy(sc->links[i]);
	syscalls_bpf__destroy(sc->skel);
	free(sc->val);
	free(sc->err_val);
	free(sc);
}
