// SPDX-License-Identifier: GPL-2.0
/* pdwriter: what it writes reads back with pdreader, also when cut short at any byte. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "record/record.h"
#include "perfdata/reader.h"
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

static char dir[] = "/tmp/test-pdwriter.XXXXXX";
static char path[256];
static struct event_desc descs[2] = { { .name = "evt" }, { .name = "other" } };
static uint64_t ids0[] = { 11, 12 }, ids1[] = { 21 };
static struct pdwriter_event evs[2] = {
	{ &descs[0], ids0, 2 },
	{ &descs[1], ids1, 1 },
};

static int setup(void **state)
{
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/perf.data", dir);
	for (int i = 0; i < 2; i++) {
		memset(&descs[i].attr, 0, sizeof(descs[i].attr));
		descs[i].attr.type = PERF_TYPE_SOFTWARE;
		descs[i].attr.size = sizeof(descs[i].attr);
		descs[i].attr.config = PERF_COUNT_SW_BPF_OUTPUT;
		descs[i].attr.sample_period = 1;
		descs[i].attr.sample_type = ST_ALL;
		descs[i].attr.sample_id_all = 1;
	}
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static struct ksample sample(uint64_t id, uint64_t time)
{
	struct ksample s;

	memset(&s, 0, sizeof(s));
	s.h.type = PERF_RECORD_SAMPLE;
	s.h.misc = PERF_RECORD_MISC_USER;
	s.h.size = sizeof(s);
	s.id = id;
	s.pid = s.tid = 4242;
	s.time = time;
	s.raw_size = sizeof(s.raw);
	memcpy(s.raw, "hello world", 12);
	return s;
}

/* A COMM record of a task that existed before the run, as the session writes it. */
static void write_comm(struct pdwriter *w, uint32_t pid, const char *comm)
{
	const struct record_layout layout = { descs[0].attr.sample_type,
					      descs[0].attr.sample_id_all };
	struct record r = { .type = PERF_RECORD_COMM,
			    .comm = { .pid = pid, .tid = pid, .comm = comm },
			    .s = { .id = ids0[0], .pid = pid, .tid = pid } };
	uint64_t buf[16];
	size_t n = record__encode(buf, sizeof(buf), &layout, &r);

	assert_int_not_equal(n, 0);
	assert_int_equal(pdwriter__write(w, buf, n), 0);
}

/* 4 rounds of 3 samples (times falling inside a round), a COMM first. */
static uint64_t write_file(const char *p)
{
	char *argv[] = { "perf-bpf", "record", NULL };
	struct pdwriter_opts opts = { 2, argv };
	struct pdwriter *w = pdwriter__open(p, evs, 2, &opts);
	uint64_t bytes;

	assert_non_null(w);
	write_comm(w, 4242, "a-rather-long-command-name");
	for (int round = 0; round < 4; round++) {
		for (int i = 0; i < 3; i++) {
			struct ksample s = sample(i == 1 ? 21 : 11, 1000 + round * 10 + (3 - i));

			assert_int_equal(pdwriter__write(w, &s, sizeof(s)), 0);
		}
		assert_int_equal(pdwriter__finish_round(w), 0);
	}
	bytes = pdwriter__bytes(w);
	assert_int_equal(pdwriter__close(w), 0);
	return bytes;
}

static void test_pdwriter__open_round_trip(void **state)
{
	struct pdreader_record rec;
	struct pdreader *r;
	struct stat st;
	uint64_t last = 0, bytes = write_file(path);
	int n = 0;

	assert_int_equal(stat(path, &st), 0);
	assert_true((uint64_t)st.st_size > bytes); /* and the last index, at the close */
	assert_int_equal(st.st_mode & 0777, 0600);
	r = pdreader__open(path);
	assert_non_null(r);
	assert_false(pdreader__is_pipe(r)); /* a regular file: the seekable layout */
	assert_int_equal(pdreader__nr_events(r), 2);
	assert_string_equal(pdreader__event(r, 0)->desc.name, "evt");
	assert_string_equal(pdreader__event(r, 1)->desc.name, "other");
	assert_int_equal(pdreader__event(r, 0)->desc.attr.size, 128);
	assert_int_equal(pdreader__event(r, 0)->nr_ids, 2);
	assert_int_equal(pdreader__event(r, 1)->ids[0], 21);
	assert_non_null(pdreader__feature_string(r, 3)); /* HOSTNAME */
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.hdr->type, PERF_RECORD_COMM);
	assert_string_equal((const char *)rec.hdr + 16, "a-rather-long-c");
	while (pdreader__next(r, &rec) > 0) {
		const struct ksample *s = (const void *)rec.hdr;

		assert_int_equal(rec.hdr->type, PERF_RECORD_SAMPLE);
		assert_int_equal(rec.event, s->id == 21 ? 1 : 0);
		assert_true(rec.time > last);
		last = rec.time;
		n++;
	}
	assert_int_equal(n, 12);
	assert_int_equal(pdreader__stats(r)->nr_unordered, 0);
	pdreader__free(r);
}

static void test_pdwriter__open_keeps_old_file(void **state)
{
	char old[300];
	struct stat st;

	write_file(path);
	write_file(path);
	snprintf(old, sizeof(old), "%s.old", path);
	assert_int_equal(stat(old, &st), 0);
	assert_true(st.st_size > 0);
}

static void test_pdwriter__open_bad_path(void **state)
{
	assert_null(pdwriter__open("/nonexistent/dir/perf.data", evs, 2, NULL));
	assert_int_equal(errno, ENOENT);
	assert_int_equal(pdwriter__close(NULL), 0);
}

/* A recording killed at any byte: every prefix reads back, up to its last whole record. */
static void test_pdwriter__write_cut_anywhere(void **state)
{
	struct stat st;
	char *buf;
	int fd, prev = 0, opened = 0;

	write_file(path);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	buf = malloc(st.st_size);
	assert_non_null(buf);
	assert_int_equal(read(fd, buf, st.st_size), st.st_size);
	close(fd);
	for (off_t n = 0; n <= st.st_size; n++) {
		struct pdreader *r = pdreader__new_mem(buf, n);
		struct pdreader_record rec;
		int got = 0, ret;

		if (!r)
			continue;
		opened++;
		while ((ret = pdreader__next(r, &rec)) > 0)
			got++;
		assert_int_equal(ret, 0);
		assert_true(got >= prev); /* a longer prefix never reads less */
		prev = got;
		pdreader__free(r);
	}
	assert_int_equal(prev, 13);
	assert_true(opened > st.st_size / 2);
	free(buf);
}

/* A full disk (here the file size limit): an error, and the file ends on a whole record. */
static void test_pdwriter__write_disk_full(void **state)
{
	struct rlimit old, lim;
	struct stat st;
	struct pdwriter *w;
	struct pdreader *r;
	struct pdreader_record rec;
	int err = 0, n = 0;

	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim.rlim_cur = 16384; /* the soft limit only, so it can be raised again */
	lim.rlim_max = old.rlim_max;
	w = pdwriter__open(path, evs, 2, NULL);
	assert_non_null(w);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	for (int i = 0; i < 100000 && !err; i++) {
		struct ksample s = sample(11, 1000 + i);

		err = pdwriter__write(w, &s, sizeof(s));
		if (!err && i % 50 == 49)
			err = pdwriter__finish_round(w);
	}
	assert_int_equal(pdwriter__close(w), -EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	assert_true(err == -EFBIG);
	assert_int_equal(stat(path, &st), 0);
	/* cut back to the last round the header names: its 50 samples and the index fit */
	assert_true(st.st_size <= 16384);
	assert_true(st.st_size > 16384 - 50 * (off_t)sizeof(struct ksample) - 4096);
	r = pdreader__open(path);
	assert_non_null(r);
	while (pdreader__next(r, &rec) > 0)
		n++;
	assert_true(n > 0);
	assert_false(pdreader__stats(r)->truncated);
	pdreader__free(r);
}

/* Spans of n samples numbered from seq (in ip and time), as a ring holds them: two pieces, cut
 * in the middle of a record (where the ring's end would be). */
#define SPAN_MAX_SAMPLES 4096
static struct ksample span_buf[SPAN_MAX_SAMPLES];

static int write_span(struct pdwriter *w, uint64_t seq, int n)
{
	size_t len = n * sizeof(struct ksample), cut = len / 2 + 20;
	struct iovec iov[2] = { { span_buf, cut }, { (char *)span_buf + cut, len - cut } };

	for (int i = 0; i < n; i++) {
		span_buf[i] = sample(11, 1000 + seq + i);
		span_buf[i].ip = seq + i;
	}
	return pdwriter__write_span(w, iov, 2);
}

/* Spans small and large (these written from where they lie), records between: all read back
 * whole, in order, and a prefix of the file cut anywhere reads too. */
static void test_pdwriter__write_spans(void **state)
{
	static const int sizes[] = { 3, 1000, 1, 3000, 500, 2000, 7 };
	struct pdwriter *w = pdwriter__open(path, evs, 2, NULL);
	struct pdreader_record rec;
	struct pdreader *r;
	uint64_t seq = 0, got = 0, comms = 0;
	int ret;

	assert_non_null(w);
	for (int i = 0; i < 7; i++) {
		write_comm(w, 4242, "between");
		assert_int_equal(write_span(w, seq, sizes[i]), 0);
		seq += sizes[i];
		if (i % 3 == 2)
			assert_int_equal(pdwriter__finish_round(w), 0);
	}
	assert_int_equal(pdwriter__close(w), 0);
	r = pdreader__open(path);
	assert_non_null(r);
	while ((ret = pdreader__next(r, &rec)) > 0) {
		const struct ksample *k = (const void *)rec.hdr;

		comms += rec.hdr->type == PERF_RECORD_COMM;
		if (rec.hdr->type != PERF_RECORD_SAMPLE)
			continue;
		assert_int_equal(rec.hdr->size, sizeof(*k));
		assert_int_equal(k->ip, got);
		assert_int_equal(k->time, 1000 + got);
		assert_string_equal(k->raw, "hello world");
		got++;
	}
	assert_int_equal(ret, 0);
	assert_int_equal(got, seq);
	assert_int_equal(comms, 7);
	assert_int_equal(pdreader__stats(r)->nr_samples, seq);
	pdreader__free(r);
}

/* A full disk in the middle of a span written from where it lies: the file ends on a whole
 * record, the samples before it in order. */
static void test_pdwriter__write_span_disk_full(void **state)
{
	struct pdreader_record rec;
	struct rlimit old, lim;
	struct pdreader *r;
	struct pdwriter *w;
	struct stat st;
	uint64_t seq = 0, got = 0;
	int err = 0;

	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim.rlim_cur = 1000000; /* not on a record's end, nor a span's */
	lim.rlim_max = old.rlim_max;
	w = pdwriter__open(path, evs, 2, NULL);
	assert_non_null(w);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	for (int i = 0; i < 1000 && !err; i++) {
		err = write_span(w, seq, 1000);
		seq += 1000;
		if (!err && i % 4 == 3)
			err = pdwriter__finish_round(w);
	}
	assert_int_equal(pdwriter__close(w), -EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	assert_true(err == -EFBIG);
	assert_int_equal(stat(path, &st), 0);
	assert_true(st.st_size <= 1000000);
	r = pdreader__open(path);
	assert_non_null(r);
	while (pdreader__next(r, &rec) > 0) {
		const struct ksample *k = (const void *)rec.hdr;

		assert_int_equal(rec.hdr->type, PERF_RECORD_SAMPLE);
		assert_int_equal(k->ip, got++);
	}
	/* the last round the header names: four spans of 72000 bytes */
	assert_true(got >= 4000 && (got * sizeof(struct ksample)) > 1000000 - 5 * 72000);
	assert_false(pdreader__stats(r)->truncated);
	pdreader__free(r);
}

/* A writer killed (SIGKILL) in the middle of a busy recording leaves a readable file. */
static void test_pdwriter__write_killed(void **state)
{
	struct pdreader_record rec;
	struct pdreader *r;
	struct stat st;
	pid_t pid;
	int n = 0, ret;

	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct pdwriter *w = pdwriter__open(path, evs, 2, NULL);

		for (uint64_t i = 0; w; i++) {
			struct ksample s = sample(11, 1000 + i);

			pdwriter__write(w, &s, sizeof(s));
			if (i % 100 == 99)
				pdwriter__finish_round(w);
		}
		_exit(1);
	}
	for (int i = 0; i < 500; i++) {
		if (stat(path, &st) == 0 && st.st_size > 200000)
			break;
		usleep(10000);
	}
	kill(pid, SIGKILL);
	assert_int_equal(waitpid(pid, &ret, 0), pid);
	assert_true(WIFSIGNALED(ret));
	r = pdreader__open(path);
	assert_non_null(r);
	while ((ret = pdreader__next(r, &rec)) > 0) {
		const struct ksample *s = (const void *)rec.hdr;

		assert_int_equal(rec.hdr->type, PERF_RECORD_SAMPLE);
		assert_string_equal(s->raw, "hello world");
		n++;
	}
	assert_int_equal(ret, 0);
	assert_true(n > 1000);
	pdreader__free(r);
}

static void test_pdwriter__synth_kernel_mmap_record(void **state)
{
	struct pdwriter *w = pdwriter__open(path, evs, 1, NULL);
	struct pdreader_record rec;
	struct pdreader *r;
	int err;

	assert_non_null(w);
	err = pdwriter__synth_kernel_mmap(w);
	assert_int_equal(pdwriter__close(w), 0);
	if (err == -EPERM || err == -ENOENT)
		skip(); /* kallsyms hides addresses from this user */
	assert_int_equal(err, 0);
	r = pdreader__open(path);
	assert_non_null(r);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.hdr->type, PERF_RECORD_MMAP);
	assert_int_equal(rec.hdr->misc, PERF_RECORD_MISC_KERNEL);
	assert_string_equal((const char *)rec.hdr + 40, "[kernel.kallsyms]_text");
	pdreader__free(r);
}

/*
 * The LOST and kernel MMAP records the writer synthesizes, as perf-bpf has always written
 * them (every trailer field, or none); the MMAP's start, length and offset come from
 * /proc/kallsyms (_text at 0xffffffff81000000 here), its length reaching _etext as perf's
 * own does (not the top of the address space, which would hide the BPF programs).
 */
/* clang-format off */
static const uint8_t lost_all[72] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x48, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x39, 0x30, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t kmmap_all[112] = {
	0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x70, 0x00,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x81, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0x7e, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x81, 0xff, 0xff, 0xff, 0xff,
	0x5b, 0x6b, 0x65, 0x72, 0x6e, 0x65, 0x6c, 0x2e,
	0x6b, 0x61, 0x6c, 0x6c, 0x73, 0x79, 0x6d, 0x73,
	0x5d, 0x5f, 0x74, 0x65, 0x78, 0x74, 0x00, 0x00,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t lost_none[24] = {
	0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x18, 0x00,
	0x0b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x39, 0x30, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint8_t kmmap_none[64] = {
	0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x40, 0x00,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x81, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0x7e, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x81, 0xff, 0xff, 0xff, 0xff,
	0x5b, 0x6b, 0x65, 0x72, 0x6e, 0x65, 0x6c, 0x2e,
	0x6b, 0x61, 0x6c, 0x6c, 0x73, 0x79, 0x6d, 0x73,
	0x5d, 0x5f, 0x74, 0x65, 0x78, 0x74, 0x00, 0x00,
};
/* clang-format on */

/* The address of sym in /proc/kallsyms, 0 when absent. */
static uint64_t kallsyms_addr(const char *sym)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[256], name[128], type;
	unsigned long long a, found = 0;

	assert_non_null(f);
	while (!found && fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx %c %127s", &a, &type, name) == 3 && !strcmp(name, sym))
			found = a;
	fclose(f);
	return found;
}

static void check_synth(bool sample_id_all, const uint8_t *lost, size_t lost_len,
			const uint8_t *kmmap, size_t kmmap_len)
{
	struct event_desc d = { .name = "evt", .attr = descs[0].attr };
	struct perf_event_attr *a = &d.attr;
	struct pdwriter_event ev = { &d, ids0, 2 };
	struct pdreader_record rec;
	uint8_t want[sizeof(kmmap_all)];
	struct pdwriter *w;
	struct pdreader *r;
	uint64_t start;
	int err;

	a->sample_type |= PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID;
	a->sample_id_all = sample_id_all;
	w = pdwriter__open(path, &ev, 1, NULL);
	assert_non_null(w);
	assert_int_equal(pdwriter__synth_lost(w, 12345), 0);
	err = pdwriter__synth_kernel_mmap(w);
	assert_int_equal(pdwriter__close(w), 0);
	r = pdreader__open(path);
	assert_non_null(r);
	assert_int_equal(pdreader__next(r, &rec), 1);
	assert_int_equal(rec.hdr->size, lost_len);
	assert_memory_equal(rec.hdr, lost, lost_len);
	if (!err) { /* else kallsyms hides addresses from this user */
		assert_int_equal(pdreader__next(r, &rec), 1);
		assert_int_equal(rec.hdr->size, kmmap_len);
		memcpy(want, kmmap, kmmap_len);
		memcpy(&start, (const uint8_t *)rec.hdr + 16, 8);
		memcpy(want + 16, &start, 8);
		assert_int_equal(start, kallsyms_addr("_text"));
		memcpy(want + 24, &(uint64_t){ kallsyms_addr("_etext") - start }, 8);
		memcpy(want + 32, &start, 8);
		assert_memory_equal(rec.hdr, want, kmmap_len);
	}
	pdreader__free(r);
}

static void test_pdwriter__synth_bytes(void **state)
{
	check_synth(true, lost_all, sizeof(lost_all), kmmap_all, sizeof(kmmap_all));
	check_synth(false, lost_none, sizeof(lost_none), kmmap_none, sizeof(kmmap_none));
}

static void test_pdwriter__open_tracing_data(void **state)
{
	struct event_desc d = { .name = "sched:sched_switch",
				.attr = descs[0].attr,
				.tp_sys = "sched",
				.tp_name = "sched_switch" };
	struct perf_event_attr *a = &d.attr;
	struct pdwriter_event ev = { &d, ids0, 2 };
	const struct pdreader_event *e;
	struct pdwriter *w;
	struct pdreader *r;
	size_t len;

	if (access("/sys/kernel/tracing/events/sched/sched_switch/format", R_OK))
		skip();
	a->type = PERF_TYPE_TRACEPOINT;
	a->config = 0;
	{
		FILE *f = fopen("/sys/kernel/tracing/events/sched/sched_switch/id", "r");

		assert_non_null(f);
		assert_int_equal(fscanf(f, "%llu", (unsigned long long *)&a->config), 1);
		fclose(f);
	}
	w = pdwriter__open(path, &ev, 1, NULL);
	assert_non_null(w);
	assert_int_equal(pdwriter__close(w), 0);
	r = pdreader__open(path);
	assert_non_null(r);
	e = pdreader__event(r, 0);
	assert_string_equal(e->desc.tp_sys, "sched");
	assert_non_null(e->tp_format);
	assert_non_null(memmem(e->tp_format, e->tp_format_len, "name: sched_switch", 18));
	assert_non_null(pdreader__header_page(r, &len));
	assert_true(len > 0);
	pdreader__free(r);
}

static void write_text(const char *p, const char *text)
{
	FILE *f = fopen(p, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void assert_text(const char *p, const char *text)
{
	char buf[64] = "";
	FILE *f = fopen(p, "r");

	assert_non_null(f);
	assert_non_null(fgets(buf, sizeof(buf), f));
	fclose(f);
	assert_string_equal(buf, text);
}

/* A link at the output is moved to .old, never written through; the new file is 0600. */
static void test_pdwriter__create_never_follows_link(void **state)
{
	char target[300], old[300], link_to[300] = "";
	struct stat st;

	snprintf(target, sizeof(target), "%s/important", dir);
	snprintf(old, sizeof(old), "%s.old", path);
	write_text(target, "important\n");
	assert_int_equal(chmod(target, 0644), 0);
	unlink(path);
	assert_int_equal(symlink("important", path), 0);
	write_file(path);
	assert_text(target, "important\n");
	assert_int_equal(lstat(path, &st), 0);
	assert_true(S_ISREG(st.st_mode));
	assert_int_equal(st.st_mode & 07777, 0600);
	assert_int_equal(readlink(old, link_to, sizeof(link_to) - 1), 9);
	assert_string_equal(link_to, "important");
	unlink(old);
	unlink(target);
}

/* .old cannot be replaced (a directory): the call fails and the previous file stays. */
static void test_pdwriter__create_rotation_fails(void **state)
{
	char old[300], inside[320];

	snprintf(old, sizeof(old), "%s.old", path);
	snprintf(inside, sizeof(inside), "%s/x", old);
	unlink(path);
	write_text(path, "previous\n");
	assert_int_equal(mkdir(old, 0755), 0);
	write_text(inside, "x\n");
	assert_null(pdwriter__create(path));
	assert_int_equal(errno, EISDIR);
	assert_non_null(strstr(errmsg__text(), "perf.data.old"));
	errmsg__clear();
	assert_text(path, "previous\n");
	unlink(inside);
	rmdir(old);
}

/* A recording that fails before it starts leaves the previous file where it was. */
static void test_pdwriter__discard_restores(void **state)
{
	char old[300];
	struct pdwriter *w;

	snprintf(old, sizeof(old), "%s.old", path);
	unlink(old);
	write_text(path, "previous\n");
	w = pdwriter__create(path);
	assert_non_null(w);
	assert_int_equal(access(old, F_OK), 0);
	pdwriter__discard(w);
	assert_text(path, "previous\n");
	assert_int_equal(access(old, F_OK), -1);
}

/*
 * Waiting for a FIFO's reader ends on SIGINT, TERM or HUP, also when the signal came before
 * the wait began: here it is pending (blocked) from the start.
 */
static void test_pdwriter__create_fifo_stops(void **state)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	char fifo[300];

	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		int status;
		pid_t pid = fork();

		assert_true(pid >= 0);
		if (pid == 0) {
			sigset_t set;

			sigemptyset(&set);
			sigaddset(&set, sigs[i]);
			sigprocmask(SIG_BLOCK, &set, NULL);
			raise(sigs[i]);
			_exit(!pdwriter__create(fifo) && errno == EINTR ? 0 : 1);
		}
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	unlink(fifo);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pdwriter__open_round_trip),
		cmocka_unit_test(test_pdwriter__open_keeps_old_file),
		cmocka_unit_test(test_pdwriter__open_bad_path),
		cmocka_unit_test(test_pdwriter__write_cut_anywhere),
		cmocka_unit_test(test_pdwriter__write_disk_full),
		cmocka_unit_test(test_pdwriter__write_killed),
		cmocka_unit_test(test_pdwriter__write_spans),
		cmocka_unit_test(test_pdwriter__write_span_disk_full),
		cmocka_unit_test(test_pdwriter__synth_kernel_mmap_record),
		cmocka_unit_test(test_pdwriter__synth_bytes),
		cmocka_unit_test(test_pdwriter__open_tracing_data),
		cmocka_unit_test(test_pdwriter__create_never_follows_link),
		cmocka_unit_test(test_pdwriter__create_rotation_fails),
		cmocka_unit_test(test_pdwriter__discard_restores),
		cmocka_unit_test(test_pdwriter__create_fifo_stops),
	};

	quiet = 1;
	return cmocka_run_group_tests(tests, setup, teardown);
}
