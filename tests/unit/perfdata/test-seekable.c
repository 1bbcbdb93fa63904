// SPDX-License-Identifier: GPL-2.0
/*
 * The seekable layout: header fields, feature index and payloads, the index a cut file
 * keeps (rebuilt from what each of the writer's calls wrote), added features, and
 * the BUILD_ID / BPF_PROG_INFO features of records passing through. Where stock perf is
 * installed, it reads the files too.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include <bpf/bpf.h>
#include <linux/bpf.h>

#include "diskwrites/diskwrites.h"
#include "util/log.h"
#include "perfdata/format.h"
#include "perfdata/reader.h"
#include "perfdata/sysfeat.h"
#include "perfdata/writer.h"

#define ST_ALL                                                                          \
	(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	 PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW)

struct ksample {
	struct perf_event_header h;
	uint64_t id, ip;
	uint32_t pid, tid;
	uint64_t time;
	uint32_t cpu, res;
	uint64_t period;
	uint32_t raw_size;
	char raw[12];
};

static char dir[] = "/tmp/test-pdseek.XXXXXX";
static char path[256], writes[256];
static struct event_desc desc = { .name = "evt" };
static uint64_t ids[] = { 11, 12 };
static struct pdwriter_event ev = { &desc, ids, 2 };

static int setup(void **state)
{
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/perf.data", dir);
	snprintf(writes, sizeof(writes), "%s/writes", dir);
	desc.attr.type = PERF_TYPE_SOFTWARE;
	desc.attr.size = sizeof(desc.attr);
	desc.attr.config = PERF_COUNT_SW_BPF_OUTPUT;
	desc.attr.sample_period = 1;
	desc.attr.sample_type = ST_ALL;
	desc.attr.sample_id_all = 1;
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static struct ksample sample(uint64_t time)
{
	struct ksample s = { .h = { PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, sizeof(s) } };

	s.id = 11;
	s.pid = s.tid = 4242;
	s.time = time;
	s.raw_size = sizeof(s.raw);
	memcpy(s.raw, "hello world", 12);
	return s;
}

static char *slurp(const char *p, size_t *len)
{
	struct stat st;
	char *buf;
	int fd = open(p, O_RDONLY);

	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	buf = malloc(st.st_size + 1);
	assert_non_null(buf);
	assert_int_equal(read(fd, buf, st.st_size), st.st_size);
	close(fd);
	*len = st.st_size;
	return buf;
}

static uint64_t u64_at(const char *buf, uint64_t off)
{
	uint64_t v;

	memcpy(&v, buf + off, 8);
	return v;
}

static bool has_feat(const char *buf, int f)
{
	return u64_at(buf, PD_FEAT_BITMAP + 8 * (f / 64)) >> (f % 64) & 1;
}

/* The feature f's {offset, size} from the index after the data. */
static void feat_sec(const char *buf, int f, uint64_t *off, uint64_t *size)
{
	uint64_t idx = u64_at(buf, 40) + u64_at(buf, 48);

	for (int b = 0; b < f; b++)
		idx += has_feat(buf, b) ? 16 : 0;
	*off = u64_at(buf, idx);
	*size = u64_at(buf, idx + 8);
}

/* Is stock perf here? Then its commands are run on the files too. */
static bool have_perf(void)
{
	return access("/usr/bin/perf", X_OK) == 0;
}

static int sh(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	return system(cmd);
}

static void test_seekable__header_and_index(void **state)
{
	char *argv[] = { "perf-bpf", "record", NULL };
	struct pdwriter_opts opts = { 2, argv };
	struct pdwriter *w = pdwriter__open(path, &ev, 1, &opts);
	static const char extra[] = "a feature perf does not know";
	uint64_t off, size, data_end;
	size_t len;
	char *buf;

	assert_non_null(w);
	assert_int_equal(pdwriter__add_feature(w, 30, extra, sizeof(extra)), 0);
	assert_int_equal(pdwriter__add_feature(w, 30, extra, sizeof(extra)), -EEXIST);
	/* ids perf does not know go into the data, not the feature sections */
	assert_int_equal(pdwriter__add_feature(w, 40, extra, sizeof(extra)), 0);
	assert_int_equal(pdwriter__add_feature(w, PD_FEAT_EVENT_DESC, "x", 1), -EEXIST);
	assert_int_equal(pdwriter__add_feature(w, 0, "x", 1), -EINVAL);
	assert_int_equal(pdwriter__add_feature(w, PD_FEAT_BITS, "x", 1), -EINVAL);
	for (int i = 0; i < 10; i++) {
		struct ksample s = sample(1000 + i);

		assert_int_equal(pdwriter__write(w, &s, sizeof(s)), 0);
		if (i % 4 == 3)
			assert_int_equal(pdwriter__finish_round(w), 0);
	}
	assert_int_equal(pdwriter__close(w), 0);
	buf = slurp(path, &len);
	assert_int_equal(u64_at(buf, 0), PD_MAGIC);
	assert_int_equal(u64_at(buf, 8), PD_FILE_HDR);
	assert_int_equal(u64_at(buf, 16), 144); /* attr + ids section */
	assert_int_equal(u64_at(buf, 32), 144); /* one attr */
	assert_int_equal(u64_at(buf, u64_at(buf, 24) + 128), PD_FILE_HDR); /* its ids first */
	assert_int_equal(u64_at(buf, u64_at(buf, 24) + 136), 16);
	assert_int_equal(u64_at(buf, PD_FILE_HDR), 11);
	data_end = u64_at(buf, 40) + u64_at(buf, 48);
	assert_true(data_end < len);
	assert_false(has_feat(buf, 0)); /* the recording's slot, gone at the close */
	assert_false(has_feat(buf, PD_FEAT_TRACING_DATA)); /* no tracepoint */
	for (int f = PD_FEAT_HOSTNAME; f <= PD_FEAT_EVENT_DESC; f++) {
		if (f == PD_FEAT_CPUDESC || f == PD_FEAT_CPUID)
			continue; /* where /proc/cpuinfo says */
		assert_true(has_feat(buf, f));
		feat_sec(buf, f, &off, &size);
		assert_true(off + size <= len && size > 0);
	}
	feat_sec(buf, PD_FEAT_VERSION, &off, &size);
	assert_string_equal(buf + off + 4, "perf-bpf 0.1");
	feat_sec(buf, PD_FEAT_EVENT_DESC, &off, &size);
	assert_int_equal(u64_at(buf, off) & 0xffffffff, 1); /* one event */
	assert_string_equal(buf + off + 8 + 128 + 4 + 4, "evt");
	assert_false(has_feat(buf, 40));
	assert_true(has_feat(buf, 30));
	feat_sec(buf, 30, &off, &size);
	assert_int_equal(size, sizeof(extra));
	assert_memory_equal(buf + off, extra, sizeof(extra));
	free(buf);
	if (have_perf()) { /* an unknown feature does not disturb it */
		assert_int_equal(
			sh("perf script -i %s 2>&1 | grep -c 'BPF string: \"hello world\"' "
			   "| grep -qx 10",
			   path),
			0);
		assert_int_equal(
			sh("perf report --header-only -i %s 2>&1 | grep -q 'perf version : "
			   "perf-bpf'",
			   path),
			0);
		assert_int_equal(sh("perf evlist -i %s 2>&1 | grep -qx evt", path), 0);
	}
}

/*
 * What a kill -9 leaves of cut: read back with no fewer samples than a shorter cut, and not
 * at all only while no header was written yet.
 */
static void check_cut(const char *cut, size_t n, size_t *got_max)
{
	struct pdreader_record rec;
	struct pdreader *r;
	size_t got = 0;
	int ret;

	if (n < PD_FILE_HDR || u64_at(cut, 0) != PD_MAGIC) {
		assert_int_equal(*got_max, 0); /* nothing named yet */
		assert_null(pdreader__new_mem(cut, n));
		return;
	}
	r = pdreader__new_mem(cut, n);
	assert_non_null(r);
	while ((ret = pdreader__next(r, &rec)) > 0)
		got += rec.hdr->type == PERF_RECORD_SAMPLE;
	assert_int_equal(ret, 0);
	assert_false(pdreader__stats(r)->truncated);
	assert_string_equal(pdreader__event(r, 0)->desc.name, "evt"); /* EVENT_DESC found */
	assert_true(got >= *got_max);
	*got_max = got;
	pdreader__free(r);
}

/*
 * A kill -9 leaves what the writer's calls had given the kernel: the file is rebuilt from
 * the log of them (tests/diskwrites) after each call, and inside each write at every page
 * boundary, where a kill can stop it.
 * Each such file reads back, and all of the samples once the last round is written.
 */
static void test_seekable__cut_at_every_write(void **state)
{
	struct diskwrite op;
	struct pdwriter *w;
	size_t nlog, got_max = 0, nth;
	char *log;

	unlink(writes);
	setenv("DISKWRITES_FILE", path, 1);
	setenv("DISKWRITES_LOG", writes, 1);
	w = pdwriter__open(path, &ev, 1, NULL);
	assert_non_null(w);
	for (int i = 0; i < 12; i++) {
		struct ksample s = sample(1000 + i);

		assert_int_equal(pdwriter__write(w, &s, sizeof(s)), 0);
		if (i % 3 == 2)
			assert_int_equal(pdwriter__finish_round(w), 0);
	}
	assert_int_equal(pdwriter__close(w), 0);
	unsetenv("DISKWRITES_FILE");
	unsetenv("DISKWRITES_LOG");
	log = slurp(writes, &nlog);
	for (nth = 0; diskwrites__op(log, nlog, nth, &op) > 0; nth++) {
		uint64_t part = 0;

		do {
			char *cut;
			size_t n;

			part = diskwrites__next_stop(&op, part);
			assert_int_equal(diskwrites__state(log, nlog, nth, part, &cut, &n), 0);
			check_cut(cut, n, &got_max);
			free(cut);
		} while (part < op.len);
	}
	assert_int_equal(diskwrites__op(log, nlog, nth, &op), 0); /* the whole log was read */
	assert_true(nth >= 6); /* the start, 4 rounds, the close */
	assert_int_equal(got_max, 12);
	free(log);
}

/* Killed right after the start: the header names a record already, which perf reads. */
static void test_seekable__killed_at_start(void **state)
{
	struct pdreader_record rec;
	struct pdwriter *w = pdwriter__open(path, &ev, 1, NULL);
	struct pdreader *r;
	size_t len;
	char *buf;

	assert_non_null(w);
	buf = slurp(path, &len); /* as a kill -9 would leave it now */
	assert_true(u64_at(buf, 48) > 0);
	free(buf);
	r = pdreader__open(path);
	assert_non_null(r);
	assert_string_equal(pdreader__event(r, 0)->desc.name, "evt");
	while (pdreader__next(r, &rec) > 0)
		assert_int_not_equal(rec.hdr->type, PERF_RECORD_SAMPLE);
	pdreader__free(r);
	if (have_perf()) {
		assert_int_equal(sh("perf script -i %s >/dev/null 2>&1", path), 0);
		assert_int_equal(sh("perf report --stats -i %s >/dev/null 2>&1", path), 0);
	}
	assert_int_equal(pdwriter__close(w), 0);
}

/* MMAP2 with a build id: BUILD_ID lists it once, as perf reads it. */
static void test_seekable__build_id(void **state)
{
	struct {
		struct perf_event_header h;
		uint32_t pid, tid;
		uint64_t addr, len, pgoff;
		uint8_t bid_size, res[3], bid[20];
		uint32_t prot, flags;
		char name[16];
		uint64_t trailer[5];
	} m = { .h = { PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER | (1 << 14), sizeof(m) } };
	struct pdwriter *w = pdwriter__open(path, &ev, 1, NULL);
	uint64_t off, size;
	size_t len;
	char *buf;

	assert_non_null(w);
	m.pid = m.tid = 4242;
	m.addr = 0x400000;
	m.len = 0x1000;
	m.bid_size = 20;
	for (int i = 0; i < 20; i++)
		m.bid[i] = 0xa0 + i;
	strcpy(m.name, "/usr/bin/prog");
	for (int i = 0; i < 3; i++) /* the same map thrice */
		assert_int_equal(pdwriter__write(w, &m, sizeof(m)), 0);
	assert_int_equal(pdwriter__close(w), 0);
	buf = slurp(path, &len);
	assert_true(has_feat(buf, PD_FEAT_BUILD_ID));
	feat_sec(buf, PD_FEAT_BUILD_ID, &off, &size);
	if (access("/sys/kernel/notes", R_OK) == 0) { /* the kernel's entry first */
		assert_int_equal(u64_at(buf, off) >> 48, 8 + 4 + 24 + 64);
		assert_string_equal(buf + off + 36, "[kernel.kallsyms]");
		off += 8 + 4 + 24 + 64;
		size -= 8 + 4 + 24 + 64;
	}
	assert_int_equal(size, 8 + 4 + 24 + 64);
	assert_int_equal(u64_at(buf, off) >> 48, size); /* the entry's size */
	assert_memory_equal(buf + off + 12, m.bid, 20);
	assert_int_equal((uint8_t)buf[off + 32], 20);
	assert_string_equal(buf + off + 36, "/usr/bin/prog");
	free(buf);
	if (have_perf())
		assert_int_equal(sh("perf buildid-list -i %s 2>/dev/null | grep -qx "
				    "'a0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3 /usr/bin/prog'",
				    path),
				 0);
}

/* A BPF_EVENT of a loaded program: its info and BTF at the close. Skipped without bpf(). */
static void test_seekable__bpf_prog_info(void **state)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	struct {
		struct perf_event_header h;
		uint16_t type, flags;
		uint32_t id;
		uint8_t tag[8];
		uint64_t trailer[5];
	} e = { .h = { PERF_RECORD_BPF_EVENT, 0, sizeof(e) }, .type = PERF_BPF_EVENT_PROG_LOAD };
	struct bpf_prog_info info = {};
	uint32_t ilen = sizeof(info);
	struct pdwriter *w;
	uint64_t off, size;
	size_t len;
	char *buf;
	int fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "pdseek_test", "GPL", insns, 2, NULL);

	if (fd < 0) {
		print_message("no bpf(): %s; skipped\n", strerror(errno));
		skip();
	}
	assert_int_equal(bpf_obj_get_info_by_fd(fd, &info, &ilen), 0);
	e.id = info.id;
	w = pdwriter__open(path, &ev, 1, NULL);
	assert_non_null(w);
	assert_int_equal(pdwriter__write(w, &e, sizeof(e)), 0);
	assert_int_equal(pdwriter__write(w, &e, sizeof(e)), 0);
	assert_int_equal(pdwriter__close(w), 0);
	buf = slurp(path, &len);
	assert_true(has_feat(buf, PD_FEAT_BPF_PROG_INFO));
	feat_sec(buf, PD_FEAT_BPF_PROG_INFO, &off, &size);
	assert_int_equal(u64_at(buf, off) & 0xffffffff, 1); /* once */
	assert_int_equal(u64_at(buf, off + 4) & 0xffffffff, sizeof(struct bpf_prog_info));
	/* the info's id, after u32 count, u32 info_len, u32 data_len, u64 arrays, u32 type */
	assert_int_equal(u64_at(buf, off + 24) & 0xffffffff, info.id);
	free(buf);
	if (have_perf())
		assert_int_equal(sh("perf report --header-only -I -i %s 2>/dev/null | grep -q "
				    "'bpf_prog_info.*pdseek_test'",
				    path),
				 0);
	close(fd);
}

/* "-" keeps the streaming layout; an added feature is a HEADER_FEATURE record at its end. */
static void test_seekable__pipe_keeps_streaming(void **state)
{
	static const char extra[] = "pipe feature";
	int out = dup(STDOUT_FILENO), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	struct pdreader_record rec;
	struct pdwriter *w;
	struct pdreader *r;
	int n = 0;

	assert_true(out >= 0 && fd >= 0);
	assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
	close(fd);
	w = pdwriter__open("-", &ev, 1, NULL);
	assert_non_null(w);
	assert_int_equal(pdwriter__add_feature(w, 40, extra, sizeof(extra)), 0);
	for (int i = 0; i < 3; i++) {
		struct ksample s = sample(1000 + i);

		assert_int_equal(pdwriter__write(w, &s, sizeof(s)), 0);
	}
	assert_int_equal(pdwriter__close(w), 0);
	assert_int_equal(dup2(out, STDOUT_FILENO), STDOUT_FILENO);
	close(out);
	r = pdreader__open(path);
	assert_non_null(r);
	assert_true(pdreader__is_pipe(r));
	while (pdreader__next(r, &rec) > 0)
		n += rec.hdr->type == PERF_RECORD_SAMPLE;
	assert_int_equal(n, 3);
	pdreader__free(r);
	if (have_perf())
		assert_int_equal(
			sh("perf script -i %s 2>&1 | grep -c 'BPF string: \"hello world\"' "
			   "| grep -qx 3",
			   path),
			0);
}

/*
 * A feature of perf-bpf's own past the buffer's 1 MiB (a big map dump at the close): its
 * records go whole into the file, never split by a flush and the index after it.
 */
static void test_seekable__big_feature_whole_records(void **state)
{
	const size_t len = 3 << 20;
	struct pdwriter *w = pdwriter__open(path, &ev, 1, NULL);
	struct ksample s = sample(1000);
	struct pdreader_record rec;
	const char *got;
	struct pdreader *r;
	size_t got_len;
	char *payload = malloc(len);
	int ret, n = 0;

	assert_non_null(w);
	assert_non_null(payload);
	for (size_t i = 0; i < len; i++)
		payload[i] = (char)(i * 7 + i / 65536);
	assert_int_equal(pdwriter__write(w, &s, sizeof(s)), 0);
	assert_int_equal(pdwriter__add_feature(w, 40, payload, len), 0);
	assert_int_equal(pdwriter__close(w), 0);
	r = pdreader__open(path);
	assert_non_null(r);
	while ((ret = pdreader__next(r, &rec)) > 0)
		n += rec.hdr->type == PERF_RECORD_SAMPLE;
	assert_int_equal(ret, 0);
	assert_int_equal(n, 1);
	assert_false(pdreader__stats(r)->truncated);
	got = pdreader__feature(r, 40, &got_len);
	assert_int_equal(got_len, len);
	assert_memory_equal(got, payload, len);
	pdreader__free(r);
	free(payload);
	if (have_perf())
		assert_int_equal(sh("perf script -i %s >/dev/null 2>&1", path), 0);
}

static void test_sysfeat__build(void **state)
{
	struct dbuf b = {};

	assert_int_equal(sysfeat__build(PD_FEAT_TOTAL_MEM, &b), 0);
	assert_int_equal(b.len, 8);
	assert_true(u64_at(b.p, 0) > 0);
	dbuf__free(&b);
	assert_int_equal(sysfeat__build(PD_FEAT_CPU_TOPOLOGY, &b), 0);
	assert_true(u64_at(b.p, 0) > 0); /* socket sibling lists */
	dbuf__free(&b);
	assert_int_equal(sysfeat__build(PD_FEAT_EVENT_DESC, &b), -EINVAL);
	dbuf__free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seekable__header_and_index),
		cmocka_unit_test(test_seekable__cut_at_every_write),
		cmocka_unit_test(test_seekable__killed_at_start),
		cmocka_unit_test(test_seekable__build_id),
		cmocka_unit_test(test_seekable__bpf_prog_info),
		cmocka_unit_test(test_seekable__pipe_keeps_streaming),
		cmocka_unit_test(test_seekable__big_feature_whole_records),
		cmocka_unit_test(test_sysfeat__build),
	};

	quiet = 1;
	return cmocka_run_group_tests(tests, setup, teardown);
}
