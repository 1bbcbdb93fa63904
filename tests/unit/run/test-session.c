// SPDX-License-Identifier: GPL-2.0
/*
 * A whole run on the live kernel (root, clang), as trace makes one: a tracepoint event and
 * a scriptlet's __bpf_stdout__ output, on a workload. The workload's exec and the outputs
 * of its calls reach the record function, in time order, named by their events, the other
 * tasks' outputs do not, and the workload's exit code is the run's.
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

#include "event/evparse.h"
#include "run/session.h"

static char dir[] = "/tmp/perf-bpf-session.XXXXXX";

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

struct seen {
	int execs, outputs;
	uint32_t exec_pid, output_pid; /* the workload's */
	uint64_t last_time;
	bool disordered;
};

static int on_record(void *ctx, const struct record *rec, int cpu, struct evsel *ev)
{
	struct seen *s = ctx;

	if (rec->type != PERF_RECORD_SAMPLE || !ev)
		return 0;
	assert_true(rec->decoded);
	s->disordered |= rec->s.time < s->last_time;
	s->last_time = rec->s.time;
	if (!strcmp(ev->desc.name, "sched:sched_process_exec")) {
		s->execs++;
		s->exec_pid = rec->s.pid;
	} else if (!strcmp(ev->desc.name, "__bpf_stdout__")) {
		assert_true(rec->s.raw_size >= 6);
		assert_memory_equal(rec->s.raw, "hello", 6);
		assert_true(!s->outputs || s->output_pid == rec->s.pid);
		s->outputs++;
		s->output_pid = rec->s.pid;
	}
	return 0;
}

/* The workload, next to this binary in $(BUILD)/tests. */
static void workload_path(char *workload, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", workload, size - 1);
	char *p;

	assert_true(n > 0);
	workload[n] = '\0';
	p = strstr(workload, "/tests/unit/");
	assert_non_null(p);
	assert_true(p + sizeof("/tests/workloads/getppid-loop") <= workload + size);
	strcpy(p, "/tests/workloads/getppid-loop");
}

/*
 * One output per getppid, as tests/fixtures/bpf/getppid-hello.c, under a program name of
 * this test's own: the end-to-end tests' leak checks look for that one's.
 */
static void write_scriptlet(char *path, size_t size)
{
	FILE *f;

	snprintf(path, size, "%s/hello.c", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("#include <linux/bpf.h>\n#include <bpf/bpf_helpers.h>\n"
	      "struct {\n\t__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);\n"
	      "\t__uint(key_size, sizeof(int));\n\t__uint(value_size, sizeof(int));\n"
	      "} __bpf_stdout__ SEC(\".maps\");\n"
	      "SEC(\"syscalls:sys_enter_getppid\")\nint session_test_hello(void *ctx)\n{\n"
	      "\tchar msg[] = \"hello\";\n\n"
	      "\tbpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, msg, sizeof(msg));\n"
	      "\treturn 0;\n}\nchar _license[] SEC(\"license\") = \"GPL\";\n",
	      f);
	assert_int_equal(fclose(f), 0);
}

static void test_session__workload_run(void **state)
{
	char workload[PATH_MAX], fixture[128];
	char *argv[] = { workload, "5", NULL };
	struct session_opts o = { .argv = argv };
	struct seen seen = { 0 };
	struct session *s;

	if (geteuid() || system("command -v clang >/dev/null"))
		skip(); /* not root, or no clang for the scriptlet */
	workload_path(workload, sizeof(workload));
	write_scriptlet(fixture, sizeof(fixture));
	o.events = evparse__new();
	assert_non_null(o.events);
	assert_int_equal(evparse__add(o.events, "sched:sched_process_exec"), 0);
	assert_int_equal(evparse__add(o.events, fixture), 0);
	s = session__new(&o);
	assert_non_null(s);
	assert_true(evlist__nr(session__evlist(s)) >= 2);
	assert_int_equal(session__run(s, on_record, &seen), 0);
	assert_int_equal(session__exit_code(s), 0);
	assert_int_equal(seen.execs, 1); /* the workload's, from its exec on */
	assert_int_equal(seen.outputs, 5); /* its 5 calls; other tasks' are not its */
	assert_int_equal(seen.output_pid, seen.exec_pid);
	assert_false(seen.disordered);
	assert_int_equal(session__bad_records(s), 0);
	session__free(s);
	evparse__free(o.events);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_session__workload_run),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
