#!/usr/bin/env bash
# script -i - waiting on a pipe that brings nothing ends on INT, TERM and HUP, as killed by them
source "$(dirname "$0")/lib.sh"
env --default-signal=INT true 2>/dev/null || skip "env has no --default-signal (coreutils < 9)"

cd "$T" || fail "no temp dir"
mkfifo in
declare -A code=([INT]=2 [TERM]=15 [HUP]=1)
for sig in INT TERM HUP; do
	exec 7<>in # a writer that never writes: the read blocks
	# a background job of a script starts with INT ignored: give it the defaults back
	env --default-signal=INT,TERM,HUP "$PERF_BPF" script -i - <in >out 2>err &
	pid=$!
	# until the exec, the job is a shell that ignores INT
	for _ in $(seq 600); do [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = perf-bpf ] && break; sleep 0.1; done
	kill -"$sig" "$pid"
	for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	if kill -0 "$pid" 2>/dev/null; then
		kill -9 "$pid"
		fail "SIG$sig: script -i - still reading"
	fi
	wait "$pid" 2>/dev/null
	expect_eq "SIG$sig: status" $((128 + code[$sig])) "$?"
	exec 7>&-
done
exit 0
