// SPDX-License-Identifier: GPL-2.0
/*
 * The calling thread's record of why its last call failed (lib/util/errmsg.h).
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/log.h"

static __thread struct {
	bool has_text;
	bool has_hint;
	bool shown;
	char text[ERRMSG_MAX];
	char hint[ERRMSG_MAX];
} rec;

int errmsg__set(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rec.text, sizeof(rec.text), fmt, ap);
	va_end(ap);
	rec.has_text = true;
	rec.has_hint = false;
	rec.shown = false;
	return err;
}

void errmsg__hint(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rec.hint, sizeof(rec.hint), fmt, ap);
	va_end(ap);
	rec.has_hint = true;
}

int errmsg__shown(int err)
{
	errmsg__clear();
	rec.shown = true;
	return err;
}

void errmsg__clear(void)
{
	rec.has_text = false;
	rec.has_hint = false;
	rec.shown = false;
}

const char *errmsg__text(void)
{
	return rec.has_text ? rec.text : NULL;
}

const char *errmsg__hint_text(void)
{
	return rec.has_hint ? rec.hint : NULL;
}

void errmsg__print(int err, const char *fmt, ...)
{
	if (rec.has_text) {
		pr_err("%s", rec.text);
		if (rec.has_hint)
			pr_hint("%s", rec.hint);
	} else if (fmt && !rec.shown) {
		long long e = err; /* -INT_MIN does not fit an int */
		char what[ERRMSG_MAX];
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(what, sizeof(what), fmt, ap);
		va_end(ap);
		pr_err("%s: %s", what, strerror((int)(e < 0 ? -e : e)));
	}
	errmsg__clear();
}
