#!/usr/bin/env bash
# compile: perf's helper headers (<bpf.h> macros, puts() in <stdio.h>) come from perf-bpf when the system has none
source "$(dirname "$0")/lib.sh"
need_root

cat >"$T/uname_puts.c" <<'SRC'
#include <stdio.h>
#include <bpf.h>

int syscall_enter(newuname)(void *args)
{
	puts("from perf-bpf's headers");
	return 0;
}

license(GPL);
SRC
[ -x /bin/uname ] || skip "no /bin/uname to trace"
PERF_BPF_PERF_HEADERS= "$PERF_BPF" trace -e "$T/uname_puts.c" -- /bin/uname >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
grep -q "BPF string: \"from perf-bpf's headers\"" "$T/out" || fail "no output: $(cat "$T/out")"
exit 0
