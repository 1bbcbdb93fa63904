// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "run/evsel.h"
#include "run/progevent.h"
#include "util/errmsg.h"
#include "util/log.h"

static bool is_counter(enum evparse_kind k)
{
	return k == EVPARSE_HARDWARE || k == EVPARSE_SOFTWARE || k == EVPARSE_RAW;
}

void progevent__assign(const enum evparse_kind *kinds, const bool *wants, int nr, int *owner)
{
	int from = 0; /* the first event no object took yet */

	for (int i = 0; i < nr; i++)
		owner[i] = -1;
	for (int i = 0; i < nr; i++) {
		if (!wants[i])
			continue;
		for (int k = from; k < i; k++)
			if (is_counter(kinds[k]))
				owner[k] = i;
		from = i + 1;
	}
}

static bool owns(struct bpf_object *obj, const struct bpf_program *prog)
{
	struct bpf_program *p;

	bpf_object__for_each_program(p, obj)
		if (p == prog)
			return true;
	return false;
}

/* The perf_event program of the object at bind b (NULL: none), -EINVAL when two. */
static int object_prog(struct loader *l, struct bpf_object *obj, const struct loader_prog **out)
{
	*out = NULL;
	for (int i = 0; obj && i < loader__nr_progs(l); i++) {
		const struct loader_prog *p = loader__prog(l, i);

		if (p->attach != LOADER_PERF_EVENT || p->load_only || !owns(obj, p->prog))
			continue;
		if (*out) {
			errmsg__set(-EINVAL,
				    "'%s' has two SEC(\"perf_event\") programs, '%s' and '%s': an "
				    "event runs one program",
				    p->object, bpf_program__name((*out)->prog),
				    bpf_program__name(p->prog));
			errmsg__hint(
				"put each in a file of its own, after its events: -e cpu-clock "
				"-e a.c -e page-faults -e b.c");
			return -EINVAL;
		}
		*out = p;
	}
	return 0;
}

int progevent__bind(struct loader *l, const struct objconf_bind *binds, int nr)
{
	const struct loader_prog **progs = calloc(nr + 1, sizeof(*progs));
	enum evparse_kind *kinds = calloc(nr + 1, sizeof(*kinds));
	bool *wants = calloc(nr + 1, sizeof(*wants));
	int *owner = calloc(nr + 1, sizeof(*owner));
	int err = progs && kinds && wants && owner ? 0 : -ENOMEM;

	for (int i = 0; !err && i < nr; i++) {
		kinds[i] = binds[i].pe->kind;
		err = object_prog(l, binds[i].obj, &progs[i]);
		wants[i] = progs[i] != NULL;
	}
	if (!err)
		progevent__assign(kinds, wants, nr, owner);
	for (int i = 0; !err && i < nr; i++) {
		int n = 0;

		if (!wants[i])
			continue;
		for (int k = 0; k < i; k++) {
			struct evsel *ev = binds[k].evsel;

			if (owner[k] != i || !ev)
				continue;
			ev->prog_fd = bpf_program__fd(progs[i]->prog);
			ev->desc.attr.disabled = 1; /* until the program is on it */
			pr_debug("program '%s' runs on the samples of '%s'",
				 bpf_program__name(progs[i]->prog), ev->desc.name);
			n++;
		}
		if (!n) {
			err = errmsg__set(
				-EINVAL,
				"program '%s' in '%s' is SEC(\"perf_event\") and no event "
				"is given before it to run on",
				bpf_program__name(progs[i]->prog), progs[i]->object);
			errmsg__hint("name the events it samples first, e.g. -e cpu-clock -e %s",
				     binds[i].pe->path);
		}
	}
	free(progs);
	free(kinds);
	free(wants);
	free(owner);
	return err;
}
