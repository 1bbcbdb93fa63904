#!/usr/bin/env bash
# record -F FREQ / -F max / -c PERIOD reach the counters (and plain tracepoints, as perf's),
# an event's own period= wins, -F with -c and bad values are refused; record with no -e
# samples the event stock perf record samples by default (cycles, or cpu-clock with no PMU)
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf"

# attr_of FILE EVENT: the event's attr as stock perf evlist -v prints it
attr_of() { perf evlist -v -i "$1" 2>/dev/null | grep "^$2: "; }

record() { # record NAME ARGS...: a recording of true, to $T/NAME.data
	local name=$1
	shift
	"$PERF_BPF" record -q -o "$T/$name.data" "$@" >"$T/$name.out" 2>&1 ||
		fail "record $* exited $? ($(cat "$T/$name.out"))"
}

record f99 -F 99 -e cpu-clock -- true
expect_match "-F 99" 'sample_freq \}: 99,.* freq: 1,' "$(attr_of "$T/f99.data" cpu-clock)"
record c -c 100000 -e cpu-clock -- true
a=$(attr_of "$T/c.data" cpu-clock)
expect_match "-c 100000" 'sample_freq \}: 100000,' "$a"
[[ "$a" == *" freq: 1"* ]] && fail "-c 100000: the event samples by frequency: $a"
record max -F max -e cpu-clock -- true
expect_match "-F max" "sample_freq \}: $(cat /proc/sys/kernel/perf_event_max_sample_rate),.* freq: 1," \
	"$(attr_of "$T/max.data" cpu-clock)"
record term -F 99 -e cpu-clock/period=12345/ -- true
expect_match "period= over -F" 'sample_freq \}: 12345,' "$(attr_of "$T/term.data" cpu-clock)"
record deflt -e cpu-clock -- true
expect_match "no -F" 'sample_freq \}: 4000,.* freq: 1,' "$(attr_of "$T/deflt.data" cpu-clock)"

# -c on a tracepoint: a sample every 3rd call, 10 of 30
record tp -c 3 -e syscalls:sys_enter_getppid -- "$(workload getppid-loop)" 30
expect_eq "-c 3 on 30 getppid calls: samples" 10 \
	"$("$PERF_BPF" script -i "$T/tp.data" | grep -c 'sys_enter_getppid:')"

for bad in "-F 99 -c 10" "-F 0" "-F fast" "-c 0"; do
	# shellcheck disable=SC2086
	"$PERF_BPF" record $bad -e cpu-clock -o "$T/bad.data" -- true >"$T/out" 2>"$T/err"
	expect_eq "record $bad: status" 129 $?
	expect_match "record $bad: message" '^ERROR: (-F and -c exclude each other|-F wants|-c wants)' \
		"$(head -1 "$T/err")"
	[ -e "$T/bad.data" ] && fail "record $bad made a file"
done

# no -e: the event stock perf picks on this machine, with the callchains -g asks for
perf record -q -o "$T/stock.data" -- true >/dev/null 2>&1 || fail "stock perf record failed"
want=$(perf evlist -i "$T/stock.data" 2>/dev/null | grep -v '^dummy' | head -1 | sed 's/:.*//')
[ -n "$want" ] || fail "stock perf record's default event unknown"
record none -g -- "$(workload getppid-loop)" 100000
a=$(attr_of "$T/none.data" "$want")
[ -n "$a" ] || fail "record with no -e: no $want event in $(perf evlist -i "$T/none.data" 2>&1)"
expect_match "record -g with no -e" 'CALLCHAIN.* freq: 1,' "$a"
"$PERF_BPF" record -v -o "$T/v.data" -- true >"$T/out" 2>&1 || fail "record -v exited $?"
grep -q "no -e: sampling $want" "$T/out" || fail "-v does not say which event: $(cat "$T/out")"
exit 0
