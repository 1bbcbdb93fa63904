// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/event/loaderr.c: perf's text of every loader error code, the stage
 * variants, either sign, libbpf's codes, plain errnos, unknown codes and short buffers.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "event/loaderr.h"

/* perf's texts, written out here so that a changed word in the table shows. */
static const struct {
	int code;
	const char *text;
} table[] = {
	{ 3900, "Invalid config string" },
	{ 3901, "Invalid group name" },
	{ 3902, "No event name found in config string" },
	{ 3903, "BPF loader internal error" },
	{ 3904, "Error when compiling BPF scriptlet" },
	{ 3905, "Invalid program config term in config string" },
	{ 3906, "Failed to generate prologue" },
	{ 3907, "Prologue too big for program" },
	{ 3908, "Offset out of bound for prologue" },
	{ 3909, "Invalid object config option" },
	{ 3910, "Config value not set (missing '=')" },
	{ 3911, "Invalid object map config option" },
	{ 3912, "Target map doesn't exist" },
	{ 3913, "Incorrect value type for map" },
	{ 3914, "Incorrect map type" },
	{ 3915, "Incorrect map key size" },
	{ 3916, "Incorrect map value size" },
	{ 3917, "Event not found for map setting" },
	{ 3918, "Invalid map size for event setting" },
	{ 3919, "Event dimension too large" },
	{ 3920, "Doesn't support inherit event" },
	{ 3921, "Wrong event type for map" },
	{ 3922, "Index too large" },
};

#define NR_TABLE (sizeof(table) / sizeof(table[0]))

static const char *str(int err, enum loaderr_stage stage)
{
	static char buf[LOADERR_BUFSIZE];

	memset(buf, 'x', sizeof(buf));
	return loaderr__strerror(err, stage, buf, sizeof(buf));
}

static void test_loaderr__numbering(void **state)
{
	/* perf's numbers: the enum must not drift from them */
	assert_int_equal(LOADERR__START, 3900);
	assert_int_equal(LOADERR__CONFIG, 3900);
	assert_int_equal(LOADERR__PROGCONF_TERM, 3905);
	assert_int_equal(LOADERR__PROLOGUE, 3906);
	assert_int_equal(LOADERR__PROLOGUEOOB, 3908);
	assert_int_equal(LOADERR__OBJCONF_OPT, 3909);
	assert_int_equal(LOADERR__OBJCONF_MAP_TYPE, 3914);
	assert_int_equal(LOADERR__OBJCONF_MAP_IDX2BIG, 3922);
	assert_int_equal(LOADERR__END, 3923);
	assert_int_equal(NR_TABLE, LOADERR__END - LOADERR__START);
}

static void test_loaderr__every_code(void **state)
{
	for (size_t i = 0; i < NR_TABLE; i++) {
		assert_string_equal(str(-table[i].code, LOADERR_STAGE_NONE), table[i].text);
		assert_string_equal(str(table[i].code, LOADERR_STAGE_NONE), table[i].text);
	}
}

static void test_loaderr__table_needs_no_buffer(void **state)
{
	for (size_t i = 0; i < NR_TABLE; i++)
		assert_string_equal(loaderr__strerror(-table[i].code, LOADERR_STAGE_NONE, NULL, 0),
				    table[i].text);
}

/* The codes a stage words differently; every other code reads as in the table. */
static void test_loaderr__stages(void **state)
{
	static const struct {
		int code;
		enum loaderr_stage stage;
		const char *text;
	} variants[] = {
		{ 3914, LOADERR_STAGE_CONFIG, "Can't use this config term with this map type" },
		{ 3919, LOADERR_STAGE_APPLY,
		  "Cannot set event to BPF map in multi-thread tracing" },
		{ 3920, LOADERR_STAGE_APPLY,
		  "Doesn't support inherit event (Hint: use -i to turn off inherit)" },
		{ 3921, LOADERR_STAGE_APPLY,
		  "Can only put raw, hardware and BPF output event into a BPF map" },
	};
	enum loaderr_stage stages[] = { LOADERR_STAGE_CONFIG, LOADERR_STAGE_APPLY };

	for (size_t i = 0; i < sizeof(variants) / sizeof(variants[0]); i++) {
		assert_string_equal(str(-variants[i].code, variants[i].stage), variants[i].text);
		assert_string_equal(str(variants[i].code, variants[i].stage), variants[i].text);
	}
	for (size_t s = 0; s < 2; s++) {
		for (size_t i = 0; i < NR_TABLE; i++) {
			bool varied = false;

			for (size_t v = 0; v < sizeof(variants) / sizeof(variants[0]); v++)
				varied |= variants[v].code == table[i].code &&
					  variants[v].stage == stages[s];
			if (!varied)
				assert_string_equal(str(-table[i].code, stages[s]), table[i].text);
		}
	}
}

static void test_loaderr__unknown_loader_codes(void **state)
{
	assert_string_equal(str(-3923, LOADERR_STAGE_NONE), "Unknown bpf loader error 3923");
	assert_string_equal(str(3999, LOADERR_STAGE_APPLY), "Unknown bpf loader error 3999");
	assert_string_equal(loaderr__strerror(-3923, LOADERR_STAGE_NONE, NULL, 0), "");
}

static void test_loaderr__libbpf_codes(void **state)
{
	assert_string_equal(str(-4000, LOADERR_STAGE_NONE), "Something wrong in libelf");
	assert_string_equal(str(-4001, LOADERR_STAGE_NONE), "BPF object format invalid");
	assert_string_equal(str(4003, LOADERR_STAGE_APPLY), "Endian mismatch");
	assert_string_equal(str(-4014, LOADERR_STAGE_NONE), "Unknown libbpf error 4014");
	assert_string_equal(str(INT_MAX, LOADERR_STAGE_NONE), "Unknown libbpf error 2147483647");
	assert_string_equal(str(INT_MIN, LOADERR_STAGE_NONE), "Unknown libbpf error 2147483648");
}

static void test_loaderr__errno(void **state)
{
	assert_string_equal(str(-ENOENT, LOADERR_STAGE_NONE), "No such file or directory");
	assert_string_equal(str(EINVAL, LOADERR_STAGE_CONFIG), "Invalid argument");
	assert_string_equal(str(-ENOMEM, LOADERR_STAGE_APPLY), "Cannot allocate memory");
	assert_string_equal(str(0, LOADERR_STAGE_NONE), "Success");
	assert_string_equal(str(-3000, LOADERR_STAGE_NONE), "Unknown error 3000");
}

static void test_loaderr__short_buffer(void **state)
{
	char buf[8];

	assert_string_equal(loaderr__strerror(-ENOENT, LOADERR_STAGE_NONE, buf, sizeof(buf)),
			    "No such");
	assert_string_equal(loaderr__strerror(-4001, LOADERR_STAGE_NONE, buf, sizeof(buf)),
			    "BPF obj");
	assert_string_equal(loaderr__strerror(-3950, LOADERR_STAGE_NONE, buf, sizeof(buf)),
			    "Unknown");
	assert_string_equal(loaderr__strerror(-ENOENT, LOADERR_STAGE_NONE, buf, 1), "");
	assert_string_equal(loaderr__strerror(-ENOENT, LOADERR_STAGE_NONE, NULL, 8), "");
	/* the table's texts are not cut: they are not copied */
	assert_string_equal(loaderr__strerror(-3905, LOADERR_STAGE_NONE, buf, sizeof(buf)),
			    "Invalid program config term in config string");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loaderr__numbering),
		cmocka_unit_test(test_loaderr__every_code),
		cmocka_unit_test(test_loaderr__table_needs_no_buffer),
		cmocka_unit_test(test_loaderr__stages),
		cmocka_unit_test(test_loaderr__unknown_loader_codes),
		cmocka_unit_test(test_loaderr__libbpf_codes),
		cmocka_unit_test(test_loaderr__errno),
		cmocka_unit_test(test_loaderr__short_buffer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
