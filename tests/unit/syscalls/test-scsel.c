// SPDX-License-Identifier: GPL-2.0
/* System-call selection: names, globs, '!', classes, and the errors of a mistyped name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <string.h>
#include <sys/syscall.h>

#include "util/errmsg.h"
#include "syscalls/scsel.h"
#include "syscalls/sctable.h"

/* A kernel with a handful of calls (not this machine's tracefs). */
static const char *const kernel[] = {
	"sys_enter_open",    "sys_enter_openat", "sys_enter_openat2", "sys_enter_close",
	"sys_enter_read",    "sys_enter_write",	 "sys_enter_connect", "sys_enter_socket",
	"sys_enter_getppid", "sys_exit_getppid",
};

static int setup(void **state)
{
	struct sctable *t = sctable__new();
	static struct scsel sel;

	assert_non_null(t);
	sctable__set_kernel_calls(t, kernel, sizeof(kernel) / sizeof(kernel[0]));
	assert_int_equal(scsel__init(&sel, t), 0);
	*state = &sel;
	return 0;
}

static int teardown(void **state)
{
	struct scsel *sel = *state;

	sctable__free(sel->table);
	scsel__exit(sel);
	return 0;
}

static void test_scsel__names_and_globs(void **state)
{
	struct scsel *sel = *state;

	assert_int_equal(scsel__add(sel, "close,read"), 0);
	assert_int_equal(scsel__add(sel, "open*"), 0);
	assert_int_equal(scsel__count(sel), 5);
	assert_true(scsel__has(sel, SYS_openat2));
	assert_true(scsel__has(sel, SYS_close));
	assert_false(scsel__has(sel, SYS_write));
	assert_false(scsel__has(sel, -1));
	assert_false(scsel__has(sel, 100000));
	assert_int_equal(scsel__add(sel, "!openat2"), 0);
	assert_false(scsel__has(sel, SYS_openat2));
	assert_int_equal(scsel__count(sel), 4);
}

static void test_scsel__leading_negation_starts_from_all(void **state)
{
	struct scsel *sel = *state;

	assert_int_equal(scsel__add(sel, "!write,!open*"), 0);
	/* close, read, connect, socket, getppid: only the calls this kernel has */
	assert_int_equal(scsel__count(sel), 5);
	assert_true(scsel__has(sel, SYS_getppid));
	assert_false(scsel__has(sel, SYS_write));
	assert_false(scsel__has(sel, SYS_gettid)); /* in the headers, not in this kernel */
}

static void test_scsel__classes(void **state)
{
	struct scsel *sel = *state;

	assert_int_equal(scsel__add(sel, "%net"), 0);
	assert_int_equal(scsel__count(sel), 2);
	assert_true(scsel__has(sel, SYS_connect));
	assert_true(scsel__has(sel, SYS_socket));
	assert_int_equal(scsel__add(sel, "%bogus"), -EINVAL);
	assert_non_null(strstr(errmsg__text(), "unknown system-call class '%bogus'"));
	assert_non_null(strstr(errmsg__hint_text(), "%file"));
}

static void test_scsel__unknown_names(void **state)
{
	struct scsel *sel = *state;

	assert_int_equal(scsel__add(sel, "opneat"), -EINVAL);
	assert_string_equal(errmsg__text(), "'opneat' is not a system call of this kernel");
	assert_string_equal(errmsg__hint_text(), "did you mean openat, openat2?");
	/* a real call that this kernel lacks is unknown too */
	assert_int_equal(scsel__add(sel, "gettid"), -EINVAL);
	assert_int_equal(scsel__add(sel, "zz*"), -EINVAL);
	assert_non_null(strstr(errmsg__hint_text(), "sys_enter_"));
	assert_int_equal(scsel__add(sel, "read,,"), 0); /* empty terms between commas: none */
	assert_int_equal(scsel__add(sel, "!"), -EINVAL);
}

static void test_scsel__looks_like_term(void **state)
{
	assert_true(scsel__looks_like_term("openat"));
	assert_true(scsel__looks_like_term("open*"));
	assert_true(scsel__looks_like_term("!write"));
	assert_true(scsel__looks_like_term("%file"));
	assert_false(scsel__looks_like_term("syscalls:sys_enter_openat"));
	assert_false(scsel__looks_like_term("prog.c"));
	assert_false(scsel__looks_like_term("cpu-clock"));
	assert_false(scsel__looks_like_term(""));
	assert_false(scsel__looks_like_term("!"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_scsel__names_and_globs, setup, teardown),
		cmocka_unit_test_setup_teardown(test_scsel__leading_negation_starts_from_all, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_scsel__classes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_scsel__unknown_names, setup, teardown),
		cmocka_unit_test(test_scsel__looks_like_term),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
