#!/usr/bin/env bash
# event maps with -p and -t: -p of a threaded process is refused (perf's multi-thread error), -t of one of its threads and -p of a one-thread process work
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

fx=$TOP/tests/fixtures/bpf/objconf-counter.c
W=$(workload objconf-threads)
clocks=(-e cpu-clock/period=100000000000/ -e task-clock/period=100000000000/)
terms="map:clock.event=cpu-clock,map:tclock.event=task-clock"

# start THREADS: a workload of THREADS threads for 20 s; sets pid and tid (its last thread)
start() {
	"$W" 20 "$1" >"$T/tid.$1" &
	pid=$!
	on_exit "kill $pid 2>/dev/null"
	for _ in $(seq 600); do [ -s "$T/tid.$1" ] && break; sleep 0.1; done
	tid=$(cat "$T/tid.$1")
	[ -n "$tid" ] || fail "the workload did not start"
}

# samples TID FILE: samples of thread TID whose counters were read without error
samples() {
	python3 -c 'import json, struct, sys
tid, n = int(sys.argv[1]), 0
for l in open(sys.argv[2]):
    j = json.loads(l)
    if j.get("event") != "__bpf_stdout__" or j.get("tid") != tid: continue
    e1, a1, b1, e2, a2, b2 = struct.unpack("<qQQqQQ", bytes.fromhex(j["raw"])[:48])
    if e1 == 0 and e2 == 0 and 0 < a1 < b1 and 0 < a2 < b2: n += 1
print(n)' "$1" "$2"
}

start 2
# seed error case 3: -p of a process with two threads
"$PERF_BPF" trace -i "${clocks[@]}" -e "$fx/$terms/" -p "$pid" >"$T/out" 2>"$T/err"
expect_eq "-p threaded status" 1 $?
expect_eq "-p threaded" "ERROR: Apply config to BPF failed: Cannot set event to BPF map in multi-thread tracing" \
	"$(head -1 "$T/err")"
grep -q '^Hint: .*-t TID' "$T/err" || fail "no hint: $(cat "$T/err")"
# without map terms -p of the same process is fine (a short run, stopped by SIGINT)
timeout -s INT 1 "$PERF_BPF" trace -e "$TOP/tests/fixtures/bpf/getppid-hello.c" -p "$pid" \
	>"$T/out" 2>"$T/err"
[ $? = 124 ] || fail "-p without map terms: $(cat "$T/err")"

# -t of its second thread: the counters are read by that thread
timeout -s INT 1 "$PERF_BPF" trace --json -i "${clocks[@]}" -e "$fx/$terms/" -t "$tid" \
	>"$T/t.json" 2>"$T/err"
[ $? = 124 ] || fail "-t: $(cat "$T/err")"
n=$(samples "$tid" "$T/t.json")
[ "$n" -ge 5 ] || fail "-t: $n good samples of thread $tid"

# -p and -t together is a usage error
"$PERF_BPF" trace -e "$fx" -p "$pid" -t "$tid" >"$T/out" 2>"$T/err"
expect_eq "-p with -t status" 129 $?

# -p of a one-thread process
start 1
timeout -s INT 1 "$PERF_BPF" trace --json -i "${clocks[@]}" -e "$fx/$terms/" -p "$pid" \
	>"$T/p.json" 2>"$T/err"
[ $? = 124 ] || fail "-p one thread: $(cat "$T/err")"
n=$(samples "$pid" "$T/p.json")
[ "$n" -ge 5 ] || fail "-p one thread: $n good samples of $pid"
echo "ok"
