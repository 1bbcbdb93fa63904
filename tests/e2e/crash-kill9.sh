#!/usr/bin/env bash
# crash trials: kill -9 record at random moments of a busy recording; both readers (and perf report --stats) agree, nothing leaks
# CRASH_TRIALS=N sets the number of trials (3 here; `make soak` runs 100).
source "$(dirname "$0")/lib.sh"
need_root
trials=${CRASH_TRIALS:-3}
prog=crash_getppid
dyn=/sys/kernel/tracing/dynamic_events
have_perf=0
command -v perf >/dev/null && have_perf=1

# Compile once: the trials kill a recorder, not a compiler.
"$PERF_BPF" compile "$TOP/tests/crash/crash-getppid.c" -o "$T/prog.o" >"$T/err" 2>&1 ||
	fail "compile: $(cat "$T/err")"
wait_prog_gone $prog || fail "a program named $prog is still loaded, from an earlier run"

"$(workload getppid-loop)" 100000000000 &
busy=$!
on_exit "kill $busy 2>/dev/null"

# trial N: start a recorder, kill -9 it DELAY ms after its file has appeared, check.
trial() {
	local i=$1 data=$T/trial.data rec delay ids n m s lost=0 pid_events
	rm -f "$data"
	"$PERF_BPF" record -a -o "$data" -e "$T/prog.o" >"$T/rec.out" 2>&1 &
	rec=$!
	for _ in $(seq 200); do # until the header is on disk (or the recorder gave up)
		[ -s "$data" ] && break
		kill -0 $rec 2>/dev/null || break
		sleep 0.02
	done
	kill -0 $rec 2>/dev/null || fail "trial $i: record exited early: $(cat "$T/rec.out")"
	delay=$((RANDOM % 1500))
	sleep "$(printf '0.%03d' "$delay")"
	ids=$(bpf_progs | sed -n "s/^\([0-9]*\): .* name $prog .*/\1/p")
	kill -9 $rec
	wait $rec 2>/dev/null

	"$PERF_BPF" script -i "$data" >"$T/ours" 2>"$T/err" ||
		fail "trial $i (${delay} ms): perf-bpf script failed: $(cat "$T/err")"
	n=$(grep -c 'crash-trial' "$T/ours")
	if [ $have_perf = 1 ]; then
		# perf script's own status: grep -c exits 1 on a file killed before its first sample
		perf script -i "$data" >"$T/theirs" 2>"$T/perr" ||
			fail "trial $i (${delay} ms): perf script failed: $(cat "$T/perr")"
		m=$(grep -c 'crash-trial' "$T/theirs")
		[ "$n" = "$m" ] || fail "trial $i (${delay} ms): perf-bpf script read $n samples, perf script $m"
		# not every sample has a BPF string line (the kernel's padding bytes vary): count them all
		s=$(grep -ac ' __bpf_stdout__: ' "$T/ours")
		m=$(report_samples "$data" __bpf_stdout__)
		[ "$s" = "$m" ] || fail "trial $i (${delay} ms): perf-bpf script read $s samples, perf report --stats $m"
	fi

	wait_prog_gone $prog || fail "trial $i (${delay} ms): program $prog outlived kill -9"
	for id in $ids; do
		bpftool_show link | grep -q "prog $id\b" &&
			fail "trial $i: a link to program $id outlived kill -9"
		bpftool_show perf | grep -q "prog_id $id\b" &&
			fail "trial $i: a perf event holding program $id outlived kill -9"
	done
	pid_events=$(grep -c "__$rec " "$dyn" 2>/dev/null)
	[ "${pid_events:-0}" = 0 ] || fail "trial $i: probe events of pid $rec left in $dyn"
	echo "trial $i: killed after ${delay} ms, $n samples read by both readers"
	total=$((total + n))
}

total=0
dyn_before=$(grep -c perf_bpf_probe "$dyn" 2>/dev/null)
for i in $(seq "$trials"); do
	trial "$i"
done
[ "$total" -gt 0 ] || fail "no trial recorded a sample"
dyn_after=$(grep -c perf_bpf_probe "$dyn" 2>/dev/null)
echo "$trials trials, $total samples; perf_bpf_probe dynamic events before $dyn_before, after $dyn_after"
exit 0
