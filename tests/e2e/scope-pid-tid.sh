#!/usr/bin/env bash
# -p and -t scope every event to the target as perf does: tracepoint samples of each of -p's threads (per-task events), bpf-output samples of the target only (dropped in user space, counted in -v), with another process calling the traced syscall (one no other test makes) alongside
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

fx=$TOP/tests/fixtures/bpf/scope-output.c
W=$(workload scope-gated)
TP=syscalls:sys_enter_sched_get_priority_max

# gated NAME N: a scope-gated process fed by fifo $T/NAME.in (fd in gate_NAME); sets
# pid_NAME and tid_NAME (its second thread)
gated() {
	local fd
	mkfifo "$T/$1.in"
	exec {fd}<>"$T/$1.in"
	"$W" "$2" <"$T/$1.in" >"$T/$1.out" &
	on_exit "kill $! 2>/dev/null"
	eval "gate_$1=$fd"
	for _ in $(seq 100); do [ -s "$T/$1.out" ] && break; sleep 0.1; done
	read -r "pid_$1" "tid_$1" <"$T/$1.out" || fail "$1 did not start"
}

# go NAME...: let each NAME make its calls in turn, and wait until it has (a program, so
# that stock perf can run it as the workload bounding its -p recording)
cat >"$T/go" <<'EOS'
#!/usr/bin/env bash
dir=$1
shift
for name; do
	want=$(($(grep -c done "$dir/$name.out") + 1))
	echo >"$dir/$name.in"
	for _ in $(seq 300); do
		[ "$(grep -c done "$dir/$name.out")" = "$want" ] && continue 2
		sleep 0.1
	done
	echo "$name did not make its calls" >&2
	exit 1
done
EOS
chmod +x "$T/go"
go() { "$T/go" "$T" "$@" || fail "the workloads did not make their calls"; }

# until_attached FILE PID: wait for the -v line saying the program is attached
until_attached() {
	for _ in $(seq 300); do
		grep -q "attached program fd" "$1" && return
		kill -0 "$2" 2>/dev/null || fail "perf-bpf exited: $(cat "$1")"
		sleep 0.1
	done
	fail "the program was not attached: $(cat "$1")"
}

pid_target='' tid_target=''
gated target 10 # 10 calls in its main thread, 20 in its second thread
gated noise 5   # another process: 5 + 10 calls, none to be seen

# run NAME CMD...: run a perf-bpf command in the background while noise and target call
run() {
	local name=$1 p
	shift
	"$@" >"$T/$name.json" 2>"$T/$name.err" &
	p=$!
	until_attached "$T/$name.err" "$p"
	go noise target
	kill -INT "$p"
	wait "$p" || fail "$name exited $? ($(cat "$T/$name.err"))"
}

# count FILE EVENT PIDFIELD ID: samples of EVENT, and how many were not of ID
count() {
	python3 -c 'import json, sys
n = other = 0
for l in open(sys.argv[1]):
    j = json.loads(l)
    if j.get("type") != "sample" or j.get("event") != sys.argv[2]: continue
    n += 1
    other += j.get(sys.argv[3]) != int(sys.argv[4])
print(n, other)' "$@"
}

# check NAME FIELD ID CALLS: CALLS samples of each kind, all of ID, the noise counted in -v
check() {
	expect_eq "$1: $TP samples (all, not of $2 $3)" "$4 0" "$(count "$T/$1.json" $TP "$2" "$3")"
	expect_eq "$1: __bpf_stdout__ samples (all, not of $2 $3)" "$4 0" \
		"$(count "$T/$1.json" __bpf_stdout__ "$2" "$3")"
	grep -q "^[0-9]* outputs of tasks outside the target not" "$T/$1.err" ||
		fail "$1: the dropped outputs are not counted in -v: $(cat "$T/$1.err")"
}

# trace: -p sees both threads of the process (30 calls), -t the second thread alone (20)
run trace-p "$PERF_BPF" trace -v --json -e "$fx" -p "$pid_target"
check trace-p pid "$pid_target" 30
run trace-t "$PERF_BPF" trace -v --json -e "$fx" -t "$tid_target"
check trace-t tid "$tid_target" 20

# record: the same in perf.data
for opt in p t; do
	if [ $opt = p ]; then id=$pid_target field=pid n=30; else id=$tid_target field=tid n=20; fi
	run rec-$opt "$PERF_BPF" record -v -o "$T/$opt.data" -e "$fx" -$opt "$id"
	"$PERF_BPF" script --json -i "$T/$opt.data" >"$T/rec-$opt.json" 2>"$T/script.err" ||
		fail "script: $(cat "$T/script.err")"
	check rec-$opt $field "$id" $n
done

# stock perf scopes the tracepoint alike
PERF=${PERF:-/usr/bin/perf}
[ -x "$PERF" ] || { echo "ok (no $PERF to compare with)"; exit 0; }
# its events are enabled before its workload starts: the workload makes the calls
"$PERF" record -e $TP -p "$pid_target" -o "$T/stock.data" -- "$T/go" "$T" noise target \
	>"$T/stock.out" 2>"$T/stock.err" || fail "stock perf: $(cat "$T/stock.err")"
expect_eq "stock perf samples of $TP for -p" 30 \
	"$("$PERF" script -i "$T/stock.data" -F pid 2>/dev/null | grep -c "$pid_target")"
expect_eq "stock perf: our -p recording" 30 \
	"$("$PERF" script -i "$T/p.data" -F pid,event 2>/dev/null | grep "$TP" | grep -c "$pid_target")"
echo "ok"
