#!/usr/bin/env bash
# record -a with bpf-output/no-inherit,name=evt/ put into a map of one scriptlet beside another's __bpf_stdout__: samples named evt in perf-bpf script and stock perf script
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

fx=$TOP/tests/fixtures/bpf
cd "$T" || fail "no temp dir"
# system-wide, other runs of getppid-loop show up too: this one has a name of its own
comm=occh$$
cp "$(workload getppid-loop)" "$comm" || fail "cannot copy the workload"
W=$T/$comm
# -a sees every task's getppid: the programs act for this one only (fixtures/bpf/only-comm.h),
# so no other task can fill the rings, and a loss is a failure
for f in a:objconf-channel b:objconf-out-b; do
	printf '#define ONLY_COMM "%s"\n#include "%s"\n' "$comm" "$fx/${f#*:}.c" >"${f%%:*}.c"
done
"$PERF_BPF" record -e bpf-output/no-inherit,name=evt/ -e './a.c/map:channel.event=evt/' \
	-e ./b.c -a -- sh -c "$W 3; sleep 1" >rec.out 2>&1 || fail "record exited $? ($(cat rec.out))"
grep -q 'samples lost' rec.out && fail "the test's own samples were lost: $(cat rec.out)"
[ -s perf.data ] || fail "no perf.data"
"$PERF_BPF" script --json >script.json 2>err || fail "script exited $? ($(cat err))"
got=$(python3 -c 'import collections, json, sys
c = collections.Counter()
for l in sys.stdin:
    j = json.loads(l)
    if j.get("type") == "sample" and j.get("comm") == sys.argv[1] and "string" in j:
        c[(j["event"], j.get("string"))] += 1
for k in sorted(c): print(k[0], k[1], c[k])' "$comm" <script.json)
expect_eq "perf-bpf script" "__bpf_stdout__ objconf-b 3
evt objconf-channel 3" "$got"
if command -v perf >/dev/null; then
	perf script 2>/dev/null >perf.out || fail "perf script failed"
	# a sample's header line names comm and event; its BPF string follows a few lines on
	n=$(awk -v comm="$comm" '/^ *[^ ]+ +[0-9]+ +\[[0-9]+\] / { ev = ($1 == comm) ? $6 : "" }
		ev == "evt:" && /BPF string: "objconf-channel"/ { n++ } END { print n + 0 }' perf.out)
	expect_eq "stock perf script: evt samples" 3 "$n"
fi
echo "ok"
