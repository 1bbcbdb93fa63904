#!/usr/bin/env bash
# loss: record with a 1-page ring, stopped for a moment: samples in the file + lost == emitted
source "$(dirname "$0")/lib.sh"
need_root
n=2000000
cp "$(workload getppid-loop)" "$T/lossload"
"$PERF_BPF" compile "$TOP/tests/fixtures/bpf/loss-count.c" -o "$T/loss.o" >"$T/err" 2>&1 ||
	fail "compile: $(cat "$T/err")"

"$PERF_BPF" record -m 1 -o "$T/loss.data" -e "$T/loss.o" -- "$T/lossload" $n 2>"$T/err" &
rec=$!
sleep 0.3
kill -STOP $rec # the writer stops; the workload runs on and the ring overflows
sleep 0.5
kill -CONT $rec
wait $rec || fail "record failed: $(cat "$T/err")"
lost=$(sed -n 's/^Warning: \([0-9]*\) samples lost.*/\1/p' "$T/err")
[ -n "$lost" ] || fail "record reported no loss: $(cat "$T/err")"

got=$("$PERF_BPF" script -i "$T/loss.data" 2>"$T/serr" | grep -c lossseq)
echo "emitted $n, in the file $got, reported lost $lost"
[ "$got" -gt 0 ] || fail "nothing in the file"
expect_eq "samples in the file + lost" $n $((got + lost))
grep -q 'lost [0-9]* chunks' "$T/serr" || fail "perf-bpf script gave no lost warning: $(cat "$T/serr")"

if command -v perf >/dev/null; then
	inlost=$(perf script --show-lost-events -i "$T/loss.data" 2>/dev/null |
		sed -n 's/.*PERF_RECORD_LOST lost \([0-9]*\).*/\1/p' | awk '{ s += $1 } END { print s + 0 }')
	expect_eq "lost in the file, by perf" "$lost" "$inlost"
	pgot=$(perf script -i "$T/loss.data" 2>/dev/null | grep -c lossseq)
	expect_eq "samples read by perf script" "$got" "$pgot"
fi
wait_prog_gone loss_getppid || fail "loss_getppid still loaded"
exit 0
