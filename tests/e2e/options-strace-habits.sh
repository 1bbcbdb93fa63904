#!/usr/bin/env bash
# strace's options typed from habit into trace: -f and -ff (children are followed already), -e trace=NAME (-e NAME), -c and --summary-only (-s --summary-mode=total), -t NAME (--timestamps), -e verbose=all (--verbose-structs), -S calls (--summary-sort-by) are each one ERROR and a Hint naming perf-bpf's way, exit 129, nothing run; -e status=failed and -tt are taken as strace takes them
source "$(dirname "$0")/lib.sh"

# habit HINT-TEXT ARGS...: trace ARGS is one ERROR line, a Hint holding HINT-TEXT, exit 129
habit() {
	local hint=$1 rc=0
	shift
	"$PERF_BPF" trace "$@" >"$T/out" 2>"$T/err" || rc=$?
	expect_eq "trace $*: exit status" 129 $rc
	expect_eq "trace $*: ERROR lines" 1 "$(grep -c '^ERROR: ' "$T/err")"
	grep '^Hint: ' "$T/err" | grep -qF -- "$hint" ||
		fail "trace $*: no Hint with '$hint': $(cat "$T/err")"
	[ -s "$T/out" ] && fail "trace $*: ran: $(head -n 3 "$T/out")"
	return 0
}

habit "follows the children by default" -f -- true
habit "follows the children by default" -ff -- true
habit "follows the children by default" -f -e openat -- true
habit "-e openat" -e trace=openat -- true
habit "-e %file" -e 'trace=%file' -- true
habit "-s --summary-mode=total" -c -- true
habit "-s --summary-mode=total" -c true
habit "-s --summary-mode=total" --summary-only -- true
habit "--timestamps" -t ls
habit "--verbose-structs" -e verbose=all -- true
habit "--freq 99" -F 99 -g -e cpu-clock
habit "--summary-sort-by=KEY" -S calls -- true

# what strace users type that perf-bpf takes as strace does
if [ "$(id -u)" = 0 ]; then
	W=$(workload status-calls)
	"$PERF_BPF" trace -e status=failed -e close -o "$T/st" -- "$W" 4 >/dev/null 2>"$T/err" ||
		fail "trace -e status=failed: $(cat "$T/err")"
	expect_eq "-e status=failed -e close: lines" 2 "$(grep -c ' close(fd: 1000) .* = -1 EBADF' "$T/st")"
	expect_eq "-e status=failed -e close: other lines" 0 "$(grep -v ' +++ ' "$T/st" | grep -vc EBADF)"
fi
echo ok
