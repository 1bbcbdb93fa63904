#!/usr/bin/env bash
# record: an exit-time map dump past 1 MiB (30,000 hash entries) leaves a file stock perf script
# and perf report --stats read, and perf-bpf script prints every entry of it: no record is
# split by the buffer's flush and the index written after it
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf"
cd "$T" || fail "no temp dir"

"$PERF_BPF" record -e "$TOP/tests/fixtures/bpf/map-30k.c" -o big.data -- \
	"$(workload getppid-loop)" 30000 >rec.out 2>rec.err || fail "record exited $?: $(tail -3 rec.err)"
[ "$(stat -c %s big.data)" -gt $((1024 * 1024)) ] || fail "the file is below 1 MiB: $(stat -c %s big.data)"
perf script -i big.data >perf.out 2>perf.err || fail "perf script exited $?: $(tail -3 perf.err)"
report_samples big.data >/dev/null
"$PERF_BPF" script -i big.data >ours.out 2>ours.err || fail "perf-bpf script exited $?: $(cat ours.err)"
[ -s ours.err ] && fail "perf-bpf script warned: $(head -3 ours.err)"
# one entry per getppid, numbered: the workload's 30,000 are there (and maybe a few more of
# other getppid calls while the maps were read)
expect_eq "map entries 0 to 29999 printed" 30000 \
	"$(sed -n 's/^@many\[n=\([0-9]*\) .*/\1/p' ours.out | awk '$1 < 30000' | sort -u | wc -l)"
exit 0
