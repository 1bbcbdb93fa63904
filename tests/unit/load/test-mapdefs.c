// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/load/mapdefs.c: __type(value, ...) next to value_size in an output map. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>

#include "load/mapdefs.h"

struct defs {
	struct btf *btf;
	int num[32]; /* pointers to int[N], as __uint(name, N) */
	int ptr_event, event;
};

static int uint_ptr(struct defs *d, int intt, uint32_t n)
{
	if (!d->num[n]) {
		int arr = btf__add_array(d->btf, intt, intt, n);

		d->num[n] = btf__add_ptr(d->btf, arr);
	}
	return d->num[n];
}

/* A map definition struct: type, key_size, value_size (N when given) and value struct event. */
static int add_def(struct defs *d, int intt, uint32_t type, uint32_t vsize)
{
	int t = uint_ptr(d, intt, type), k = uint_ptr(d, intt, 4);
	int v = vsize ? uint_ptr(d, intt, vsize) : 0;
	int id = btf__add_struct(d->btf, NULL, 32);

	btf__add_field(d->btf, "type", t, 0, 0);
	btf__add_field(d->btf, "key_size", k, 64, 0);
	if (v)
		btf__add_field(d->btf, "value_size", v, 128, 0);
	btf__add_field(d->btf, "value", d->ptr_event, 192, 0);
	return id;
}

static void *build(size_t *len)
{
	struct defs d = { .btf = btf__new_empty() };
	int intt, defs[4], vars[4], sec;
	const char *names[] = { "events", "rb", "counts", "exact" };
	const void *raw;
	uint32_t size;
	void *copy;

	intt = btf__add_int(d.btf, "int", 4, BTF_INT_SIGNED);
	d.event = btf__add_struct(d.btf, "event", 12);
	btf__add_field(d.btf, "pid", intt, 0, 0);
	btf__add_field(d.btf, "a", intt, 32, 0);
	btf__add_field(d.btf, "b", intt, 64, 0);
	d.ptr_event = btf__add_ptr(d.btf, d.event);
	defs[0] = add_def(&d, intt, BPF_MAP_TYPE_PERF_EVENT_ARRAY, 4); /* libbpf-tools' */
	defs[1] = add_def(&d, intt, BPF_MAP_TYPE_RINGBUF, 8);
	defs[2] = add_def(&d, intt, BPF_MAP_TYPE_HASH, 4); /* not an output map */
	defs[3] = add_def(&d, intt, BPF_MAP_TYPE_PERF_EVENT_ARRAY, 12); /* no conflict */
	for (int i = 0; i < 4; i++)
		vars[i] = btf__add_var(d.btf, names[i], BTF_VAR_GLOBAL_ALLOCATED, defs[i]);
	sec = btf__add_datasec(d.btf, ".maps", 128);
	for (int i = 0; i < 4; i++)
		btf__add_datasec_var_info(d.btf, vars[i], i * 32, 32);
	assert_true(sec > 0);
	raw = btf__raw_data(d.btf, &size);
	copy = malloc(size);
	memcpy(copy, raw, size);
	*len = size;
	btf__free(d.btf);
	return copy;
}

/* The names of the members of the definition of map name, "a,b,c". */
static void members(const struct btf *btf, const char *name, char *out, size_t len)
{
	int var = btf__find_by_name_kind(btf, name, BTF_KIND_VAR);
	const struct btf_type *def = btf__type_by_id(btf, btf__type_by_id(btf, var)->type);

	out[0] = '\0';
	for (uint16_t i = 0; i < btf_vlen(def); i++) {
		const struct btf_member *m = &btf_members(def)[i];
		const struct btf_type *t = btf__type_by_id(btf, m->type);

		/* the value member's type is a pointer to struct event */
		snprintf(out + strlen(out), len - strlen(out), "%s%s%s", i ? "," : "",
			 btf__name_by_offset(btf, m->name_off),
			 btf_is_ptr(t) && btf_is_struct(btf__type_by_id(btf, t->type)) ? "*" : "");
	}
}

static void test_fix_btf(void **state)
{
	size_t len;
	void *raw = build(&len);
	struct btf *btf;
	char m[128];

	(void)state;
	assert_int_equal(mapdefs__fix_btf(raw, len, "t.o"), 2);
	btf = btf__new(raw, len);
	assert_non_null(btf);
	/* value_size became a second value of the record type: libbpf takes it as the same */
	members(btf, "events", m, sizeof(m));
	assert_string_equal(m, "type,key_size,value*,value*");
	members(btf, "rb", m, sizeof(m));
	assert_string_equal(m, "type,key_size,value*,value*");
	/* a hash map's conflict is libbpf's to report; sizes that agree stay */
	members(btf, "counts", m, sizeof(m));
	assert_string_equal(m, "type,key_size,value_size,value*");
	members(btf, "exact", m, sizeof(m));
	assert_string_equal(m, "type,key_size,value_size,value*");
	btf__free(btf);
	/* again: nothing left to fix */
	assert_int_equal(mapdefs__fix_btf(raw, len, "t.o"), 0);
	free(raw);
}

static void test_not_btf(void **state)
{
	char junk[64] = "not BTF at all";

	(void)state;
	assert_int_equal(mapdefs__fix_btf(junk, sizeof(junk), "t.o"), 0);
	assert_string_equal(junk, "not BTF at all");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fix_btf),
		cmocka_unit_test(test_not_btf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
