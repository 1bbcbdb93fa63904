/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoint formats: read a tracepoint's id and format text from tracefs, and load
 * formats (from tracefs or from text, e.g. a perf.data TRACING_DATA section) into a
 * libtraceevent handle that then decodes and prints RAW payloads.
 *
 *	struct tep_handle *tep = tpformat__new_tep();
 *	tpformat__load(tep, "syscalls", "sys_enter_openat", &event);
 *	...
 *	tep_free(tep);
 */
#ifndef PERF_BPF_TPFORMAT_H
#define PERF_BPF_TPFORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tep_handle;
struct tep_event;
struct tep_format_field;

/* The tracepoint's id ("events/SYS/NAME/id"): >= 0, or -ENOENT when there is no such tracepoint. */
int tpformat__id(const char *sys, const char *name);
/*
 * Every tracepoint whose system and name match the fnmatch() patterns, as sorted
 * malloc'ed "sys:name" strings in *names (free each, then the array). Returns how many.
 */
int tpformat__glob(const char *sys_pat, const char *name_pat, char ***names);
/* The "events/SYS/NAME/format" text; *text is malloc'd (NUL-terminated, *len without the NUL). */
int tpformat__read_format(const char *sys, const char *name, char **text, size_t *len);
/* The "events/header_page" and "events/header_event" texts, malloc'd likewise. */
int tpformat__read_header_page(char **text, size_t *len);
int tpformat__read_header_event(char **text, size_t *len);

/*
 * A handle set for this machine (little/big endian, long and page size), with the
 * running kernel's header_page when tracefs has one. Free with tep_free(). NULL + errno.
 */
struct tep_handle *tpformat__new_tep(void);
int tpformat__parse_header_page(struct tep_handle *tep, const char *text, size_t len);
/*
 * Kernel strings that formats print by address (rcu_utilization's "Start context switch"):
 * "0xADDR : \"text\"" lines, as tracefs's printk_formats and perf.data's TRACING_DATA
 * hold them. Only a recording's own lines are right for it (addresses move with KASLR):
 * a file's come from the file, a live session's from tracefs.
 */
int tpformat__read_printk_formats(char **text, size_t *len);
int tpformat__parse_printk_formats(struct tep_handle *tep, const char *text, size_t len);
/* The running kernel's printk_formats into tep (for live sessions). */
int tpformat__load_printk_formats(struct tep_handle *tep);
/* Add one format text of system sys; *ev (may be NULL) gets the event. -EINVAL if it does not parse. */
int tpformat__parse(struct tep_handle *tep, const char *sys, const char *text, size_t len,
		    struct tep_event **ev);
/* The event SYS:NAME of tep, read from tracefs and parsed the first time it is asked for. */
int tpformat__load(struct tep_handle *tep, const char *sys, const char *name,
		   struct tep_event **ev);

/* Does the field's own slot (a value, or a __data_loc descriptor) lie inside the payload? */
bool tpformat__field_inside(const struct tep_format_field *fl, uint32_t size);
/*
 * Where a field's bytes lie in a payload of size bytes: a fixed field at its offset, a
 * __data_loc/__rel_loc field where its descriptor points. false when they are not all
 * inside the payload (libtraceevent reads fields blindly: check before it does).
 */
bool tpformat__field_span(const struct tep_format_field *fl, const void *raw, uint32_t size,
			  uint32_t *off, uint32_t *len);
/* Is every field of tp's format, common ones included, inside this payload? */
bool tpformat__payload_ok(const struct tep_event *tp, const void *raw, uint32_t size);

/*
 * Records the ERROR and Hint for a tracepoint whose id could not be read (err, -errno):
 * when a path of tracefs down to it is closed to this user, which one, its mode and owner,
 * and how to open it. Returns err.
 */
int tpformat__denied(const char *sys, const char *name, int err);

#endif
