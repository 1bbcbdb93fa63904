#!/usr/bin/env bash
# Maps of many histograms print a block of bars per group: a key of a command's name and a
# slot (bpftrace's @bytes[comm] = hist()), libbpf-tools' struct hist { __u32 slots[]; } values
# keyed by a name, a pid (with the name in the value) or one key 0; the same groups in JSON,
# in --prom (promtool accepts them) and from a recording through script.
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
F=$TOP/tests/fixtures
# dd reads its if= from fd 0: 7 reads of 4096 bytes by histdd-a; 3 of 100 and 2 of 1000 by
# histdd-b (two processes)
{ cp "$(command -v dd)" histdd-a && cp histdd-a histdd-b; } || fail "cannot copy dd"
cat >wl.sh <<WL
./histdd-a if=/dev/zero of=/dev/null bs=4096 count=7 2>/dev/null
./histdd-b if=/dev/zero of=/dev/null bs=100 count=3 2>/dev/null
./histdd-b if=/dev/zero of=/dev/null bs=1000 count=2 2>/dev/null
WL
progs=(-e "$F/bpf/hist-comm-slot.c" -e "$F/libbpf/readsize.bpf.c")

"$PERF_BPF" trace "${progs[@]}" -- sh wl.sh >out 2>err || fail "trace exited $? ($(cat err))"
[ -s err ] && fail "trace warned: $(cat err)"
bar() { printf '%-20s %8d |%s%*s|' "$1" "$2" "$(printf '%*s' "$3" '' | tr ' ' @)" $((50 - $3)) ''; }
# a block per command, the smallest total first, an empty line after each
log2_groups() { # the blocks of map $1
	cat <<W
@$1[histdd-b]:
$(bar '[64, 128)' 3 50)
$(bar '[128, 256)' 0 0)
$(bar '[256, 512)' 0 0)
$(bar '[512, 1K)' 2 33)

@$1[histdd-a]:
$(bar '[4K, 8K)' 7 50)

W
}
{
	log2_groups bytes_hist
	cat <<W
@bytes_lhist_1000[histdd-b]:
$(bar '[0, 1000)' 3 50)
$(bar '[1000, 2000)' 2 33)

@bytes_lhist_1000[histdd-a]:
$(bar '[4000, 5000)' 7 50)

W
	log2_groups hists
} >want
sed -n '/^@bytes_hist\[/,/^@proc_hists/p' out | sed '$d' >got
expect_file_eq want got
# keyed by pid, the name from the value; one key 0 of a per-CPU array, summed
expect_eq "groups by pid" 3 "$(grep -cE '^@proc_hists\[[0-9]+\]: comm=histdd-[ab]$' out)"
grep -A1 '^@proc_hists\[[0-9]*\]: comm=histdd-a$' out | grep -qF "$(bar '[4K, 8K)' 7 50)" ||
	fail "proc_hists: $(cat out)"
grep -A7 '^@all_hists\[0\]:$' out | grep -qF "$(bar '[4K, 8K)' 7 50)" || fail "all_hists: $(cat out)"
grep -A7 '^@all_hists\[0\]:$' out | grep -qF "$(bar '[512, 1K)' 2 14)" || fail "all_hists: $(cat out)"
grep -q 'slot=' out && fail "a slot printed raw: $(cat out)"

"$PERF_BPF" trace --json "${progs[@]}" -- sh wl.sh >json 2>err || fail "trace --json exited $? ($(cat err))"
python3 - json <<'PY' || fail "JSON: $(cat json)"
import json, sys
maps = {o["map"]: o for o in map(json.loads, open(sys.argv[1])) if o["type"] == "map"}
def b(lo, hi, n): return {"low": lo, "high": hi, "count": n}
m = maps["bytes_hist"]
assert m["hist"] == "log2" and "entries" not in m, m
assert m["groups"] == [
    {"key": {"comm": "histdd-b"}, "buckets": [b(64, 128, 3), b(128, 256, 0), b(256, 512, 0), b(512, 1024, 2)]},
    {"key": {"comm": "histdd-a"}, "buckets": [b(4096, 8192, 7)]}], m
m = maps["bytes_lhist_1000"]
assert m["hist"] == "linear" and m["groups"][0]["buckets"] == [b(0, 1000, 3), b(1000, 2000, 2)], m
assert maps["hists"]["groups"] == maps["bytes_hist"]["groups"], maps["hists"]
g = maps["proc_hists"]["groups"]
assert sorted(x["value"]["comm"] for x in g) == ["histdd-a", "histdd-b", "histdd-b"], g
assert g[-1]["value"] == {"comm": "histdd-a"} and g[-1]["buckets"] == [b(4096, 8192, 7)], g
g = maps["all_hists"]["groups"]
assert len(g) == 1 and g[0]["key"] == 0 and sum(x["count"] for x in g[0]["buckets"]) == 12, g
PY

if command -v promtool >/dev/null; then
	"$PERF_BPF" trace --prom m.prom "${progs[@]}" -- sh wl.sh >/dev/null 2>err ||
		fail "trace --prom exited $? ($(cat err))"
	promtool check metrics <m.prom >lint 2>&1 || fail "promtool rejects m.prom: $(cat lint)"
	grep -q '^# TYPE perf_bpf_bytes_hist histogram$' m.prom || fail "prom: $(cat m.prom)"
	for w in 'bytes_hist_bucket{comm="histdd-b",le="1023"} 5' 'bytes_hist_count{comm="histdd-a"} 7' \
		'hists_bucket{comm="histdd-a",le="8191"} 7' 'all_hists_count{key="0"} 12'; do
		grep -qxF "perf_bpf_$w" m.prom || fail "prom: no '$w': $(cat m.prom)"
	done
fi

# record keeps the maps in the file: script prints the same blocks from it alone
"$PERF_BPF" record -q -o h.data "${progs[@]}" -- sh wl.sh >/dev/null 2>rerr ||
	fail "record exited $? ($(cat rerr))"
"$PERF_BPF" script -i h.data >sout 2>serr || fail "script exited $? ($(cat serr))"
sed -n '/^@bytes_hist\[/,/^@proc_hists/p' sout | sed '$d' >sgot
expect_file_eq want sgot
exit 0
