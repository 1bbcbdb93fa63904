// SPDX-License-Identifier: GPL-2.0
/*
 * System calls of the selected tasks, on raw_syscalls sys_enter and sys_exit (raw_tp: the
 * kernel's type ids are not needed to attach, so loading needs no more of the kernel's BTF
 * than its CO-RE relocations name; the task's registers are read through its typed
 * pt_regs, as plain memory).
 *
 * capture: an ENTER and an EXIT record per call into the ring buffer `records`, with the
 *	    strings, buffers and socket addresses cfg_specs asks for (bpf/syscalls.h);
 * count:   no record, per (thread, system call) statistics in the hash map `counts`, and
 *	    per (thread, call, errno) with cfg_errnos in `errnos`; a THREAD_END record when
 *	    a thread ends, for user space to take its counts out; what the maps have no room
 *	    for goes to the per-CPU spill arrays by call, so that no call goes uncounted.
 *
 * Tasks: every one but perf-bpf's own (cfg_all_tasks), or the thread groups in `tgids` and
 * the threads in `tids`, which follow_fork extends to their children and forget_exit
 * empties as they exit. Everything cfg_* is set by lib/run/syscalls.c before load; the
 * verifier then drops the code of the mode and the options not used.
 */
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_tracing.h>
#include <bpf/bpf_core_read.h>

#include "syscalls.h"

#define UIO_MAXIOV 1024 /* the most iovecs a call takes */

char LICENSE[] SEC("license") = "GPL";

const volatile bool cfg_count;
const volatile bool cfg_errnos; /* count: by errno too */
const volatile bool cfg_cgroups; /* count: by cgroup too (the key's) */
const volatile bool cfg_all_tasks;
const volatile bool cfg_tids; /* some threads are selected by tid */
const volatile bool cfg_boottime;
const volatile __u32 cfg_self_tgid;
/* A workload forked and waiting for its exec: traced from its first execve that succeeds. */
const volatile __u32 cfg_gate_tgid;
const volatile __u32 cfg_execve_nr;
const volatile __u32 cfg_strsize = SYSREC_STRSIZE_DEFAULT;
const volatile __u64 cfg_wakeup_bytes; /* 0: the ring buffer's own wake-up policy */
const volatile struct sysrec_spec cfg_specs[SYSREC_NR_MAX];

/* User space adds one each time it selects a task: the verdicts tasks keep are then stale. */
__u32 sel_gen = 1;
/* cfg_gate_tgid has exec'd: its calls are traced from now on */
__u32 gate_open;
/* Set by user space once every program is attached: no entry is kept whose exit is missed. */
__u32 armed;
/*
 * Every traced task began after the capture (the workload and its children): no call of one
 * can exit without its entry seen, so sys_exit need not look at calls with no live entry.
 */
const volatile bool cfg_entries_only;
/*
 * With cfg_entries_only, the entries live now: while there is none, sys_exit returns at once.
 * Counting, the traced tasks alive instead (from their first call to their end): a call
 * then changes no variable every CPU reads, whose cache line would travel at each call.
 */
__u64 live_entries;

#if !defined(__TARGET_ARCH_x86) && !defined(__TARGET_ARCH_arm64)
#error "bpf/syscalls.bpf.c: no system call registers for this architecture"
#endif

/* The arguments of a system call, from the registers it was made with. */
static __always_inline void syscall_args(const struct pt_regs *r, __u64 *a)
{
#if defined(__TARGET_ARCH_x86)
	a[0] = r->di;
	a[1] = r->si;
	a[2] = r->dx;
	a[3] = r->r10;
	a[4] = r->r8;
	a[5] = r->r9;
#else
	a[0] = r->orig_x0;
	for (int i = 1; i < SYSREC_ARGS; i++)
		a[i] = r->regs[i];
#endif
}

/* The registers the current task made its system call with. */
static __always_inline const struct pt_regs *task_regs(void)
{
	return (const struct pt_regs *)bpf_task_pt_regs(bpf_get_current_task_btf());
}

/* At sys_exit: -1 after rt_sigreturn, whose registers are those of the code it returns to. */
static __always_inline long syscall_nr(const struct pt_regs *r)
{
#if defined(__TARGET_ARCH_x86)
	return r->orig_ax;
#else
	return r->syscallno;
#endif
}

/* A 32-bit task on a 64-bit kernel: its calls have other numbers, its arguments other registers. */
static __always_inline bool task_compat(void)
{
#if defined(__TARGET_ARCH_x86)
	struct task_struct *t = bpf_get_current_task_btf();

	if (bpf_core_field_exists(t->thread_info.status))
		return t->thread_info.status & 0x0002; /* TS_COMPAT */
#endif
	return false;
}

/*
 * ---- -G: the tasks of one cgroup (of the cgroup2 hierarchy) and of those below it ----
 *
 * Judged with the rest of a task's selection, so the verdict is cached with it (struct
 * entry); a task that moves to another cgroup is judged again: cgroup_moved makes every
 * verdict stale whenever a task moves, which is rare (a service started, a container's
 * process placed). A call made in the instant between a task's move and that tracepoint
 * is judged by where the task was.
 */
const volatile bool cfg_cgroup;
const volatile __u64 cfg_cgroup_id; /* the cgroup's, for tasks other than the current one */

struct {
	__uint(type, BPF_MAP_TYPE_CGROUP_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} sel_cgroup SEC(".maps");

#define CGROUP_DEPTH_MAX 64 /* levels walked up from a task's cgroup */

static __always_inline bool current_in_cgroup(void)
{
	return !cfg_cgroup || bpf_current_task_under_cgroup(&sel_cgroup, 0) == 1;
}

/* Another task's: its cgroup or one above it is the one selected. */
static __always_inline bool task_in_cgroup(struct task_struct *t)
{
	struct cgroup_subsys_state *css;

	if (!cfg_cgroup)
		return true;
	css = (struct cgroup_subsys_state *)BPF_CORE_READ(t, cgroups, dfl_cgrp);
	for (int i = 0; i < CGROUP_DEPTH_MAX && css; i++) {
		if (BPF_CORE_READ(css, cgroup, kn, id) == cfg_cgroup_id)
			return true;
		css = BPF_CORE_READ(css, parent);
	}
	return false;
}

/* The cgroup of the records (cfg_cgroup_ids): the current task's, or another's. */
const volatile bool cfg_cgroup_ids;

static __always_inline __u64 task_cgroup_id(struct task_struct *t)
{
	return BPF_CORE_READ(t, cgroups, dfl_cgrp, kn, id);
}

struct {
	__uint(type, BPF_MAP_TYPE_RINGBUF);
	__uint(max_entries, 4 << 20); /* set by user space */
} records SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u8);
} tgids SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u8);
} tids SEC(".maps");

/* The call a thread is in, from its sys_enter to its sys_exit. */
struct entry {
	__u64 time;
	__u64 args[SYSREC_ARGS];
	__u32 nr;
	__u16 live; /* set at a traced sys_enter, cleared at its sys_exit */
	__u16 retry; /* arguments whose memory could not be read at entry: read at exit */
	__u32 sel_gen; /* the generation of the verdict: */
	__u32 sel; /* the task is traced */
	/* count: */
	__u64 pid_tgid; /* the task's, from its verdict on (and its execs): no helper a call */
	__u64 start; /* the task's start time, in its counts' keys */
	__u32 alive; /* cfg_entries_only: counted in live_entries, until the task ends */
	__u32 pad;
	__u64 called[SYSREC_NR_MAX / 64]; /* the calls it has a count of in `counts` */
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct entry);
} entries SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 16384); /* set by user space */
	__type(key, struct sysrec_count_key);
	__type(value, struct sysrec_count);
} counts SEC(".maps");

/* Counts of calls `counts` had no room for, by call number: exact, but of no thread. */
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, SYSREC_NR_MAX); /* 1 when not counting */
	__type(key, __u32);
	__type(value, struct sysrec_count);
} spill SEC(".maps");

/* cfg_errnos: the failed calls by errno, for the keys of `counts`, and their spill. */
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__uint(max_entries, 1); /* set by user space: as `counts` */
	__type(key, struct sysrec_count_key);
	__type(value, struct sysrec_errnos);
} errnos SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1); /* set by user space: SYSREC_NR_MAX */
	__type(key, __u32);
	__type(value, struct sysrec_errnos);
} spill_errnos SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct sysrec_lost);
} lost SEC(".maps");

/*
 * A walk of a user array by bpf_loop, into the record in scratch. In the map, not on the
 * stack: the verifier tracks the stack's numbers exactly and would see every step anew.
 */
struct walk {
	__u64 uptr; /* the array */
	__u64 budget; /* iovecs: the bytes still to show (at exit, of ret) */
	__u32 at; /* where the next element goes in s->buf */
	__u32 end; /* and where the item's room ends */
	__u32 nr; /* iovecs: how many there are */
	__u32 count; /* strings: how many there are, up to the NULL */
	__u32 keep; /* strings: how many to keep */
	bool cut; /* not all of it was kept */
	bool fault; /* the array could not be read at all */
	bool part; /* some element's memory could not be read */
};

/* A record with items is built here, then copied into the ring buffer. */
struct scratch {
	__u64 args[SYSREC_ARGS]; /* the call's, for its items */
	long ret;
	__u32 retry; /* arguments to read at exit that could not be read at entry */
	struct walk walk; /* an array item's */
	__u8 buf[SYSREC_RECORD_MAX]; /* the record */
	/*
	 * Never written: the verifier bounds an array's element (at most its bytes) and where
	 * it goes (at most the record's end) apart, so their sum must fit the value.
	 */
	__u8 slack[SYSREC_ARRAY_MAX + 64];
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, struct scratch);
} scratch SEC(".maps");

/* An item's head and the most bytes one reads (a string: strsize and two to tell a cut). */
#define ITEM_MAX (sizeof(struct sysrec_item) + SYSREC_STRSIZE_MAX + 2)
/* Where the last item may start */
#define ITEM_LAST (SYSREC_RECORD_MAX - ITEM_MAX)

static const struct sysrec_count zero_count;
static const struct sysrec_errnos zero_errnos;

static __always_inline __u64 now(void)
{
	return cfg_boottime ? bpf_ktime_get_boot_ns() : bpf_ktime_get_ns();
}

/* By its ids alone, for any task; its cgroup is judged apart. */
static __always_inline bool task_ids_selected(__u64 pid_tgid)
{
	__u32 tgid = pid_tgid >> 32, tid = (__u32)pid_tgid;

	if (tgid == cfg_self_tgid)
		return false;
	if (cfg_all_tasks || bpf_map_lookup_elem(&tgids, &tgid))
		return true;
	return cfg_tids && bpf_map_lookup_elem(&tids, &tid);
}

/* The current task, pid_tgid. */
static __always_inline bool task_selected(__u64 pid_tgid)
{
	return task_ids_selected(pid_tgid) && current_in_cgroup();
}

static __always_inline const volatile struct sysrec_spec *spec_of(long nr)
{
	if (nr < 0 || nr >= SYSREC_NR_MAX)
		return NULL;
	if (!(cfg_specs[nr].flags & SYSREC_SPEC_SELECTED))
		return NULL;
	return &cfg_specs[nr];
}

/* This CPU's counts of what was lost; NULL only to please the verifier. */
static __always_inline struct sysrec_lost *lost_here(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&lost, &zero);
}

/* Into the ring buffer, waking the reader once cfg_wakeup_bytes wait, if set. */
static __always_inline void emit(void *rec, __u64 size)
{
	struct sysrec_lost *l;
	__u64 flags = 0;

	if (cfg_wakeup_bytes)
		flags = bpf_ringbuf_query(&records, BPF_RB_AVAIL_DATA) + size >= cfg_wakeup_bytes ?
				BPF_RB_FORCE_WAKEUP :
				BPF_RB_NO_WAKEUP;
	if (bpf_ringbuf_output(&records, rec, size, flags) && (l = lost_here()))
		l->records++;
}

static __always_inline void fill_head(struct sysrec_head *h, __u64 pid_tgid, __u64 time, __u32 nr,
				      __u8 type)
{
	h->time = time;
	h->pid = pid_tgid >> 32;
	h->tid = (__u32)pid_tgid;
	h->nr = nr;
	h->cpu = bpf_get_smp_processor_id();
	h->type = type;
	h->flags = 0;
}

/*
 * cfg_cgroup_ids: the record of h ends with the id of its task's cgroup, at at (its end so
 * far, of the bytes h->size says); returns the bytes it adds.
 */
static __always_inline __u32 put_cgroup(struct sysrec_head *h, void *at, __u64 id)
{
	if (!cfg_cgroup_ids)
		return 0;
	__builtin_memcpy(at, &id, sizeof(id));
	h->flags |= SYSREC_F_CGROUP;
	return sizeof(id);
}

/* An item's length: at most max bytes of the want there are; a read that fails is a fault. */
static __always_inline __u32 item_len(struct sysrec_item *it, long err, __u64 want, __u64 max)
{
	if (err < 0) {
		it->flags |= SYSREC_ITEM_FAULT;
		return 0;
	}
	if (want > max) {
		it->flags |= SYSREC_ITEM_TRUNC;
		return max;
	}
	return want;
}

/* Bytes of n elements of size each, as the capture keeps them; a count it cannot hold is cut. */
static __always_inline __u64 array_bytes(__u64 n, __u32 size)
{
	return n > SYSREC_FIXED_MAX ? (__u64)SYSREC_FIXED_MAX * size : n * size;
}

/*
 * The bytes argument i's item wants (not for a string: up to its NUL), and where they are.
 * A length that cannot be read makes *ptr NULL: a fault.
 */
static __always_inline __u64 item_want(const volatile struct sysrec_spec *spec, __u32 i,
				       const struct scratch *s, const void **ptr)
{
	__u32 la = spec->len_arg[i], kind = spec->kind[i];
	int len = 0;

	if (la >= SYSREC_ARGS)
		la = 0;
	*ptr = (const void *)s->args[i];
	switch (kind) {
	case SYSREC_KIND_BUF:
		return s->args[la];
	case SYSREC_KIND_SOCKADDR:
		return (int)s->args[la] > 0 ? (int)s->args[la] : 0;
	case SYSREC_KIND_BUF_RET:
		return s->ret > 0 ? s->ret : 0;
	case SYSREC_KIND_FDS:
		return 2 * sizeof(int);
	case SYSREC_KIND_SOCKADDR_RET:
		if (bpf_probe_read_user(&len, sizeof(len), (const void *)s->args[la]))
			*ptr = NULL;
		return len > 0 ? len : 0;
	case SYSREC_KIND_FIXED:
		return spec->size[i];
	case SYSREC_KIND_ARRAY:
		return array_bytes(s->args[la], spec->size[i]);
	case SYSREC_KIND_ARRAY_RET:
		return s->ret > 0 ? array_bytes(s->ret, spec->size[i]) : 0;
	}
	return 0;
}

/* The most bytes of an item of this kind kept; size: the spec's size[] of the argument. */
static __always_inline __u64 item_max(__u32 kind, __u32 size)
{
	switch (kind) {
	case SYSREC_KIND_BUF_RET: /* an array of records, not text: as many as asked */
		return size ? size : cfg_strsize;
	case SYSREC_KIND_SOCKADDR:
	case SYSREC_KIND_SOCKADDR_RET:
		return SYSREC_SOCKADDR_MAX;
	case SYSREC_KIND_FIXED:
	case SYSREC_KIND_ARRAY:
	case SYSREC_KIND_ARRAY_RET:
		return SYSREC_FIXED_MAX;
	case SYSREC_KIND_STR: /* a path: whole, as strace prints file names */
		return SYSREC_STRSIZE_MAX;
	}
	return cfg_strsize;
}

/* ---- arrays: argv and envp, iovecs, a msghdr's (bpf/syscalls.h has their data) ---- */

/* Bytes of a string or an iovec kept: strsize, as the user asked, within what a read takes. */
static __always_inline __u32 strsize_now(void)
{
	__u32 max = cfg_strsize;

	if (max > SYSREC_STRSIZE_MAX)
		max = SYSREC_STRSIZE_MAX;
	return max ? max : 1;
}

/* One string into the walk's room, behind its __u16 head; false when the room is out. */
static __always_inline bool keep_string(struct scratch *s, __u64 ptr)
{
	struct walk *w = &s->walk;
	__u32 at = w->at, max = strsize_now() + 2, room;
	__u16 head;
	long n;

	if (at > SYSREC_RECORD_MAX || at + sizeof(head) + 2 > w->end)
		return false;
	room = w->end - at - sizeof(head);
	if (room < max)
		max = room;
	if (max > SYSREC_STRSIZE_MAX + 2)
		return false;
	n = bpf_probe_read_user_str(s->buf + at + sizeof(head), max, (const void *)ptr);
	if (n < 0) {
		head = SYSREC_STR_FAULT;
		n = 1;
		w->part = true;
	} else if (n == max && max < strsize_now() + 2) {
		return false; /* cut by the room, not by strsize: left out */
	} else if (n - 1 > strsize_now()) {
		head = strsize_now() | SYSREC_STR_CUT;
		n = strsize_now() + 1;
	} else {
		head = n > 0 ? n - 1 : 0;
		n = n > 0 ? n : 1;
	}
	__builtin_memcpy(s->buf + at, &head, sizeof(head));
	w->at = at + sizeof(head) + n - 1;
	return true;
}

static long strarray_step(__u64 i, void *ctx)
{
	struct scratch *s = *(struct scratch **)ctx;
	struct walk *w = &s->walk;
	__u64 ptr = 0;

	if (bpf_probe_read_user(&ptr, sizeof(ptr), (const void *)(w->uptr + i * sizeof(ptr)))) {
		w->fault = i == 0;
		w->cut = true; /* the array runs into memory that is not there */
		return 1;
	}
	if (!ptr)
		return 1;
	if (w->count < w->keep && !keep_string(s, ptr)) {
		w->keep = w->count;
		w->cut = true;
	}
	w->count++;
	if (i + 1 == SYSREC_STRARRAY_MAX)
		w->cut = true;
	return 0;
}

static long iovec_step(__u64 i, void *ctx)
{
	struct scratch *s = *(struct scratch **)ctx;
	struct walk *w = &s->walk;
	struct sysrec_iov d = {};
	__u32 at = w->at, n;
	__u64 iov[2], want;

	if (i >= w->nr)
		return 1;
	if (at > SYSREC_RECORD_MAX || at + sizeof(d) > w->end ||
	    bpf_probe_read_user(iov, sizeof(iov), (const void *)(w->uptr + i * sizeof(iov)))) {
		w->fault = i == 0 && at + sizeof(d) <= w->end;
		w->cut = true;
		return 1;
	}
	d.base = iov[0];
	d.len = iov[1];
	/* at exit, ret bytes filled the iovecs in order */
	want = iov[1] < w->budget ? iov[1] : w->budget;
	w->budget -= want;
	n = want < strsize_now() ? want : strsize_now();
	if (n > w->end - at - sizeof(d))
		n = w->end - at - sizeof(d);
	if (n > SYSREC_STRSIZE_MAX)
		return 1;
	if (n && bpf_probe_read_user(s->buf + at + sizeof(d), n, (const void *)iov[0])) {
		d.flags = SYSREC_STR_FAULT;
		n = 0;
		w->part = true;
	} else if (n < want) {
		d.flags = SYSREC_STR_CUT;
	}
	d.got = n;
	__builtin_memcpy(s->buf + at, &d, sizeof(d));
	w->at = at + sizeof(d) + n;
	return 0;
}

/* The new program's filename (after its environment) and argv, as its mm keeps them. */
static __always_inline void walk_exec_args(struct scratch *s)
{
	struct walk *w = &s->walk;
	struct mm_struct *mm = BPF_CORE_READ((struct task_struct *)bpf_get_current_task_btf(), mm);
	__u64 start = BPF_CORE_READ(mm, arg_start), end = BPF_CORE_READ(mm, arg_end);
	__u32 at = w->at;
	__u16 head = 0;
	__u64 n;
	long len;

	if (at > SYSREC_RECORD_MAX || !mm)
		return;
	len = bpf_probe_read_user_str(s->buf + at + sizeof(head), SYSREC_ARRAY_MAX / 4,
				      (const void *)BPF_CORE_READ(mm, env_end));
	head = len > 0 ? len - 1 : 0;
	__builtin_memcpy(s->buf + at, &head, sizeof(head));
	at += sizeof(head) + head;
	if (at > SYSREC_RECORD_MAX || at > w->end)
		return;
	n = end > start ? end - start : 0;
	if (n > w->end - at) {
		n = w->end - at;
		w->cut = true;
	}
	if (n > SYSREC_ARRAY_MAX)
		return;
	if (n && bpf_probe_read_user(s->buf + at, n, (const void *)start))
		w->fault = true;
	w->at = at + n;
}

/* A struct user_msghdr; then its iovecs. */
static __always_inline void walk_msghdr(struct scratch *s, __u64 ptr)
{
	struct walk *w = &s->walk;
	__u32 at = w->at;
	__u64 iov[2];

	if (at > SYSREC_RECORD_MAX ||
	    bpf_probe_read_user(s->buf + at, SYSREC_MSGHDR_SIZE, (const void *)ptr)) {
		w->fault = true;
		return;
	}
	/* msg_iov and msg_iovlen */
	__builtin_memcpy(iov, s->buf + at + 16, sizeof(iov));
	w->at = at + SYSREC_MSGHDR_SIZE + sizeof(__u32);
	w->uptr = iov[0];
	w->nr = iov[1] < UIO_MAXIOV ? iov[1] : UIO_MAXIOV;
	bpf_loop(UIO_MAXIOV, iovec_step, &s, 0);
	if (at + SYSREC_MSGHDR_SIZE <= SYSREC_RECORD_MAX)
		__builtin_memcpy(s->buf + at + SYSREC_MSGHDR_SIZE, &iov[1], sizeof(__u32));
}

/* The data of an array item of argument i; read at exit (out), the call returned ret. */
static __always_inline void walk_array(struct scratch *s, __u32 kind, __u32 i, __u32 keep, bool out)
{
	struct walk *w = &s->walk;
	__u64 ptr = s->args[i], n = 0;
	__u32 at = w->at;

	w->budget = out ? (s->ret > 0 ? s->ret : 0) : ~0ULL;
	if (kind == SYSREC_KIND_EXEC_ARGS && out && s->ret == 0) {
		walk_exec_args(s);
		return;
	}
	if (kind == SYSREC_KIND_MSGHDR) {
		walk_msghdr(s, ptr);
		return;
	}
	w->uptr = ptr;
	w->at = at + sizeof(__u32);
	if (kind == SYSREC_KIND_IOVEC) {
		n = keep < SYSREC_ARGS ? s->args[keep] : 0;
		w->nr = n < UIO_MAXIOV ? n : UIO_MAXIOV;
		bpf_loop(UIO_MAXIOV, iovec_step, &s, 0);
	} else {
		w->keep = keep < strsize_now() ? keep : strsize_now();
		bpf_loop(SYSREC_STRARRAY_MAX, strarray_step, &s, 0);
		n = w->count;
	}
	if (at <= SYSREC_RECORD_MAX)
		__builtin_memcpy(s->buf + at, &n, sizeof(__u32));
}

/*
 * Argument i's array item at off, as put_item's (its kind's data: bpf/syscalls.h). A
 * function of its own: the loops are checked once.
 */
__noinline int put_array(struct scratch *s, __u32 off, __u32 i, __u32 nr, __u32 out)
{
	const volatile struct sysrec_spec *spec;
	struct sysrec_item it;
	__u32 kind, arg, end;
	struct walk *w;

	if (!s || off > ITEM_LAST || i >= SYSREC_ARGS || nr >= SYSREC_NR_MAX)
		return -1;
	spec = &cfg_specs[nr];
	kind = spec->kind[i];
	/* iovecs: the argument that counts them; strings: how many to keep */
	arg = kind == SYSREC_KIND_IOVEC ? spec->len_arg[i] : spec->size[i];
	if (kind == SYSREC_KIND_IOVEC && arg >= SYSREC_ARGS)
		return -1;
	w = &s->walk;
	__builtin_memset(w, 0, sizeof(*w));
	w->at = off + sizeof(it);
	w->end = w->at + SYSREC_ARRAY_MAX;
	walk_array(s, kind, i, arg, out);
	it.arg = i;
	it.flags = kind | (out ? SYSREC_ITEM_OUT : 0);
	it.flags |= w->cut ? SYSREC_ITEM_TRUNC : 0;
	it.flags |= w->part ? SYSREC_ITEM_PART : 0;
	end = w->at;
	if (w->fault || end < off + sizeof(it) || end > off + sizeof(it) + SYSREC_ARRAY_MAX) {
		it.flags |= SYSREC_ITEM_FAULT;
		end = off + sizeof(it);
	}
	it.len = end - off - sizeof(it);
	__builtin_memcpy(s->buf + off, &it, sizeof(it));
	return end;
}

/*
 * Argument i's item of the record in s->buf, of call nr, at off; out: read at exit as what
 * the call filled. Returns the offset past it, or a negative number when there is no room.
 * A function of its own (global): the verifier checks it once, not once for each argument
 * of each caller's path.
 */
__noinline int put_item(struct scratch *s, __u32 off, __u32 i, __u32 nr, __u32 out)
{
	const volatile struct sysrec_spec *spec;
	struct sysrec_item *it;
	__u64 max, want, n;
	const void *ptr;
	long err = 0;
	__u8 *data;

	if (!s || off > ITEM_LAST || i >= SYSREC_ARGS || nr >= SYSREC_NR_MAX)
		return -1;
	spec = &cfg_specs[nr];
	it = (void *)(s->buf + off);
	data = s->buf + off + sizeof(*it);
	it->arg = i;
	it->flags = spec->kind[i] | (out ? SYSREC_ITEM_OUT : 0);
	if (spec->kind[i] >= SYSREC_KIND_STRARRAY)
		return put_array(s, off, i, nr, out);
	want = item_want(spec, i, s, &ptr);
	max = item_max(spec->kind[i], spec->size[i]);
	if (spec->kind[i] == SYSREC_KIND_STR) {
		/* max + 1 characters and the NUL: more than max of them is a cut */
		err = bpf_probe_read_user_str(data, SYSREC_STRSIZE_MAX + 2, ptr);
		want = err > 0 ? err - 1 : 0;
	} else {
		n = want < max ? want : max;
		if (n > SYSREC_STRSIZE_MAX)
			n = SYSREC_STRSIZE_MAX;
		if (!ptr)
			err = -1;
		else if (n)
			err = bpf_probe_read_user(data, n, ptr);
	}
	n = item_len(it, err, want, max);
	if (n > SYSREC_STRSIZE_MAX)
		n = SYSREC_STRSIZE_MAX;
	it->len = n;
	return off + sizeof(*it) + n;
}

/* ---- -y: what descriptors refer to, from the task's own table (SYSREC_KIND_FDINFO) ---- */

#define MODE_TYPE 0170000 /* S_IFMT */
#define MODE_FIFO 0010000 /* S_IFIFO: a pipe has no name, a fifo its own */
#define MODE_SOCK 0140000 /* S_IFSOCK */

/*
 * What descriptor fd of the current task refers to, at off in the record (bpf/syscalls.h);
 * the offset past it, off itself for a file whose path says it all. The task's table is
 * read as typed memory; the file, a pointer of an array, by the helper. Global: one copy,
 * checked once, however many descriptors a call names.
 */
__noinline int put_fd(struct scratch *s, __u32 off, int fd)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct files_struct *files = task->files;
	struct fdtable *fdt = files ? files->fdt : NULL;
	struct sysrec_fd d = { .fd = fd };
	struct file *f = NULL;
	struct inode *inode;
	__u32 type;
	__u64 slot;
	long n = 0;

	if (!s || fd < 0 || !fdt || (unsigned int)fd >= fdt->max_fds || off > ITEM_LAST)
		return off;
	slot = (__u64)fdt->fd + (__u64)fd * sizeof(f);
	if (bpf_probe_read_kernel(&f, sizeof(f), (const void *)slot) || !f)
		return off;
	inode = BPF_CORE_READ(f, f_inode);
	d.mode = BPF_CORE_READ(inode, i_mode);
	type = d.mode & MODE_TYPE;
	if (type && type != MODE_FIFO && type != MODE_SOCK)
		return off; /* a file, a device: its path says it */
	d.ino = BPF_CORE_READ(inode, i_ino);
	if (type != MODE_SOCK)
		n = bpf_probe_read_kernel_str(s->buf + off + sizeof(d), SYSREC_FD_NAME_MAX + 1,
					      BPF_CORE_READ(f, f_path.dentry, d_name.name));
	d.name_len = n > 1 ? n - 1 : 0;
	__builtin_memcpy(s->buf + off, &d, sizeof(d));
	return off + sizeof(d) + d.name_len;
}

/* An FDINFO item at off of argument arg, for the n descriptors of fds; the offset past it. */
static __always_inline __u32 put_fd_item(struct scratch *s, __u32 off, __u32 arg, const int *fds,
					 __u32 n)
{
	struct sysrec_item it = { .arg = arg, .flags = SYSREC_KIND_FDINFO };
	__u32 at = off + sizeof(it);

	int next;

	for (__u32 i = 0; i < 2 && i < n; i++) {
		next = put_fd(s, at, fds[i]);
		if (next < 0 || next > SYSREC_RECORD_MAX)
			return off;
		at = next;
	}
	if (at == off + sizeof(it) || at > SYSREC_RECORD_MAX)
		return off; /* none to name */
	it.len = at - off - sizeof(it);
	__builtin_memcpy(s->buf + off, &it, sizeof(it));
	return at;
}

/*
 * The FDINFO items of call nr into the record in s->buf at off: at entry, one for each
 * argument that is a descriptor; at exit, those the call made. The offset past them, or a
 * negative number when there was no room. Global: the verifier checks it once.
 */
__noinline int put_fds(struct scratch *s, __u32 off, __u32 nr, __u32 at_exit)
{
	const volatile struct sysrec_spec *spec;
	int fds[2] = {};

	if (!s || nr >= SYSREC_NR_MAX)
		return -1;
	spec = &cfg_specs[nr];
	if (!at_exit) {
#pragma unroll
		for (__u32 i = 0; i < SYSREC_ARGS; i++) {
			if (!(spec->fd_args >> i & 1))
				continue;
			if (off > ITEM_LAST)
				return -1;
			fds[0] = (int)s->args[i];
			off = put_fd_item(s, off, i, fds, 1);
		}
		return off;
	}
	if ((spec->fd_out & SYSREC_FD_OUT_RET) && s->ret >= 0) {
		if (off > ITEM_LAST)
			return -1;
		fds[0] = (int)s->ret;
		off = put_fd_item(s, off, SYSREC_ARG_RET, fds, 1);
	}
	if (!(spec->fd_out & SYSREC_FD_OUT_FDS) || s->ret != 0)
		return off;
#pragma unroll
	for (__u32 i = 0; i < SYSREC_ARGS; i++) {
		if (spec->kind[i] != SYSREC_KIND_FDS ||
		    bpf_probe_read_user(fds, sizeof(fds), (const void *)s->args[i]))
			continue;
		if (off > ITEM_LAST)
			return -1;
		return put_fd_item(s, off, i, fds, 2);
	}
	return off;
}

/* -y: the FDINFO items of the record, when the call has any; the offset past them. */
static __always_inline __u32 put_fd_items(struct scratch *s, __u32 off,
					  const volatile struct sysrec_spec *spec, __u32 nr,
					  bool at_exit)
{
	struct sysrec_head *h = (void *)s->buf;
	int next;

	if (!(at_exit ? spec->fd_out : spec->fd_args))
		return off;
	next = put_fds(s, off, nr, at_exit);
	if (next < 0 || next > SYSREC_RECORD_MAX) {
		h->flags |= SYSREC_F_ITEMS_CUT;
		return off;
	}
	return next;
}

/* Does the call's result say it filled what argument i points to? */
static __always_inline bool filled(__u32 when, long ret)
{
	switch (when) {
	case SYSREC_AT_EXIT_OK:
	case SYSREC_AT_ENTRY_EXIT_OK:
		return ret >= 0;
	case SYSREC_AT_EXIT_POS:
		return ret > 0;
	case SYSREC_AT_EXIT_ZERO:
		return ret == 0;
	case SYSREC_AT_ENTRY_AND_EXIT:
		return true;
	case SYSREC_AT_ENTRY_AND_EXIT_POS:
		return ret > 0;
	}
	return false;
}

/*
 * Whether argument i has an item now: at entry, or at an exit whose return allows it, or
 * at the exit after a fault at entry. A NULL argument has none: its value says it all.
 */
static __always_inline bool item_wanted(const volatile struct sysrec_spec *spec, __u32 i,
					bool at_exit, const struct scratch *s)
{
	__u32 when = spec->when[i];

	if (!s->args[i] || !spec->kind[i])
		return false;
	if (!at_exit)
		return when == SYSREC_AT_ENTRY || when >= SYSREC_AT_ENTRY_EXIT_OK;
	return (s->retry >> i & 1) || filled(when, s->ret);
}

/*
 * The items of the record in s->buf from off, those of the entry or of the exit; its size.
 * At entry, the arguments whose memory could not be read go into s->retry.
 */
static __always_inline __u32 put_items(struct scratch *s, __u32 off,
				       const volatile struct sysrec_spec *spec, __u32 nr,
				       bool at_exit)
{
	struct sysrec_head *h = (void *)s->buf;
	struct sysrec_item *it;
	int next;

	/* the entry's pointers were of the address space an exec has replaced */
	if (at_exit && s->ret == 0 && (spec->flags & SYSREC_SPEC_NEW_MM))
		s->retry = 0;
		/* Unrolled: Linux 6.1 refuses a loop that clang closes with a fall-through. */
#pragma unroll
	for (__u32 i = 0; i < SYSREC_ARGS; i++) {
		if (!item_wanted(spec, i, at_exit, s))
			continue;
		next = put_item(s, off, i, nr, at_exit && spec->when[i] != SYSREC_AT_ENTRY);
		if (next < 0 || next > SYSREC_RECORD_MAX || off > ITEM_LAST) {
			h->flags |= SYSREC_F_ITEMS_CUT;
			break;
		}
		it = (void *)(s->buf + off);
		if (!at_exit && (it->flags & (SYSREC_ITEM_FAULT | SYSREC_ITEM_PART)))
			s->retry |= 1 << i;
		off = next;
	}
	return put_fd_items(s, off, spec, nr, at_exit);
}

static __always_inline struct scratch *scratch_here(void)
{
	__u32 zero = 0;

	return bpf_map_lookup_elem(&scratch, &zero);
}

/*
 * A record with items: built in this CPU's scratch from its head and body (the first off of
 * the size bytes at rec), then emitted. retry: at exit, the arguments to read again;
 * returns those, at entry.
 */
static __always_inline __u32 emit_with_items(const void *rec, __u32 size, __u32 off,
					     const volatile struct sysrec_spec *spec, __u32 nr,
					     const __u64 *args, long ret, __u32 retry, bool at_exit)
{
	struct scratch *s = scratch_here();

	if (!s || off > size)
		return 0;
	__builtin_memcpy(s->args, args, sizeof(s->args));
	s->ret = ret;
	s->retry = retry;
	__builtin_memcpy(s->buf, rec, size);
	off = put_items(s, off, spec, nr, at_exit);
	if (off > SYSREC_RECORD_MAX)
		return 0;
	off += put_cgroup((struct sysrec_head *)s->buf, s->buf + off, bpf_get_current_cgroup_id());
	((struct sysrec_head *)s->buf)->size = off;
	emit(s->buf, off);
	return s->retry;
}

/* Returns the arguments whose memory could not be read now, to read at exit. */
static __always_inline __u32 enter_record(const volatile struct sysrec_spec *spec, __u64 pid_tgid,
					  __u64 time, __u32 nr, const __u64 *args)
{
	struct {
		struct sysrec_head h;
		__u64 args[SYSREC_ARGS + 1]; /* and the cgroup's id, if asked for, after them */
	} rec;
	__u32 nargs = spec->nargs, off;
	__u64 cg = cfg_cgroup_ids ? bpf_get_current_cgroup_id() : 0;

	if (nargs > SYSREC_ARGS)
		nargs = SYSREC_ARGS;
	off = sizeof(rec.h) + nargs * sizeof(__u64);
	fill_head(&rec.h, pid_tgid, time, nr, SYSREC_ENTER);
	rec.h.flags = nargs;
	rec.h.size = off;
	/* every slot past the arguments holds the id: the one after the last is the trailer */
	for (__u32 i = 0; i < SYSREC_ARGS + 1; i++)
		rec.args[i] = i < SYSREC_ARGS && i < nargs ? args[i] : cg;
	if (spec->flags & SYSREC_SPEC_ENTER_ITEMS)
		return emit_with_items(&rec, sizeof(rec), off, spec, nr, args, 0, 0, false);
	rec.h.size += put_cgroup(&rec.h, &cg, cg);
	emit(&rec, rec.h.size);
	return 0;
}

static __always_inline void exit_record(const volatile struct sysrec_spec *spec, __u64 pid_tgid,
					__u64 time, __u32 nr, long ret, __u64 duration,
					const __u64 *args, __u32 retry)
{
	struct {
		struct sysrec_head h;
		struct sysrec_exit x;
		__u64 cg;
	} rec;
	__u32 off = sizeof(rec.h) + sizeof(rec.x);

	fill_head(&rec.h, pid_tgid, time, nr, SYSREC_EXIT);
	if (!args)
		rec.h.flags = SYSREC_F_NO_ENTRY;
	rec.h.size = off;
	rec.x.ret = ret;
	rec.x.duration = duration;
	if (args && ((spec->flags & SYSREC_SPEC_EXIT_ITEMS) || retry)) {
		emit_with_items(&rec, sizeof(rec), off, spec, nr, args, ret, retry, true);
		return;
	}
	rec.h.size += put_cgroup(&rec.h, &rec.cg, bpf_get_current_cgroup_id());
	emit(&rec, rec.h.size);
}

static __always_inline void count_key(struct sysrec_count_key *key, struct entry *e, __u64 pid_tgid,
				      __u32 nr)
{
	key->tid = (__u32)pid_tgid;
	key->nr = nr;
	key->start = e->start;
	key->cgroup = cfg_cgroups ? bpf_get_current_cgroup_id() : 0;
}

/* The count of call nr by the thread of e, made at its first call; NULL: no room. */
static __always_inline struct sysrec_count *thread_count(struct entry *e, __u64 pid_tgid, __u32 nr,
							 __u64 ns)
{
	struct sysrec_count_key key;
	struct sysrec_count *c;

	count_key(&key, e, pid_tgid, nr);
	c = bpf_map_lookup_elem(&counts, &key);
	if (c)
		return c;
	bpf_map_update_elem(&counts, &key, &zero_count, BPF_NOEXIST);
	c = bpf_map_lookup_elem(&counts, &key);
	if (!c)
		return NULL;
	c->pid = pid_tgid >> 32;
	c->min_ns = ns;
	c->cgroup = cfg_cgroups ? key.cgroup : bpf_get_current_cgroup_id();
	bpf_get_current_comm(c->comm, sizeof(c->comm));
	e->called[(nr / 64) & (SYSREC_NR_MAX / 64 - 1)] |= 1ULL << (nr % 64);
	return c;
}

/* The spill's count of call nr on this CPU, for a call the map had no room for. */
static __always_inline struct sysrec_count *spill_count(__u32 nr, __u64 ns)
{
	struct sysrec_count *c = bpf_map_lookup_elem(&spill, &nr);
	struct sysrec_lost *l = lost_here();

	if (l)
		l->calls++;
	if (c && !c->calls)
		c->min_ns = ns;
	return c;
}

/* A failed call's errno, beside its count (in the map, or spilled with it). */
static __always_inline void count_errno(struct entry *e, __u64 pid_tgid, __u32 nr, long ret,
					bool spilled)
{
	struct sysrec_count_key key;
	struct sysrec_errnos *n = NULL;
	__u32 slot = sysrec_errno_slot((__u32)-ret);

	if (!spilled && e) {
		count_key(&key, e, pid_tgid, nr);
		n = bpf_map_lookup_elem(&errnos, &key);
		if (!n) {
			bpf_map_update_elem(&errnos, &key, &zero_errnos, BPF_NOEXIST);
			n = bpf_map_lookup_elem(&errnos, &key);
		}
	}
	if (!n)
		n = bpf_map_lookup_elem(&spill_errnos, &nr);
	barrier_var(slot); /* the bound stays for the verifier, which cannot see it otherwise */
	if (n && slot < SYSREC_ERRNO_SLOTS)
		n->n[slot]++;
}

/* A call of e's thread (NULL: a thread whose entry could not be made, counted by call). */
static __always_inline void count_call(struct entry *e, __u64 pid_tgid, __u32 nr, long ret,
				       __u64 ns)
{
	struct sysrec_count *c = e ? thread_count(e, pid_tgid, nr, ns) : NULL;
	bool spilled = !c;

	if (!c)
		c = spill_count(nr, ns);
	if (!c)
		return; /* cannot be: nr < SYSREC_NR_MAX */
	/* A thread makes one call at a time: nobody else writes this value meanwhile. */
	sysrec_count_call(c, ns);
	if (ret < 0 && ret >= -4095) {
		c->errors++;
		if (cfg_errnos)
			count_errno(e, pid_tgid, nr, ret, spilled);
	}
}

static __always_inline bool gate_closed(__u64 pid_tgid)
{
	return cfg_gate_tgid && (__u32)(pid_tgid >> 32) == cfg_gate_tgid && !gate_open;
}

/*
 * count: a call whose thread's entry could not be made (the task storage is busy on this
 * CPU while the kernel frees another task's), held here by thread until its exit, so that
 * it is still counted.
 */
struct held {
	__u64 time;
	__u32 nr;
	__u32 pad;
};

struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 1); /* set by user space when counting */
	__type(key, __u64); /* pid_tgid */
	__type(value, struct held);
} held SEC(".maps");

__u64 nr_held; /* entries of `held`: while there is none, sys_exit does not look */

static __always_inline void hold_call(__u64 pid_tgid, long id)
{
	struct held h = { .time = now(), .nr = id };
	struct sysrec_lost *l;

	if (gate_closed(pid_tgid) && id != cfg_execve_nr)
		return;
	if (!bpf_map_update_elem(&held, &pid_tgid, &h, BPF_NOEXIST))
		__sync_fetch_and_add(&nr_held, 1);
	else if (bpf_map_update_elem(&held, &pid_tgid, &h, BPF_EXIST) && (l = lost_here()))
		l->uncounted++; /* neither an entry nor room: the only call not counted */
}

static __always_inline void drop_held(__u64 pid_tgid)
{
	if (!bpf_map_delete_elem(&held, &pid_tgid))
		__sync_fetch_and_add(&nr_held, -1);
}

/*
 * The current task's entry, with whether it is traced: from the maps once, then kept with
 * it until user space selects more tasks (a hash lookup less per call). NULL: not traced.
 */
static __always_inline struct entry *traced_entry(__u64 pid_tgid, long id)
{
	struct task_struct *task = bpf_get_current_task_btf();
	struct entry *e = bpf_task_storage_get(&entries, task, 0, 0);
	struct sysrec_lost *l;
	bool sel;

	if (e && e->sel_gen == sel_gen)
		return e->sel ? e : NULL;
	if (!pid_tgid) /* count: only now */
		pid_tgid = bpf_get_current_pid_tgid();
	sel = task_selected(pid_tgid) && !task_compat();
	if (!e) {
		e = bpf_task_storage_get(&entries, task, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
		if (e)
			e->start = task->start_time;
	}
	if (!e) {
		if (sel && cfg_count)
			hold_call(pid_tgid, id);
		else if (sel && (l = lost_here()))
			l->records++;
		return NULL;
	}
	e->sel_gen = sel_gen;
	e->sel = sel;
	e->pid_tgid = pid_tgid;
	return sel ? e : NULL;
}

SEC("raw_tp/sys_enter")
int BPF_PROG(sys_enter, struct pt_regs *unused, long id)
{
	const volatile struct sysrec_spec *spec = spec_of(id);
	__u64 pid_tgid, args[SYSREC_ARGS];
	struct entry *e;

	if (!spec || !armed)
		return 0;
	/* counting: the task's pid_tgid as its entry keeps it, a helper call less */
	pid_tgid = cfg_count ? 0 : bpf_get_current_pid_tgid();
	e = traced_entry(pid_tgid, id);
	if (!e)
		return 0;
	if (cfg_count)
		pid_tgid = e->pid_tgid;
	/* before the workload's exec, only its tries to exec */
	if (gate_closed(pid_tgid) && id != cfg_execve_nr)
		return 0;
	e->nr = id;
	if (cfg_entries_only && cfg_count && !e->alive) {
		e->alive = 1;
		__sync_fetch_and_add(&live_entries, 1);
	} else if (cfg_entries_only && !cfg_count && !e->live) {
		__sync_fetch_and_add(&live_entries, 1);
	}
	e->live = 1;
	if (!cfg_count) {
		syscall_args(task_regs(), args);
		if (spec->flags & (SYSREC_SPEC_ENTER_ITEMS | SYSREC_SPEC_EXIT_ITEMS))
			for (__u32 i = 0; i < SYSREC_ARGS; i++)
				e->args[i] = args[i];
		e->retry = enter_record(spec, pid_tgid, now(), id, args);
	}
	/* Last: the call's duration leaves out the time taken here. */
	e->time = now();
	return 0;
}

/* The exit of a call whose entry was not seen: it began before the capture. */
static __always_inline void exit_alone(long nr, long ret, __u64 time)
{
	const volatile struct sysrec_spec *spec = spec_of(nr);
	__u64 pid_tgid = bpf_get_current_pid_tgid();

	if (spec && task_selected(pid_tgid) && !task_compat() && !gate_closed(pid_tgid))
		exit_record(spec, pid_tgid, time, nr, ret, 0, NULL, 0);
}

static __always_inline struct entry *task_entry(void)
{
	return bpf_task_storage_get(&entries, bpf_get_current_task_btf(), 0, 0);
}

/* The call's entry, taken at its exit; NULL: not live (the call's task was not traced). */
static __always_inline struct entry *take_live(struct entry *e)
{
	if (!e || !e->live)
		return NULL;
	e->live = 0;
	if (cfg_entries_only && !cfg_count)
		__sync_fetch_and_add(&live_entries, -1);
	return e;
}

/* The exit of a call whose task may have been in it before the capture began. */
static __always_inline struct entry *exit_entry(long ret, __u64 *time)
{
	long nr = syscall_nr(task_regs());
	struct entry *e;

	/* First the cheapest way out, for the calls not traced. */
	if ((nr != -1 && !spec_of(nr)) || !armed)
		return NULL;
	*time = now();
	e = task_entry();
	if (!e && !cfg_count && nr != -1)
		exit_alone(nr, ret, *time);
	return take_live(e);
}

/* count: the exit of a held call, counted by its thread if its entry can be made now. */
static __always_inline int exit_held(long ret, __u64 time)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid(), ns;
	struct held *h = bpf_map_lookup_elem(&held, &pid_tgid);
	struct task_struct *task;
	struct entry *e;
	__u32 nr;

	if (!h)
		return 0;
	ns = (time ?: now()) - h->time;
	nr = h->nr;
	drop_held(pid_tgid);
	if (gate_closed(pid_tgid)) {
		if (ret != 0)
			return 0;
		gate_open = 1;
	}
	task = bpf_get_current_task_btf();
	e = bpf_task_storage_get(&entries, task, 0, BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (e && !e->start)
		e->start = task->start_time;
	if (e)
		e->pid_tgid = pid_tgid;
	count_call(e, pid_tgid, nr, ret, ns);
	return 0;
}

/*
 * A call that failed because a fatal signal ends its thread (exit_group killing the other
 * threads, SIGKILL): it never returns to the task, and strace says "= ?" of it, not
 * ERESTARTSYS. No exit record: the call ends with its task.
 */
#define KILL_PENDING (1UL << (9 - 1)) /* SIGKILL's bit in a signal set's first word */

static __always_inline bool killed_in_call(long ret)
{
	struct task_struct *task = bpf_get_current_task_btf();

	return ret < 0 && (BPF_CORE_READ(task, pending.signal.sig[0]) & KILL_PENDING);
}

SEC("raw_tp/sys_exit")
int BPF_PROG(sys_exit, struct pt_regs *unused, long ret)
{
	const volatile struct sysrec_spec *spec;
	__u64 time = 0, ns, pid_tgid;
	struct entry *e;

	if (cfg_entries_only) {
		/* no register read, no helper, while no traced call is in progress */
		if (!live_entries && !(cfg_count && nr_held))
			return 0;
		time = now();
		e = take_live(task_entry());
	} else {
		e = exit_entry(ret, &time);
	}
	if (!e && cfg_count && nr_held)
		return exit_held(ret, time);
	if (!e)
		return 0;
	ns = time - e->time;
	/* counting: as the entry keeps it, but after an exec (a thread's tid is then its leader's) */
	if (!cfg_count || (ret == 0 && e->nr == cfg_execve_nr))
		e->pid_tgid = bpf_get_current_pid_tgid();
	pid_tgid = e->pid_tgid;
	if (gate_closed(pid_tgid)) {
		if (ret != 0 && cfg_count)
			return 0; /* execvp's search of PATH: not the workload yet */
		if (ret == 0)
			gate_open = 1;
	}
	if (cfg_count) {
		count_call(e, pid_tgid, e->nr, ret, ns);
		return 0;
	}
	spec = spec_of(e->nr);
	if (spec && !killed_in_call(ret))
		exit_record(spec, pid_tgid, time, e->nr, ret, ns, e->args, e->retry);
	return 0;
}

static __always_inline void task_lost(void)
{
	struct sysrec_lost *l = lost_here();

	if (l)
		l->tasks++;
}

/* A child of a selected task is selected: a new process by its tgid, any by its tid. */
SEC("raw_tp/sched_process_fork")
int BPF_PROG(follow_fork, struct task_struct *parent, struct task_struct *child)
{
	__u32 ptgid = BPF_CORE_READ(parent, tgid), ctgid = BPF_CORE_READ(child, tgid);
	__u32 ptid = BPF_CORE_READ(parent, pid), ctid = BPF_CORE_READ(child, pid);
	__u8 one = 1;

	if (ctgid != ptgid && bpf_map_lookup_elem(&tgids, &ptgid) &&
	    bpf_map_update_elem(&tgids, &ctgid, &one, BPF_ANY))
		task_lost();
	if (cfg_tids && bpf_map_lookup_elem(&tids, &ptid) &&
	    bpf_map_update_elem(&tids, &ctid, &one, BPF_ANY))
		task_lost();
	return 0;
}

/* -G: a task moved to another cgroup; every task's verdict is judged again at its next call. */
SEC("raw_tp/cgroup_attach_task")
int BPF_PROG(cgroup_moved)
{
	__sync_fetch_and_add(&sel_gen, 1);
	return 0;
}

/* ---- signals and the ends of processes (SYSREC_SIGNAL, SYSREC_TASK_EXIT) ---- */

const volatile bool cfg_signals;
const volatile bool cfg_exits;

#define SIG_KILL 9
#define SIG_SI_USER 0
#define SIG_SI_KERNEL 0x80
#define SIG_GROUP_EXIT 0x04 /* signal_struct.flags: SIGNAL_GROUP_EXIT */

/* Processes whose end was reported: tgid to its leader's start time (threads end at once). */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 8192);
	__type(key, __u32);
	__type(value, __u64);
} ended SEC(".maps");

static __always_inline bool task_traced_now(__u64 pid_tgid)
{
	return task_selected(pid_tgid) && !gate_closed(pid_tgid);
}

static __always_inline __u64 task_pid_tgid(struct task_struct *t)
{
	return (__u64)BPF_CORE_READ(t, tgid) << 32 | (__u32)BPF_CORE_READ(t, pid);
}

/*
 * A signal of thread pid_tgid. info is the kernel's siginfo, or one of the two values the
 * kernel sends instead of one: 0, a signal from user space (current sent it), or 1, from
 * the kernel.
 */
static __always_inline void emit_signal(__u64 pid_tgid, int sig, struct kernel_siginfo *info,
					__u8 flags, __u64 cgroup_id)
{
	struct {
		struct sysrec_head h;
		struct sysrec_signal s;
		__u64 cg;
	} rec = {};

	fill_head(&rec.h, pid_tgid, now(), 0, SYSREC_SIGNAL);
	rec.h.flags = flags;
	rec.s.signo = sig;
	if ((unsigned long)info > 1) {
		rec.s.code = BPF_CORE_READ(info, si_code);
		rec.s.err = BPF_CORE_READ(info, si_errno);
		bpf_core_read(rec.s.fields, sizeof(rec.s.fields), &info->_sifields);
	} else if (!info) {
		rec.s.code = SIG_SI_USER;
		rec.s.fields[0] = bpf_get_current_pid_tgid() >> 32 |
				  (__u64)(__u32)bpf_get_current_uid_gid() << 32;
	} else {
		rec.s.code = SIG_SI_KERNEL;
	}
	rec.h.size = sizeof(rec.h) + sizeof(rec.s);
	rec.h.size += put_cgroup(&rec.h, &rec.cg, cgroup_id);
	emit(&rec, rec.h.size);
}

/* A signal a traced thread takes: to its handler or to its default action. */
SEC("raw_tp/signal_deliver")
int BPF_PROG(signal_deliver, int sig, struct kernel_siginfo *info, struct k_sigaction *ka)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();

	/* no siginfo: the thread dies with its group, whose end says why */
	if (!info || !armed || !task_traced_now(pid_tgid))
		return 0;
	emit_signal(pid_tgid, sig, info, 0, cfg_cgroup_ids ? bpf_get_current_cgroup_id() : 0);
	return 0;
}

/*
 * The signals never delivered that a tracer under ptrace sees delivered: one the target
 * ignores (SIGCHLD at its default), dropped as it is sent, and one fatal to the target,
 * which the kernel turns into the group's exit at once (kill() of SIGUSR1 at its default).
 */
SEC("raw_tp/signal_generate")
int BPF_PROG(signal_generate, int sig, struct kernel_siginfo *info, struct task_struct *task,
	     int group, int result)
{
	int flags = BPF_CORE_READ(task, signal, flags);
	__u64 pid_tgid;

	if (!armed || sig == SIG_KILL)
		return 0;
	if (result == TRACE_SIGNAL_IGNORED && (flags & SIG_GROUP_EXIT))
		return 0; /* sent to a process that is ending */
	if (result == TRACE_SIGNAL_DELIVERED &&
	    (!(flags & SIG_GROUP_EXIT) || BPF_CORE_READ(task, signal, group_exit_code) != sig))
		return 0; /* delivered later: signal_deliver sees it */
	if (result != TRACE_SIGNAL_IGNORED && result != TRACE_SIGNAL_DELIVERED)
		return 0;
	pid_tgid = task_pid_tgid(task);
	if (task_ids_selected(pid_tgid) && !gate_closed(pid_tgid) && task_in_cgroup(task))
		emit_signal(pid_tgid, sig, info, SYSREC_SIG_F_UNDELIVERED,
			    cfg_cgroup_ids ? task_cgroup_id(task) : 0);
	return 0;
}

/* Whether the end of the process is reported already: by another thread that ended with it. */
static __always_inline bool end_reported(struct task_struct *task, __u32 tgid)
{
	__u64 start = BPF_CORE_READ(task, group_leader, start_time), zero = 0, *v, old;

	v = bpf_map_lookup_elem(&ended, &tgid);
	if (!v) {
		bpf_map_update_elem(&ended, &tgid, &zero, BPF_NOEXIST);
		v = bpf_map_lookup_elem(&ended, &tgid);
	}
	if (!v)
		return false;
	old = *v;
	return old == start || __sync_val_compare_and_swap(v, old, start) != old;
}

/* A TASK_EXIT record of the current task: its process's end, or (SYSREC_EXIT_F_THREAD) its own. */
static __always_inline void emit_task_exit(__u64 pid_tgid, __s32 status, __u8 flags)
{
	struct {
		struct sysrec_head h;
		struct sysrec_task_exit x;
		__u64 cg;
	} rec = {};

	fill_head(&rec.h, pid_tgid, now(), 0, SYSREC_TASK_EXIT);
	rec.h.flags = flags;
	rec.x.status = status;
	rec.h.size = sizeof(rec.h) + sizeof(rec.x);
	rec.h.size += put_cgroup(&rec.h, &rec.cg, bpf_get_current_cgroup_id());
	emit(&rec, rec.h.size);
}

/* A traced process's end, at its last thread's: the status its parent's wait() gets. */
static __always_inline void report_exit(struct task_struct *task)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();
	__s32 status;

	if (!cfg_exits || !armed || BPF_CORE_READ(task, signal, live.counter) ||
	    !task_traced_now(pid_tgid) || end_reported(task, pid_tgid >> 32))
		return;
	/* a group exit (exit_group, a fatal signal) sets the code for all; else the leader's */
	if (BPF_CORE_READ(task, signal, flags) & SIG_GROUP_EXIT)
		status = BPF_CORE_READ(task, signal, group_exit_code);
	else
		status = BPF_CORE_READ(task, group_leader, exit_code);
	emit_task_exit(pid_tgid, status, 0);
}

/* count, cfg_entries_only: a traced task ended, live_entries counts it no more. */
static __always_inline void forget_alive(struct entry *e)
{
	if (e && e->alive) {
		e->alive = 0;
		__sync_fetch_and_add(&live_entries, -1);
	}
}

/* count: a thread with counts ended, its keys told to user space, which takes them out. */
static __always_inline void report_thread_end(__u64 pid_tgid)
{
	struct {
		struct sysrec_head h;
		struct sysrec_thread_end t;
	} rec;
	struct entry *e = task_entry();
	struct sysrec_lost *l;
	__u64 any = 0;

	if (!e)
		return;
	for (int i = 0; i < SYSREC_NR_MAX / 64; i++)
		any |= e->called[i];
	if (!any)
		return;
	/* the tid of its keys: the entry's (the same but for an exec it did not see end) */
	fill_head(&rec.h, e->pid_tgid ?: pid_tgid, now(), 0, SYSREC_THREAD_END);
	rec.h.size = sizeof(rec);
	rec.t.start = e->start;
	for (int i = 0; i < SYSREC_NR_MAX / 64; i++)
		rec.t.called[i] = e->called[i];
	bpf_get_current_comm(rec.t.comm, sizeof(rec.t.comm));
	rec.t.cgroup = cfg_cgroups ? bpf_get_current_cgroup_id() : 0;
	if (bpf_ringbuf_output(&records, &rec, sizeof(rec), 0) && (l = lost_here()))
		l->ends++;
}

/*
 * Is the exiting thread traced? As its calls were judged, when they were: the threads of a
 * group killed by exit_group reach here in any order, and the first to find the group dead
 * takes it out of the maps before the others come.
 */
static __always_inline bool exiting_thread_traced(__u64 pid_tgid)
{
	struct entry *e = task_entry();

	if (e && e->sel_gen == sel_gen)
		return e->sel && !gate_closed(pid_tgid);
	return task_traced_now(pid_tgid);
}

/*
 * A traced thread's end, other than its group leader's (whose end is the process's, as
 * strace reports it): the status its exit or its group's left in its exit_code.
 */
static __always_inline void report_thread_exit(struct task_struct *task)
{
	__u64 pid_tgid = bpf_get_current_pid_tgid();

	if (!cfg_exits || !armed || (__u32)pid_tgid == pid_tgid >> 32 ||
	    !exiting_thread_traced(pid_tgid))
		return;
	emit_task_exit(pid_tgid, BPF_CORE_READ(task, exit_code), SYSREC_EXIT_F_THREAD);
}

/* A thread that exits is forgotten, and its thread group with its last thread. */
SEC("raw_tp/sched_process_exit")
int BPF_PROG(forget_exit, struct task_struct *task)
{
	__u32 tgid = BPF_CORE_READ(task, tgid), tid = BPF_CORE_READ(task, pid);

	report_thread_exit(task);
	report_exit(task);
	/* the exiting task is current: its counts are final (exit never returns) */
	if (cfg_count)
		report_thread_end(bpf_get_current_pid_tgid());
	if (cfg_count && nr_held)
		drop_held(bpf_get_current_pid_tgid());

	/* its exit_group (or exit) never returns: its entry stays live */
	if (cfg_entries_only && !cfg_count)
		take_live(task_entry());
	if (cfg_entries_only && cfg_count)
		forget_alive(task_entry());
	if (cfg_tids)
		bpf_map_delete_elem(&tids, &tid);
	if (!BPF_CORE_READ(task, signal, live.counter))
		bpf_map_delete_elem(&tgids, &tgid);
	return 0;
}
