#!/usr/bin/env bash
# record: hello.c to perf.data (mode 0600, old file kept); perf-bpf script and stock perf script agree
source "$(dirname "$0")/lib.sh"
need_root

cd "$T" || fail "no temp dir"
echo old >perf.data
"$PERF_BPF" record -e "$TOP/examples/hello.c" -- sleep 0.1 >"$T/out" 2>"$T/err" ||
	fail "record exited $? ($(cat "$T/err"))"
expect_eq "old file kept" old "$(cat perf.data.old)"
expect_eq "file mode" 600 "$(stat -c %a perf.data)"
expect_match "summary line" '^\[ perf-bpf record: Captured and wrote [0-9.]+ MB perf.data \(1 samples\) \]$' \
	"$(cat "$T/err")"
"$PERF_BPF" script >"$T/ours" 2>"$T/err" || fail "perf-bpf script exited $? ($(cat "$T/err"))"
grep -q 'BPF string: "Hello, world!"' "$T/ours" || fail "no output: $(cat "$T/ours")"
tail -n +2 "$T/ours" >"$T/body"
printf '%s\n' '      BPF output: 0000: 48 65 6c 6c 6f 2c 20 77  Hello, w' \
	'                  0008: 6f 72 6c 64 21 00 00 00  orld!...' \
	'                  0010: 00 00 00 00              ....    ' \
	'      BPF string: "Hello, world!"' '' >"$T/expected"
expect_file_eq "$T/expected" "$T/body"
if command -v perf >/dev/null; then
	perf script -i perf.data >"$T/theirs" 2>"$T/perr" || fail "perf script exited $? ($(cat "$T/perr"))"
	expect_file_eq "$T/theirs" "$T/ours"
fi
