#!/usr/bin/env bash
# script: a recording that fills its disk fails with an error, and the full file reads back in both readers
source "$(dirname "$0")/lib.sh"
need_root

mkdir -p "$T/small"
mount -t tmpfs -o size=64k tmpfs "$T/small" 2>/dev/null || skip "cannot mount a small tmpfs"
on_exit "umount '$T/small'"
"$PERF_BPF" record -o "$T/small/perf.data" -e "$TOP/tests/fixtures/script/umask-hi.c" \
	-- "$(workload umask-loop)" 20000 >"$T/out" 2>"$T/err"
status=$?
[ $status = 0 ] && fail "record reported success on a full disk"
grep -q "No space left on device" "$T/err" || fail "no ENOSPC error: $(cat "$T/err")"
size=$(stat -c %s "$T/small/perf.data")
[ "$size" -gt 50000 ] || fail "only $size bytes kept of a 64 KiB disk"
"$PERF_BPF" script -i "$T/small/perf.data" >"$T/ours" 2>"$T/oerr" ||
	fail "perf-bpf script exited $? ($(cat "$T/oerr"))"
n=$(grep -c 'BPF string: "hi umask"' "$T/ours")
[ "$n" -gt 500 ] || fail "only $n samples read back"
grep -q "ends inside a record" "$T/oerr" && fail "the file ends inside a record"
if command -v perf >/dev/null; then
	perf script -i "$T/small/perf.data" >"$T/theirs" 2>"$T/perr" || fail "perf script exited $?"
	diff -q "$T/theirs" "$T/ours" >/dev/null || fail "perf script prints something else"
	expect_eq "samples counted by perf report --stats" "$(grep -ac ' __bpf_stdout__: ' "$T/ours")" \
		"$(report_samples "$T/small/perf.data" __bpf_stdout__)"
fi
exit 0
