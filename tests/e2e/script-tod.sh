#!/usr/bin/env bash
# script -F +tod prints the time of day as stock perf script does, byte for byte in any time
# zone, from a recording of perf-bpf (with -k or not) or perf record -k; without clock data
# (perf record without -k) one ERROR and a Hint; trace -F +tod shows the run's times of day
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf"
loop=$(workload getppid-loop)

"$PERF_BPF" record -q -k monotonic -o "$T/k.data" -e syscalls:sys_enter_getppid -e cpu-clock \
	-- "$loop" 3 || fail "record -k exited $?"
for tz in UTC Asia/Kolkata America/St_Johns; do
	TZ=$tz "$PERF_BPF" script -i "$T/k.data" -F +tod >"$T/ours" 2>"$T/err" ||
		fail "script -F +tod exited $? ($(cat "$T/err"))"
	TZ=$tz perf script -i "$T/k.data" -F +tod >"$T/stock" 2>/dev/null ||
		fail "perf script -F +tod exited $?"
	[ "$(grep -c sys_enter_getppid "$T/stock")" = 3 ] || fail "stock perf shows no 3 calls"
	expect_file_eq "$T/stock" "$T/ours"
done
TZ=UTC perf script -i "$T/k.data" -F tod,comm,time >"$T/stock" 2>/dev/null
TZ=UTC "$PERF_BPF" script -i "$T/k.data" -F tod,comm,time >"$T/ours" || fail "-F tod,... exited $?"
expect_file_eq "$T/stock" "$T/ours"
"$PERF_BPF" script -i "$T/k.data" >"$T/plain"
"$PERF_BPF" script -i "$T/k.data" -F +tod,-tod >"$T/ours"
expect_file_eq "$T/plain" "$T/ours"

# no -k: perf-bpf record maps perf's clock too, stock perf script reads it
"$PERF_BPF" record -q -o "$T/p.data" -e syscalls:sys_enter_getppid -- "$loop" 3 || fail "record: $?"
TZ=UTC "$PERF_BPF" script -i "$T/p.data" -F +tod >"$T/ours" 2>"$T/err" ||
	fail "script -F +tod without -k exited $? ($(cat "$T/err"))"
TZ=UTC perf script -i "$T/p.data" -F +tod >"$T/stock" 2>/dev/null
[ "$(grep -c "$(date +%Y-)" "$T/stock")" = 3 ] || fail "stock perf shows no 3 times of day: $(cat "$T/stock")"
expect_file_eq "$T/stock" "$T/ours"

# stock perf record without -k: no clock data
perf record -q -o "$T/nok.data" -e syscalls:sys_enter_getppid -- "$loop" 1 2>/dev/null ||
	fail "perf record failed"
"$PERF_BPF" script -i "$T/nok.data" -F +tod >"$T/out" 2>"$T/err"
expect_eq "script -F +tod with no clock data: status" 1 $?
expect_eq "the ERROR" "ERROR: cannot print the time of day (-F tod): '$T/nok.data' has no clock data" \
	"$(head -1 "$T/err")"
expect_match "the Hint" '^Hint: record it with perf-bpf record, which keeps it, or with perf record -k' "$(sed -n 2p "$T/err")"
expect_eq "lines on stderr" 2 "$(wc -l <"$T/err")"
[ -s "$T/out" ] && fail "samples printed without their time of day: $(head -2 "$T/out")"

# live: the time of day lies within the run
start=$(date +%s)
TZ=UTC "$PERF_BPF" trace -F +tod -e syscalls:sys_enter_getppid -- "$loop" 2 >"$T/live" 2>"$T/err" ||
	fail "trace -F +tod exited $? ($(cat "$T/err"))"
end=$(date +%s)
[ "$(grep -c sys_enter_getppid "$T/live")" = 2 ] || fail "trace -F +tod: $(cat "$T/live")"
tods='[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{6}'
expect_eq "trace -F +tod: lines with a time of day" 2 "$(grep -cE "$tods" "$T/live")"
while read -r day hms; do
	t=$(TZ=UTC date -d "$day ${hms%.*}" +%s) || fail "not a time of day: '$day $hms'"
	if [ "$t" -lt "$start" ] || [ "$t" -gt "$end" ]; then
		fail "time of day $day $hms outside the run"
	fi
done < <(grep -oE "$tods" "$T/live")
exit 0
