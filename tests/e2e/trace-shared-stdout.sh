#!/usr/bin/env bash
# trace: two scriptlets with their own __bpf_stdout__ share one bpf-output event
source "$(dirname "$0")/lib.sh"
need_root

fx=$TOP/tests/fixtures/bpf
"$PERF_BPF" -v trace -e "$fx/getppid-hello.c" -e "$fx/other.c" -- "$(workload getppid-loop)" 3 \
	>"$T/out" 2>"$T/err" || fail "trace exited $? ($(cat "$T/err"))"
expect_eq "hello outputs" 3 "$(grep -c 'BPF string: "hello"' "$T/out")"
expect_eq "other outputs" 3 "$(grep -c 'BPF string: "other"' "$T/out")"
# one event for both: every sample line names __bpf_stdout__, and only one such event exists
expect_eq "sample lines" 6 "$(grep -c ' __bpf_stdout__: ' "$T/out")"
"$PERF_BPF" trace --json -e "$fx/getppid-hello.c" -e "$fx/other.c" -- "$(workload getppid-loop)" 2 \
	>"$T/json" 2>"$T/err" || fail "trace --json exited $?"
expect_eq "json lines (the header, 4 samples)" 5 "$(wc -l <"$T/json")"
expect_eq "samples" 4 "$(grep -c '^{"type":"sample"' "$T/json")"
while IFS= read -r line; do
	printf '%s\n' "$line" | python3 -m json.tool >/dev/null || fail "not JSON: $line"
done <"$T/json"
