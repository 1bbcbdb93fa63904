#!/usr/bin/env bash
# record -g / --call-graph fp: stock perf script shows each sample's frames through main of a
# program built with frame pointers; trace -g runs; --call-graph dwarf is refused with a hint
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf"
prog=$(workload fp-symbols)

# the first sample in perf_bpf_inner, and the functions of its next two frames
chain_after_inner() {
	awk '/^[^\t ]/ || /^ +[^ ]+ +[0-9]+ / {hdr = 1; n = 0; next}
	     hdr && NF >= 2 {f[n++] = $2}
	     hdr && NF == 0 {if (n >= 3 && f[0] ~ /^perf_bpf_inner\+/) {print f[0], f[1], f[2]; exit} hdr = 0}' "$1" |
		sed 's/+0x[0-9a-f]*//g'
}

for opt in -g "--call-graph fp" "--call-graph=fp"; do
	# shellcheck disable=SC2086
	"$PERF_BPF" record $opt -e cpu-clock -o "$T/g.data" -- "$prog" >"$T/err" 2>&1 ||
		fail "record $opt exited $? ($(cat "$T/err"))"
	perf evlist -v -i "$T/g.data" 2>/dev/null | grep -q '^cpu-clock:.*CALLCHAIN' ||
		fail "record $opt: cpu-clock has no CALLCHAIN"
	perf script -i "$T/g.data" >"$T/script" 2>"$T/script.err" || fail "perf script exited $?"
	expect_eq "record $opt: frames after perf_bpf_inner" "perf_bpf_inner perf_bpf_outer main" \
		"$(chain_after_inner "$T/script")"
done

"$PERF_BPF" trace -g -e cpu-clock -- "$prog" 1000 >"$T/trace" 2>"$T/err" ||
	fail "trace -g exited $? ($(cat "$T/err"))"

"$PERF_BPF" record --call-graph dwarf -e cpu-clock -o "$T/d.data" -- true >"$T/out" 2>"$T/err" &&
	fail "--call-graph dwarf was accepted"
grep -q '^ERROR: --call-graph dwarf is not supported' "$T/err" || fail "no ERROR line: $(cat "$T/err")"
grep -q '^Hint: use --call-graph fp' "$T/err" || fail "no Hint line: $(cat "$T/err")"
[ ! -e "$T/d.data" ] || fail "a file was made for a refused option"
exit 0
