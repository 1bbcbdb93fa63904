#!/usr/bin/env bash
# -p and -t take lists, as perf and strace do (-p A,B; -p 'A B'; -p A -p B): every process (thread) of the list is traced, its system-call lines and its scriptlet's outputs, another process's not; trace and record alike; a pid that does not exist is one ERROR line naming it
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

fx=$TOP/tests/fixtures/bpf/scope-output.c
W=$(workload scope-gated)
CALL=sched_get_priority_max

# gated NAME N: a scope-gated process fed by fifo $T/NAME.in; sets pid_NAME and tid_NAME
# (its second thread, which makes 2N calls to the main thread's N)
gated() {
	local fd
	mkfifo "$T/$1.in"
	exec {fd}<>"$T/$1.in"
	"$W" "$2" <"$T/$1.in" >"$T/$1.out" &
	on_exit "kill $! 2>/dev/null"
	for _ in $(seq 300); do [ -s "$T/$1.out" ] && break; sleep 0.1; done
	read -r "pid_$1" "tid_$1" <"$T/$1.out" || fail "$1 did not start"
}

# go NAME...: each NAME makes its calls in turn; returns once its "done" line is out
go() {
	local name want
	for name; do
		want=$(($(grep -c done "$T/$name.out") + 1))
		echo >"$T/$name.in"
		for _ in $(seq 300); do
			[ "$(grep -c done "$T/$name.out")" = "$want" ] && continue 2
			sleep 0.1
		done
		fail "$name did not make its calls"
	done
}

# until_attached FILE PID: wait for the -v line saying the scriptlet is attached (the
# system-call capture is attached before it)
until_attached() {
	for _ in $(seq 600); do
		grep -q "attached program fd" "$1" && return
		kill -0 "$2" 2>/dev/null || fail "perf-bpf exited: $(cat "$1")"
		sleep 0.1
	done
	fail "the program was not attached: $(cat "$1")"
}

gated a 10     # 10 calls in its main thread, 20 in its second
gated b 7      # 7 and 14
gated noise 5  # another process: none of its calls to be seen

# run NAME CMD...: a perf-bpf command in the background while the three make their calls
run() {
	local name=$1 p
	shift
	"$@" >"$T/$name.json" 2>"$T/$name.err" &
	p=$!
	until_attached "$T/$name.err" "$p"
	go noise a b
	kill -INT "$p"
	wait "$p" || fail "$name exited $? ($(cat "$T/$name.err"))"
}

# counts FILE FIELD: "SYSCALL-LINES SAMPLES" of each of a, b and anyone else, by FIELD
counts() {
	python3 - "$1" "$2" "$CALL" "$3" "$4" <<'PY'
import json, sys
path, field, call, a, b = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
n = {}
for line in open(path):
    j = json.loads(line)
    if j.get("type") == "syscall" and j.get("name") == call:
        kind = 0
    elif j.get("type") == "sample" and j.get("event") == "__bpf_stdout__":
        kind = 1
    else:
        continue
    who = {a: "a", b: "b"}.get(j.get(field), "other")
    n.setdefault(who, [0, 0])[kind] += 1
print(" ".join("%s=%d/%d" % (w, *n.get(w, [0, 0])) for w in ("a", "b", "other")))
PY
}

# the system-call lines and the scriptlet's outputs of both, 30 and 21 calls, none of noise
want_p="a=30/30 b=21/21 other=0/0"
run comma "$PERF_BPF" trace -v --json -e $CALL --ev "$fx" -p "$pid_a,$pid_b"
expect_eq "-p A,B: lines/outputs by pid" "$want_p" "$(counts "$T/comma.json" pid "$pid_a" "$pid_b")"
run space "$PERF_BPF" trace -v --json -e $CALL --ev "$fx" -p "$pid_a $pid_b"
expect_eq "-p 'A B': lines/outputs by pid" "$want_p" "$(counts "$T/space.json" pid "$pid_a" "$pid_b")"
run twice "$PERF_BPF" trace -v --json -e $CALL --ev "$fx" -p "$pid_a" --pid="$pid_b" -p "$pid_a"
expect_eq "-p A --pid=B -p A: lines/outputs by pid" "$want_p" \
	"$(counts "$T/twice.json" pid "$pid_a" "$pid_b")"

# -t: the second threads alone, 20 and 14 calls
run tids "$PERF_BPF" trace -v --json -e $CALL --ev "$fx" -t "$tid_a,$tid_b"
expect_eq "-t A,B: lines/outputs by tid" "a=20/20 b=14/14 other=0/0" \
	"$(counts "$T/tids.json" tid "$tid_a" "$tid_b")"

# record -p A,B: the outputs of both in perf.data
run rec "$PERF_BPF" record -v -o "$T/p.data" -e "$fx" -p "$pid_a,$pid_b"
"$PERF_BPF" script --json -i "$T/p.data" >"$T/rec.json" 2>"$T/script.err" ||
	fail "script: $(cat "$T/script.err")"
expect_eq "record -p A,B: outputs by pid" "a=0/30 b=0/21 other=0/0" \
	"$(counts "$T/rec.json" pid "$pid_a" "$pid_b")"

# a pid that does not exist: one ERROR line that names it, a non-zero exit, nothing traced
gone=4194000
while [ -e "/proc/$gone" ]; do gone=$((gone - 1)); done
rc=0
"$PERF_BPF" trace -e $CALL -p "$pid_a,$gone" >"$T/gone.out" 2>"$T/gone.err" || rc=$?
[ $rc != 0 ] || fail "-p A,$gone exited 0"
expect_eq "-p A,$gone: ERROR lines" 1 "$(grep -c '^ERROR:' "$T/gone.err")"
grep -q "^ERROR: .*$gone" "$T/gone.err" || fail "the ERROR does not name $gone: $(cat "$T/gone.err")"
rc=0
"$PERF_BPF" trace -e $CALL -t "$gone" >"$T/gone.out" 2>"$T/gone.err" || rc=$?
[ $rc != 0 ] && grep -q "^ERROR: .*thread $gone" "$T/gone.err" ||
	fail "-t $gone: exit $rc, $(cat "$T/gone.err")"
echo ok
