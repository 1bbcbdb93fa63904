// SPDX-License-Identifier: GPL-2.0
/* The system-call summary: per-thread and total tables, kernel counts and single calls. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>

#include "util/jsonw.h"
#include "syscalls/sctable.h"
#include "syscalls/scsummary.h"

static char *run(bool total, bool json)
{
	struct sctable *t = sctable__new();
	char *text;
	size_t len;
	FILE *f = open_memstream(&text, &len);
	struct jsonw *w = json ? jsonw__new(f, false) : NULL;
	struct scsummary_opts o = { .out = f, .json = w, .total = total };
	struct scsummary *s = scsummary__new(&o);
	struct sysrec_count_key k = { .tid = 11, .nr = SYS_getppid };
	struct sysrec_count *c = calloc(1, sizeof(*c));

	assert_non_null(s);
	assert_non_null(c);
	/* thread 10: four openat, one failing; one read */
	for (int i = 1; i <= 4; i++)
		assert_int_equal(scsummary__call(s, 10, 10, NULL, SYS_openat, i * 1000000,
						 i == 4 ? -2 : 3),
				 0);
	assert_int_equal(scsummary__call(s, 10, 10, NULL, SYS_read, 500000, 10), 0);
	scsummary__set_comm(s, 10, 10, "cat");
	/* thread 11: a kernel count of 100 getppid of 1 us, merged with one call of 3 us */
	c->calls = 100;
	c->total_ns = 100000;
	c->min_ns = 1000;
	c->max_ns = 1000;
	c->pid = 10;
	c->hist[sysrec_hist_bucket(1000)] = 100;
	snprintf(c->comm, sizeof(c->comm), "worker");
	assert_int_equal(scsummary__add(s, &k, c), 0);
	assert_int_equal(scsummary__call(s, 10, 11, NULL, SYS_getppid, 3000, 1), 0);
	assert_int_equal(scsummary__print(s, t), 0);
	scsummary__free(s);
	jsonw__free(w);
	fclose(f);
	free(c);
	sctable__free(t);
	return text;
}

static void test_scsummary__per_thread(void **state)
{
	char *text = run(false, false);

	assert_non_null(strstr(text, " cat (10), 5 calls, 4.7%\n"));
	assert_non_null(strstr(text, " worker (11), 101 calls, 95.3%\n"));
	/* by total time: openat before read */
	assert_non_null(strstr(text,
			       "   openat                 4       1   10.000     1.000     2.500"
			       "     4.000"));
	assert_true(strstr(text, "   openat ") < strstr(text, "   read "));
	assert_non_null(strstr(text,
			       "   getppid              101       0    0.103     0.001     0.001"
			       "     0.003"));
	assert_non_null(strstr(text, "p50       p99"));
	free(text);
}

static void test_scsummary__total_and_json(void **state)
{
	char *text = run(true, false);

	assert_non_null(strstr(text, " all threads, 106 calls\n"));
	assert_null(strstr(text, "cat (10)"));
	free(text);
	text = run(false, true);
	assert_non_null(strstr(text,
			       "{\"type\":\"syscall_summary\",\"pid\":10,\"tid\":10,"
			       "\"comm\":\"cat\",\"name\":\"openat\",\"calls\":4,\"errors\":1,"
			       "\"total_ns\":10000000,\"min_ns\":1000000,\"avg_ns\":2500000,"
			       "\"max_ns\":4000000,"));
	assert_null(strstr(text, "Summary of events"));
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scsummary__per_thread),
		cmocka_unit_test(test_scsummary__total_and_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
