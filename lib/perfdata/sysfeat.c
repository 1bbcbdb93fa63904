// SPDX-License-Identifier: GPL-2.0
/*
 * Machine description features. Each is read from /proc or sysfs at the start of a
 * recording; a value the machine does not give leaves its feature out.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perfdata/format.h"
#include "perfdata/sysfeat.h"

#ifndef PERF_BPF_VERSION
#define PERF_BPF_VERSION "0.1"
#endif

/* The value of the first "key<spaces>: value" line of path, spaces squeezed, or -ENOENT. */
static int proc_value(const char *path, const char *key, char *out, size_t size)
{
	FILE *f = fopen(path, "re");
	size_t klen = strlen(key);
	char line[512];
	int err = -ENOENT;

	if (!f)
		return -errno;
	while (err && fgets(line, sizeof(line), f)) {
		char *p = line + klen, *o = out;

		if (strncmp(line, key, klen) || !strchr(" \t:", *p))
			continue;
		p += strspn(p, " \t");
		if (*p++ != ':')
			continue;
		p += strspn(p, " \t");
		for (; *p && *p != '\n' && o + 1 < out + size; p++)
			if (!(*p == ' ' && (o == out || o[-1] == ' ')))
				*o++ = *p;
		while (o > out && o[-1] == ' ')
			o--;
		*o = 0;
		err = o > out ? 0 : -ENOENT;
	}
	fclose(f);
	return err;
}

/* x86's "vendor,family,model,stepping", as perf's CPUID feature has it. */
static int cpuid(struct dbuf *b)
{
	char vendor[64], fam[16], model[16], step[16], s[160];

	if (proc_value("/proc/cpuinfo", "vendor_id", vendor, sizeof(vendor)) ||
	    proc_value("/proc/cpuinfo", "cpu family", fam, sizeof(fam)) ||
	    proc_value("/proc/cpuinfo", "model", model, sizeof(model)) ||
	    proc_value("/proc/cpuinfo", "stepping", step, sizeof(step)))
		return -ENOENT;
	snprintf(s, sizeof(s), "%s,%s,%s,%s", vendor, fam, model, step);
	pdformat__hstr(b, s);
	return 0;
}

static int read_line(const char *path, char *out, size_t size)
{
	FILE *f = fopen(path, "re");
	int err = 0;

	if (!f)
		return -errno;
	if (!fgets(out, size, f))
		err = -EIO;
	else
		out[strcspn(out, "\n")] = 0;
	fclose(f);
	return err;
}

struct strset {
	char **v;
	uint32_t n;
};

static void strset_add(struct strset *s, const char *str)
{
	char **v;

	for (uint32_t i = 0; i < s->n; i++)
		if (!strcmp(s->v[i], str))
			return;
	v = realloc(s->v, (s->n + 1) * sizeof(*v));
	if (!v)
		return;
	s->v = v;
	s->v[s->n] = strdup(str);
	if (s->v[s->n])
		s->n++;
}

static void strset_free(struct strset *s)
{
	for (uint32_t i = 0; i < s->n; i++)
		free(s->v[i]);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static void strset_put(struct dbuf *b, struct strset *s)
{
	dbuf__u32(b, s->n);
	for (uint32_t i = 0; i < s->n; i++)
		pdformat__hstr(b, s->v[i]);
	strset_free(s);
}

static int32_t cpu_int(long cpu, const char *name)
{
	char path[128], v[32];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%ld/topology/%s", cpu, name);
	return read_line(path, v, sizeof(v)) ? -1 : atoi(v);
}

static void cpu_list(struct strset *s, long cpu, const char *name, const char *old_name)
{
	char path[128], v[256];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%ld/topology/%s", cpu, name);
	if (read_line(path, v, sizeof(v))) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%ld/topology/%s", cpu,
			 old_name);
		if (read_line(path, v, sizeof(v)))
			return;
	}
	strset_add(s, v);
}

/*
 * Sibling lists of sockets and cores, core and socket ids of every CPU, then the dies:
 * the layout perf 6.1 reads (offline CPUs get -1).
 */
static int cpu_topology(struct dbuf *b)
{
	long nr = sysconf(_SC_NPROCESSORS_CONF);
	struct strset cores = {}, threads = {}, dies = {};

	if (nr <= 0)
		return -ENOENT;
	for (long c = 0; c < nr; c++) {
		cpu_list(&cores, c, "package_cpus_list", "core_siblings_list");
		cpu_list(&threads, c, "core_cpus_list", "thread_siblings_list");
		cpu_list(&dies, c, "die_cpus_list", "die_cpus_list");
	}
	if (!cores.n || !threads.n) {
		strset_free(&cores);
		strset_free(&threads);
		strset_free(&dies);
		return -ENOENT;
	}
	strset_put(b, &cores);
	strset_put(b, &threads);
	for (long c = 0; c < nr; c++) {
		dbuf__u32(b, cpu_int(c, "core_id"));
		dbuf__u32(b, cpu_int(c, "physical_package_id"));
	}
	if (dies.n) {
		strset_put(b, &dies);
		for (long c = 0; c < nr; c++)
			dbuf__u32(b, cpu_int(c, "die_id"));
	}
	return 0;
}

int sysfeat__build(int feat, struct dbuf *b)
{
	char v[256];
	int err;

	switch (feat) {
	case PD_FEAT_VERSION:
		pdformat__hstr(b, "perf-bpf " PERF_BPF_VERSION);
		return 0;
	case PD_FEAT_CPUDESC:
		err = proc_value("/proc/cpuinfo", "model name", v, sizeof(v));
		if (!err)
			pdformat__hstr(b, v);
		return err;
	case PD_FEAT_CPUID:
		return cpuid(b);
	case PD_FEAT_TOTAL_MEM:
		err = proc_value("/proc/meminfo", "MemTotal", v, sizeof(v));
		if (!err)
			dbuf__u64(b, strtoull(v, NULL, 10));
		return err;
	case PD_FEAT_CPU_TOPOLOGY:
		return cpu_topology(b);
	}
	return -EINVAL;
}
