#!/usr/bin/env bash
# The time of day on the system-call lines: -F +tod (perf script's date and time, then the relative time), -F tod, strace's -tt (HH:MM:SS.uuuuuu), -ttt (epoch seconds, us) and --timestamps=unix,ns, each in its format and within the run's start and end by the wall clock; -T stays perf's; JSON keeps its numeric times
source "$(dirname "$0")/lib.sh"
need_root
W=$(workload getppid-loop)
[ -x "$W" ] || fail "build the tests first: no $W"
export TZ=UTC

# run NAME ARGS...: trace ARGS of 20 getppid calls into $T/NAME, the wall clock around it
# in $T/NAME.span ("START END", epoch seconds)
run() {
	local name=$1 start
	shift
	start=$(date +%s.%N)
	"$PERF_BPF" trace "$@" -e getppid -o "$T/$name" -- "$W" 20 >/dev/null 2>"$T/$name.err" ||
		fail "trace $* exited $?: $(tail -n 3 "$T/$name.err")"
	echo "$start $(date +%s.%N)" >"$T/$name.span"
	expect_eq "$name: getppid lines" 20 "$(grep -c ' getppid()' "$T/$name")"
}

# check NAME REGEX: every getppid line begins as REGEX says; the times, read by python's
# format of that kind (FMT), are within the run's span (a second of slack for whole seconds)
check() {
	local name=$1 regex=$2 kind=$3 bad
	bad=$(grep ' getppid()' "$T/$name" | grep -Ev "$regex" | head -n 1)
	[ -z "$bad" ] || fail "$name: '$bad' does not begin as /$regex/"
	python3 - "$T/$name" "$kind" $(cat "$T/$name.span") <<'PY' || fail "$name: times off the run"
import datetime, sys
path, kind, start, end = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
day = datetime.datetime.fromtimestamp(start, datetime.timezone.utc)
for line in open(path):
    if " getppid()" not in line:
        continue
    w = line.split()
    if kind == "unix":
        t = float(w[0])
    elif kind == "tod":
        t = datetime.datetime.strptime(w[0] + " " + w[1], "%Y-%m-%d %H:%M:%S.%f").replace(
            tzinfo=datetime.timezone.utc).timestamp()
    else:  # the time of day: on the start's day, or the next one past midnight
        h, m, s = w[0].split(":")
        t = day.replace(hour=int(h), minute=int(m), second=0, microsecond=0).timestamp() + float(s)
        if t < start - 1:
            t += 86400
    slack = 1 if kind == "time-s" else 0.001
    if not start - slack <= t <= end + slack:
        sys.exit("%s: %f not within %f .. %f" % (line.strip(), t, start, end))
PY
}

run tod -F +tod
check tod '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} +[0-9]+\.[0-9]{3} \( *[0-9.]+ ms\): ' tod
run tod-only -F tod
check tod-only '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} \( *[0-9.]+ ms\): ' tod
run tt -tt
check tt '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} \( *[0-9.]+ ms\): ' time
run ttt -ttt
check ttt '^[0-9]{10,}\.[0-9]{6} \( *[0-9.]+ ms\): ' unix
run ns --timestamps=unix,ns
check ns '^[0-9]{10,}\.[0-9]{9} \( *[0-9.]+ ms\): ' unix
run t --timestamps
check t '^[0-9]{2}:[0-9]{2}:[0-9]{2} \( *[0-9.]+ ms\): ' time-s
run ms --timestamps=format:time,precision:ms
check ms '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3} \( *[0-9.]+ ms\): ' time

# strace's own -tt and -ttt: the same shape at the head of the line
if command -v strace >/dev/null; then
	strace -tt -e trace=getppid -o "$T/strace-tt" "$W" 1 >/dev/null
	grep -Eq '^[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6} getppid\(\)' "$T/strace-tt" ||
		fail "strace -tt prints otherwise: $(cat "$T/strace-tt")"
	strace -ttt -e trace=getppid -o "$T/strace-ttt" "$W" 1 >/dev/null
	grep -Eq '^[0-9]{10,}\.[0-9]{6} getppid\(\)' "$T/strace-ttt" ||
		fail "strace -ttt prints otherwise: $(cat "$T/strace-ttt")"
fi

# JSON: the times stay numbers
"$PERF_BPF" trace --json -ttt -e getppid -- "$W" 3 2>/dev/null | python3 -c '
import json, sys
calls = [j for j in map(json.loads, sys.stdin) if j.get("type") == "syscall"]
assert len(calls) == 3 and all(isinstance(j["time"], int) for j in calls), calls' ||
	fail "JSON -ttt: the times are no numbers"
echo ok
