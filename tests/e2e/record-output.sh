#!/usr/bin/env bash
# record -o: a link at the output is moved to .old, never written through; a failed .old rotation
# keeps the previous file; kill -9 right after the rotation keeps the old recording; waiting for a
# FIFO's reader holds nothing loaded and ends on INT, TERM and HUP
source "$(dirname "$0")/lib.sh"
need_root
need_testbuild

cd "$T" || fail "no temp dir"
HELLO=$TOP/examples/hello.c

# a symbolic link: moved to .old, its target untouched, a new 0600 file in its place
echo important >important
chmod 644 important
ln -s important perf.data
"$PERF_BPF" record -q -e "$HELLO" -- true 2>err || fail "record exited $? ($(cat err))"
[ "$(head -c 64 important)" = important ] || fail "link target written through"
expect_eq "link target mode" 644 "$(stat -c %a important)"
expect_eq "link moved" important "$(readlink perf.data.old)"
if [ ! -f perf.data ] || [ -L perf.data ]; then fail "perf.data is not a new file"; fi
expect_eq "file mode" 600 "$(stat -c %a perf.data)"

# .old is a directory: one ERROR line, the previous recording kept, exit 1
cp perf.data previous
rm perf.data.old
mkdir -p perf.data.old/sub
"$PERF_BPF" record -e "$HELLO" -- true 2>err && fail "record passed with .old a directory"
expect_match "error" "^ERROR: cannot move the previous 'perf.data' to 'perf.data.old': " \
	"$(head -1 err)"
expect_eq "lines" 2 "$(wc -l <err)"
cmp -s previous perf.data || fail "previous recording changed"
rm -r perf.data.old

# a failed recording leaves the previous file where it was
echo 'not C' >bad.c
"$PERF_BPF" record -e bad.c -- true 2>err && fail "record passed with a bad scriptlet"
cmp -s previous perf.data || fail "previous recording changed by a failed run"
[ ! -e perf.data.old ] || fail "perf.data.old left by a failed run"

# kill -9 between the rotation and the new file: the old recording is intact in .old
mkfifo pause
PERF_BPF_TEST_ROTATED=$T/pause "$PERF_BPF_TESTBUILD" record -e "$HELLO" -- true 2>err &
pid=$!
timeout 60 head -1 pause >said || fail "no pause after the rotation"
expect_eq "pause" rotated "$(cat said)"
{ kill -9 "$pid" && wait "$pid"; } 2>/dev/null
cmp -s previous perf.data.old || fail "old recording not intact in perf.data.old"
[ ! -e perf.data ] || fail "perf.data created before the pause"

# a FIFO without a reader: nothing loaded meanwhile; INT, TERM and HUP end the wait
mkfifo out
caught() { # caught PID: INT, TERM and HUP have handlers
	local m
	m=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null) || return 1
	[ -n "$m" ] && (((16#$m & 0x4003) == 0x4003))
}
for sig in INT TERM HUP; do
	"$PERF_BPF" record -o out -e "$HELLO" -- true 2>err &
	pid=$!
	for _ in $(seq 600); do caught "$pid" && break; sleep 0.1; done
	caught "$pid" || fail "SIG$sig: not waiting for a reader with stop handlers"
	progs=0
	for fd in /proc/"$pid"/fd/*; do
		[[ "$(readlink "$fd")" == *bpf-prog* ]] && progs=$((progs + 1))
	done
	expect_eq "SIG$sig: programs loaded while waiting" 0 "$progs"
	kill -"$sig" "$pid"
	for _ in $(seq 600); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -0 "$pid" 2>/dev/null && { kill -9 "$pid"; fail "SIG$sig: still waiting"; }
	wait "$pid"
	expect_eq "SIG$sig: exit" 1 "$?"
	expect_eq "SIG$sig: error" "ERROR: stopped by SIG$sig while waiting for a reader of 'out'" \
		"$(cat err)"
done

# with a reader, the FIFO gets a recording
cat out >from-fifo &
reader=$!
"$PERF_BPF" record -q -o out -e "$HELLO" -- true 2>err || fail "record to a FIFO exited $? ($(cat err))"
wait "$reader"
"$PERF_BPF" script -i from-fifo >/dev/null 2>err || fail "FIFO recording unreadable ($(cat err))"
exit 0
