#!/usr/bin/env bash
# record -o -: the workload's stdout goes to stderr, as perf record's does, never into the
# perf.data stream on stdout; written to a file, the workload keeps its stdout
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
HELLO=$TOP/examples/hello.c
WORK='echo hello from the workload | tr a-z A-Z; sleep 0.1'

"$PERF_BPF" record -q -o - -e "$HELLO" -- sh -c "$WORK" >pipe.data 2>rec.err ||
	fail "record -o - exited $?: $(cat rec.err)"
grep -q '^HELLO FROM THE WORKLOAD$' rec.err || fail "the workload's output is not on stderr: $(cat rec.err)"
grep -q 'HELLO FROM THE WORKLOAD' pipe.data && fail "the workload's output is in the stream"
"$PERF_BPF" script -i - <pipe.data >script.out 2>script.err || fail "script -i - exited $?: $(cat script.err)"
[ -s script.err ] && fail "script -i - warned: $(head -3 script.err)"
grep -q 'Hello, world!' script.out || fail "no sample printed: $(head -3 script.out)"
if command -v perf >/dev/null; then
	perf script -i - <pipe.data >perf.out 2>perf.err || fail "perf script -i - exited $?: $(tail -3 perf.err)"
	grep -q 'Hello, world!' perf.out || fail "perf script printed no sample: $(head -3 perf.out)"
fi

# through a pipe, as the issue's reader does it
"$PERF_BPF" record -q -o - -e "$HELLO" -- sh -c "$WORK" 2>rec2.err | "$PERF_BPF" script -i - >piped.out 2>piped.err
expect_eq "exit codes of record | script" "0 0" "${PIPESTATUS[*]}"
[ -s piped.err ] && fail "script of the pipe warned: $(head -3 piped.err)"
grep -q 'Hello, world!' piped.out || fail "no sample through the pipe"

# to a file: the workload's stdout stays where it was
"$PERF_BPF" record -q -o f.data -e "$HELLO" -- sh -c "$WORK" >file.out 2>file.err ||
	fail "record -o f.data exited $?: $(cat file.err)"
grep -q '^HELLO FROM THE WORKLOAD$' file.out || fail "the workload lost its stdout: $(cat file.err)"
exit 0
