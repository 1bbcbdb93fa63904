#!/usr/bin/env bash
# script: a perf-bpf recording cut at any point reads back, and both perf-bpf script and stock perf script print the same samples
source "$(dirname "$0")/lib.sh"
need_root

cd "$T" || fail "no temp dir"
"$PERF_BPF" record -o full.data -e sched:sched_process_exec -e "$TOP/tests/fixtures/script/umask-hi.c" \
	-- "$(workload umask-loop)" 3000 >record.log 2>&1 || fail "perf-bpf record exited $?: $(cat record.log)"
size=$(stat -c %s full.data)
all=$("$PERF_BPF" script -i full.data | grep -c 'BPF string: "hi umask"')
expect_eq "samples in the whole file" 3000 "$all"
prev=0
for i in $(seq 1 29); do
	cut=$((size * i / 30 + i % 7))
	head -c "$cut" full.data >cut.data
	"$PERF_BPF" script -i cut.data >ours 2>err || fail "cut at $cut: perf-bpf script exited $? ($(cat err))"
	n=$(grep -c 'BPF string: "hi umask"' ours)
	[ "$n" -ge "$prev" ] || fail "cut at $cut: $n samples, fewer than a shorter cut's $prev"
	prev=$n
	if command -v perf >/dev/null; then
		if ! perf script -i cut.data >theirs 2>perr; then
			# perf gives up on a file cut inside its header records: nothing was recorded yet
			[ "$n" = 0 ] || fail "cut at $cut: perf script failed ($(cat perr)) on $n samples"
			continue
		fi
		diff -q theirs ours >/dev/null || fail "cut at $cut: output differs from perf script"
	fi
done
[ "$prev" -gt 2000 ] || fail "a file cut at 97% shows only $prev of 3000 samples"
exit 0
