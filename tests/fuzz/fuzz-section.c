// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the program section parser: any bytes as one section name.  A parse
 * that succeeds must give a result that holds together; one that fails must leave nothing
 * behind and say why.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "event/section.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool in_buf(const struct section *sec, const char *s, size_t len)
{
	return s >= sec->buf && s < sec->buf + len + 1 && strlen(s) <= len;
}

static void check_arg(const struct section *sec, const struct section_arg *a, size_t len)
{
	if (!a->base || !in_buf(sec, a->base, len) || a->kind < SECTION_ARG_VAR ||
	    a->kind > SECTION_ARG_SPECIAL)
		abort();
	if ((a->name && !in_buf(sec, a->name, len)) || (a->type && !*a->type))
		abort();
	for (int i = 0; i < a->nr_fields; i++)
		if (a->fields[i].name ? !*a->fields[i].name : a->fields[i].index < 0)
			abort();
	if (a->nr_fields && a->kind != SECTION_ARG_VAR)
		abort();
}

static void check(const struct section *sec, size_t len)
{
	switch (sec->kind) {
	case SECTION_TRACEPOINT:
		if (!*sec->group || !*sec->event || strchr(sec->event, ':') || sec->nr_args)
			abort();
		break;
	case SECTION_KPROBE:
	case SECTION_KRETPROBE:
	case SECTION_UPROBE:
	case SECTION_URETPROBE:
		if (strcmp(sec->group, "perf_bpf_probe") || !*sec->event ||
		    (!sec->func && !sec->src))
			abort();
		if (sec->nr_args > 128 || (sec->nr_args && !sec->args))
			abort();
		for (int i = 0; i < sec->nr_args; i++)
			check_arg(sec, &sec->args[i], len);
		break;
	case SECTION_LIBBPF:
	case SECTION_SPECIAL:
		if (sec->buf || sec->nr_args)
			abort();
		break;
	default:
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct section sec;
	char msg[128], *name = malloc(size + 1);
	int ret;

	if (!name)
		return 0;
	quiet = 1; /* the "invalid config" warnings */
	memcpy(name, data, size);
	name[size] = '\0';
	errmsg__clear();
	ret = section__parse(name, &sec);
	if (ret) {
		if (!errmsg__text() || sec.buf || sec.args)
			abort();
		loaderr__strerror(ret, LOADERR_STAGE_NONE, msg, sizeof(msg));
	} else {
		check(&sec, strlen(name));
		if (sec.func_is_glob)
			section__glob_match(sec.func, "sys_write");
	}
	section__exit(&sec);
	free(name);
	return 0;
}
