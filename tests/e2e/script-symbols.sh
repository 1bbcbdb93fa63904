#!/usr/bin/env bash
# script: user symbols, BPF programs and callchains byte for byte as stock perf script prints them, on stock perf record files
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf to compare with"

W=$(workload callchain-fp)
cd "$T" || fail "no temp dir"

# compare FILE WHAT: both readers exit 0, print the same non-empty stdout; ours says nothing on stderr
compare() {
	perf script -i "$1" >"$1.theirs" 2>"$1.perr" || fail "$2: perf script exited $? ($(cat "$1.perr"))"
	"$PERF_BPF" script -i "$1" >"$1.ours" 2>"$1.oerr" ||
		fail "$2: perf-bpf script exited $? ($(cat "$1.oerr"))"
	[ -s "$1.ours" ] || fail "$2: nothing printed"
	[ -s "$1.oerr" ] && fail "$2: unexpected stderr: $(cat "$1.oerr")"
	diff -u "$1.theirs" "$1.ours" >"$1.diff" || fail "$2: output differs from perf script: $(head -20 "$1.diff")"
}
count() { grep -c -- "$1" "$2"; }

# 1. a cpu-clock profile of a program with symbols: sample ips in user code
perf record -q -e cpu-clock -o user.data -- "$W" 300 || fail "perf record exited $?"
compare user.data "cpu-clock, user symbols"
[ "$(count ' cc_inner+0x[0-9a-f]* (.*/callchain-fp)$' user.data.ours)" -gt 0 ] ||
	fail "no sample named cc_inner in $(head -5 user.data.ours)"

# 2. the same with -g: frame-pointer callchains through main
perf record -q -e cpu-clock -g -o g.data -- "$W" 300 || fail "perf record -g exited $?"
compare g.data "cpu-clock -g"
grep -A2 $'^\t *[0-9a-f]* cc_inner+' g.data.ours | grep -q $'^\t *[0-9a-f]* main+0x[0-9a-f]* (.*/callchain-fp)$' ||
	fail "no callchain from cc_inner through main"

# 3. a uprobe, with and without its callchain
if perf probe -q -x "$W" cc_outer >probe.log 2>&1; then
	on_exit "perf probe -q -d 'probe_callchain:*' >/dev/null 2>&1"
	perf record -q -e probe_callchain:cc_outer -o up.data -- "$W" 1 || fail "perf record (uprobe) exited $?"
	compare up.data "uprobe"
	perf record -q -e probe_callchain:cc_outer -g -o upg.data -- "$W" 1 ||
		fail "perf record -g (uprobe) exited $?"
	compare upg.data "uprobe -g"
	expect_eq "uprobe frames in main" 1 "$(count $'^\t *[0-9a-f]* main+0x' upg.data.ours)"
	perf probe -q -d 'probe_callchain:*' >/dev/null 2>&1
else
	echo "no uprobe: $(tail -1 probe.log)"
fi

# 4. a BPF program's addresses: profile a run whose program spins at each getppid; the
# KSYMBOL records name it, as in perf
cp "$TOP/tests/fixtures/script/spin-getppid.c" spin.c
perf record -q -e cpu-clock -o bpf.data -- "$PERF_BPF" trace -e spin.c -- "$(workload getppid-loop)" 20000 \
	>trace.log 2>&1 || fail "perf record of perf-bpf trace exited $?: $(tail -3 trace.log)"
# (only the BPF lines: where perf-bpf's own unsized _init overlaps its PLT, perf's name
# depends on the shape of its symbol tree)
perf script -i bpf.data 2>/dev/null | grep ' bpf_prog_' >bpf.theirs
"$PERF_BPF" script -i bpf.data 2>bpf.err | grep ' bpf_prog_' >bpf.ours
[ -s bpf.err ] && fail "BPF program: unexpected stderr: $(cat bpf.err)"
diff -u bpf.theirs bpf.ours >bpf.diff || fail "BPF program lines differ: $(head -20 bpf.diff)"
[ "$(count ' bpf_prog_[0-9a-f]*_spin+0x[0-9a-f]* (bpf_prog_[0-9a-f]*_spin)$' bpf.ours)" -gt 0 ] ||
	fail "no sample named bpf_prog_<tag>_spin"

# 5. JSON: the callchain as an array of frames
"$PERF_BPF" script --json -i g.data >g.json 2>g.jerr || fail "script --json exited $?: $(cat g.jerr)"
n=$(jq -r 'select(.callchain) | .callchain[] | select(.sym // "" | startswith("main+")) | .dso' g.json |
	grep -c '/callchain-fp$')
[ "$n" -gt 0 ] || fail "no JSON callchain through main: $(head -c 600 g.json)"

# 6. --call-graph dwarf: printed, and said once that the stacks are not unwound
perf record -q -e cpu-clock --call-graph dwarf -o dw.data -- "$W" 100 || fail "perf record dwarf exited $?"
"$PERF_BPF" script -i dw.data >dw.ours 2>dw.err || fail "script (dwarf) exited $?"
expect_eq "dwarf warnings" 1 "$(count 'not unwound' dw.err)"
[ -s dw.ours ] || fail "nothing printed for a dwarf file"

# 7. a binary rebuilt after the recording: named from the copy perf cached by build id
# (not under /tmp/perf-*: perf takes those for JIT symbol maps and caches nothing)
P=$(mktemp -d /tmp/symbols-e2e.XXXXXX)
on_exit "rm -rf '$P'"
cp "$W" "$P/prog"
perf record -q -e cpu-clock -g -o rebuilt.data -- "$P/prog" 200 || fail "perf record (prog) exited $?"
cp "$(workload getppid-loop)" "$P/prog"
compare rebuilt.data "binary replaced since the recording"
[ "$(count $'^\t *[0-9a-f]* cc_inner+0x' rebuilt.data.ours)" -gt 0 ] || fail "cc_inner not named from the cache"

# 8. live: trace names user code through /proc/PID/maps; the workload stays alive (its
# stdin open) until a sample named cc_inner has been printed
mkfifo hold
"$PERF_BPF" trace -e cpu-clock -- "$W" 100 hold <hold >live.out 2>live.err &
tpid=$!
exec 7>hold
for _ in $(seq 600); do
	grep -q ' cc_inner+0x[0-9a-f]* (.*/callchain-fp)$' live.out && break
	kill -0 "$tpid" 2>/dev/null || break
	sleep 0.1
done
exec 7>&-
wait "$tpid" || fail "trace exited $?: $(cat live.err)"
grep -q ' cc_inner+0x[0-9a-f]* (.*/callchain-fp)$' live.out ||
	fail "live trace named no cc_inner sample: $(head -5 live.out)"
exit 0
