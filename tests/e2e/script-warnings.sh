#!/usr/bin/env bash
# script: lost chunks, lost samples and out-of-order warnings on stderr, worded as stock perf script words them
source "$(dirname "$0")/lib.sh"

MK=$TOP/tests/fixtures/script/mkperfdata.py
declare -A expect=(
	[lost]='Processed 6 events and lost 2 chunks!'
	[lost-samples]='Processed 12 samples and lost 83.33%!'
	[unordered]='1 out of order events recorded.'
)
for kind in lost lost-samples unordered; do
	python3 "$MK" "$kind" "$T/$kind.data" || fail "cannot build the '$kind' file"
	"$PERF_BPF" script -i "$T/$kind.data" >"$T/$kind.out" 2>"$T/$kind.err" ||
		fail "$kind: perf-bpf script exited $?"
	grep -qxF "${expect[$kind]}" "$T/$kind.err" || fail "$kind: no warning: $(cat "$T/$kind.err")"
	[ "$(head -1 "$T/$kind.err")" = "Warning:" ] || fail "$kind: no 'Warning:' line first"
	"$PERF_BPF" script -q -i "$T/$kind.data" 2>"$T/$kind.qerr" >/dev/null
	[ -s "$T/$kind.qerr" ] && fail "$kind: -q still warns: $(cat "$T/$kind.qerr")"
	if command -v perf >/dev/null; then
		perf script -i "$T/$kind.data" >"$T/$kind.pout" 2>"$T/$kind.perr" ||
			fail "$kind: perf script exited $?"
		diff -u "$T/$kind.pout" "$T/$kind.out" || fail "$kind: stdout differs from perf script"
		diff -u "$T/$kind.perr" "$T/$kind.err" || fail "$kind: stderr differs from perf script"
	fi
done
exit 0
