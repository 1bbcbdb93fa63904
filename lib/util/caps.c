// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <unistd.h>

#include "util/caps.h"
#include "util/log.h"

static bool effective(unsigned long long *caps)
{
	char line[256];
	bool found = false;
	FILE *f = fopen("/proc/self/status", "re");

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "CapEff: %llx", caps) == 1;
	fclose(f);
	return found;
}

bool caps__has(int cap)
{
	unsigned long long caps = 0;

	return effective(&caps) && (caps >> cap & 1);
}

bool caps__bpf_missing(char *buf, size_t size)
{
	unsigned long long caps = 0;
	bool bpf, perfmon;

	if (geteuid() == 0 || !effective(&caps))
		return false; /* root, or nothing to judge by: let the kernel say */
	pr_debug("effective capabilities: %#llx", caps);
	if (caps >> CAPS_SYS_ADMIN & 1)
		return false;
	bpf = caps >> CAPS_BPF & 1;
	perfmon = caps >> CAPS_PERFMON & 1;
	if (bpf && perfmon)
		return false;
	snprintf(buf, size, "%s%s%s", bpf ? "" : "CAP_BPF", !bpf && !perfmon ? " and " : "",
		 perfmon ? "" : "CAP_PERFMON");
	return true;
}
