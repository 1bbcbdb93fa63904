#!/usr/bin/env bash
# script: files of many maps (one file mapped 20000 times in falling order, 20000 files,
# 20000 files named in a BUILD_ID table) print as stock perf script prints them; their
# speed beside perf's is measured by bench/hostile.sh, never asserted here
source "$(dirname "$0")/lib.sh"
command -v perf >/dev/null || skip "no stock perf to compare with"
for k in mmaps dsos buildids; do
	python3 "$TOP/tests/fixtures/script/mkperfdata.py" "$k" "$T/$k.data" 20000 ||
		fail "cannot build the $k file"
	ours=$(timeout 120 "$PERF_BPF" script -i "$T/$k.data" -F comm,tid,ip,sym,dso 2>"$T/err") ||
		fail "$k: perf-bpf script failed: $(tail -3 "$T/err")"
	theirs=$(perf script -i "$T/$k.data" -F comm,tid,ip,sym,dso 2>/dev/null) ||
		fail "$k: perf script failed"
	expect_eq "$k: the sample" "$theirs" "$ours"
	expect_match "$k: its dso" '\(/usr/lib/lib(many|0)\.so\)$' "$ours"
done
exit 0
