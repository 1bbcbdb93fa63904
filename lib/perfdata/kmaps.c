// SPDX-License-Identifier: GPL-2.0
/* The kernel's text and modules' maps, read from kallsyms and /proc/modules. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "perfdata/kmaps.h"

int kmaps__text(FILE *kallsyms, struct kmap *m)
{
	char line[256], sym[128], type;
	unsigned long long a, text = 0, etext = 0;
	bool have_text = false;

	while (fgets(line, sizeof(line), kallsyms) && (!have_text || !etext)) {
		if (sscanf(line, "%llx %c %127s", &a, &type, sym) != 3)
			continue;
		if (!strcmp(sym, "_text") && !have_text) {
			text = a;
			have_text = true;
		} else if (!strcmp(sym, "_etext") && !etext) {
			etext = a;
		}
	}
	if (!have_text)
		return -ENOENT;
	if (!text)
		return -EPERM;
	m->start = text;
	m->len = etext > text ? etext - text : ~0ULL - text;
	snprintf(m->name, sizeof(m->name), "[kernel.kallsyms]_text");
	return 0;
}

int kmaps__module(const char *line, struct kmap *m)
{
	char name[KMAP_NAME_MAX - 2];
	unsigned long long size, addr;

	/* name size refcount users state address [taint] */
	if (sscanf(line, "%61s %llu %*s %*s %*s %llx", name, &size, &addr) != 3)
		return 0;
	if (!addr || !size || addr + size < addr)
		return 0;
	m->start = addr;
	m->len = size;
	snprintf(m->name, sizeof(m->name), "[%s]", name);
	return 1;
}
