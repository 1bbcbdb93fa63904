// SPDX-License-Identifier: GPL-2.0
/*
 * Writes the hostile inputs of tests/fuzz/hostile.h as files, for tests/e2e/script-hostile.sh
 * and as the fuzz targets' seeds:
 *
 *	DIR/maps-NAME.tfeat	a map dump stream (fuzz target maps)
 *	DIR/maps-NAME.data	the same in a perf.data file, as perf-bpf's feature
 *	DIR/feature-amp.data	feature ids 32-255 naming one section of REGION bytes
 *				(default 16 MiB)
 *	DIR/buildids.data	200000 MMAP2s of as many files, and a build-id table naming
 *				each (35 MiB)
 *
 * Usage: hostile-files DIR [REGION]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/hostile.h"

static int write_file(const char *dir, const char *name, const struct dbuf *b)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(b->p, 1, b->len, f) != b->len || fclose(f)) {
		fprintf(stderr, "ERROR: cannot write '%s': %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

static void nested_unions(struct dbuf *b)
{
	hostile_maps__nested(b, BTF_KIND_UNION);
}

static void nested_structs(struct dbuf *b)
{
	hostile_maps__nested(b, BTF_KIND_STRUCT);
}

static const struct {
	const char *name;
	void (*make)(struct dbuf *b);
} maps[] = {
	{ "percpu-overflow", hostile_maps__percpu_overflow },
	{ "size-wrap", hostile_maps__size_wrap },
	{ "zero-entries", hostile_maps__zero_entries },
	{ "nr-values", hostile_maps__nr_values },
	{ "tiny-entries", hostile_maps__tiny_entries },
	{ "lhist-width", hostile_maps__lhist_width },
	{ "nested-unions", nested_unions },
	{ "nested-structs", nested_structs },
};

int main(int argc, char **argv)
{
	size_t region = argc > 2 ? strtoull(argv[2], NULL, 0) : 16 << 20;
	struct dbuf b = { 0 }, file = { 0 };
	char name[64];
	int err = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: hostile-files DIR [REGION]\n");
		return 129;
	}
	for (size_t i = 0; i < sizeof(maps) / sizeof(maps[0]) && !err; i++) {
		b.len = file.len = 0;
		maps[i].make(&b);
		hostile_file__with_feature(&file, &b);
		snprintf(name, sizeof(name), "maps-%s.tfeat", maps[i].name);
		err = b.err ?: write_file(argv[1], name, &b);
		snprintf(name, sizeof(name), "maps-%s.data", maps[i].name);
		err = err ?: file.err ?: write_file(argv[1], name, &file);
	}
	b.len = 0;
	hostile_file__feature_amp(&b, region);
	err = err ?: b.err ?: write_file(argv[1], "feature-amp.data", &b);
	b.len = 0;
	hostile_file__buildids(&b, 200000);
	err = err ?: b.err ?: write_file(argv[1], "buildids.data", &b);
	dbuf__free(&b);
	dbuf__free(&file);
	return err ? 1 : 0;
}
