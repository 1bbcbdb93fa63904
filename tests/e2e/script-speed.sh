#!/usr/bin/env bash
# script: a 1M-sample bpf-output file prints as stock perf script prints it (the speed of
# both is printed here and measured in bench/, never asserted in a test)
source "$(dirname "$0")/lib.sh"
command -v perf >/dev/null || skip "no stock perf to compare with"
ldd "$PERF_BPF" 2>/dev/null | grep -q libasan && skip "a sanitized build: its timings mean nothing"

N=${SCRIPT_SPEED_SAMPLES:-1000000}
python3 "$TOP/tests/fixtures/script/mkperfdata.py" big "$T/big.data" "$N" || fail "cannot build the file"
TIMEFORMAT='%U %S'
cpu() { # command...: user+sys seconds
	local t
	t=$({ time "$@" >/dev/null 2>&1; } 2>&1) || return 1
	awk '{ printf "%.3f\n", $1 + $2 }' <<<"$t"
}
ours=$(cpu "$PERF_BPF" script -i "$T/big.data") || fail "perf-bpf script failed"
theirs=$(cpu perf script -i "$T/big.data") || fail "perf script failed"
ratio=$(awk -v a="$theirs" -v b="$ours" 'BEGIN { printf "%.1f", a / (b > 0.001 ? b : 0.001) }')
echo "$N samples: perf script ${theirs}s, perf-bpf script ${ours}s CPU: ${ratio}x"
a=$("$PERF_BPF" script -i "$T/big.data" | md5sum)
b=$(perf script -i "$T/big.data" 2>/dev/null | md5sum)
expect_eq "output of both" "$b" "$a"
exit 0
