#!/usr/bin/env bash
# script: a recording killed at any byte reads back up to its last flush, in perf-bpf script and stock perf script and report --stats alike
source "$(dirname "$0")/lib.sh"
need_root
need_testbuild
command -v python3 >/dev/null || skip "no python3 (to rebuild the files a kill leaves)"

cd "$T" || fail "no temp dir"
# 30000 samples: more than one 1 MiB buffer, so headers are written in the middle too
PERF_BPF_TEST_COMMITS=$T/commits "$PERF_BPF_TESTBUILD" record -o full.data -e sched:sched_process_exec \
	-e "$TOP/tests/fixtures/script/umask-hi.c" -- "$(workload umask-loop)" 30000 >record.log 2>&1 ||
	fail "perf-bpf record exited $?: $(cat record.log)"
size=$(stat -c %s full.data)
all=$("$PERF_BPF" script -i full.data | grep -ac ' __bpf_stdout__: ')
expect_eq "samples in the whole file" 30000 "$all"
[ $(($(stat -c %s commits) / 112)) -ge 4 ] || fail "fewer than 4 headers written"
prev=0 middle=0
for i in $(seq 2 2 30); do
	cut=$((size * i / 30 - (i < 30 ? i % 7 : 0)))
	cut_as_killed full.data commits "$cut" cut.data
	if ! "$PERF_BPF" script -i cut.data >ours 2>err; then
		# a file killed before its first header names nothing
		grep -q "not a perf.data file" err || fail "cut at $cut: perf-bpf script exited ($(cat err))"
		[ "$prev" = 0 ] || fail "cut at $cut: unreadable after a readable shorter cut"
		continue
	fi
	grep -q "ends inside a record" err && fail "cut at $cut: the data ends inside a record"
	n=$(grep -ac ' __bpf_stdout__: ' ours)
	[ "$n" -ge "$prev" ] || fail "cut at $cut: $n samples, fewer than a shorter cut's $prev"
	[ "$n" -gt 0 ] && [ "$n" -lt 30000 ] && middle=$((middle + 1))
	prev=$n
	if command -v perf >/dev/null; then
		perf script -i cut.data >theirs 2>perr || fail "cut at $cut: perf script exited $? ($(cat perr))"
		diff -q theirs ours >/dev/null || fail "cut at $cut: output differs from perf script"
		expect_eq "cut at $cut: report --stats samples" "$n" \
			"$(report_samples cut.data __bpf_stdout__)"
	fi
done
expect_eq "samples in the last cut (the whole file)" 30000 "$prev"
[ "$middle" -gt 0 ] || fail "no cut between the first and the last header read part of the samples"
exit 0
