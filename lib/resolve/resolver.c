// SPDX-License-Identifier: GPL-2.0
/*
 * The resolver: thread names, address spaces and kernel symbols kept from the records,
 * and samples resolved with them. Kernel ips go through a small direct-mapped cache; user
 * ones depend on their process and go to the symbols each time.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <traceevent/event-parse.h>

#include "resolve/ksyms.h"
#include "resolve/resolver.h"
#include "resolve/symbols.h"
#include "resolve/threads.h"

/* Recently resolved kernel ips: bpf-output samples come from a handful of call sites. */
#define SYMCACHE_SIZE 64

struct symcache {
	uint64_t ip;
	struct resolved_sym sym;
	bool valid;
};

struct resolver {
	bool live;
	struct threads *threads;
	struct symbols *syms;
	struct ksyms *ksyms;
	bool own_ksyms;
	struct tep_handle *tep; /* its function pointers resolve through ksyms */
	struct symcache cache[SYMCACHE_SIZE];
	struct resolved_frame frames[RESOLVE_MAX_FRAMES];
};

/* ---- kernel symbols ---- */

/* Function pointers in tracepoint fields (%ps, %pS) resolve through the kernel symbols. */
static char *resolve_func(void *priv, unsigned long long *addrp, char **modp)
{
	struct resolver *r = priv;
	uint64_t off;
	const char *name = ksyms__find(r->ksyms, *addrp, &off);

	if (!name)
		return NULL;
	*addrp -= off;
	if (modp)
		*modp = (char *)ksyms__module(r->ksyms, *addrp);
	return (char *)name;
}

static void tep_unhook(struct resolver *r)
{
	if (r->tep && r->ksyms)
		tep_reset_function_resolver(r->tep);
}

static void tep_hook(struct resolver *r)
{
	if (r->tep && r->ksyms)
		tep_set_function_resolver(r->tep, resolve_func, r);
}

static void forget_cache(struct resolver *r)
{
	memset(r->cache, 0, sizeof(r->cache));
}

/* ks from now on; own: freed with the resolver. */
static void use_ksyms(struct resolver *r, struct ksyms *ks, bool own)
{
	tep_unhook(r);
	if (r->own_ksyms)
		ksyms__free(r->ksyms);
	r->ksyms = ks;
	r->own_ksyms = own;
	symbols__set_ksyms(r->syms, ks);
	forget_cache(r); /* what was unknown may resolve now */
	tep_hook(r);
}

void resolver__set_ksyms(struct resolver *r, struct ksyms *ks)
{
	use_ksyms(r, ks, false);
}

void resolver__set_tep(struct resolver *r, struct tep_handle *tep)
{
	tep_unhook(r);
	r->tep = tep;
	tep_hook(r);
}

struct resolver *resolver__new(bool live)
{
	struct resolver *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->live = live;
	r->threads = threads__new();
	r->syms = symbols__new();
	if (!r->threads || !r->syms)
		goto nomem;
	symbols__set_live(r->syms, live);
	if (live) {
		struct ksyms *ks = ksyms__new_lazy(NULL); /* read at the first kernel ip */

		if (!ks)
			goto fail;
		use_ksyms(r, ks, true);
	}
	return r;
nomem:
	errno = ENOMEM;
fail:
	resolver__free(r);
	return NULL;
}

void resolver__load_ahead(struct resolver *r)
{
	if (r->live)
		ksyms__load_ahead(r->ksyms);
}

bool resolver__loading(const struct resolver *r)
{
	return r && ksyms__loading(r->ksyms);
}

void resolver__free(struct resolver *r)
{
	if (!r)
		return;
	tep_unhook(r);
	symbols__free(r->syms);
	if (r->own_ksyms)
		ksyms__free(r->ksyms);
	threads__free(r->threads);
	free(r);
}

/* ---- records ---- */

/* FORK: the child starts with its parent's name. */
static void on_fork(struct resolver *r, const struct record *rec)
{
	const char *comm = threads__comm(r->threads, rec->task.ptid);
	char name[THREADS_COMM_MAX + 1];

	if (!comm)
		return;
	snprintf(name, sizeof(name), "%s", comm); /* the table may move as it grows */
	threads__set_comm(r->threads, rec->task.pid, rec->task.tid, name);
}

/* A file's kernel map lets kernel ips resolve, with this machine's symbols. */
static int on_mmap(struct resolver *r, const struct record *rec)
{
	static const char kname[] = "[kernel.kallsyms]";
	struct ksyms *ks;

	if (r->ksyms || rec->mmap.cpumode != PERF_RECORD_MISC_KERNEL ||
	    strncmp(rec->mmap.filename, kname, sizeof(kname) - 1))
		return 0;
	ks = ksyms__new_lazy(NULL);
	if (!ks)
		return -errno;
	ksyms__real_modules_only(ks); /* the file's BPF programs come from its records */
	use_ksyms(r, ks, true);
	return 0;
}

/* What a record says of address spaces: maps, processes, BPF programs. */
static int on_symbols(struct resolver *r, const struct record *rec)
{
	int ret = symbols__record(r->syms, rec);

	if (ret > 0)
		forget_cache(r); /* a BPF program came or went */
	return ret < 0 ? ret : 0;
}

int resolver__record(struct resolver *r, const struct record *rec)
{
	if (!rec->decoded)
		return 0;
	switch (rec->type) {
	case PERF_RECORD_COMM:
		on_symbols(r, rec);
		return threads__set_comm(r->threads, rec->comm.pid, rec->comm.tid, rec->comm.comm);
	case PERF_RECORD_FORK:
		on_fork(r, rec);
		return on_symbols(r, rec);
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
		return on_mmap(r, rec) ?: on_symbols(r, rec);
	case PERF_RECORD_KSYMBOL:
		return on_symbols(r, rec);
	default:
		return 0;
	}
}

int resolver__add_build_id(struct resolver *r, const char *path, const unsigned char *id,
			   size_t size)
{
	return symbols__add_build_id(r->syms, path, id, size);
}

/* ---- samples ---- */

static bool is_kernel(uint8_t cpumode, uint64_t ip)
{
	if (cpumode == PERF_RECORD_MISC_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_KERNEL)
		return true;
	if (cpumode == PERF_RECORD_MISC_USER || cpumode == PERF_RECORD_MISC_GUEST_USER)
		return false;
	return (int64_t)ip < 0; /* the upper half is the kernel's */
}

static void lookup(struct resolver *r, uint32_t pid, uint8_t cpumode, uint64_t ip,
		   struct resolved_sym *sym, uint64_t *addr)
{
	struct sym_info si;

	symbols__resolve(r->syms, pid, cpumode, ip, &si);
	*sym = (struct resolved_sym){
		.name = si.name, .off = si.off, .module = si.module, .dso = si.dso
	};
	*addr = si.addr;
}

/* Kernel ips go through the cache; user ones depend on the process. */
static void resolve(struct resolver *r, uint32_t pid, uint8_t cpumode, uint64_t ip,
		    struct resolved_sym *sym, uint64_t *addr)
{
	struct symcache *c;

	if (!is_kernel(cpumode, ip)) {
		lookup(r, pid, cpumode, ip, sym, addr);
		return;
	}
	*addr = ip;
	c = &r->cache[(ip ^ ip >> 6 ^ ip >> 12) % SYMCACHE_SIZE];
	if (!c->valid || c->ip != ip) {
		c->valid = true;
		c->ip = ip;
		lookup(r, pid, PERF_RECORD_MISC_KERNEL, ip, &c->sym, addr);
	}
	*sym = c->sym;
}

/* The mode of the frames after a PERF_CONTEXT_* marker; false: a marker perf does not know. */
static bool marker_mode(uint64_t marker, uint8_t *mode)
{
	switch (marker) {
	case PERF_CONTEXT_HV:
		*mode = PERF_RECORD_MISC_HYPERVISOR;
		return true;
	case PERF_CONTEXT_KERNEL:
		*mode = PERF_RECORD_MISC_KERNEL;
		return true;
	case PERF_CONTEXT_USER:
		*mode = PERF_RECORD_MISC_USER;
		return true;
	case PERF_CONTEXT_GUEST_KERNEL:
		*mode = PERF_RECORD_MISC_GUEST_KERNEL;
		return true;
	case PERF_CONTEXT_GUEST_USER:
		*mode = PERF_RECORD_MISC_GUEST_USER;
		return true;
	case PERF_CONTEXT_GUEST:
		return true;
	default:
		return false;
	}
}

/*
 * The frames of a callchain, resolved, PERF_CONTEXT_* markers setting the mode of the
 * ones after them; none after a marker perf does not know (perf drops the chain, and
 * prints it empty).
 */
static void resolve_chain(struct resolver *r, const struct event_desc *ev,
			  struct resolved_sample *rs)
{
	const struct sample *s = rs->s;
	uint8_t mode = s->cpumode;
	uint32_t n = 0;
	bool user = false;

	for (uint32_t i = 0; i < s->callchain_nr && n < RESOLVE_MAX_FRAMES; i++) {
		uint64_t ip = sample__callchain_entry(s, i);
		struct resolved_frame *fr;

		if (ip >= (uint64_t)PERF_CONTEXT_MAX) {
			if (marker_mode(ip, &mode))
				continue;
			n = 0;
			break;
		}
		fr = &r->frames[n++];
		fr->ip = ip;
		resolve(r, s->pid, mode, ip, &fr->sym, &fr->addr);
		user |= !is_kernel(mode, ip);
	}
	/*
	 * --call-graph dwarf: the user part is a stack copy we do not unwind; its first
	 * frame, the one of the sample's own ip, we know
	 */
	if ((ev->attr.sample_type & PERF_SAMPLE_STACK_USER) && !user && n < RESOLVE_MAX_FRAMES &&
	    s->has_ip && !is_kernel(s->cpumode, s->ip)) {
		struct resolved_frame *fr = &r->frames[n++];

		fr->ip = s->ip;
		resolve(r, s->pid, s->cpumode, s->ip, &fr->sym, &fr->addr);
	}
	rs->frames = r->frames;
	rs->nr_frames = n;
	rs->has_chain = true;
}

void resolver__frame(struct resolver *r, uint32_t pid, uint64_t ip, struct resolved_frame *fr)
{
	uint8_t mode = is_kernel(PERF_RECORD_MISC_CPUMODE_UNKNOWN, ip) ? PERF_RECORD_MISC_KERNEL :
									 PERF_RECORD_MISC_USER;

	fr->ip = ip;
	resolve(r, pid, mode, ip, &fr->sym, &fr->addr);
}

void resolver__sample(struct resolver *r, const struct event_desc *ev, const struct sample *s,
		      unsigned what, struct resolved_sample *rs)
{
	uint64_t addr;

	symbols__trim(r->syms); /* the previous sample's names are given up */
	/* field by field: zeroing the whole struct per sample starts slowly (rep stos) */
	rs->ev = ev;
	rs->s = s;
	rs->comm = s->has_tid ? threads__comm(r->threads, s->tid) : NULL;
	rs->sym = (struct resolved_sym){ 0 };
	rs->is_string = rs->has_chain = false;
	rs->frames = NULL;
	rs->nr_frames = 0;
	rs->stacks = NULL;
	rs->nr_stacks = 0;
	if ((what & RESOLVE_CHAIN) && s->has_callchain)
		resolve_chain(r, ev, rs);
	if ((what & RESOLVE_SYM) && s->has_ip)
		resolve(r, s->pid, s->cpumode, s->ip, &rs->sym, &addr);
	if ((what & RESOLVE_STRING) && s->has_raw)
		rs->is_string = resolver__is_bpf_string(s->raw, s->raw_size);
}

bool resolver__is_bpf_string(const void *data, uint32_t size)
{
	const unsigned char *d = data;
	uint32_t i = 0;

	while (i < size && resolver__isprint(d[i]))
		i++;
	if (i == size || d[i] != '\0')
		return false;
	for (; i < size; i++)
		if (d[i])
			return false;
	return true;
}
