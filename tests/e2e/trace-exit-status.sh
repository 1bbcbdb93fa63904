#!/usr/bin/env bash
# trace: the command's exit status is trace's, 128+N when a signal killed it; a missing command is 127
source "$(dirname "$0")/lib.sh"
need_root

hello=$TOP/examples/hello.c
"$PERF_BPF" trace -e "$hello" -- sh -c 'exit 7' >/dev/null 2>&1
expect_eq "exit status" 7 $?
"$PERF_BPF" trace -e "$hello" -- sh -c 'kill -9 $$' >/dev/null 2>&1
expect_eq "killed status" 137 $?
"$PERF_BPF" trace -e "$hello" -- /nonexistent/cmd >/dev/null 2>"$T/err"
expect_eq "missing command status" 127 $?
grep -q "cannot run '/nonexistent/cmd'" "$T/err" || fail "no message for a missing command"
