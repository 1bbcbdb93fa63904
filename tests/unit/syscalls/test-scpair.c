// SPDX-License-Identifier: GPL-2.0
/* Calls in flight by thread: found, taken, dropped, grown, walked. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "syscalls/scpair.h"

struct slot {
	struct scpair_key key;
	uint64_t value;
};

static void test_scpair__take_find_drop(void **state)
{
	struct scpair *p = scpair__new(sizeof(struct slot));
	struct slot *s;

	assert_non_null(p);
	assert_null(scpair__find(p, 7));
	s = scpair__take(p, 7);
	s->value = 70;
	assert_ptr_equal(scpair__take(p, 7), s); /* its slot again, as it was */
	assert_int_equal(((struct slot *)scpair__find(p, 7))->value, 70);
	assert_int_equal(scpair__count(p), 1);
	scpair__drop(p, s);
	assert_null(scpair__find(p, 7));
	assert_int_equal(scpair__count(p), 0);
	scpair__free(p);
}

/*
 * Many threads, some sharing a home slot: each found after the table grows and after the
 * others around it are dropped (a drop moves back the slots it kept from their homes).
 */
static void test_scpair__many_grown_and_dropped(void **state)
{
	struct scpair *p = scpair__new(sizeof(struct slot));
	struct slot *s;
	size_t seen = 0;

	for (uint32_t tid = 1; tid <= 1000; tid++) {
		s = scpair__take(p, tid * 64); /* the same low bits: many collide */
		assert_non_null(s);
		s->value = tid;
	}
	assert_int_equal(scpair__count(p), 1000);
	for (uint32_t tid = 2; tid <= 1000; tid += 2)
		scpair__drop(p, scpair__find(p, tid * 64));
	for (uint32_t tid = 1; tid <= 1000; tid++) {
		s = scpair__find(p, tid * 64);
		if (tid % 2) {
			assert_non_null(s);
			assert_int_equal(s->value, tid);
		} else {
			assert_null(s);
		}
	}
	for (size_t i = 0; (s = scpair__at(p, &i));)
		seen += s->value % 2;
	assert_int_equal(seen, 500);
	scpair__free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scpair__take_find_drop),
		cmocka_unit_test(test_scpair__many_grown_and_dropped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
