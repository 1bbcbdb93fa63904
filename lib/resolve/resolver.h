/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The resolver: what the records of a run or a file say about names (threads' names,
 * address spaces, kernel symbols, BPF programs), and a sample resolved with them once,
 * into data every view formats without looking anything up:
 *
 *	struct resolver *r = resolver__new(live);
 *	for each record:
 *		SAMPLE: resolver__sample(r, ev, &rec.s, RESOLVE_SYM | ..., &rs);  -> the views
 *		else:	resolver__record(r, &rec);
 *	resolver__free(r);
 *
 * A resolved sample's strings (comm, symbol and dso names) and frames stay valid until the
 * next resolver__sample() or resolver__record(): a view that keeps them copies them.
 *
 * Kernel symbols come from /proc/kallsyms: from the start when live, else once a record
 * maps the kernel ([kernel.kallsyms]), as perf script reads a file. Kernel addresses go
 * through a small cache (a bpf-output sample's ip is one of a few call sites); what a
 * KSYMBOL record or new kernel symbols change empties it.
 */
#ifndef PERF_BPF_RESOLVER_H
#define PERF_BPF_RESOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "record/evdesc.h"
#include "record/record.h"
#include "record/sample.h"

struct ksyms;
struct tep_handle;

/* Where an address lies: name NULL when no symbol holds it. */
struct resolved_sym {
	const char *name;
	uint64_t off; /* of the address in name */
	const char *module; /* a kernel module's name (printed "[name]"), else NULL */
	const char *dso; /* else the dso perf prints ("[kernel.kallsyms]", a path), NULL: unknown */
};

/* One frame of a callchain: the address perf prints (an offset in its dso for user code). */
struct resolved_frame {
	uint64_t ip, addr;
	struct resolved_sym sym;
};

/* A stack a BPF map kept, named by a field of a typed record (output/mapstacks.h). */
struct resolved_stack {
	const char *field; /* the field's name */
	int64_t id; /* negative: the error bpf_get_stackid() gave */
	const struct resolved_frame *frames; /* leaf first; none for an error or an unknown id */
	uint32_t nr_frames;
};

/* A sample and what its event and its names say of it. */
struct resolved_sample {
	const struct event_desc *ev;
	const struct sample *s;
	const char *comm; /* the thread's name, NULL when unknown */
	struct resolved_sym sym; /* of s->ip, when RESOLVE_SYM was asked and the sample has one */
	bool is_string; /* the raw payload is a C string (perf's "BPF string" rule) */
	/* the callchain, PERF_CONTEXT_* markers left out; has_chain false: none to print */
	bool has_chain;
	const struct resolved_frame *frames;
	uint32_t nr_frames;
	/* the stacks its typed record's fields name (filled by the consumer) */
	const struct resolved_stack *stacks;
	uint32_t nr_stacks;
};

/* What resolver__sample() looks up beyond the thread's name (which it always gives). */
enum resolve_what {
	RESOLVE_SYM = 1 << 0, /* the symbol of the sample's ip */
	RESOLVE_CHAIN = 1 << 1, /* the frames of its callchain */
	RESOLVE_STRING = 1 << 2, /* whether its raw payload is a C string */
};

/* Frames of a callchain resolved at most (perf script's default max stack). */
#define RESOLVE_MAX_FRAMES 127

struct resolver;

/* live: the records come from this machine's running kernel. NULL + errno. */
struct resolver *resolver__new(bool live);
void resolver__free(struct resolver *r);
/* A live resolver whose records will name kernel ips: kallsyms read from now, meanwhile. */
void resolver__load_ahead(struct resolver *r);
/* The kernel's symbols are still being read ahead: a kernel ip's lookup would wait. */
bool resolver__loading(const struct resolver *r);

/*
 * Take in what a decoded record says of names: COMM, FORK, MMAP/MMAP2, KSYMBOL (others
 * are ignored). 0, or -ENOMEM.
 */
int resolver__record(struct resolver *r, const struct record *rec);
/* Resolve what `what` (RESOLVE_*) asks of sample s of event ev into *rs. */
void resolver__sample(struct resolver *r, const struct event_desc *ev, const struct sample *s,
		      unsigned what, struct resolved_sample *rs);

/*
 * Address ip of process pid (the kernel's, for an upper-half address) as a callchain frame:
 * a frame of a stack a BPF map kept. Its names live as a sample's do.
 */
void resolver__frame(struct resolver *r, uint32_t pid, uint64_t ip, struct resolved_frame *fr);

/* A build id the file lists for path, for its MMAP records without one. 0, -ENOMEM. */
int resolver__add_build_id(struct resolver *r, const char *path, const unsigned char *id,
			   size_t size);
/*
 * Function pointers in tep's tracepoint fields (%ps, %pS) resolve through the kernel
 * symbols, once they are known, while r lives (tep borrowed).
 */
void resolver__set_tep(struct resolver *r, struct tep_handle *tep);
/* Kernel symbols from now on (borrowed, in place of those the resolver reads itself). */
void resolver__set_ksyms(struct resolver *r, struct ksyms *ks);

/*
 * perf's own ctype (the kernel's table): printable are ' '..'~' and the Latin-1 range
 * 0xa0..0xff; the C1 controls 0x80..0x9f are not. perf script shows those bytes raw.
 */
static inline bool resolver__isprint(unsigned char c)
{
	return (c >= 0x20 && c < 0x7f) || c >= 0xa0;
}

/* perf's "BPF string" rule: printable bytes, then one NUL or more and nothing else. */
bool resolver__is_bpf_string(const void *data, uint32_t size);

#endif
