#!/usr/bin/env bash
# --folded: the stacks of a -g profile, ours and stock perf record's, equal stack by stack those folded from stock perf script's callchain blocks; counts sum to the samples; trace --folded live
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf to compare with"
W=$(workload fp-symbols)
cd "$T" || fail "no temp dir"

# perf script's callchain blocks folded: comm;root;...;leaf COUNT. A frame is its symbol
# without +0xOFF; an unknown symbol is its DSO's file name in brackets; ';' in a name is ':'.
fold_perf_script() {
	awk '
	function flush(  s, i) {
		if (n) { s = comm; for (i = n - 1; i >= 0; i--) s = s ";" f[i]; c[s]++ }
		n = 0; hdr = 0
	}
	/^[^\t ]/ || /^ +[^ ]+ +[0-9]+ / { flush(); comm = $1; hdr = 1; next }
	hdr && /^\t/ && NF >= 2 {
		sym = $2; for (i = 3; i < NF; i++) sym = sym " " $i
		dso = $NF; gsub(/^\(|\)$/, "", dso)
		sub(/\+0x[0-9a-f]+$/, "", sym)
		if (sym == "[unknown]" && dso != "[unknown]") {
			sub(/.*\//, "", dso); sym = dso ~ /^\[/ ? dso : "[" dso "]"
		}
		gsub(/;/, ":", sym); f[n++] = sym; next
	}
	NF == 0 { flush() }
	END { flush(); for (s in c) print s, c[s] }' "$1" | LC_ALL=C sort
}

# check FILE WHAT: our folded stacks of FILE are perf script's, and weigh its samples
check() {
	perf script -i "$1" >"$1.script" 2>"$1.perr" || fail "$2: perf script exited $? ($(cat "$1.perr"))"
	fold_perf_script "$1.script" >"$1.theirs"
	"$PERF_BPF" script -i "$1" --folded >"$1.raw" 2>"$1.oerr" ||
		fail "$2: perf-bpf script --folded exited $? ($(cat "$1.oerr"))"
	[ -s "$1.oerr" ] && fail "$2: unexpected stderr: $(cat "$1.oerr")"
	LC_ALL=C sort "$1.raw" >"$1.ours"
	[ -s "$1.ours" ] || fail "$2: no stacks"
	diff -u "$1.theirs" "$1.ours" >"$1.diff" || fail "$2: stacks differ from perf script's: $(head -20 "$1.diff")"
	expect_eq "$2: the weights' sum" "$(report_samples "$1")" "$(awk '{s += $NF} END {print s}' "$1.ours")"
	grep -q '^fp-symbols;.*;main;perf_bpf_outer;perf_bpf_inner [0-9]*$' "$1.ours" ||
		fail "$2: no stack through main to perf_bpf_inner: $(head -5 "$1.ours")"
}

perf record -q -g -e cpu-clock -o stock.data -- "$W" >/dev/null 2>&1 || fail "perf record -g exited $?"
check stock.data "stock perf record -g"
"$PERF_BPF" record -q -g -e cpu-clock -o ours.data -- "$W" >/dev/null 2>&1 || fail "perf-bpf record -g exited $?"
check ours.data "perf-bpf record -g"

# a file without callchains folds to nothing, and says nothing
perf record -q -e cpu-clock -o flat.data -- "$W" 20 >/dev/null 2>&1 || fail "perf record exited $?"
"$PERF_BPF" script -i flat.data --folded >flat.out 2>flat.err || fail "--folded of a flat file exited $?"
[ -s flat.out ] && fail "stacks from a file without callchains: $(head -3 flat.out)"

# live: trace -g --folded prints the stacks at the end instead of the samples
"$PERF_BPF" trace -g -e cpu-clock --folded -- "$W" >live.out 2>live.err || fail "trace --folded exited $? ($(cat live.err))"
grep -q '^fp-symbols;.*;main;perf_bpf_outer;perf_bpf_inner [0-9]*$' live.out ||
	fail "trace --folded: no stack through main to perf_bpf_inner: $(head -5 live.out)"
grep -qv '^[^ ]* [0-9]*$' live.out && fail "trace --folded: a line not folded: $(grep -v '^[^ ]* [0-9]*$' live.out | head -3)"
exit 0
