#!/usr/bin/env bash
# loss: trace with a 1-page ring and a slow reader: samples printed + lost reported == emitted
source "$(dirname "$0")/lib.sh"
need_root
n=200000
# The program emits once per getppid of a task named lossload: this copy of the workload.
cp "$(workload getppid-loop)" "$T/lossload"
"$PERF_BPF" compile "$TOP/tests/fixtures/bpf/loss-count.c" -o "$T/loss.o" >"$T/err" 2>&1 ||
	fail "compile: $(cat "$T/err")"

# stdout is a pipe nobody reads for a second: perf-bpf blocks on it and the ring overflows.
got=$("$PERF_BPF" trace -m 1 -e "$T/loss.o" -- "$T/lossload" $n 2>"$T/err" |
	(sleep 1; cat) | grep -c lossseq)
lost=$(sed -n 's/^Warning: \([0-9]*\) samples lost.*/\1/p' "$T/err")
[ -n "$lost" ] || fail "no loss reported under overload: $(cat "$T/err")"
echo "emitted $n, printed $got, reported lost $lost"
[ "$got" -gt 0 ] || fail "nothing printed"
expect_eq "printed + lost" $n $((got + lost))

# Without overload nothing is lost and nothing is reported.
got=$("$PERF_BPF" trace -e "$T/loss.o" -- "$T/lossload" 1000 2>"$T/err" | grep -c lossseq)
expect_eq "printed without overload" 1000 "$got"
grep -q 'samples lost' "$T/err" && fail "loss reported without overload: $(cat "$T/err")"
wait_prog_gone loss_getppid || fail "loss_getppid still loaded"
exit 0
