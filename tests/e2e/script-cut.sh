#!/usr/bin/env bash
# script: a recording killed at any write reads back up to its last flush, in perf-bpf script and stock perf script and report --stats alike
source "$(dirname "$0")/lib.sh"
need_root
command -v python3 >/dev/null || fail "no python3 (to rebuild the files a kill leaves)"

cd "$T" || fail "no temp dir"
# 30000 samples: several buffers, so headers are written in the middle too. The files a kill
# -9 can leave are rebuilt from the writes that reached the disk, in their order.
with_disk_log full.data writes "$PERF_BPF" record -o full.data -e sched:sched_process_exec \
	-e "$TOP/tests/fixtures/script/umask-hi.c" -- "$(workload umask-loop)" 30000 >record.log 2>&1 ||
	fail "perf-bpf record exited $?: $(cat record.log)"
all=$("$PERF_BPF" script -i full.data | grep -ac ' __bpf_stdout__: ')
expect_eq "samples in the whole file" 30000 "$all"
killed_states writes >states || fail "the log of writes does not read"
[ "$(grep -c . states)" -ge 12 ] || fail "fewer than 12 states a kill can leave: $(cat states)"
prev=0 middle=0
while read -r nth part; do
	at="kill after write $nth + $part bytes"
	cut_as_killed writes "$nth" "$part" cut.data || fail "$at: cannot rebuild the file"
	if ! "$PERF_BPF" script -i cut.data >ours 2>err; then
		# a file killed before its first header names nothing
		grep -q "not a perf.data file" err || fail "$at: perf-bpf script exited ($(cat err))"
		[ "$prev" = 0 ] || fail "$at: unreadable after a readable earlier state"
		continue
	fi
	grep -q "ends inside a record" err && fail "$at: the data ends inside a record"
	n=$(grep -ac ' __bpf_stdout__: ' ours)
	[ "$n" -ge "$prev" ] || fail "$at: $n samples, fewer than an earlier state's $prev"
	[ "$n" -gt 0 ] && [ "$n" -lt 30000 ] && middle=$((middle + 1))
	prev=$n
	if command -v perf >/dev/null; then
		perf script -i cut.data >theirs 2>perr || fail "$at: perf script exited $? ($(cat perr))"
		diff -q theirs ours >/dev/null || fail "$at: output differs from perf script"
		expect_eq "$at: report --stats samples" "$n" "$(report_samples cut.data __bpf_stdout__)"
	fi
done <states
cmp -s cut.data full.data || fail "the last state is not the file record left"
expect_eq "samples in the last state (the whole file)" 30000 "$prev"
[ "$middle" -gt 0 ] || fail "no state between the first and the last header read part of the samples"
exit 0
