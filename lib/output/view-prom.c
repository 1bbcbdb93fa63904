// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "output/prom.h"
#include "output/view-prom.h"
#include "output/view.h"

struct prom_view {
	const char *path;
	char host[256]; /* empty: no host label */
};

static int prom_maps(void *priv, const struct view_maps *m)
{
	struct prom_view *v = priv;
	int err = prom__write_file(m->types, m->buf, m->len, v->host[0] ? v->host : NULL, v->path);

	if (err)
		pr_err("cannot write '%s': %s", v->path, strerror(-err));
	return err;
}

static const struct view_ops prom_ops = {
	.name = "prom",
	.maps = prom_maps,
	.free = free,
};

struct view *view_prom__new(const char *path, bool host)
{
	struct prom_view *v = calloc(1, sizeof(*v));

	if (!v)
		return NULL;
	v->path = path;
	if (host && gethostname(v->host, sizeof(v->host) - 1))
		v->host[0] = 0;
	/* the directory must take the file: said before anything runs */
	if (access(path, F_OK) && errno == ENOENT) {
		FILE *f = fopen(path, "we");

		if (!f) {
			errno = -errmsg__set(-errno, "cannot create '%s': %s", path,
					     strerror(errno));
			free(v);
			return NULL;
		}
		fclose(f);
	}
	return view__new(&prom_ops, v);
}
