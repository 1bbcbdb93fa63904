// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <tracefs/tracefs.h>

#include "event/tpnames.h"
#include "util/errmsg.h"
#include "util/similar.h"

#define NR_GUESSES 3

struct names {
	char **v;
	size_t nr;
};

static void names__exit(struct names *n)
{
	for (size_t i = 0; i < n->nr; i++)
		free(n->v[i]);
	free(n->v);
}

/* The subdirectories of dir. */
static int names__read(struct names *n, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;

	if (!d)
		return -1;
	while ((de = readdir(d))) {
		char **v;

		if (de->d_type != DT_DIR || de->d_name[0] == '.')
			continue;
		v = reallocarray(n->v, n->nr + 1, sizeof(*v));
		if (!v)
			break;
		n->v = v;
		n->v[n->nr] = strdup(de->d_name);
		if (n->v[n->nr])
			n->nr++;
	}
	closedir(d);
	return 0;
}

/* "did you mean 'A', 'B'?" into buf from the names closest to word, prefixed by prefix. */
static int guesses(const struct names *n, const char *word, const char *prefix, char *buf,
		   size_t size)
{
	const char *best[NR_GUESSES];
	size_t nr = similar__closest(word, (const char *const *)n->v, n->nr, best, NR_GUESSES);
	int len = 0;

	if (!nr)
		return 0;
	len = snprintf(buf, size, "did you mean ");
	for (size_t i = 0; i < nr && len >= 0 && (size_t)len < size; i++)
		len += snprintf(buf + len, size - len, "%s'%s%s'",
				i ? (i + 1 == nr ? " or " : ", ") : "", prefix, best[i]);
	if (len >= 0 && (size_t)len < size)
		len += snprintf(buf + len, size - len, "?");
	return len;
}

int tpnames__hint_in(const char *events_dir, const char *sys, const char *name, char *buf,
		     size_t size)
{
	struct names n = { 0 };
	char dir[PATH_MAX], prefix[NAME_MAX + 2];
	int len = 0;

	snprintf(dir, sizeof(dir), "%s/%s", events_dir, sys);
	if (names__read(&n, dir) == 0) {
		snprintf(prefix, sizeof(prefix), "%s:", sys);
		len = guesses(&n, name, prefix, buf, size);
	} else if (names__read(&n, events_dir) == 0) {
		len = guesses(&n, sys, "", buf, size);
		if (len > 0 && (size_t)len < size)
			len += snprintf(buf + len, size - len, " (categories: ls %s)", events_dir);
	}
	names__exit(&n);
	if (len <= 0)
		len = snprintf(buf, size, "list tracepoints with 'ls %s/%s'", events_dir, sys);
	return len;
}

static void events_dir(char *buf, size_t size)
{
	const char *tracing = tracefs_tracing_dir();

	snprintf(buf, size, "%s/events", tracing ? tracing : "/sys/kernel/tracing");
}

bool tpnames__exists(const char *sys, const char *name)
{
	char path[PATH_MAX];
	struct stat st;
	int n;

	events_dir(path, sizeof(path));
	n = strlen(path);
	snprintf(path + n, sizeof(path) - n, "/%s/%s", sys, name);
	return !strchr(sys, '/') && !strchr(name, '/') && stat(path, &st) == 0;
}

void tpnames__hint(const char *sys, const char *name)
{
	char events[PATH_MAX], buf[1024];

	events_dir(events, sizeof(events));
	tpnames__hint_in(events, sys, name, buf, sizeof(buf));
	errmsg__hint("%s", buf);
}
