// SPDX-License-Identifier: GPL-2.0
/*
 * jsonw: exact bytes for the simple cases, and everything else parsed back by
 * python3's json module (strict: control characters in strings are rejected), whose
 * ASCII re-encoding of each value is compared with the expected one.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/jsonw.h"

struct buf {
	char *data;
	size_t len;
	FILE *f;
};

static struct jsonw *open_buf(struct buf *b, bool pretty)
{
	struct jsonw *w;

	b->data = NULL;
	b->len = 0;
	b->f = open_memstream(&b->data, &b->len);
	assert_non_null(b->f);
	w = jsonw__new(b->f, pretty);
	assert_non_null(w);
	return w;
}

static const char *close_buf(struct buf *b, struct jsonw *w)
{
	jsonw__free(w);
	fclose(b->f);
	return b->data;
}

/*
 * Parse text with python3 (every line a document in JSON Lines mode, else one
 * document) and return json.dumps(..., ensure_ascii=True, sort_keys=True) of each.
 */
static char *reparse(const char *text, bool lines)
{
	static const char *const prog =
		"import json,sys\n"
		"d=sys.stdin.buffer.read().decode('utf-8')\n"
		"docs=[json.loads(l) for l in d.split('\\n') if l] if %s else [json.loads(d)]\n"
		"for x in docs: print(json.dumps(x,ensure_ascii=True,sort_keys=True))\n";
	char tmpl[] = "/tmp/test-jsonw.XXXXXX", cmd[1024], script[512], *out = NULL;
	size_t cap = 0, n;
	FILE *in, *p;
	int fd;

	fd = mkstemp(tmpl);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, strlen(text)), strlen(text));
	close(fd);
	snprintf(script, sizeof(script), prog, lines ? "True" : "False");
	in = open_memstream(&out, &cap);
	snprintf(cmd, sizeof(cmd), "python3 -c \"$JSONW_PROG\" < %s", tmpl);
	setenv("JSONW_PROG", script, 1);
	p = popen(cmd, "r");
	assert_non_null(p);
	for (;;) {
		char chunk[4096];

		n = fread(chunk, 1, sizeof(chunk), p);
		if (!n)
			break;
		fwrite(chunk, 1, n, in);
	}
	assert_int_equal(pclose(p), 0);
	unlink(tmpl);
	fclose(in);
	return out;
}

static void test_jsonw_object_compact(void **state)
{
	struct buf b;
	struct jsonw *w = open_buf(&b, false);

	jsonw__start_object(w);
	jsonw__kv_str(w, "type", "sample");
	jsonw__kv_u64(w, "time", 18446744073709551615ull);
	jsonw__kv_s64(w, "neg", -9223372036854775807ll - 1);
	jsonw__kv_bool(w, "ok", true);
	jsonw__kv_bool(w, "no", false);
	jsonw__kv_xu64(w, "ip", 0xffffffff81000000ull);
	jsonw__name(w, "a");
	jsonw__start_array(w);
	jsonw__u64(w, 0);
	jsonw__null(w);
	jsonw__start_object(w);
	jsonw__end_object(w);
	jsonw__start_array(w);
	jsonw__end_array(w);
	jsonw__end_array(w);
	jsonw__name(w, "raw");
	jsonw__hex(w, "\x00\x0a\xff", 3);
	jsonw__end_object(w);
	assert_string_equal(
		close_buf(&b, w),
		"{\"type\":\"sample\",\"time\":18446744073709551615,"
		"\"neg\":-9223372036854775808,\"ok\":true,\"no\":false,"
		"\"ip\":\"0xffffffff81000000\",\"a\":[0,null,{},[]],\"raw\":\"000aff\"}\n");
	free(b.data);
}

static void test_jsonw_lines_one_per_value(void **state)
{
	struct buf b;
	struct jsonw *w = open_buf(&b, false);

	jsonw__start_object(w);
	jsonw__kv_u64(w, "n", 1);
	jsonw__end_object(w);
	jsonw__u64(w, 7);
	jsonw__str(w, "x");
	jsonw__start_array(w);
	jsonw__end_array(w);
	assert_string_equal(close_buf(&b, w), "{\"n\":1}\n7\n\"x\"\n[]\n");
	free(b.data);
}

static void test_jsonw_pretty_indent(void **state)
{
	struct buf b;
	struct jsonw *w = open_buf(&b, true);
	char *back;

	jsonw__start_object(w);
	jsonw__kv_str(w, "a", "b");
	jsonw__name(w, "l");
	jsonw__start_array(w);
	jsonw__u64(w, 1);
	jsonw__u64(w, 2);
	jsonw__end_array(w);
	jsonw__name(w, "e");
	jsonw__start_object(w);
	jsonw__end_object(w);
	jsonw__end_object(w);
	assert_string_equal(close_buf(&b, w),
			    "{\n  \"a\": \"b\",\n  \"l\": [\n    1,\n    2\n  ],\n"
			    "  \"e\": {}\n}\n");
	back = reparse(b.data, false);
	assert_string_equal(back, "{\"a\": \"b\", \"e\": {}, \"l\": [1, 2]}\n");
	free(back);
	free(b.data);
}

static void test_jsonw_escape_control_bytes(void **state)
{
	char all[128];
	struct buf b;
	struct jsonw *w = open_buf(&b, false);
	const char *out;
	char *back, expect[1024], *e = expect;
	int i;

	for (i = 0; i < 128; i++)
		all[i] = i;
	jsonw__strn(w, all, sizeof(all));
	out = close_buf(&b, w);
	/* Nothing below 0x20 and no 0x7f may appear raw before the closing newline. */
	assert_int_equal(out[strlen(out) - 1], '\n');
	for (i = 0; out[i + 1]; i++)
		assert_true((unsigned char)out[i] >= 0x20 && out[i] != 0x7f);
	assert_non_null(strstr(out, "\\u0000\\u0001"));
	assert_non_null(strstr(out, "\\u007f"));
	assert_non_null(strstr(out, "\\\""));
	assert_non_null(strstr(out, "\\\\"));
	back = reparse(out, true);
	/* python's ASCII re-encoding of 0..127 */
	e += sprintf(e, "\"");
	for (i = 0; i < 128; i++) {
		if (i == '"' || i == '\\')
			e += sprintf(e, "\\%c", i);
		else if (i == '\b')
			e += sprintf(e, "\\b");
		else if (i == '\f')
			e += sprintf(e, "\\f");
		else if (i == '\n')
			e += sprintf(e, "\\n");
		else if (i == '\r')
			e += sprintf(e, "\\r");
		else if (i == '\t')
			e += sprintf(e, "\\t");
		else if (i < 0x20 || i == 0x7f)
			e += sprintf(e, "\\u%04x", i);
		else
			*e++ = i;
	}
	strcpy(e, "\"\n");
	assert_string_equal(back, expect);
	free(back);
	free(b.data);
}

static void test_jsonw_escape_names(void **state)
{
	struct buf b;
	struct jsonw *w = open_buf(&b, false);
	char *back;

	jsonw__start_object(w);
	jsonw__kv_str(w, "we\"ird\n", "v");
	jsonw__end_object(w);
	back = reparse(close_buf(&b, w), true);
	assert_string_equal(back, "{\"we\\\"ird\\n\": \"v\"}\n");
	free(back);
	free(b.data);
}

static void test_jsonw_invalid_utf8(void **state)
{
	static const struct {
		const char *in;
		const char *out; /* python's ensure_ascii rendering */
	} cases[] = {
		{ "caf\xc3\xa9", "\"caf\\u00e9\"" }, /* valid 2-byte */
		{ "\xe2\x82\xac", "\"\\u20ac\"" }, /* valid 3-byte */
		{ "\xf0\x9f\x98\x80", "\"\\ud83d\\ude00\"" }, /* valid 4-byte */
		{ "a\xff"
		  "b",
		  "\"a\\ufffdb\"" }, /* never valid */
		{ "\xc3", "\"\\ufffd\"" }, /* truncated */
		{ "\xc0\xaf", "\"\\ufffd\\ufffd\"" }, /* overlong */
		{ "\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"" }, /* overlong 3-byte */
		{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"" }, /* surrogate */
		{ "\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"" }, /* > U+10FFFF */
		{ "\x80x", "\"\\ufffdx\"" }, /* lone continuation */
		{ "\xe2\x82"
		  "x",
		  "\"\\ufffd\\ufffdx\"" }, /* cut short */
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct buf b;
		struct jsonw *w = open_buf(&b, false);
		char *back, expect[128];

		jsonw__str(w, cases[i].in);
		back = reparse(close_buf(&b, w), true);
		snprintf(expect, sizeof(expect), "%s\n", cases[i].out);
		assert_string_equal(back, expect);
		free(back);
		free(b.data);
	}
}

static void test_jsonw_deep_nesting_stays_valid(void **state)
{
	struct buf b;
	struct jsonw *w = open_buf(&b, false);
	char *back;
	int i;

	jsonw__start_object(w);
	jsonw__name(w, "deep");
	for (i = 0; i < 100; i++) {
		jsonw__start_array(w);
		jsonw__u64(w, i);
	}
	for (i = 0; i < 100; i++)
		jsonw__end_array(w);
	jsonw__kv_u64(w, "after", 1);
	jsonw__end_object(w);
	back = reparse(close_buf(&b, w), true);
	assert_non_null(strstr(back, "\"after\": 1"));
	assert_non_null(strstr(back, "null"));
	free(back);
	free(b.data);
}

static void test_jsonw_double_and_null(void **state)
{
	struct buf b;
	struct jsonw *w = open_buf(&b, false);

	jsonw__start_array(w);
	jsonw__double(w, 0.5);
	jsonw__double(w, 1.0 / 0.0);
	jsonw__str(w, NULL);
	jsonw__strn(w, NULL, 0);
	jsonw__strn(w, "a\0b", 3);
	jsonw__end_array(w);
	assert_string_equal(close_buf(&b, w), "[0.5,null,null,null,\"a\\u0000b\"]\n");
	free(b.data);
}

static void test_jsonw_new_rejects_null(void **state)
{
	assert_null(jsonw__new(NULL, false));
	jsonw__free(NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jsonw_object_compact),
		cmocka_unit_test(test_jsonw_lines_one_per_value),
		cmocka_unit_test(test_jsonw_pretty_indent),
		cmocka_unit_test(test_jsonw_escape_control_bytes),
		cmocka_unit_test(test_jsonw_escape_names),
		cmocka_unit_test(test_jsonw_invalid_utf8),
		cmocka_unit_test(test_jsonw_deep_nesting_stays_valid),
		cmocka_unit_test(test_jsonw_double_and_null),
		cmocka_unit_test(test_jsonw_new_rejects_null),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
