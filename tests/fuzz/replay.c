// SPDX-License-Identifier: GPL-2.0
/*
 * Plain-main driver for the libFuzzer targets, so that machines without clang's fuzzer
 * runtime still replay the seed corpora: every file named on the command line (a directory
 * means every file in it) goes through LLVMFuzzerTestOneInput() once. With no arguments,
 * fuzz-NAME-replay replays $TOP/tests/fuzz/corpus/NAME/ (TOP defaults to ".").
 * Exit 0 when every input ran, 1 when an input could not be read or none was found; a bug
 * the target trips over crashes or is caught by the sanitizers.
 */
#include <dirent.h>
#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;
	FILE *f = fopen(path, "rb");

	if (!f) {
		fprintf(stderr, "ERROR: cannot open '%s': %s\n", path, strerror(errno));
		return -1;
	}
	do {
		if (size == cap) {
			uint8_t *p = realloc(data, cap = cap ? cap * 2 : 4096);

			if (!p) {
				fclose(f);
				free(data);
				return -1;
			}
			data = p;
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n);
	fclose(f);
	LLVMFuzzerTestOneInput(data, size);
	free(data);
	return 0;
}

/* Replay path (a file, or the files of a directory); returns how many, or -1. */
static int replay(const char *path)
{
	char sub[PATH_MAX];
	struct dirent *de;
	struct stat st;
	int count = 0;
	DIR *dir;

	if (stat(path, &st)) {
		fprintf(stderr, "ERROR: cannot access '%s': %s\n", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return replay_file(path) ? -1 : 1;
	dir = opendir(path);
	if (!dir)
		return -1;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		if (replay_file(sub)) {
			count = -1;
			break;
		}
		count++;
	}
	closedir(dir);
	return count;
}

int main(int argc, char **argv)
{
	char corpus[PATH_MAX], self[PATH_MAX], *name;
	const char *top = getenv("TOP");
	int i, n, total = 0;

	if (argc < 2) {
		snprintf(self, sizeof(self), "%s", argv[0]);
		name = basename(self);
		if (!strncmp(name, "fuzz-", 5))
			name += 5;
		name[strcspn(name, "-")] = 0;
		snprintf(corpus, sizeof(corpus), "%s/tests/fuzz/corpus/%s", top ? top : ".", name);
		n = replay(corpus);
		if (n <= 0) {
			fprintf(stderr, "ERROR: no inputs in '%s'\n", corpus);
			return 1;
		}
		printf("%d inputs replayed from %s\n", n, corpus);
		return 0;
	}
	for (i = 1; i < argc; i++) {
		n = replay(argv[i]);
		if (n < 0)
			return 1;
		total += n;
	}
	printf("%d inputs replayed\n", total);
	return total ? 0 : 1;
}
