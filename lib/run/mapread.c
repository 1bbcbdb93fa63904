// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/libbpf.h>

#include "event/evparse.h"
#include "run/mapread.h"
#include "util/log.h"

bool mapread__unread(uint32_t type, const char *name, const char *const *configured, int nr)
{
	if (type != BPF_MAP_TYPE_PERF_EVENT_ARRAY && type != BPF_MAP_TYPE_RINGBUF)
		return false;
	if (!name || !strcmp(name, OBJCONF_STDOUT_MAP))
		return false;
	for (int i = 0; i < nr; i++)
		if (configured[i] && !strcmp(configured[i], name))
			return false;
	return true;
}

static void warn_object(struct bpf_object *obj, const struct evparse_event *pe)
{
	const char **conf = calloc(pe->nr_maps + 1, sizeof(*conf));
	struct bpf_map *map;
	int nr = 0;

	for (size_t i = 0; conf && i < pe->nr_maps; i++)
		if (pe->maps[i].opt == EVPARSE_MAP_EVENT)
			conf[nr++] = pe->maps[i].map;
	bpf_object__for_each_map(map, obj) {
		uint32_t type = bpf_map__type(map);
		const char *name = bpf_map__name(map);

		if (!mapread__unread(type, name, conf, nr))
			continue;
		if (type == BPF_MAP_TYPE_RINGBUF)
			pr_warn("map '%s' of '%s' is a ring buffer perf-bpf does not read: what its "
				"programs write there is not shown",
				name, pe->path);
		else
			pr_warn("map '%s' of '%s' is a perf event array perf-bpf does not read: "
				"what its programs write there is not shown (name it %s, or give it "
				"an event with map:%s.event=EVENT)",
				name, pe->path, OBJCONF_STDOUT_MAP, name);
	}
	free(conf);
}

void mapread__warn(const struct objconf_bind *binds, int nr)
{
	for (int i = 0; i < nr; i++)
		if (binds[i].obj)
			warn_object(binds[i].obj, binds[i].pe);
}
