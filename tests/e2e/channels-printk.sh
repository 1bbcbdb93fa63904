#!/usr/bin/env bash
# trace/record/script: bpf_printk lines in time order with the same program's bpf-output samples,
# and stock perf script prints the recorded file the same; the top-level trace buffer and other
# instances keep their lines
source "$(dirname "$0")/lib.sh"
need_root
need_testbuild
TRACING=/sys/kernel/tracing
[ -d "$TRACING/instances" ] || skip "no tracefs instances"

NAME=chanpk$$
NAME=${NAME:0:15}
cp "$(workload getppid-loop)" "$T/$NAME" || fail "no workload"
W=$T/$NAME # the name the program prints for
PROG=$TOP/tests/fixtures/bpf/printk-order.c
cd "$T" || fail "no temp dir"

# another reader of the event, in an instance of its own, and a marker in the top-level buffer
OTHER=perf-bpf-e2e-other-$$
mkdir "$TRACING/instances/$OTHER" || fail "cannot make instance $OTHER"
on_exit "rmdir '$TRACING/instances/$OTHER'"
echo 1 >"$TRACING/instances/$OTHER/events/bpf_trace/bpf_trace_printk/enable"
MARK="perf-bpf-e2e-mark-$$-$RANDOM"
echo "$MARK" >"$TRACING/trace_marker"

# 1. trace: before N, out N, after N for each of the 5 calls, in that order (N counts the calls
# of every run: compared modulo 10, as the output carries its last digit)
"$PERF_BPF" trace --json -e "$PROG" -- "$W" 5 >trace.json 2>trace.err ||
	fail "trace exited $? ($(cat trace.err))"
[ -s trace.err ] && fail "unexpected stderr: $(cat trace.err)"
python3 - trace.json >seq <<'PY' || fail "bad JSON"
import json, sys
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("type") != "sample":
        continue
    if o["event"] == "bpf_trace:bpf_trace_printk":
        word, n = o["fields"]["bpf_string"].split()
        print(o["comm"], word, int(n) % 10)
    else:
        print(o["comm"], o["event"], o["string"])
PY
first=$(sed -n '1s/.* //p' seq)
for i in 0 1 2 3 4; do
	n=$(((first + i) % 10))
	printf '%s before %s\n%s __bpf_stdout__ out %s\n%s after %s\n' \
		"$NAME" $n "$NAME" $n "$NAME" $n
done >expected
expect_file_eq expected seq

# the other instance saw the same lines, and the top-level buffer still holds its marker
pid=$(python3 -c 'import json,sys; print(next(o["pid"] for o in map(json.loads, open(sys.argv[1])) if o["type"] == "sample"))' trace.json)
expect_eq "lines in the other instance" 10 \
	"$(grep -c "$NAME-$pid .*bpf_trace_printk: \(before\|after\) [0-9]*$" \
		"$TRACING/instances/$OTHER/trace")"
grep -q "$MARK" "$TRACING/trace" || fail "the top-level buffer lost its marker (consumed?)"

# 2. record, then perf-bpf script and stock perf script of the file (no maps at the end:
# stock perf does not print them)
"$PERF_BPF" record -q --no-maps -o pk.data -e "$PROG" -- "$W" 2 2>rec.err || fail "record exited $?"
"$PERF_BPF" script -i pk.data >ours 2>ours.err || fail "script exited $?"
expect_match "first line" \
	"^ +$NAME +[0-9]+ \\[[0-9]{3}\\] +[0-9]+\\.[0-9]{6}: bpf_trace:bpf_trace_printk: before [0-9]+\$" \
	"$(head -n 1 ours)"
expect_eq "printk lines" 4 "$(grep -c 'bpf_trace:bpf_trace_printk: \(before\|after\) [0-9]*$' ours)"
if command -v perf >/dev/null; then
	perf script -i pk.data >theirs 2>theirs.err || fail "perf script exited $?"
	diff -u theirs ours || fail "perf-bpf script differs from perf script"
fi

# 3. lines the instance's buffer could not hold (8 KiB a CPU for 2000 lines, read at the end
# only) are counted exactly
PERF_BPF_TEST_PRINTK_KB=8 PERF_BPF_TEST_CHANNELS_HOLD=1 "$PERF_BPF_TESTBUILD" trace -e "$TOP/tests/fixtures/bpf/printk-flood.c" -- "$W" 1 \
	>flood.out 2>flood.err || fail "trace flood exited $? ($(cat flood.err))"
shown=$(grep -c 'bpf_trace_printk: line [0-9]* of a flood' flood.out)
lost=$(sed -n 's/^Warning: \([0-9]*\) bpf_printk lines lost: .*/\1/p' flood.err)
[ -n "$lost" ] && [ "$lost" -gt 0 ] || fail "no loss reported for 2000 lines in 8 KiB: $(cat flood.err)"
[ "$shown" -gt 0 ] || fail "no line of the flood shown"
expect_eq "lines shown + lost" 2000 $((shown + lost))

# 4. the README's example
"$PERF_BPF" trace -e "$TOP/examples/printk.c" -- sleep 0.1 >ex.out 2>ex.err ||
	fail "trace examples/printk.c exited $? ($(cat ex.err))"
expect_match "example line" \
	'^ +sleep +([0-9]+) \[[0-9]{3}\] +[0-9]+\.[0-9]{6}: +bpf_trace:bpf_trace_printk: sleeping, pid [0-9]+$' \
	"$(cat ex.out)"
exit 0
