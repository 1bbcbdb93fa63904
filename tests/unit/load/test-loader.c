// SPDX-License-Identifier: GPL-2.0
/*
 * The loader on the live kernel (root, clang): a scriptlet with a perf-style uprobe section
 * on this test's own function, fetching its argument by name from the DWARF, compiled,
 * loaded, its probe events opened and attached; the function's calls then add their
 * arguments into the scriptlet's map. Freed, the loader leaves no probe behind.
 */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include "tmpcache.h"
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#include "load/loader.h"

static char dir[] = "/tmp/perf-bpf-loader.XXXXXX";

static int setup(void **state)
{
	(void)state;
	return tmpcache__make(dir);
}

static int teardown(void **state)
{
	(void)state;
	return tmpcache__remove(dir);
}

static __attribute__((noinline, used)) long loader_test_fn(long k)
{
	__asm__ volatile("" ::: "memory");
	return k + 1;
}

/* The uprobes named after the test's function left in tracefs. */
static int probes_left(void)
{
	char line[512];
	int n = 0;
	FILE *f = fopen("/sys/kernel/tracing/uprobe_events", "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		n += strstr(line, "loader_test_fn") != NULL;
	fclose(f);
	return n;
}

static void test_loader__uprobe_with_argument(void **state)
{
	struct compile_opts co = { .no_cache = true };
	char exe[PATH_MAX], src[128];
	long sum = 0;
	int zero = 0, n;
	struct bpf_object *obj;
	struct loader *l;
	FILE *f;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (geteuid() || n <= 0 || system("command -v clang >/dev/null"))
		skip(); /* not root, or no clang to compile with */
	exe[n] = '\0';
	snprintf(src, sizeof(src), "%s/up.c", dir);
	f = fopen(src, "w");
	assert_non_null(f);
	fprintf(f,
		"#include <linux/bpf.h>\n#include <bpf/bpf_helpers.h>\n"
		"struct { __uint(type, BPF_MAP_TYPE_ARRAY); __uint(max_entries, 1);\n"
		"\t__type(key, int); __type(value, long); } sum SEC(\".maps\");\n"
		"SEC(\"exec=%s;ev=loader_test_fn k\")\n"
		"int loader_test_up(void *ctx, int err, long k)\n{\n\tint z = 0;\n"
		"\tlong *v = bpf_map_lookup_elem(&sum, &z);\n\n"
		"\tif (v && !err)\n\t\t__sync_fetch_and_add(v, k);\n\treturn 0;\n}\n"
		"char _license[] SEC(\"license\") = \"GPL\";\n",
		exe);
	fclose(f);

	l = loader__new(&co);
	assert_non_null(l);
	assert_int_equal(loader__add(l, src), 0);
	assert_int_equal(loader__nr_progs(l), 1);
	assert_int_equal(loader__prog(l, 0)->attach, LOADER_PROBE);
	assert_int_equal(loader__load(l), 0);
	assert_int_equal(loader__open_probes(l), 0);
	assert_int_equal(loader__attach(l), 0);
	for (long k = 1; k <= 3; k++)
		assert_int_equal(loader_test_fn(k * 10), k * 10 + 1);
	obj = loader__object(l, 0);
	assert_non_null(obj);
	assert_int_equal(bpf_map__lookup_elem(bpf_object__find_map_by_name(obj, "sum"), &zero,
					      sizeof(zero), &sum, sizeof(sum), 0),
			 0);
	assert_int_equal(sum, 60);
	assert_null(loader__object(l, 1));
	loader__free(l);
	assert_int_equal(probes_left(), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loader__uprobe_with_argument),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
