#!/usr/bin/env bash
# record -q: nothing on stdout or stderr but errors; the file is written all the same.
source "$(dirname "$0")/lib.sh"
need_root
"$PERF_BPF" record -q -o "$T/q.data" -e "$TOP/examples/hello.c" -- sleep 0.1 >"$T/out" 2>"$T/err" ||
	fail "record -q exited $?: $(cat "$T/err")"
expect_eq "stdout of record -q" "" "$(cat "$T/out")"
expect_eq "stderr of record -q" "" "$(cat "$T/err")"
"$PERF_BPF" script -i "$T/q.data" | grep -q 'BPF string: "Hello, world!"' ||
	fail "the quiet recording lacks the sample"
# an error still reaches stderr
"$PERF_BPF" record -q -o "$T/no-such-dir/q2.data" -e "$TOP/examples/hello.c" -- true \
	2>"$T/err2" && fail "record -q into a missing directory succeeded"
grep -q '^ERROR: ' "$T/err2" || fail "record -q hid its error: $(cat "$T/err2")"
# without -q the summary line is there
"$PERF_BPF" record -o "$T/v.data" -e "$TOP/examples/hello.c" -- true 2>"$T/err3" >/dev/null
grep -q '^\[ perf-bpf record: Captured and wrote ' "$T/err3" || fail "no summary: $(cat "$T/err3")"
exit 0
