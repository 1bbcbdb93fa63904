// SPDX-License-Identifier: GPL-2.0
/* Prometheus text of map looks: gauges, histograms as cumulative buckets, escaped labels. */
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

#include "util/tfeat.h"
#include "output/prom.h"
#include "output/typeset.h"

/* A MAP entry of n u32 keys and u64 values, without types. */
static void put_map(struct dbuf *b, const char *name, const uint32_t *keys, const uint64_t *vals,
		    uint32_t n)
{
	struct tfeat_map m = { .map_type = BPF_MAP_TYPE_HASH,
			       .key_size = 4,
			       .value_size = 8,
			       .nr_values = 1,
			       .nr_entries = n,
			       .name_len = (strlen(name) + 8) / 8 * 8 };
	size_t at = tfeat__begin(b, TFEAT_MAP);
	char pad[64] = { 0 };

	dbuf__put(b, &m, sizeof(m));
	dbuf__put(b, name, strlen(name));
	dbuf__put(b, pad, m.name_len - strlen(name));
	for (uint32_t i = 0; i < n; i++) {
		dbuf__put(b, &keys[i], 4);
		dbuf__put(b, &vals[i], 8);
	}
	tfeat__end(b, at);
}

static char *prom_of(struct typeset *ts, const struct dbuf *b, const char *host)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	assert_non_null(out);
	assert_int_equal(prom__write(ts, b->p, b->len, host, out), 0);
	fclose(out);
	return buf;
}

static void test_prom__gauge_and_histogram(void **state)
{
	struct typeset *ts = typeset__new();
	struct dbuf b = { 0 };
	uint32_t keys[] = { 7 }, hk[] = { 0, 1, 4 };
	uint64_t vals[] = { 42 }, hv[] = { 2, 3, 5 };
	char *text;

	put_map(&b, "my-counts", keys, vals, 1);
	put_map(&b, "lat_hist", hk, hv, 3);
	text = prom_of(ts, &b, NULL);
	assert_string_equal(text, "# HELP perf_bpf_my_counts BPF map my-counts\n"
				  "# TYPE perf_bpf_my_counts gauge\n"
				  "perf_bpf_my_counts{key=\"7\"} 42\n"
				  "# HELP perf_bpf_lat_hist BPF map lat_hist\n"
				  "# TYPE perf_bpf_lat_hist histogram\n"
				  "perf_bpf_lat_hist_bucket{le=\"0\"} 2\n"
				  "perf_bpf_lat_hist_bucket{le=\"1\"} 5\n"
				  "perf_bpf_lat_hist_bucket{le=\"15\"} 10\n"
				  "perf_bpf_lat_hist_bucket{le=\"+Inf\"} 10\n"
				  "perf_bpf_lat_hist_sum 43\n"
				  "perf_bpf_lat_hist_count 10\n");
	free(text);
	text = prom_of(ts, &b, "web\"1");
	assert_non_null(strstr(text, "perf_bpf_my_counts{host=\"web\\\"1\",key=\"7\"} 42\n"));
	assert_non_null(strstr(text, "perf_bpf_lat_hist_count{host=\"web\\\"1\"} 10\n"));
	free(text);
	dbuf__free(&b);
	typeset__free(ts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_prom__gauge_and_histogram),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
