#!/usr/bin/env bash
# record: a ring that wraps many times, its records written to the file by spans straight from
# the ring (pieces cut at the ring's end): stock perf reads every sample whole, the same
# payloads in the same order as perf-bpf script, and samples + lost == emitted
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "stock perf not installed"
n=300000
cp "$(workload getppid-loop)" "$T/lossload"
"$PERF_BPF" compile "$TOP/tests/fixtures/bpf/loss-count.c" -o "$T/loss.o" >"$T/err" 2>&1 ||
	fail "compile: $(cat "$T/err")"

# 64 pages: spans of up to a quarter ring (64 KiB), 30 MB through it
"$PERF_BPF" record -m 64 -o "$T/spans.data" -e "$T/loss.o" -- "$T/lossload" $n 2>"$T/err" ||
	fail "record failed: $(cat "$T/err")"
lost=$(sed -n 's/^Warning: \([0-9]*\) samples lost.*/\1/p' "$T/err")
lost=${lost:-0}

# cpu and seq (the payload's second u64) of each sample, in the order each tool prints them
hex='function hex(h) { h = tolower(h); return 16 * (index("0123456789abcdef", substr(h, 1, 1)) - 1) + index("0123456789abcdef", substr(h, 2, 1)) - 1 }'
"$PERF_BPF" script --json -i "$T/spans.data" 2>"$T/serr" | awk -F'"' "$hex"'
	/"type":"sample"/ {
		for (i = 1; i < NF; i++) {
			if ($i == "cpu") cpu = substr($(i + 1), 2) + 0
			if ($i == "raw") raw = $(i + 2)
		}
		seq = 0
		for (b = 7; b >= 0; b--) seq = seq * 256 + hex(substr(raw, 17 + 2 * b, 2))
		print cpu, seq }' >"$T/ours"
perf script -i "$T/spans.data" 2>"$T/perr" | awk "$hex"'
	/ \[[0-9]+\] / { match($0, / \[[0-9]+\] /); cpu = substr($0, RSTART + 2, RLENGTH - 4) + 0 }
	/^ *0008: / { seq = 0; for (b = 9; b >= 2; b--) seq = seq * 256 + hex($b)
		print cpu, seq }' >"$T/perfs"
got=$(wc -l <"$T/ours")
echo "emitted $n, in the file $got, reported lost $lost"
expect_eq "samples in the file + lost" $n $((got + lost))
expect_eq "samples read by perf script" "$got" "$(wc -l <"$T/perfs")"
cmp -s "$T/ours" "$T/perfs" || fail "perf script reads other payloads: $(diff "$T/ours" "$T/perfs" | head -n 4)"
# each CPU's running count only grows: no record doubled, none torn
awk '{ if ($1 in last && $2 <= last[$1]) { print; exit 1 } last[$1] = $2 }' "$T/ours" ||
	fail "a CPU's count goes back"
perf report --stats -i "$T/spans.data" >"$T/stats" 2>&1 || fail "perf report --stats: $(tail -n 2 "$T/stats")"
wait_prog_gone loss_getppid || fail "loss_getppid still loaded"
exit 0
