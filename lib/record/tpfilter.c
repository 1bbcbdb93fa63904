// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <traceevent/event-parse.h>
#include <tracefs/tracefs.h>

#include "util/errmsg.h"
#include "record/tpfilter.h"
#include "record/tpformat.h"

#define ERROR_TAG "error: "

int tpfilter__parse_error(const char *text, char *reason, size_t size, int *column)
{
	const char *line = text, *tag = NULL, *caret = NULL;

	*column = 0;
	for (; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		size_t len = strcspn(line, "\n"), lead = strspn(line, " ");

		if (!caret && line[lead] == '^' && lead + 1 == len)
			caret = line;
		tag = strstr(line, ERROR_TAG);
		if (tag && tag < line + len) {
			tag += strlen(ERROR_TAG);
			snprintf(reason, size, "%.*s", (int)(line + len - tag), tag);
			*column = caret ? (int)strspn(caret, " ") + 1 : 0;
			return 0;
		}
	}
	return -ENOENT;
}

/* What the kernel says of expr on sys:name, read from an instance of tracefs made for it. */
static int kernel_reason(const char *sys, const char *name, const char *expr, char *reason,
			 size_t size, int *column)
{
	char inst_name[64];
	struct tracefs_instance *inst;
	char *text;
	int err = -ENOENT;

	snprintf(inst_name, sizeof(inst_name), "perf-bpf-filter-%d", (int)getpid());
	inst = tracefs_instance_create(inst_name);
	if (!inst)
		return -errno;
	if (tracefs_event_file_write(inst, sys, name, "filter", expr) < 0) {
		text = tracefs_event_file_read(inst, sys, name, "filter", NULL);
		err = text ? tpfilter__parse_error(text, reason, size, column) : -errno;
		free(text);
	}
	tracefs_instance_destroy(inst);
	tracefs_instance_free(inst);
	return err;
}

/* The tracepoint's own fields, "a, b, c", for the Hint; "" when its format cannot be read. */
static void own_fields(const char *sys, const char *name, char *buf, size_t size)
{
	struct tep_handle *tep = tpformat__new_tep();
	struct tep_event *ev = NULL;
	size_t len = 0;

	buf[0] = '\0';
	if (tep && !tpformat__load(tep, sys, name, &ev) && ev) {
		for (struct tep_format_field *f = ev->format.fields; f && len < size; f = f->next)
			len += snprintf(buf + len, size - len, "%s%s", len ? ", " : "", f->name);
	}
	tep_free(tep);
}

static int refused(const char *sys, const char *name, const char *expr, int err)
{
	char reason[256], fields[512];
	int column;

	if (err != -EINVAL || kernel_reason(sys, name, expr, reason, sizeof(reason), &column))
		return errmsg__set(err, "cannot set the filter '%s' on %s:%s: %s", expr, sys, name,
				   strerror(-err));
	if (column)
		errmsg__set(err, "bad filter '%s' for %s:%s: %s (column %d)", expr, sys, name,
			    reason, column);
	else
		errmsg__set(err, "bad filter '%s' for %s:%s: %s", expr, sys, name, reason);
	own_fields(sys, name, fields, sizeof(fields));
	if (*fields)
		errmsg__hint("%s:%s has the fields %s (and common_pid); the kernel's filters "
			     "are C-like: 'FIELD == 3 && common_pid != 1'",
			     sys, name, fields);
	else
		errmsg__hint("the kernel's filters are C-like: 'FIELD == 3 && common_pid != 1'");
	return err;
}

int tpfilter__set(int fd, const char *sys, const char *name, const char *expr)
{
	if (ioctl(fd, PERF_EVENT_IOC_SET_FILTER, expr) == 0)
		return 0;
	return refused(sys, name, expr, -errno);
}
