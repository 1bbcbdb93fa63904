// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/synth.h"

static int process_threads(const char *pid, synth_thread_fn fn, void *ctx)
{
	char path[300], comm[64];
	struct dirent *d;
	int err = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%s/task", pid);
	dir = opendir(path);
	if (!dir)
		return 0; /* gone already */
	while (!err && (d = readdir(dir))) {
		FILE *f;

		if (d->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/%s/task/%s/comm", pid, d->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		if (fgets(comm, sizeof(comm), f)) {
			comm[strcspn(comm, "\n")] = '\0';
			err = fn(ctx, (uint32_t)atoi(pid), (uint32_t)atoi(d->d_name), comm);
		}
		fclose(f);
	}
	closedir(dir);
	return err;
}

/* The process a thread belongs to (Tgid: of its status), itself when that cannot be read. */
static int thread_group(int tid)
{
	char path[64], line[256];
	int tgid = tid;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/status", tid);
	f = fopen(path, "re");
	if (!f)
		return tid;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "Tgid: %d", &tgid) == 1)
			break;
	fclose(f);
	return tgid;
}

int synth__threads(int pid, synth_thread_fn fn, void *ctx)
{
	char name[16];
	struct dirent *d;
	int err = 0;
	DIR *dir;

	if (pid > 0) {
		/* -t's thread belongs to a process: its records carry that process's id */
		snprintf(name, sizeof(name), "%d", thread_group(pid));
		return process_threads(name, fn, ctx);
	}
	dir = opendir("/proc");
	if (!dir)
		return 0;
	while (!err && (d = readdir(dir)))
		if (d->d_name[0] >= '1' && d->d_name[0] <= '9')
			err = process_threads(d->d_name, fn, ctx);
	closedir(dir);
	return err;
}
