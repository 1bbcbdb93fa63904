#!/usr/bin/env bash
# Typed records and maps at exit: trace prints a counting map, a histogram and typed records
# (text and JSON, --no-maps, --interval with --clear); record + script decode them from the
# file alone, the object gone; stock perf still reads the file.
source "$(dirname "$0")/lib.sh"
need_root

# the workload under a name of its own: other tests call getppid-loop at the same time
cp "$(workload getppid-loop)" "$T/typedmaps-gl"
GL=$T/typedmaps-gl
cat >"$T/typed_s.c" <<'EOF2'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

enum what { ONE = 1, TWO = 2 };
struct rec {
	__u32 seq;
	char comm[16];
	enum what what;
	__u16 arr[2];
	char tail[32]; /* not sent: records stop before it */
};
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
	__type(value, struct rec);
} __bpf_stdout__ SEC(".maps");
struct {
	__uint(type, BPF_MAP_TYPE_HASH);
	__uint(max_entries, 16);
	__type(key, char[16]);
	__type(value, __u64);
} calls SEC(".maps");
struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 8);
	__type(key, __u32);
	__type(value, __u64);
} n_hist SEC(".maps");

SEC("syscalls:sys_enter_getppid")
int on_getppid(void *ctx)
{
	struct rec r = { .what = TWO, .arr = { 1, 2 } };
	__u64 one = 1, *n;
	__u32 b = 3;

	const char want[] = "typedmaps-gl";

	bpf_get_current_comm(r.comm, sizeof(r.comm));
#pragma unroll
	for (int i = 0; i < sizeof(want); i++)
		if (r.comm[i] != want[i])
			return 0;
	n = bpf_map_lookup_elem(&calls, r.comm);
	if (n) {
		r.seq = __sync_fetch_and_add(n, 1) + 1;
	} else {
		r.seq = 1;
		bpf_map_update_elem(&calls, r.comm, &one, BPF_NOEXIST);
	}
	n = bpf_map_lookup_elem(&n_hist, &b);
	if (n)
		*n += 1;
	bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, &r,
			      __builtin_offsetof(struct rec, tail));
	return 0;
}
char _license[] SEC("license") = "GPL";
EOF2

# trace: records as fields, then the maps
"$PERF_BPF" trace -e "$T/typed_s.c" -- "$GL" 5 >"$T/out" 2>"$T/err" ||
	fail "trace exited $? ($(cat "$T/err"))"
expect_eq "typed records" 5 "$(grep -c ' seq=[1-5] comm=typedmaps-gl what=TWO arr=\[1,2\]$' "$T/out")"
grep -q 'BPF output' "$T/out" && fail "a typed record printed as a hexdump"
expect_eq "the count" "@calls[typedmaps-gl]: 5" "$(grep '^@calls' "$T/out")"
grep -q '^@n_hist:$' "$T/out" || fail "no histogram: $(cat "$T/out")"
expect_match "the bar" '^\[4, 8\) +5 \|@{50}\|$' "$(grep '^\[4, 8)' "$T/out")"

# JSON: every line parses; the map, the histogram and the fields are objects
"$PERF_BPF" trace --json -e "$T/typed_s.c" -- "$GL" 3 >"$T/json" 2>"$T/err" ||
	fail "trace --json exited $? ($(cat "$T/err"))"
python3 - "$T/json" <<'PY' || fail "JSON: $(cat "$T/json")"
import json, sys
objs = [json.loads(l) for l in open(sys.argv[1])]
recs = [o for o in objs if o["type"] == "sample"]
assert len(recs) == 3 and recs[2]["fields"] == {"seq": 3, "comm": "typedmaps-gl", "what": "TWO", "arr": [1, 2]}, recs
maps = {o["map"]: o for o in objs if o["type"] == "map"}
assert maps["calls"]["entries"] == [{"key": "typedmaps-gl", "value": 3}], maps
assert maps["n_hist"]["hist"] == "log2" and maps["n_hist"]["buckets"] == [{"low": 4, "high": 8, "count": 3}], maps
PY

# --no-maps
"$PERF_BPF" trace --no-maps -e "$T/typed_s.c" -- "$GL" 2 >"$T/nomaps" 2>"$T/err" ||
	fail "trace --no-maps exited $? ($(cat "$T/err"))"
grep -q '^@' "$T/nomaps" && fail "--no-maps printed maps: $(cat "$T/nomaps")"
expect_eq "records with --no-maps" 2 "$(grep -c ' seq=' "$T/nomaps")"

# --interval 1 --clear: the workload ends once a periodic print showed its calls; the maps were
# emptied then, so the count shows once, and the end prints nothing more of it
"$PERF_BPF" trace --interval 1 --clear -e "$T/typed_s.c" -- sh -c \
	"'$GL' 3; i=0; while ! grep -q '^@calls' '$T/iv'; do i=\$((i+1)); [ \$i -lt 600 ] || exit 9; sleep 0.1; done" \
	>"$T/iv" 2>"$T/err" || fail "trace --interval exited $? ($(cat "$T/err"))"
expect_eq "periodic count, cleared after" "@calls[typedmaps-gl]: 3" "$(grep '^@calls' "$T/iv")"

# a perf event array of another name, given its event with map:NAME.event=
sed 's/} __bpf_stdout__ SEC/} chan SEC/; s/&__bpf_stdout__/\&chan/' "$T/typed_s.c" >"$T/chan.c"
"$PERF_BPF" trace --no-maps -e bpf-output/no-inherit,name=evt/ -e "$T/chan.c/map:chan.event=evt/" -- \
	"$GL" 2 >"$T/chan" 2>"$T/err" || fail "trace of chan.c exited $? ($(cat "$T/err"))"
expect_eq "records on evt" 2 "$(grep -c ' evt: seq=[12] comm=typedmaps-gl what=TWO arr=\[1,2\]$' "$T/chan")"

# record + script, from the file alone
cp "$T/typed_s.c" "$T/gone.c"
"$PERF_BPF" record -o "$T/perf.data" -e "$T/gone.c" -- "$GL" 4 >"$T/rout" 2>"$T/rerr" ||
	fail "record exited $? ($(cat "$T/rerr"))"
grep -q '^@calls\[typedmaps-gl\]: 4$' "$T/rerr" || fail "record: no maps on stderr: $(cat "$T/rerr")"
rm -f "$T/gone.c" "$T/gone.o"
"$PERF_BPF" script -i "$T/perf.data" >"$T/sout" 2>"$T/serr" || fail "script exited $? ($(cat "$T/serr"))"
expect_eq "script: typed records" 4 "$(grep -c ' seq=[1-4] comm=typedmaps-gl what=TWO arr=\[1,2\]$' "$T/sout")"
expect_eq "script: the count" "@calls[typedmaps-gl]: 4" "$(grep '^@calls' "$T/sout")"
grep -q '^\[4, 8) .* 4 |' "$T/sout" || fail "script: no histogram: $(cat "$T/sout")"
"$PERF_BPF" script --json -i "$T/perf.data" | python3 -c '
import json, sys
objs = [json.loads(l) for l in sys.stdin]
assert sum(1 for o in objs if o["type"] == "sample" and o["fields"]["comm"] == "typedmaps-gl") == 4
assert [o["entries"] for o in objs if o.get("map") == "calls"] == [[{"key": "typedmaps-gl", "value": 4}]]
' || fail "script --json"
if command -v perf >/dev/null; then
	perf script -i "$T/perf.data" >"$T/pout" 2>"$T/perr" || fail "perf script exited $? ($(cat "$T/perr"))"
	expect_eq "perf script: raw records" 4 "$(grep -c 'BPF output: 0000' "$T/pout")"
	perf report -i "$T/perf.data" --stdio >/dev/null 2>"$T/perr"
	grep -q 'failed' "$T/perr" && fail "perf report: $(cat "$T/perr")"
	# perf-bpf's own feature is no feature section: perf inject crashed on one
	perf inject -i "$T/perf.data" -o "$T/inj.data" 2>"$T/perr" || fail "perf inject exited $? ($(cat "$T/perr"))"
	"$PERF_BPF" script -i "$T/inj.data" >"$T/iout" 2>&1 || fail "script of perf inject's output: $(tail -2 "$T/iout")"
	expect_eq "perf inject keeps the raw records" 4 "$(perf script -i "$T/inj.data" 2>/dev/null | grep -c 'BPF output: 0000')"
fi
exit 0
