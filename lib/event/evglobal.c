// SPDX-License-Identifier: GPL-2.0
/* global:NAME=VALUE, the term that sets a BPF file's global variable before it loads. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "event/evparse-int.h"

#define HELP_GLOBAL                                                                 \
	"Hint:\tglobal:NAME=VALUE sets the global variable NAME of the object (a\n" \
	"     \t'const volatile' one, as libbpf-tools' targ_pid) to the number VALUE"

int evparse__add_global_term(struct evparse_scan *s, struct evparse_event *ev,
			     const struct evparse_term *t)
{
	const char *name = t->key + 7;
	struct evparse_global_term *g;
	int col_name = t->col_key + 7;

	if (!*name || strpbrk(name, ".:-"))
		return evparse__errorf(s, col_name, HELP_GLOBAL, "Invalid global variable name");
	if (t->index)
		return evparse__errorf(s, t->index->col, HELP_GLOBAL,
				       "A global variable takes no indices");
	if (t->kind == EVPARSE_VAL_NONE)
		return evparse__errorf(s, col_name, HELP_GLOBAL,
				       "Config value not set (missing '=')");
	if (t->kind != EVPARSE_VAL_NUM)
		return evparse__errorf(s, t->col_val, HELP_GLOBAL,
				       "Incorrect value type for global variable");
	g = reallocarray(ev->globals, ev->nr_globals + 1, sizeof(*g));
	if (!g)
		return evparse__nomem(s);
	ev->globals = g;
	g += ev->nr_globals;
	g->name = strdup(name);
	if (!g->name)
		return evparse__nomem(s);
	ev->nr_globals++;
	g->value = t->num;
	g->col_term = t->col_key;
	g->col_name = col_name;
	g->col_value = t->col_val;
	return 0;
}

void evparse__globals_free(struct evparse_event *ev)
{
	for (size_t i = 0; i < ev->nr_globals; i++)
		free(ev->globals[i].name);
	free(ev->globals);
}
