#!/usr/bin/env bash
# __bpf_stdout__ cloning: one scriptlet's map:__bpf_stdout__.event=evt is shared by two unconfigured ones, and no __bpf_stdout__ event is made
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

fx=$TOP/tests/fixtures/bpf
W=$(workload getppid-loop)
cd "$T" || fail "no temp dir"

# (event, string) pairs of the workload's samples, counted
pairs() {
	python3 -c 'import collections, json, sys
c = collections.Counter()
for l in sys.stdin:
    j = json.loads(l)
    if j.get("type") == "sample" and j.get("comm") == "getppid-loop" and "string" in j:
        c[(j["event"], j.get("string"))] += 1
for k in sorted(c): print(k[0], k[1], c[k])'
}

"$PERF_BPF" record -o clone.data -e bpf-output/no-inherit,name=evt/ \
	-e "$fx/objconf-out-a.c/map:__bpf_stdout__.event=evt/" \
	-e "$fx/objconf-out-b.c" -e "$fx/objconf-out-c.c" -- "$W" 3 >rec.out 2>&1 ||
	fail "record exited $? ($(cat rec.out))"
"$PERF_BPF" script -i clone.data --json >script.json 2>err || fail "script exited $? ($(cat err))"
expect_eq "outputs of the three objects" "evt objconf-a 3
evt objconf-b 3
evt objconf-c 3" "$(pairs <script.json)"
# the file's events: evt, and no __bpf_stdout__ (perf's own header listing)
if command -v perf >/dev/null; then
	perf report --header-only -i clone.data >header 2>&1 || fail "perf report: $(cat header)"
	grep -q '^# event : name = evt,' header || fail "no event evt: $(grep '# event' header)"
	grep -q 'name = __bpf_stdout__' header && fail "an event __bpf_stdout__ was made"
	perf script -i clone.data -F comm,event 2>/dev/null | awk '$1 == "getppid-loop"' |
		grep -v ' syscalls:sys_enter_getppid:' | sort | uniq -c | awk '{ print $1, $3 }' >perf.events
	expect_eq "stock perf script" "9 evt:" "$(cat perf.events)"
fi

# live, the clone is the same; a second configured object keeps its own event
"$PERF_BPF" trace --json -e bpf-output/no-inherit,name=one/ -e bpf-output/no-inherit,name=two/ \
	-e "$fx/objconf-out-a.c" -e "$fx/objconf-out-b.c/map:__bpf_stdout__.event=one/" \
	-e "$fx/objconf-out-c.c/map:__bpf_stdout__.event=two/" -- "$W" 2 >trace.json 2>err ||
	fail "trace exited $? ($(cat err))"
expect_eq "first configured wins for the unconfigured" "one objconf-a 2
one objconf-b 2
two objconf-c 2" "$(pairs <trace.json)"

# none configured: the one event __bpf_stdout__ is made for all
"$PERF_BPF" trace --json -e "$fx/objconf-out-a.c" -e "$fx/objconf-out-b.c" -- "$W" 1 \
	>none.json 2>err || fail "trace exited $? ($(cat err))"
expect_eq "none configured" "__bpf_stdout__ objconf-a 1
__bpf_stdout__ objconf-b 1" "$(pairs <none.json)"
echo "ok"
