#!/usr/bin/env bash
# trace/record: a stop signal during the maps' print at the end of a run (a million entries,
# seconds of work) ends the print at once with what was printed, and the run exits as usual.
# The signal comes from the run's own program, at its 1000th read of a map element once the
# map is full: always while the print reads the map (before, INT was ignored until the
# million entries were printed, then killed the process).
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
cp "$(workload getppid-loop)" stopper || fail "no workload"
FIX=$TOP/tests/fixtures/bpf/maps-stop.c
CUT="^Warning: the maps were not all printed: stopped by a signal$"

# 1. trace: nothing more printed once the signal came, exit status 0
"$PERF_BPF" trace -o trace.out -e "$FIX" -- ./stopper 1 2>trace.err ||
	fail "trace exited $?: $(cat trace.err)"
expect_match "trace's warning" "$CUT" "$(cat trace.err)"
n=$(grep -c '^@big\[' trace.out)
[ "$n" -le 1000 ] || fail "trace printed $n entries: more than were read before the stop"

# 2. record: the file closed whole, with what was read of the maps
"$PERF_BPF" record -o stop.data -e "$FIX" -- ./stopper 1 2>record.err ||
	fail "record exited $?: $(cat record.err)"
expect_match "record's warning" "$CUT" "$(grep '^Warning' record.err)"
"$PERF_BPF" script -i stop.data >script.out 2>script.err || fail "script exited $?: $(cat script.err)"
[ -s script.err ] && fail "script: $(cat script.err)"
n=$(grep -c '^@big\[' script.out)
[ "$n" -le 1000 ] || fail "the file keeps $n entries: more than were read before the stop"
exit 0
