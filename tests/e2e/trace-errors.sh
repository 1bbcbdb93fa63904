#!/usr/bin/env bash
# trace: a verifier rejection shows the log and one ERROR line; a compile error names the file
source "$(dirname "$0")/lib.sh"
need_root

fx=$TOP/tests/fixtures/bpf
"$PERF_BPF" trace -e "$fx/verifier-reject.c" -- true >"$T/out" 2>"$T/err"
expect_eq "verifier rejection status" 1 $?
grep -q "invalid mem access 'map_value_or_null'" "$T/err" || fail "no verifier log: $(cat "$T/err")"
grep -q 'verifier-reject.c:[0-9]' "$T/err" || fail "verifier log has no source lines"
grep -q "^ERROR: the BPF verifier rejected a program of '.*verifier-reject.c'" "$T/err" ||
	fail "no ERROR line: $(cat "$T/err")"

"$PERF_BPF" trace -e "$fx/compile-error.c" -- true >"$T/out" 2>"$T/err"
expect_eq "compile error status" 1 $?
grep -q "undeclared_thing" "$T/err" || fail "clang's diagnostics not shown"
grep -q "^ERROR: unable to compile .*compile-error.c" "$T/err" || fail "no ERROR line: $(cat "$T/err")"
grep -q "^Hint: " "$T/err" || fail "no Hint line"

"$PERF_BPF" trace -e nosuchsys:nosuchevent -- true >"$T/out" 2>"$T/err"
expect_eq "unknown tracepoint status" 1 $?
grep -q "^ERROR: unknown tracepoint 'nosuchsys:nosuchevent'" "$T/err" || fail "$(cat "$T/err")"

# no event at all is every system call (perf trace's default); with them off, nothing is left
"$PERF_BPF" trace --no-syscalls -- true >"$T/out" 2>"$T/err"
expect_eq "no event status" 129 $?
