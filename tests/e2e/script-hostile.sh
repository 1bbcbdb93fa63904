#!/usr/bin/env bash
# script on hostile files (tests/runners/hostile-files.c from tests/fuzz/hostile.h): each
# damaged map dump is told in one warning naming it and the rest prints; costly ones print
# in bounded work; 224 feature ids naming one 16 MiB section cost no copies; 200000 files
# each mapped and named by the build-id table cost little each. Every run ends
# (a hang is the 60 s guard's failure, not a timing) with no sanitizer report, and, on an
# unsanitized build, in at most 64 MB.
source "$(dirname "$0")/lib.sh"
"$BUILD/tests/runners/hostile-files" "$T" || fail "cannot make the hostile files"
sanitized=0
ldd "$PERF_BPF" 2>/dev/null | grep -q libasan && sanitized=1

run() { # name args...: perf-bpf script on $T/NAME.data; out, err, rss (KB) in $T/NAME.*
	local name=$1 rc
	shift
	timeout -k 10 60 /usr/bin/time -o "$T/$name.rss" -f %M "$PERF_BPF" script -i "$T/$name.data" "$@" \
		>"$T/$name.out" 2>"$T/$name.err"
	rc=$?
	{ [ $rc = 124 ] || [ $rc = 137 ]; } && fail "$name: script did not end in 60 s"
	[ $rc = 0 ] || fail "$name: script exited $rc: $(tail -3 "$T/$name.err")"
	grep -qE 'Sanitizer|runtime error:' "$T/$name.err" && fail "$name: $(cat "$T/$name.err")"
	if [ $sanitized = 0 ] && [ "$(cat "$T/$name.rss")" -gt 65536 ]; then
		fail "$name: script took $(cat "$T/$name.rss") KB"
	fi
	case $name,$* in
	feature-amp,* | buildids,*) ;;
	*,--json) tail -n 1 "$T/$name.out" | grep -qF '{"type":"map","map":"good","entries":[{"key":1,"value":7}]}' ||
		fail "$name: the good map is not printed last: $(cat "$T/$name.out")" ;;
	*) tail -n 2 "$T/$name.out" | head -1 | grep -qx '@good\[1\]: 7' ||
		fail "$name: the good map is not printed last: $(cat "$T/$name.out")" ;;
	esac
}

for m in size-wrap zero-entries nr-values; do
	run "maps-$m"
	map=$(sed -n "s/^Warning: the dump of map '\(.*\)' is damaged, not shown$/\1/p" "$T/maps-$m.err")
	[ -n "$map" ] && [ "$(wc -l <"$T/maps-$m.err")" = 1 ] ||
		fail "maps-$m: not one warning naming the map: $(cat "$T/maps-$m.err")"
	expect_eq "maps-$m output" "@good[1]: 7" "$(head -1 "$T/maps-$m.out")"
done

run maps-tiny-entries
expect_eq "tiny entries' warning" "Warning: map 'tiny' has 4000000 entries: the first 1342177 are shown" \
	"$(cat "$T/maps-tiny-entries.err")"

run maps-percpu-overflow
expect_eq "per-CPU sums" "@pcpu[0]: a=2 @pcpu[1]: a=4" "$(head -2 "$T/maps-percpu-overflow.out" | xargs)"

run maps-lhist-width
expect_eq "histogram lines" 6 "$(wc -l <"$T/maps-lhist-width.out")"
grep -q '^\[1, 18446744073709551615) *1 |@*|$' "$T/maps-lhist-width.out" ||
	fail "no last bucket: $(cat "$T/maps-lhist-width.out")"

for m in nested-unions nested-structs; do
	run "maps-$m"
	grep -q '^@deep\[1\]: a={a={.*\.\.\.' "$T/maps-$m.out" || fail "maps-$m: $(head -c 300 "$T/maps-$m.out")"
	[ "$(wc -c <"$T/maps-$m.out")" -lt 16384 ] || fail "maps-$m: $(wc -c <"$T/maps-$m.out") bytes"
	run "maps-$m" --json
	python3 -c 'import json, sys; [json.loads(l) for l in open(sys.argv[1])]' "$T/maps-$m.out" ||
		fail "maps-$m: the JSON does not parse"
done

run feature-amp
[ ! -s "$T/feature-amp.err" ] || fail "feature-amp: $(cat "$T/feature-amp.err")"
echo "feature-amp ($(($(stat -c %s "$T/feature-amp.data") >> 20)) MiB): $(cat "$T/feature-amp.rss") KB"

run buildids
[ ! -s "$T/buildids.err" ] || fail "buildids: $(cat "$T/buildids.err")"
echo "buildids ($(($(stat -c %s "$T/buildids.data") >> 20)) MiB): $(cat "$T/buildids.rss") KB"
exit 0
