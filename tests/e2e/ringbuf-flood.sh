#!/usr/bin/env bash
# trace and record under a ring buffer flood: a program refills its ring on every system call
# of the run reading it, so that a reader that empties the ring before it ends a pass never
# ends one (as libbpf's ring_buffer__consume did: SIGINT was never looked at again, and
# trace queued every record until memory ran out). Each run is stopped by SIGINT once it
# has shown a count of records: it must stop, its memory the same after 400,000 more records
# as before them, and say what it left unread; every record the program wrote is accounted for.
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
export PERF_BPF FIXTURE=$TOP/tests/fixtures/bpf/ringbuf-flood.c.in
export AS_KB=$((256 * 1024)) # a run that queued without end would pass it in seconds

# start NAME perf-bpf's arguments...: the run in the background, the program following its
# pid (known before it execs perf-bpf); NAME.pid, NAME.err
start() {
	local name=$1
	shift
	bash -c 'n=$1; shift; echo $$ >"$n.pid"
		sed "s/@PID@/$$/" "$FIXTURE" >"$n.c" && ulimit -v "$AS_KB" &&
		exec "$PERF_BPF" "$@" -e "$n.c"' _ "$name" "$@" 2>"$name.err" &
	for _ in $(seq 100); do
		[ -s "$name.pid" ] && break
		sleep 0.1
	done
	pid=$(cat "$name.pid")
}

# alive PID: still running (a zombie is not)
alive() { [ -e "/proc/$1" ] && ! grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null; }

# wait_until PID CMD...: until CMD succeeds; fails when the run ends first, or after 3 minutes
wait_until() {
	local p=$1
	shift
	for _ in $(seq 1800); do
		"$@" && return 0
		alive "$p" || fail "the run ended before: $(cat ./*.err)"
		sleep 0.1
	done
	fail "the run never got there (3 minutes): $(cat ./*.err)"
}

# stop PID: SIGINT, then its exit status; fails if it has not stopped within 2 minutes
stop() {
	kill -INT "$1"
	for _ in $(seq 1200); do
		alive "$1" || break
		sleep 0.1
	done
	alive "$1" && { kill -KILL "$1"; fail "SIGINT did not stop the run within 2 minutes"; }
	wait "$1"
}

shown() { grep -c ' flood: \(.* \)\?n=' "$1"; }
at_least() { [ "$(shown "$1")" -ge "$2" ]; }
hwm_kb() { awk '/^VmHWM:/ { print $2 }' "/proc/$1/status"; }
written() { sed -n 's/^@written\[0\]: //p' "$1"; }
unread() { sed -n "s/^Warning: \([0-9]*\) records of ring buffer 'flood' lost: not read.*/\1/p" "$1"; }

# 1. trace: the records shown as they come, memory bounded, SIGINT honoured
start trace trace -a -o trace.out
wait_until "$pid" at_least trace.out 200000
hwm1=$(hwm_kb "$pid")
wait_until "$pid" at_least trace.out 600000
hwm2=$(hwm_kb "$pid")
stop "$pid" || fail "trace exited $? after SIGINT: $(cat trace.err)"
# 400,000 records queued would take 25 MiB at the least
[ $((hwm2 - hwm1)) -lt 8192 ] ||
	fail "trace's memory grew by $((hwm2 - hwm1)) KiB over 400,000 records: $hwm1 -> $hwm2"
grep -q 'records lost: they came faster' trace.err && fail "the queue dropped: $(cat trace.err)"
n=$(shown trace.out)
u=$(unread trace.err)
w=$(written trace.out)
[ -n "$u" ] && [ -n "$w" ] || fail "no unread count or no written map: $(cat trace.err)"
# written after the last pass took its records out: at most a ring, 64 Ki records
[ $((n + u)) -le "$w" ] && [ $((w - n - u)) -le 65536 ] ||
	fail "records: $n shown + $u unread, $w written"

# 2. record: the same flood into a file, SIGINT honoured, the file whole
start record record -a -o flood.data
size() { [ "$(stat -c %s flood.data 2>/dev/null || echo 0)" -ge $((32 << 20)) ]; }
wait_until "$pid" size
stop "$pid" || fail "record exited $? after SIGINT: $(cat record.err)"
[ -n "$(unread record.err)" ] || fail "record: no unread count: $(cat record.err)"
"$PERF_BPF" script -i flood.data 2>script.err | grep -c ' flood: \(.* \)\?n=' >script.n
[ -s script.err ] && fail "script: $(cat script.err)"
[ "$(cat script.n)" -ge 100000 ] || fail "record: $(cat script.n) records in the file"
exit 0
