#!/usr/bin/env bash
# record: a recording with no samples is a valid, empty file for both readers
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" record -o "$T/empty.data" -e "$TOP/tests/fixtures/bpf/getppid-hello.c" -- true \
	>/dev/null 2>"$T/err" || fail "record exited $? ($(cat "$T/err"))"
grep -q '(0 samples)' "$T/err" || fail "summary: $(cat "$T/err")"
"$PERF_BPF" script -i "$T/empty.data" >"$T/out" 2>"$T/err" || fail "perf-bpf script: $(cat "$T/err")"
expect_eq "perf-bpf script output" "" "$(cat "$T/out")"
if command -v perf >/dev/null; then
	perf script -i "$T/empty.data" >"$T/out" 2>"$T/err" || fail "perf script: $(cat "$T/err")"
	expect_eq "perf script output" "" "$(cat "$T/out")"
fi
