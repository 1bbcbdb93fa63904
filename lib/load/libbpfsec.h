/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Sections as libbpf-bootstrap and libbpf-tools write them (kprobe/FUNC, ksyscall/NAME,
 * fentry/FUNC, uprobe, perf_event, ...): which family a section is, and a clear ERROR and
 * Hint, before anything is loaded, when it cannot attach here (no target in the section,
 * no kprobes, BPF trampolines refused) instead of the bare errno libbpf would end with.
 * Also the warnings about an object as a whole: no program, no GPL-compatible license.
 */
#ifndef PERF_BPF_LIBBPFSEC_H
#define PERF_BPF_LIBBPFSEC_H

#include <stdbool.h>
#include <stddef.h>

struct bpf_object;
struct bpf_program;

enum libbpfsec_family {
	LIBBPFSEC_OTHER, /* attached by libbpf as it is (raw_tp/, tp_btf/, ...), or not at all */
	LIBBPFSEC_KPROBE, /* kprobe/, kretprobe/, kprobe.multi/, kretprobe.multi/ */
	LIBBPFSEC_KSYSCALL, /* ksyscall/, kretsyscall/ */
	LIBBPFSEC_FENTRY, /* fentry/, fexit/, fmod_ret/ (and .s), lsm/ (and .s) */
	LIBBPFSEC_UPROBE, /* uprobe, uretprobe (and .s): [/PATH:FUNC] */
	LIBBPFSEC_USDT, /* usdt[/PATH:PROVIDER:NAME] */
	LIBBPFSEC_TRACEPOINT, /* tp/, tracepoint/: CATEGORY/NAME */
	LIBBPFSEC_PERF_EVENT, /* perf_event: on the -e events given before its object */
};

/*
 * The family of a section name, its return flavour (kretprobe/, fexit/, ...) in *ret, and
 * what follows the first '/' in *target (NULL when nothing does). Any pointer may be NULL.
 */
enum libbpfsec_family libbpfsec__family(const char *section, bool *ret, const char **target);

/*
 * Can the program's section attach on this kernel? 0, or the ERROR and Hint recorded and
 * -EINVAL (no target) / -EOPNOTSUPP (the kernel lacks what it needs) / -ENOENT (no such
 * function). Loads a two-instruction program to test fentry/fexit.
 */
int libbpfsec__check(struct bpf_program *prog, const char *object, bool has_kprobes);

/* bpf_program__attach() failed with err: the ERROR and a Hint for the family recorded. */
int libbpfsec__attach_error(struct bpf_program *prog, const char *object, int err);

/* Is the "license" section's text one the kernel counts as GPL-compatible? */
bool libbpfsec__gpl_compatible(const char *license);

/* One warning line each: an object without programs, without a GPL-compatible license. */
void libbpfsec__warn_object(struct bpf_object *obj, const char *object, const char *license);

#endif
