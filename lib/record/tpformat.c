// SPDX-License-Identifier: GPL-2.0
/* Tracepoint formats through libtracefs (reading) and libtraceevent (parsing). */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <mntent.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#include <traceevent/event-parse.h>
#include <tracefs/tracefs.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "record/tpformat.h"

/* Names end up in paths: refuse anything that could leave the events directory. */
static bool name_ok(const char *s)
{
	return s && *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

static int read_event_file(const char *sys, const char *name, const char *file, char **text,
			   size_t *len)
{
	int size = 0;
	char *buf;

	if (!name_ok(sys) || !name_ok(name))
		return -EINVAL;
	errno = 0;
	buf = tracefs_event_file_read(NULL, sys, name, file, &size);
	if (!buf || size <= 0) {
		int err = errno ? -errno : -ENOENT;

		free(buf);
		pr_debug("cannot read tracepoint '%s:%s' %s: %s", sys, name, file, strerror(-err));
		return err;
	}
	*text = buf;
	if (len)
		*len = size;
	return 0;
}

int tpformat__id(const char *sys, const char *name)
{
	char *text, *end;
	long id;
	int err;

	err = read_event_file(sys, name, "id", &text, NULL);
	if (err)
		return err;
	id = strtol(text, &end, 10);
	if (end == text || id < 0 || id > INT32_MAX)
		err = -EINVAL;
	free(text);
	return err ? err : (int)id;
}

int tpformat__read_format(const char *sys, const char *name, char **text, size_t *len)
{
	return read_event_file(sys, name, "format", text, len);
}

static int read_events_file(const char *file, char **text, size_t *len)
{
	int size = 0;
	char *buf;

	errno = 0;
	buf = tracefs_instance_file_read(NULL, file, &size);
	if (!buf || size <= 0) {
		int err = errno ? -errno : -ENOENT;

		free(buf);
		pr_debug("cannot read tracefs '%s': %s", file, strerror(-err));
		return err;
	}
	*text = buf;
	*len = size;
	return 0;
}

int tpformat__read_header_page(char **text, size_t *len)
{
	return read_events_file("events/header_page", text, len);
}

int tpformat__read_header_event(char **text, size_t *len)
{
	return read_events_file("events/header_event", text, len);
}

int tpformat__parse_header_page(struct tep_handle *tep, const char *text, size_t len)
{
	char *copy;
	int err;

	if (!tep || !text)
		return -EINVAL;
	/* libtraceevent takes a mutable buffer */
	copy = strndup(text, len);
	if (!copy)
		return -ENOMEM;
	err = tep_parse_header_page(tep, copy, len, sizeof(long));
	free(copy);
	return err ? -EINVAL : 0;
}

int tpformat__read_printk_formats(char **text, size_t *len)
{
	return read_events_file("printk_formats", text, len);
}

int tpformat__parse_printk_formats(struct tep_handle *tep, const char *text, size_t len)
{
	char *copy;
	int err;

	if (!tep || !text)
		return -EINVAL;
	copy = strndup(text, len); /* libtraceevent wants a NUL-terminated text */
	if (!copy)
		return -ENOMEM;
	err = tep_parse_printk_formats(tep, copy);
	free(copy);
	return err ? -EINVAL : 0;
}

int tpformat__load_printk_formats(struct tep_handle *tep)
{
	size_t len;
	char *text;
	int err;

	err = tpformat__read_printk_formats(&text, &len);
	if (err)
		return err;
	err = tpformat__parse_printk_formats(tep, text, len);
	free(text);
	return err;
}

struct tep_handle *tpformat__new_tep(void)
{
	struct tep_handle *tep = tep_alloc();
	size_t len;
	char *text;

	if (!tep) {
		errno = ENOMEM;
		return NULL;
	}
	tep_set_long_size(tep, sizeof(long));
	tep_set_page_size(tep, getpagesize());
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	tep_set_file_bigendian(tep, TEP_BIG_ENDIAN);
	tep_set_local_bigendian(tep, TEP_BIG_ENDIAN);
#else
	tep_set_file_bigendian(tep, TEP_LITTLE_ENDIAN);
	tep_set_local_bigendian(tep, TEP_LITTLE_ENDIAN);
#endif
	if (!tpformat__read_header_page(&text, &len)) {
		if (tpformat__parse_header_page(tep, text, len))
			pr_debug("tracefs header_page does not parse");
		free(text);
	}
	return tep;
}

int tpformat__parse(struct tep_handle *tep, const char *sys, const char *text, size_t len,
		    struct tep_event **ev)
{
	struct tep_event *event = NULL;
	enum tep_errno ret;
	char msg[128];

	if (!tep || !sys || !text)
		return -EINVAL;
	ret = tep_parse_format(tep, &event, text, len, sys);
	if (ret) {
		tep_strerror(tep, ret, msg, sizeof(msg));
		pr_debug("format of a '%s' tracepoint does not parse: %s", sys, msg);
		return -EINVAL;
	}
	if (ev)
		*ev = event;
	return 0;
}

int tpformat__load(struct tep_handle *tep, const char *sys, const char *name, struct tep_event **ev)
{
	struct tep_event *event;
	size_t len;
	char *text;
	int err;

	if (!tep)
		return -EINVAL;
	event = tep_find_event_by_name(tep, sys, name);
	if (event) {
		if (ev)
			*ev = event;
		return 0;
	}
	err = tpformat__read_format(sys, name, &text, &len);
	if (err)
		return err;
	err = tpformat__parse(tep, sys, text, len, ev);
	free(text);
	return err;
}

static int glob_add(char ***names, int *nr, const char *sys, const char *name)
{
	char **n = realloc(*names, sizeof(*n) * (*nr + 1));

	if (!n)
		return -ENOMEM;
	*names = n;
	if (asprintf(&n[*nr], "%s:%s", sys, name) < 0)
		return -ENOMEM;
	(*nr)++;
	return 0;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int tpformat__glob(const char *sys_pat, const char *name_pat, char ***names)
{
	char **systems = tracefs_event_systems(NULL);
	int nr = 0, err = 0;

	*names = NULL;
	if (!systems)
		return -ENOENT;
	for (int i = 0; !err && systems[i]; i++) {
		char **events;

		if (fnmatch(sys_pat, systems[i], 0))
			continue;
		events = tracefs_system_events(NULL, systems[i]);
		for (int j = 0; !err && events && events[j]; j++)
			if (!fnmatch(name_pat, events[j], 0))
				err = glob_add(names, &nr, systems[i], events[j]);
		tracefs_list_free(events);
	}
	tracefs_list_free(systems);
	if (err) {
		while (nr--)
			free((*names)[nr]);
		free(*names);
		*names = NULL;
		return err;
	}
	if (nr)
		qsort(*names, nr, sizeof(**names), cmp_names);
	return nr;
}

bool tpformat__field_inside(const struct tep_format_field *fl, uint32_t size)
{
	return fl->offset >= 0 && fl->size >= 0 && (uint64_t)fl->offset + fl->size <= size;
}

bool tpformat__field_span(const struct tep_format_field *fl, const void *raw, uint32_t size,
			  uint32_t *off, uint32_t *len)
{
	uint32_t loc;

	if (!tpformat__field_inside(fl, size))
		return false;
	if (!(fl->flags & TEP_FIELD_IS_DYNAMIC)) {
		*off = fl->offset;
		*len = fl->size;
		return true;
	}
	if (fl->size != 4)
		return false;
	memcpy(&loc, (const char *)raw + fl->offset, 4);
	*off = loc & 0xffff;
	*len = loc >> 16;
	if (fl->flags & TEP_FIELD_IS_RELATIVE)
		*off += fl->offset + fl->size;
	return (uint64_t)*off + *len <= size;
}

bool tpformat__payload_ok(const struct tep_event *tp, const void *raw, uint32_t size)
{
	const struct tep_format_field *fl;
	uint32_t off, len;

	for (fl = tp->format.common_fields; fl; fl = fl->next)
		if (!tpformat__field_inside(fl, size))
			return false;
	for (fl = tp->format.fields; fl; fl = fl->next)
		if (!tpformat__field_span(fl, raw, size, &off, &len))
			return false;
	return true;
}

#define DEFAULT_TRACEFS "/sys/kernel/tracing"

/* Where tracefs is mounted, from /proc/mounts (libtracefs's lookup leaks when it fails). */
static void tracefs_dir(char *buf, size_t size)
{
	FILE *f = setmntent("/proc/mounts", "re");
	struct mntent *m;

	snprintf(buf, size, "%s", DEFAULT_TRACEFS);
	while (f && (m = getmntent(f)))
		if (!strcmp(m->mnt_type, "tracefs")) {
			snprintf(buf, size, "%s", m->mnt_dir);
			break;
		}
	if (f)
		endmntent(f);
}

/* The first of the paths down to a tracepoint's id this user may not open, or NULL. */
static bool first_denied(const char *sys, const char *name, char *path, size_t size)
{
	char top[PATH_MAX];
	const char *const parts[] = { "", "/events", "/", sys, "/", name, "/id" };
	size_t len = 0;

	tracefs_dir(top, sizeof(top));
	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
		bool file = i == sizeof(parts) / sizeof(parts[0]) - 1;

		len += snprintf(path + len, len < size ? size - len : 0, "%s%s", i ? "" : top,
				parts[i] ? parts[i] : "");
		if (len >= size)
			return false;
		if (parts[i][0] == '/' && !parts[i][1])
			continue; /* the separator before a name */
		if (faccessat(AT_FDCWD, path, file ? R_OK : X_OK, AT_EACCESS) < 0 &&
		    errno == EACCES)
			return true;
	}
	return false;
}

int tpformat__denied(const char *sys, const char *name, int err)
{
	char path[PATH_MAX], owner[128], top[PATH_MAX];
	struct passwd *pw;
	struct group *gr;
	struct stat st;

	if (!name_ok(sys) || !name_ok(name) || !first_denied(sys, name, path, sizeof(path)) ||
	    stat(path, &st) < 0)
		return errmsg__set(err, "cannot read tracepoint '%s:%s' in tracefs: %s", sys, name,
				   strerror(-err));
	tracefs_dir(top, sizeof(top));
	pw = getpwuid(st.st_uid);
	gr = getgrgid(st.st_gid);
	if (pw)
		snprintf(owner, sizeof(owner), "%s:", pw->pw_name);
	else
		snprintf(owner, sizeof(owner), "%u:", st.st_uid);
	if (gr)
		snprintf(owner + strlen(owner), sizeof(owner) - strlen(owner), "%s", gr->gr_name);
	else
		snprintf(owner + strlen(owner), sizeof(owner) - strlen(owner), "%u", st.st_gid);
	errmsg__set(err,
		    "cannot read tracepoint '%s:%s': tracefs denies this user %s (mode %04o, "
		    "owner %s)",
		    sys, name, path, st.st_mode & 07777, owner);
	errmsg__hint("tracepoints need read access to tracefs as well as CAP_PERFMON: as root, "
		     "let a group of this user in with 'chgrp GROUP %s && chmod g+%s %s', or "
		     "mount tracefs with 'mount -o remount,gid=GROUP,mode=0750 %s'; or run as root",
		     path, S_ISDIR(st.st_mode) ? "rx" : "r", path, top);
	return err;
}
