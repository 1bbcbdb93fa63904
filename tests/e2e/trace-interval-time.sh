#!/usr/bin/env bash
# trace --interval: every print of the maps (the periodic ones and the one at the end) starts
# with its wall-clock time and the seconds since the run began, "HH:MM:SS (+S.mmm s)"; in JSON
# an object {"type":"interval","time":ISO 8601 UTC,"time_ns":N,"elapsed_ns":N} comes first;
# without --interval the maps at the end have no header
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
cp "$(workload getppid-loop)" ivt-gl || fail "no workload"
cat >ivt.c <<'EOF2'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u64);
} calls SEC(".maps");
SEC("syscalls:sys_enter_getppid")
int count(void *ctx)
{
	char c[16];
	__u32 k = 0;
	__u64 *n;

	bpf_get_current_comm(c, sizeof(c));
	if (c[0] != 'i' || c[1] != 'v' || c[2] != 't' || !(n = bpf_map_lookup_elem(&calls, &k)))
		return 0;
	__sync_fetch_and_add(n, 1);
	return 0;
}
char _license[] SEC("license") = "GPL";
EOF2

# run OUT ARGS...: the workload's 3 calls, then it waits for a periodic print of them in OUT
run() {
	local out=$1
	shift
	"$PERF_BPF" trace "$@" --interval 1 -e ivt.c -- sh -c \
		"./ivt-gl 3; i=0; while ! grep -q '$PATTERN' '$out'; do i=\$((i+1)); [ \$i -lt 600 ] || exit 9; sleep 0.1; done" \
		>"$out" 2>err || fail "trace $* --interval exited $? ($(cat err))"
}

before=$(date +%s%N)
PATTERN='^@calls\[0\]: 3' run iv.txt
PATTERN='"value":3' run iv.json --json
after=$(date +%s%N)

python3 - iv.txt iv.json "$before" "$after" <<'PY' || fail "headers: $(cat iv.txt; cat iv.json)"
import json, re, sys, time
text, lo, hi = open(sys.argv[1]).read(), int(sys.argv[3]), int(sys.argv[4])
# the local times a header may show: every second of the runs
hms = {time.strftime("%H:%M:%S", time.localtime(s)) for s in range(lo // 10**9, hi // 10**9 + 1)}
blocks = [b for b in text.split("\n\n") if b.strip()]
assert len(blocks) >= 2, blocks
elapsed = []
for b in blocks:
    head = b.split("\n")[0]
    m = re.fullmatch(r"(\d\d:\d\d:\d\d) \(\+(\d+)\.(\d{3}) s\)", head)
    assert m and m.group(1) in hms, (head, hms)
    elapsed.append(int(m.group(2)) * 1000 + int(m.group(3)))
    assert all(l.startswith("@calls[0]: ") for l in b.split("\n")[1:] if l), b
assert elapsed == sorted(elapsed) and elapsed[-1] >= 1000, elapsed
objs = [json.loads(l) for l in open(sys.argv[2])]
assert objs[0]["type"] == "header", objs[0]
ivs = [o for o in objs if o["type"] == "interval"]
assert len(ivs) >= 2, objs
prev = "interval"
for o in objs[1:]:
    assert o["type"] in ("interval", "map"), o
    assert o["type"] == "interval" or prev in ("interval", "map"), o
    prev = o["type"]
assert objs[1]["type"] == "interval", objs[1]
for o in ivs:
    assert lo <= o["time_ns"] <= hi, (lo, o, hi)
    iso = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(o["time_ns"] // 10**9))
    assert o["time"] == "%s.%09dZ" % (iso, o["time_ns"] % 10**9), o
assert [o["elapsed_ns"] for o in ivs] == sorted(o["elapsed_ns"] for o in ivs), ivs
assert ivs[-1]["elapsed_ns"] >= 10**9, ivs
PY

# without --interval: the maps at the end only, no header (as before)
"$PERF_BPF" trace -e ivt.c -- ./ivt-gl 2 >end.txt 2>err || fail "trace exited $? ($(cat err))"
expect_eq "maps at the end" "@calls[0]: 2" "$(cat end.txt)"
exit 0
