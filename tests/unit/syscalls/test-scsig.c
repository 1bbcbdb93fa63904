// SPDX-License-Identifier: GPL-2.0
/* Signals and process ends in strace's words, by si_code, and as JSON fields. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/jsonw.h"
#include "syscalls/scsig.h"

/* A signal whose union holds a at byte 0, b at 4, c at 8 and d, e at 16, 24. */
static struct sysrec_signal sig(int signo, int code, uint32_t a, uint32_t b, uint64_t c, uint64_t d,
				uint64_t e)
{
	struct sysrec_signal s = { .signo = signo, .code = code };

	s.fields[0] = a | (uint64_t)b << 32;
	s.fields[1] = c;
	s.fields[2] = d;
	s.fields[3] = e;
	return s;
}

static const char *text_of(struct sysrec_signal s)
{
	static char buf[256];
	size_t n = scsig__signal(buf, sizeof(buf), &s);

	assert_int_equal(n, strlen(buf));
	return buf;
}

static void test_sent_by_tasks(void **state)
{
	assert_string_equal(
		text_of(sig(SIGUSR1, SI_USER, 1234, 0, 0, 0, 0)),
		"--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_USER, si_pid=1234, si_uid=0} ---");
	assert_string_equal(
		text_of(sig(SIGUSR1, SI_TKILL, 7, 1000, 0, 0, 0)),
		"--- SIGUSR1 {si_signo=SIGUSR1, si_code=SI_TKILL, si_pid=7, si_uid=1000} ---");
	assert_string_equal(text_of(sig(SIGUSR2, SI_QUEUE, 9, 0, 42, 0, 0)),
			    "--- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_QUEUE, si_pid=9, si_uid=0, "
			    "si_int=42, si_ptr=0x2a} ---");
	assert_string_equal(
		text_of(sig(SIGPIPE, SI_USER, 5, 0, 0, 0, 0)),
		"--- SIGPIPE {si_signo=SIGPIPE, si_code=SI_USER, si_pid=5, si_uid=0} ---");
	(void)state;
}

static void test_children(void **state)
{
	assert_string_equal(text_of(sig(SIGCHLD, CLD_EXITED, 1235, 0, 3, 1, 2)),
			    "--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=1235, "
			    "si_uid=0, si_status=3, si_utime=1, si_stime=2} ---");
	assert_string_equal(
		text_of(sig(SIGCHLD, CLD_KILLED, 8, 0, SIGUSR1, 0, 0)),
		"--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_KILLED, si_pid=8, si_uid=0, "
		"si_status=SIGUSR1, si_utime=0, si_stime=0} ---");
	assert_string_equal(
		text_of(sig(SIGCHLD, CLD_DUMPED, 8, 0, SIGSEGV, 0, 0)),
		"--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_DUMPED, si_pid=8, si_uid=0, "
		"si_status=SIGSEGV, si_utime=0, si_stime=0} ---");
	(void)state;
}

static void test_faults_and_kernel(void **state)
{
	assert_string_equal(
		text_of(sig(SIGSEGV, SEGV_MAPERR, 0, 0, 0, 0, 0)),
		"--- SIGSEGV {si_signo=SIGSEGV, si_code=SEGV_MAPERR, si_addr=NULL} ---");
	assert_string_equal(
		text_of(sig(SIGBUS, BUS_ADRERR, 0x1000, 0x7f, 0, 0, 0)),
		"--- SIGBUS {si_signo=SIGBUS, si_code=BUS_ADRERR, si_addr=0x7f00001000} ---");
	assert_string_equal(text_of(sig(SIGSEGV, SI_KERNEL, 0, 0, 0, 0, 0)),
			    "--- SIGSEGV {si_signo=SIGSEGV, si_code=SI_KERNEL, si_addr=NULL} ---");
	assert_string_equal(text_of(sig(SIGTERM, SI_KERNEL, 0, 0, 0, 0, 0)),
			    "--- SIGTERM {si_signo=SIGTERM, si_code=SI_KERNEL} ---");
	/* a code no name has, on a signal with no fields of its own */
	assert_string_equal(text_of(sig(SIGUSR1, 77, 0, 0, 0, 0, 0)),
			    "--- SIGUSR1 {si_signo=SIGUSR1, si_code=77} ---");
	(void)state;
}

static void test_names(void **state)
{
	char buf[16];

	assert_string_equal(scsig__name(SIGCHLD, buf, sizeof(buf)), "SIGCHLD");
	assert_string_equal(scsig__name(32, buf, sizeof(buf)), "SIGRTMIN");
	assert_string_equal(scsig__name(35, buf, sizeof(buf)), "SIGRT_3");
	assert_string_equal(scsig__name(99, buf, sizeof(buf)), "SIG99");
	assert_string_equal(scsig__code_name(SIGSEGV, SEGV_ACCERR), "SEGV_ACCERR");
	assert_string_equal(scsig__code_name(SIGCHLD, 1), "CLD_EXITED");
	assert_null(scsig__code_name(SIGUSR1, 1));
	assert_int_equal(scsig__parse("SIGUSR1"), SIGUSR1);
	assert_int_equal(scsig__parse("usr2"), SIGUSR2);
	assert_int_equal(scsig__parse("17"), SIGCHLD);
	assert_int_equal(scsig__parse("SIGRT_3"), 35);
	assert_int_equal(scsig__parse("NOPE"), 0);
	assert_int_equal(scsig__parse("65"), 0);
	(void)state;
}

static void test_exits(void **state)
{
	char buf[64], small[8];

	scsig__exit(buf, sizeof(buf), 3 << 8);
	assert_string_equal(buf, "+++ exited with 3 +++");
	scsig__exit(buf, sizeof(buf), 0);
	assert_string_equal(buf, "+++ exited with 0 +++");
	scsig__exit(buf, sizeof(buf), SIGUSR1);
	assert_string_equal(buf, "+++ killed by SIGUSR1 +++");
	scsig__exit(buf, sizeof(buf), SIGSEGV | 0x80);
	assert_string_equal(buf, "+++ killed by SIGSEGV (core dumped) +++");
	/* cut at the buffer's end, never past it */
	assert_int_equal(scsig__exit(small, sizeof(small), SIGSEGV | 0x80), 7);
	assert_string_equal(small, "+++ kil");
	(void)state;
}

static void test_json(void **state)
{
	struct sysrec_signal s = sig(SIGCHLD, CLD_KILLED, 8, 0, SIGUSR1, 0, 0);
	char *text;
	size_t len;
	FILE *out = open_memstream(&text, &len);
	struct jsonw *w = jsonw__new(out, false);

	jsonw__start_object(w);
	scsig__json_signal(w, &s);
	jsonw__end_object(w);
	jsonw__start_object(w);
	scsig__json_exit(w, SIGSEGV | 0x80);
	jsonw__end_object(w);
	jsonw__free(w);
	fclose(out);
	assert_string_equal(
		text,
		"{\"signo\":17,\"signal\":\"SIGCHLD\",\"si_code\":2,"
		"\"si_code_name\":\"CLD_KILLED\",\"si_errno\":0,\"si_pid\":8,\"si_uid\":0,"
		"\"si_status\":10,\"si_status_signal\":\"SIGUSR1\",\"si_utime\":0,"
		"\"si_stime\":0}\n"
		"{\"status\":139,\"signo\":11,\"signal\":\"SIGSEGV\",\"core_dumped\":true}\n");
	free(text);
	(void)state;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sent_by_tasks),
		cmocka_unit_test(test_children),
		cmocka_unit_test(test_faults_and_kernel),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_exits),
		cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
