// SPDX-License-Identifier: GPL-2.0
/*
 * The BTF printer on a type built with libbpf's BTF writer: every kind it prints, in text
 * and JSON, and records shorter than their type. Then the histogram bars.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <bpf/btf.h>

#include "util/jsonw.h"
#include "output/btfprint.h"
#include "output/hist.h"

/*
 * struct inner { unsigned short a; signed char b; };
 * enum kind { OPEN = 1, CLOSE = 2 };
 * struct ev { unsigned int pid; char comm[8]; enum kind kind; struct inner in; int arr[3];
 *	       _Bool ok; void *p; };   (offsets 0, 4, 12, 16, 20, 32, 40; size 48)
 */
struct ev {
	uint32_t pid;
	char comm[8];
	uint32_t kind;
	struct {
		uint16_t a;
		int8_t b;
	} in;
	int32_t arr[3];
	_Bool ok;
	void *p;
};

static struct btf *btf;
static int ev_id, u32_id, inner_id, ptr_id;

static int setup(void **state)
{
	int u16, s8, chr, s32, boolean, arr8, arr3, kind, ptr;

	(void)state;
	btf = btf__new_empty();
	u32_id = btf__add_int(btf, "unsigned int", 4, 0);
	u16 = btf__add_int(btf, "unsigned short", 2, 0);
	s8 = btf__add_int(btf, "signed char", 1, BTF_INT_SIGNED);
	chr = btf__add_int(btf, "char", 1, BTF_INT_CHAR);
	s32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	boolean = btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL);
	arr8 = btf__add_array(btf, u32_id, chr, 8);
	arr3 = btf__add_array(btf, u32_id, s32, 3);
	kind = btf__add_enum(btf, "kind", 4);
	btf__add_enum_value(btf, "OPEN", 1);
	btf__add_enum_value(btf, "CLOSE", 2);
	ptr_id = ptr = btf__add_ptr(btf, 0);
	inner_id = btf__add_struct(btf, "inner", 4);
	btf__add_field(btf, "a", u16, 0, 0);
	btf__add_field(btf, "b", s8, 16, 0);
	ev_id = btf__add_struct(btf, "ev", sizeof(struct ev));
	btf__add_field(btf, "pid", u32_id, 0, 0);
	btf__add_field(btf, "comm", arr8, 32, 0);
	btf__add_field(btf, "kind", kind, 96, 0);
	btf__add_field(btf, "in", inner_id, 128, 0);
	btf__add_field(btf, "arr", arr3, 160, 0);
	btf__add_field(btf, "ok", boolean, 256, 0);
	btf__add_field(btf, "p", ptr, 320, 0);
	return ev_id > 0 ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	btf__free(btf);
	return 0;
}

static struct ev sample(void)
{
	struct ev e;

	memset(&e, 0, sizeof(e));
	e.pid = 42;
	memcpy(e.comm, "bash", 5);
	e.kind = 2;
	e.in.a = 7;
	e.in.b = -3;
	e.arr[0] = 1;
	e.arr[1] = -2;
	e.arr[2] = 3;
	e.ok = 1;
	e.p = (void *)0xdead0;
	return e;
}

static void text_is(size_t size, const char *want)
{
	struct ev e = sample();
	struct dbuf b = { 0 };

	btfprint__text(&b, btf, ev_id, &e, size);
	assert_string_equal(b.p ? b.p : "", want);
	dbuf__free(&b);
}

static void test_text_whole(void **state)
{
	(void)state;
	text_is(sizeof(struct ev),
		"pid=42 comm=bash kind=CLOSE in={a=7 b=-3} arr=[1,-2,3] ok=true p=0xdead0");
}

/* Cut inside arr: the elements held; cut inside in: the struct is left out. */
static void test_text_short(void **state)
{
	(void)state;
	text_is(28, "pid=42 comm=bash kind=CLOSE in={a=7 b=-3} arr=[1,-2]");
	text_is(18, "pid=42 comm=bash kind=CLOSE");
	text_is(8, "pid=42 comm=bash");
	text_is(2, "");
}

static void test_text_unknown_enum_and_escape(void **state)
{
	struct ev e = sample();
	struct dbuf b = { 0 };

	(void)state;
	e.kind = 9;
	memcpy(e.comm, "a\tb\\", 5);
	btfprint__text(&b, btf, ev_id, &e, 16);
	assert_string_equal(b.p, "pid=42 comm=a\\x09b\\x5c kind=9");
	dbuf__free(&b);
}

static char *json_of(size_t size)
{
	struct ev e = sample();
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	struct jsonw *w = jsonw__new(f, false);

	btfprint__json(w, btf, ev_id, &e, size);
	jsonw__free(w);
	fclose(f);
	return out;
}

static void test_json(void **state)
{
	char *s = json_of(sizeof(struct ev));

	(void)state;
	assert_string_equal(s, "{\"pid\":42,\"comm\":\"bash\",\"kind\":\"CLOSE\",\"in\":{\"a\":7,"
			       "\"b\":-3},\"arr\":[1,-2,3],\"ok\":true,\"p\":\"0xdead0\"}\n");
	free(s);
	s = json_of(24);
	assert_string_equal(s, "{\"pid\":42,\"comm\":\"bash\",\"kind\":\"CLOSE\",\"in\":{\"a\":7,"
			       "\"b\":-3},\"arr\":[1]}\n");
	free(s);
}

/* A value shorter than a pointer (a map of value_size 2 typed as one): null, nothing read. */
static void test_json_short_pointer(void **state)
{
	uint8_t two[2] = { 0xab, 0xcd };
	char *out = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);
	struct jsonw *w = jsonw__new(f, false);

	(void)state;
	btfprint__json(w, btf, ptr_id, two, sizeof(two));
	jsonw__free(w);
	fclose(f);
	assert_string_equal(out, "null\n");
	free(out);
}

/*
 * struct addr { __u8 saddr[4]; unsigned char b[3]; signed char s[2]; }: bytes are values,
 * not text, every element shown, in text and JSON.
 */
static void test_byte_arrays(void **state)
{
	static const unsigned char d[9] = { 10, 0, 0, 1, 0, 0, 7, 0xff, 2 };
	int uchar, u8, schar, a4, a3, a2, id;
	struct dbuf b = { 0 };
	char *out = NULL;
	size_t len = 0;
	FILE *f;
	struct jsonw *w;

	(void)state;
	uchar = btf__add_int(btf, "unsigned char", 1, 0);
	u8 = btf__add_typedef(btf, "__u8", uchar);
	schar = btf__add_int(btf, "signed char", 1, BTF_INT_SIGNED);
	a4 = btf__add_array(btf, u32_id, u8, 4);
	a3 = btf__add_array(btf, u32_id, uchar, 3);
	a2 = btf__add_array(btf, u32_id, schar, 2);
	id = btf__add_struct(btf, "addr", 9);
	btf__add_field(btf, "saddr", a4, 0, 0);
	btf__add_field(btf, "b", a3, 32, 0);
	btf__add_field(btf, "s", a2, 56, 0);
	btfprint__text(&b, btf, id, d, sizeof(d));
	assert_string_equal(b.p, "saddr=[10,0,0,1] b=[0,0,7] s=[-1,2]");
	dbuf__free(&b);
	f = open_memstream(&out, &len);
	w = jsonw__new(f, false);
	btfprint__json(w, btf, id, d, sizeof(d));
	jsonw__free(w);
	fclose(f);
	assert_string_equal(out, "{\"saddr\":[10,0,0,1],\"b\":[0,0,7],\"s\":[-1,2]}\n");
	free(out);
}

/* A map key: one member shows alone; skip leaves one out, in text and JSON. */
static void test_key_text(void **state)
{
	struct ev e = sample();
	struct dbuf b = { 0 };
	int chr, arr8, one, two;
	uint8_t k[12] = { 'd', 'd', 0, 0, 0, 0, 0, 0, 13, 0, 0, 0 };
	char *out = NULL;
	size_t len = 0;
	FILE *f;
	struct jsonw *w;

	(void)state;
	chr = btf__add_int(btf, "char", 1, BTF_INT_CHAR);
	arr8 = btf__add_array(btf, u32_id, chr, 8);
	one = btf__add_struct(btf, "comm", 8);
	btf__add_field(btf, "name", arr8, 0, 0);
	two = btf__add_struct(btf, "size_key", 12);
	btf__add_field(btf, "comm", arr8, 0, 0);
	btf__add_field(btf, "slot", u32_id, 64, 0);
	btfprint__key_text(&b, btf, one, k, 8, -1);
	assert_string_equal(b.p, "dd");
	b.len = 0;
	btfprint__text(&b, btf, one, k, 8);
	assert_string_equal(b.p, "name=dd"); /* a record's struct keeps its names */
	b.len = 0;
	btfprint__key_text(&b, btf, two, k, sizeof(k), -1);
	assert_string_equal(b.p, "comm=dd slot=13");
	b.len = 0;
	btfprint__key_text(&b, btf, two, k, sizeof(k), 1);
	assert_string_equal(b.p, "dd");
	b.len = 0;
	btfprint__key_text(&b, btf, ev_id, &e, 16, 0);
	assert_string_equal(b.p, "comm=bash kind=CLOSE");
	b.len = 0;
	btfprint__text_without(&b, btf, two, k, sizeof(k), 1);
	assert_string_equal(b.p, "comm=dd");
	dbuf__free(&b);
	f = open_memstream(&out, &len);
	w = jsonw__new(f, false);
	btfprint__json_without(w, btf, two, k, sizeof(k), 1);
	jsonw__free(w);
	fclose(f);
	assert_string_equal(out, "{\"comm\":\"dd\"}\n");
	free(out);
}

/*
 * struct args { unsigned int n; char args[16]; }: whole, the string up to its NUL; cut short
 * by the record (execsnoop's arguments), every string up to the last one's NUL, bytes past
 * it (a perf record's padding) left out.
 */
static void test_string_tail(void **state)
{
	static const char d[20] = "\2\0\0\0ab\0cd\0x";
	int arr, id;
	struct dbuf b = { 0 };
	char *out = NULL;
	size_t len = 0;
	FILE *f;
	struct jsonw *w;

	(void)state;
	arr = btf__add_array(btf, u32_id, btf__find_by_name(btf, "char"), 16);
	id = btf__add_struct(btf, "args", 20);
	btf__add_field(btf, "n", u32_id, 0, 0);
	btf__add_field(btf, "args", arr, 32, 0);
	btfprint__text(&b, btf, id, d, sizeof(d));
	assert_string_equal(b.p, "n=2 args=ab");
	dbuf__free(&b);
	btfprint__text(&b, btf, id, d, 11);
	assert_string_equal(b.p, "n=2 args=ab\\0cd");
	dbuf__free(&b);
	btfprint__text(&b, btf, id, d, 6); /* no NUL held: the bytes there are */
	assert_string_equal(b.p, "n=2 args=ab");
	dbuf__free(&b);
	f = open_memstream(&out, &len);
	w = jsonw__new(f, false);
	btfprint__json(w, btf, id, d, 11);
	jsonw__free(w);
	fclose(f);
	assert_string_equal(out, "{\"n\":2,\"args\":\"ab\\u0000cd\"}\n");
	free(out);
}

static void test_add(void **state)
{
	struct ev a = sample(), b = sample();

	(void)state;
	btfprint__add(btf, ev_id, &a, &b, sizeof(a));
	assert_int_equal(a.pid, 84);
	assert_int_equal(a.in.a, 14);
	assert_int_equal(a.arr[1], -4);
	assert_string_equal(a.comm, "bash"); /* strings are not numbers */
}

static void test_is_int(void **state)
{
	bool sgn;

	(void)state;
	assert_true(btfprint__is_int(btf, u32_id, &sgn));
	assert_false(sgn);
	assert_false(btfprint__is_int(btf, ev_id, &sgn));
	assert_int_equal(btfprint__int_value("\xff\xff\xff\xff", 4, true), -1);
	assert_int_equal(btfprint__int_value("\xff\xff\xff\xff", 4, false), 0xffffffffLL);
}

/* ---- histograms ---- */

static char *hist_text(enum hist_kind kind, uint64_t width, struct hist_bucket *bk, size_t n)
{
	struct dbuf b = { 0 };

	hist__text(&b, kind, width, bk, n);
	return b.p;
}

static void test_hist_kind(void **state)
{
	uint64_t w;

	(void)state;
	assert_int_equal(hist__kind("lat_hist", &w), HIST_LOG2);
	assert_int_equal(hist__kind("lat_lhist", &w), HIST_LINEAR);
	assert_int_equal(w, 0);
	assert_int_equal(hist__kind("lat_lhist_250", &w), HIST_LINEAR);
	assert_int_equal(w, 250);
	assert_int_equal(hist__kind("lat_lhist_0", &w), HIST_NONE);
	assert_int_equal(hist__kind("lat_lhist_25x", &w), HIST_NONE);
	assert_int_equal(hist__kind("counts", &w), HIST_NONE);
	assert_int_equal(hist__kind("_hist", &w), HIST_NONE);
}

static void test_hist_log2(void **state)
{
	struct hist_bucket bk[] = { { 3, 2 }, { 0, 1 }, { 1, 4 }, { 12, 0 } };
	char *s;

	(void)state;
	s = hist_text(HIST_LOG2, 0, bk, 4);
	assert_string_equal(
		s,
		"[0]                         1 |@@@@@@@@@@@@                                      |\n"
		"[1]                         4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n"
		"[2, 4)                      0 |                                                  |\n"
		"[4, 8)                      2 |@@@@@@@@@@@@@@@@@@@@@@@@@                         |\n");
	free(s);
}

static void test_hist_linear(void **state)
{
	struct hist_bucket bk[] = { { 20, 1 }, { 50, 2 }, { 30, 0 } };
	char *s;

	(void)state;
	assert_int_equal(hist__linear_width(bk, 3), 10);
	s = hist_text(HIST_LINEAR, 0, bk, 3);
	assert_non_null(strstr(s, "[20, 30)"));
	assert_non_null(strstr(s, "[40, 50)                    0"));
	assert_non_null(strstr(s, "[50, 60)                    2"));
	free(s);
	/* a width given by the name: buckets of 5, the empty ones between shown */
	s = hist_text(HIST_LINEAR, 5, bk, 3);
	assert_non_null(strstr(s, "[20, 25)                    1"));
	assert_non_null(strstr(s, "[45, 50)                    0"));
	assert_non_null(strstr(s, "[50, 55)                    2"));
	free(s);
}

static void test_hist_big(void **state)
{
	struct hist_bucket bk[] = { { 11, 5 }, { 21, 1 } };
	char *s;

	(void)state;
	s = hist_text(HIST_LOG2, 0, bk, 2);
	assert_non_null(strstr(s, "[1K, 2K)"));
	assert_non_null(strstr(s, "[1M, 2M)"));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text_whole),
		cmocka_unit_test(test_text_short),
		cmocka_unit_test(test_text_unknown_enum_and_escape),
		cmocka_unit_test(test_byte_arrays),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_json_short_pointer),
		cmocka_unit_test(test_key_text),
		cmocka_unit_test(test_string_tail),
		cmocka_unit_test(test_add),
		cmocka_unit_test(test_is_int),
		cmocka_unit_test(test_hist_kind),
		cmocka_unit_test(test_hist_log2),
		cmocka_unit_test(test_hist_linear),
		cmocka_unit_test(test_hist_big),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
