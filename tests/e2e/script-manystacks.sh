#!/usr/bin/env bash
# 1M distinct stacks end to end: a perf record -g file whose 1000000 samples each have a
# stack of their own (bench/manystacks.py: three kernel functions each) folds into 1000000
# lines whose counts sum to the samples, a flame graph that stays small, and a pprof file
# that gunzips; in the memory README gives (on an unsanitized build).
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
perf record -q -g -e cpu-clock -c 100000 -o small.data -- "$(workload callchain-fp)" 20 >/dev/null 2>&1 ||
	fail "perf record -g failed"
python3 "$TOP/bench/manystacks.py" small.data many.data 1000000 || fail "cannot make the file"
sanitized=0
ldd "$PERF_BPF" 2>/dev/null | grep -q libasan && sanitized=1

# run NAME MAX_KB ARGS...: script on many.data, its peak RSS at most MAX_KB when unsanitized
run() {
	local name=$1 max=$2
	shift 2
	/usr/bin/time -o "$name.rss" -f %M "$PERF_BPF" script -i many.data "$@" >"$name.out" 2>"$name.err" ||
		fail "$name: script exited $?: $(tail -3 "$name.err")"
	grep -qE 'Sanitizer|runtime error:' "$name.err" && fail "$name: $(cat "$name.err")"
	[ $sanitized = 1 ] || [ "$(cat "$name.rss")" -le "$max" ] ||
		fail "$name: script took $(cat "$name.rss") KB (README: $max)"
	echo "$name: $(cat "$name.rss") KB"
}

run folded 102400 --folded
expect_eq "folded lines" 1000000 "$(wc -l <folded.out)"
expect_eq "folded counts" 1000000 "$(awk '{ s += $NF } END { print s }' folded.out)"
expect_eq "distinct stacks" 1000000 "$(cut -d' ' -f1 folded.out | sort -u | wc -l)"
run svg 102400 --flamegraph many.svg
[ "$(stat -c %s many.svg)" -lt $((10 << 20)) ] || fail "the SVG takes $(stat -c %s many.svg) bytes"
python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' many.svg ||
	fail "the SVG does not parse"
run pprof 102400 --pprof many.pb.gz
gzip -t many.pb.gz || fail "the pprof file does not gunzip"
exit 0
