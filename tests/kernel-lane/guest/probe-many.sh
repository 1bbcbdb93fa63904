#!/usr/bin/env bash
# probe many: about a thousand kprobe points (a hundred in a lane of a minute a test) from globs
# over the x86-64 system calls' entries and returns and the 32-bit ones' entries, attached, run
# and detached: each call counted once.
# The points and the seconds are printed for bench/RESULTS.md (the kernel lane's figure); no
# time is asserted.
source "$TOP/tests/e2e/lib.sh"

# the thousand points take about two minutes under TCG: only when the lane gives a test that
# long (KERNEL_LANE_TEST_TIMEOUT=600), else about a hundred of the same kind
name=probe-some least=80
timeout=$(sed -n 's/.*lane\.timeout=\([0-9]*\).*/\1/p' /proc/cmdline 2>/dev/null)
[ "${timeout:-0}" -ge 600 ] && name=probe-many least=900
obj=/tests/guest/bpf/$name.o
[ -f "$obj" ] || fail "no $obj: the host did not compile tests/kernel-lane/guest/bpf/$name.c"
[ -w /sys/kernel/tracing/kprobe_events ] || skip "no kprobe events in $(uname -r)"
wl=$(workload probe-kernel)

start=$(date +%s.%N)
"$PERF_BPF" trace -v -e "$obj" -- "$wl" 4 >"$T/out" 2>"$T/err" || fail "trace exited $? ($(tail -n 3 "$T/err"))"
end=$(date +%s.%N)
points=$(grep -c "^program '.*' attached at " "$T/err")
multi=$(sed -n "s/^program '.*' attached at \([0-9]*\) points through one kprobe_multi link$/\1/p" \
	"$T/err" | awk '{ n += $1 } END { print n + 0 }')
echo "kprobe points: $((points + multi)) ($multi through kprobe_multi links), attach, run and detach: $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s"
# 4 rounds of dup, dup2 and dup3
expect_eq "dup* entries counted" "@calls[0]: 12" "$(grep '^@calls\[0\]' "$T/out")"
returns=$(sed -n 's/^@calls\[1\]: //p' "$T/out")
[ "${returns:-0}" -ge 12 ] || fail "returns counted: ${returns:-none}, fewer than the 12 dup* calls"
[ "$((points + multi))" -ge "$least" ] || fail "only $((points + multi)) points attached"
exit 0
