// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/util/errmsg.c: recording, replacing and clearing the ERROR and Hint texts,
 * and what the command prints from them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/errmsg.h"
#include "util/log.h"

/* errmsg__print(err, fmt, arg) with stderr going to a temporary file: what it wrote. */
static char *print_captured(int err, const char *fmt, const char *arg)
{
	FILE *tmp = tmpfile();
	int saved;
	long len;
	char *out;

	assert_non_null(tmp);
	fflush(stderr);
	saved = dup(2);
	dup2(fileno(tmp), 2);
	errmsg__print(err, fmt, arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	len = ftell(tmp);
	out = calloc(1, len + 1);
	assert_non_null(out);
	rewind(tmp);
	assert_int_equal(fread(out, 1, len, tmp), (size_t)len);
	fclose(tmp);
	return out;
}

static void assert_printed(int err, const char *fmt, const char *arg, const char *expected)
{
	char *out = print_captured(err, fmt, arg);

	assert_string_equal(out, expected);
	free(out);
}

static int setup(void **state)
{
	errmsg__clear();
	quiet = 0;
	return 0;
}

static void test_errmsg__set_and_hint(void **state)
{
	assert_null(errmsg__text());
	assert_null(errmsg__hint_text());
	assert_int_equal(errmsg__set(-ENOENT, "cannot open '%s': %s", "x.o", "No such file"),
			 -ENOENT);
	assert_string_equal(errmsg__text(), "cannot open 'x.o': No such file");
	assert_null(errmsg__hint_text());
	errmsg__hint("try %d", 2);
	assert_string_equal(errmsg__hint_text(), "try 2");
}

static void test_errmsg__set_replaces(void **state)
{
	errmsg__set(-EINVAL, "inner");
	errmsg__hint("inner hint");
	errmsg__set(-EPERM, "outer");
	assert_string_equal(errmsg__text(), "outer");
	assert_null(errmsg__hint_text()); /* a hint belongs to its own line */
}

static void test_errmsg__clear(void **state)
{
	errmsg__set(-EINVAL, "gone");
	errmsg__hint("also gone");
	errmsg__clear();
	assert_null(errmsg__text());
	assert_null(errmsg__hint_text());
	assert_printed(-EINVAL, NULL, NULL, "");
}

static void test_errmsg__print_record(void **state)
{
	errmsg__set(-ENOENT, "unknown tracepoint '%s'", "a:b");
	errmsg__hint("list them\n\tall");
	assert_printed(-EIO, "not this", NULL,
		       "ERROR: unknown tracepoint 'a:b'\nHint: list them\n\tall\n");
	/* printed once: the record is gone */
	assert_null(errmsg__text());
	assert_printed(-EIO, NULL, NULL, "");
}

static void test_errmsg__print_quiet(void **state)
{
	errmsg__set(-ENOENT, "what failed");
	errmsg__hint("how to fix it");
	quiet = 1;
	assert_printed(-ENOENT, NULL, NULL, "ERROR: what failed\n");
	quiet = 0;
}

static void test_errmsg__print_fallback(void **state)
{
	assert_printed(-ENOMEM, "cannot start tracing", NULL,
		       "ERROR: cannot start tracing: Cannot allocate memory\n");
	assert_printed(ENOENT, "cannot read '%s'", "x",
		       "ERROR: cannot read 'x': No such file or directory\n");
	assert_printed(-ENOMEM, NULL, NULL, "");
}

static void test_errmsg__shown(void **state)
{
	errmsg__set(-EINVAL, "replaced by the caret");
	assert_int_equal(errmsg__shown(-EINVAL), -EINVAL);
	assert_null(errmsg__text());
	assert_printed(-EINVAL, "cannot start tracing", NULL, "");
	/* forgotten once printed: the next failure is said again */
	assert_printed(-EINVAL, "cannot start tracing", NULL,
		       "ERROR: cannot start tracing: Invalid argument\n");
	/* a record made after the caret is printed */
	errmsg__shown(-EINVAL);
	errmsg__set(-EIO, "later");
	assert_printed(-EIO, "x", NULL, "ERROR: later\n");
}

static void test_errmsg__long_text_cut(void **state)
{
	char *big = malloc(ERRMSG_MAX * 2);

	assert_non_null(big);
	memset(big, 'a', ERRMSG_MAX * 2 - 1);
	big[ERRMSG_MAX * 2 - 1] = '\0';
	errmsg__set(-EINVAL, "%s", big);
	errmsg__hint("%s", big);
	assert_int_equal(strlen(errmsg__text()), ERRMSG_MAX - 1);
	assert_int_equal(strlen(errmsg__hint_text()), ERRMSG_MAX - 1);
	free(big);
}

static void *other_thread(void *arg)
{
	const char **seen = arg;

	seen[0] = errmsg__text();
	errmsg__set(-EIO, "the other thread's");
	seen[1] = errmsg__text() ? "set" : NULL;
	return NULL;
}

static void test_errmsg__per_thread(void **state)
{
	const char *seen[2] = { "unset", NULL };
	pthread_t t;

	errmsg__set(-EINVAL, "this thread's");
	assert_int_equal(pthread_create(&t, NULL, other_thread, seen), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_null(seen[0]);
	assert_string_equal(seen[1], "set");
	assert_string_equal(errmsg__text(), "this thread's");
}

#define T(fn) cmocka_unit_test_setup(fn, setup)

int main(void)
{
	/* clang-format off */
	const struct CMUnitTest tests[] = {
		T(test_errmsg__set_and_hint),
		T(test_errmsg__set_replaces),
		T(test_errmsg__clear),
		T(test_errmsg__print_record),
		T(test_errmsg__print_quiet),
		T(test_errmsg__print_fallback),
		T(test_errmsg__shown),
		T(test_errmsg__long_text_cut),
		T(test_errmsg__per_thread),
	};
	/* clang-format on */

	return cmocka_run_group_tests(tests, NULL, NULL);
}
