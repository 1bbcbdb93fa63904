#!/usr/bin/env bash
# trace: examples/hello.c prints perf script's bpf-output block, exactly, for the command only
source "$(dirname "$0")/lib.sh"
need_root

"$PERF_BPF" trace -e "$TOP/examples/hello.c" -- sleep 0.1 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
head -n 1 "$T/out" >"$T/header"
expect_match "header line" \
	'^ +sleep +[0-9]+ \[[0-9]{3}\] +[0-9]+\.[0-9]{6}: +0 +__bpf_stdout__: +[0-9a-f]{16} .+$' \
	"$(cat "$T/header")"
tail -n +2 "$T/out" >"$T/body"
cat >"$T/expected" <<'EXP'
      BPF output: 0000: 48 65 6c 6c 6f 2c 20 77  Hello, w
                  0008: 6f 72 6c 64 21 00 00 00  orld!...
                  0010: 00 00 00 00              ....    
      BPF string: "Hello, world!"

EXP
expect_file_eq "$T/expected" "$T/body"
