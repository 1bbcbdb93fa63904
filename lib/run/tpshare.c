// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "load/libbpfsec.h"
#include "load/progscan.h"
#include "util/log.h"
#include "run/tpshare.h"

/* tp/SYS/NAME, tracepoint/SYS/NAME: is it sys:name? */
static bool libbpf_tracepoint(const char *section, const char *sys, const char *name)
{
	const char *target = NULL, *slash;

	if (libbpfsec__family(section, NULL, &target) != LIBBPFSEC_TRACEPOINT || !target)
		return false;
	slash = strchr(target, '/');
	return slash && (size_t)(slash - target) == strlen(sys) &&
	       !strncmp(target, sys, strlen(sys)) && !strcmp(slash + 1, name);
}

bool tpshare__filters(const struct loader_prog *p, const char *sys, const char *name)
{
	if (p->load_only)
		return false;
	if (p->attach == LOADER_TRACEPOINT)
		return p->sec.group && p->sec.event && !strcmp(p->sec.group, sys) &&
		       section__glob_match(p->sec.event, name);
	return p->attach == LOADER_LIBBPF && p->section && libbpf_tracepoint(p->section, sys, name);
}

void tpshare__raw_tp(const char *sys, const char *name, char *buf, size_t size)
{
	if (!strcmp(sys, "syscalls") && !strncmp(name, "sys_enter_", 10))
		name = "sys_enter";
	else if (!strcmp(sys, "syscalls") && !strncmp(name, "sys_exit_", 9))
		name = "sys_exit";
	snprintf(buf, size, "%s", name);
}

static void warn_one(const struct loader_prog *p, const struct evsel *ev)
{
	const char *prog = bpf_program__name(p->prog);
	char raw[256];

	tpshare__raw_tp(ev->desc.tp_sys, ev->desc.tp_name, raw, sizeof(raw));
	pr_warn("program '%s' in '%s' filters event '%s' too: the kernel drops the event's "
		"sample of every hit the program returns 0 for",
		prog, p->object, ev->desc.name);
	pr_hint("return 1 from '%s' to keep them, or attach it with SEC(\"raw_tp/%s\"), which "
		"filters nothing",
		prog, raw);
}

void tpshare__warn(const struct loader *l, const struct evlist *el)
{
	for (int i = 0; i < evlist__nr(el); i++) {
		const struct evsel *ev = evlist__at(el, i);

		if (ev->kind != EVSEL_TRACEPOINT || ev->prog_fd >= 0 || !ev->desc.tp_sys ||
		    !ev->desc.tp_name)
			continue;
		for (int k = 0; k < loader__nr_progs(l); k++) {
			const struct loader_prog *p = loader__prog(l, k);

			if (tpshare__filters(p, ev->desc.tp_sys, ev->desc.tp_name) &&
			    !progscan__returns_nonzero(bpf_program__insns(p->prog),
						       bpf_program__insn_cnt(p->prog)))
				warn_one(p, ev);
		}
	}
}
