// SPDX-License-Identifier: GPL-2.0
/*
 * Demangling through the C++ runtime's __cxa_demangle, found with dlopen so that perf-bpf
 * does not link libstdc++ and runs where it is absent.
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "resolve/demangle.h"

typedef char *(*cxa_demangle_fn)(const char *mangled, char *buf, size_t *len, int *status);

static cxa_demangle_fn demangler(void)
{
	static cxa_demangle_fn fn;
	static bool tried;
	void *h;

	if (tried)
		return fn;
	tried = true;
	h = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
	if (h)
		fn = (cxa_demangle_fn)dlsym(h, "__cxa_demangle");
	return fn;
}

void demangle__strip_params(char *name)
{
	size_t len = strlen(name);
	int depth = 0, angle = 0;
	char *close = strrchr(name, ')'), *space = NULL;

	if (!close)
		return;
	/* back to the '(' that opens the parameter list */
	for (char *q = close; q >= name; q--) {
		if (*q == ')')
			depth++;
		else if (*q == '(' && --depth == 0) {
			*q = '\0';
			len = q - name;
			break;
		}
	}
	if (depth || !len || name[len - 1] != '>')
		return;
	/* a template function's return type: up to the last space outside <...> */
	for (char *q = name; *q; q++) {
		if (*q == '<')
			angle++;
		else if (*q == '>')
			angle--;
		else if (*q == ' ' && angle == 0)
			space = q;
	}
	if (space)
		memmove(name, space + 1, strlen(space + 1) + 1);
}

char *demangle(const char *name)
{
	cxa_demangle_fn fn;
	int status = -1;
	char *out;

	if (strncmp(name, "_Z", 2))
		return NULL;
	fn = demangler();
	if (!fn)
		return NULL;
	out = fn(name, NULL, NULL, &status);
	if (status || !out) {
		free(out);
		return NULL;
	}
	demangle__strip_params(out);
	return out;
}
