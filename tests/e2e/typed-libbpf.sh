#!/usr/bin/env bash
# Programs written as libbpf-tools and libbpf-bootstrap write theirs, unmodified: their output
# maps name no record type (execsnoop's and opensnoop's PERF_EVENT_ARRAY events with key_size
# and value_size, bootstrap's RINGBUF rb), yet their records print as the fields of their
# struct event, with no hex dump: execsnoop's variable length (up to its last argument),
# opensnoop's struct on the stack, bootstrap's reserved through a local pointer. What -v says
# about it; a record type an object does not tell stays bytes, with the reason and a Hint;
# __type(value, struct event) next to value_size works.
source "$(dirname "$0")/lib.sh"
need_root
F=$TOP/tests/fixtures/libbpf
cd "$T" || fail "no temp dir"

# the workload's lines of FILE whose comm column is COMM: the pid column and the fields
lines_of() { awk -v c="$2" '$1 == c { print }' "$1"; }
# the pid column equals the record's pid field on every such line
same_pid() {
	lines_of "$1" "$2" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^pid=/) p = substr($i, 5);
		if (p != $2) bad = 1 } END { exit bad }'
}

# 1. execsnoop: pid, ppid, comm and every argument of the workload's two execs
"$PERF_BPF" trace -v -e "$F/execsnoop.bpf.c" -- sh -c 'cat /dev/null; true' >ex.out 2>ex.err ||
	fail "execsnoop: exit $? ($(cat ex.err))"
grep -q "^map 'events': records typed as struct event (records of 40 to 7720 bytes): the object's, as the map names none$" ex.err ||
	fail "execsnoop -v: $(grep "map '" ex.err)"
grep -q 'BPF output:' ex.out && fail "execsnoop: hex dump: $(head -5 ex.out)"
lines_of ex.out sh | grep -qE " events: pid=[0-9]+ ppid=[0-9]+ uid=0 retval=0 args_count=3 args_size=[0-9]+ comm=sh args=[^ ]*/sh\\\\0-c\\\\0cat /dev/null; true$" ||
	fail "execsnoop sh: $(grep ' events: ' ex.out | head -5)"
lines_of ex.out cat | grep -qE " events: pid=[0-9]+ ppid=[0-9]+ uid=0 retval=0 args_count=2 args_size=[0-9]+ comm=cat args=[^ ]*/cat\\\\0/dev/null$" ||
	fail "execsnoop cat: $(grep ' events: ' ex.out | head -5)"
same_pid ex.out cat || fail "execsnoop: pid field and task differ: $(lines_of ex.out cat)"
# JSON: the same fields, the arguments with their NULs
"$PERF_BPF" trace --json -e "$F/execsnoop.bpf.c" -- sh -c 'cat /dev/null; true' >ex.json \
	2>ex.err || fail "execsnoop --json: exit $? ($(cat ex.err))"
python3 - ex.json <<'PY' || fail "execsnoop --json: $(grep '"events"' ex.json | head -3)"
import json, sys
recs = [o for o in map(json.loads, open(sys.argv[1])) if o.get("event") == "events" and o.get("comm") == "cat"]
assert recs and all(r["fields"]["pid"] == r["pid"] for r in recs), recs
assert any(r["fields"]["comm"] == "cat" and r["fields"]["args"].endswith("/cat\0/dev/null") for r in recs), recs
PY

# 2. opensnoop: the file the workload opens, its result, comm and pid
"$PERF_BPF" trace -e "$F/opensnoop.bpf.c" -- cat /etc/hostname >os.out 2>os.err ||
	fail "opensnoop: exit $? ($(cat os.err))"
grep -q 'BPF output:' os.out && fail "opensnoop: hex dump: $(head -5 os.out)"
lines_of os.out cat | grep -qE " events: ts=0 pid=[0-9]+ uid=0 ret=[0-9]+ flags=[0-9]+ callers=\[[0-9]+,[0-9]+\] comm=cat fname=/etc/hostname$" ||
	fail "opensnoop: $(grep ' events: ' os.out | head -5)"
same_pid os.out cat || fail "opensnoop: pid field and task differ: $(lines_of os.out cat)"

# 3. bootstrap, a ring buffer: the workload's exec and exit, from their fields
"$PERF_BPF" trace -v -e "$F/bootstrap.bpf.c" -- sh -c 'cat /dev/null' >bs.out 2>bs.err ||
	fail "bootstrap: exit $? ($(cat bs.err))"
grep -q "^map 'rb': records typed as struct event (records of 168 bytes): the object's, as the map names none$" bs.err ||
	fail "bootstrap -v: $(grep "map '" bs.err)"
grep -q 'BPF output:' bs.out && fail "bootstrap: hex dump: $(head -5 bs.out)"
grep -qE " rb: pid=[0-9]+ ppid=[0-9]+ exit_code=0 duration_ns=0 comm=cat filename=[^ ]*/cat exit_event=false$" bs.out ||
	fail "bootstrap exec: $(grep ' rb: ' bs.out | head -5)"
grep -qE " rb: pid=[0-9]+ ppid=[0-9]+ exit_code=0 duration_ns=[1-9][0-9]* comm=cat filename= exit_event=true$" bs.out ||
	fail "bootstrap exit: $(grep ' rb: ' bs.out | head -5)"
# record + script: the type travels in the file
"$PERF_BPF" record -q -o bs.data -e "$F/bootstrap.bpf.c" -- sh -c 'cat /dev/null' 2>rec.err ||
	fail "bootstrap record: exit $? ($(cat rec.err))"
"$PERF_BPF" script -i bs.data >bs.script 2>&1 || fail "bootstrap script: exit $?"
grep -qE " rb: pid=[0-9]+ .* comm=cat filename=[^ ]*/cat exit_event=false$" bs.script ||
	fail "bootstrap script: $(grep ' rb: ' bs.script | head -5)"

# 4. no struct event (renamed): bytes as before, -v says why and how to type them
cp "$F/execsnoop.h" "$F/execsnoop.bpf.c" .
sed -i 's/struct event/struct exec_rec/g' execsnoop.h execsnoop.bpf.c
"$PERF_BPF" trace -v -e execsnoop.bpf.c -- true >un.out 2>un.err || fail "untyped: exit $?"
grep -q 'BPF output: 0000: ' un.out || fail "untyped: no hex dump: $(head -5 un.out)"
grep -q "^map 'events': records shown as bytes: the object has no struct event, nor one \*_event struct of the records' size (a size computed as it runs)\. Hint: name their type in the map's definition: __type(value, struct event)$" un.err ||
	fail "untyped -v: $(grep "map '" un.err)"

# 5. __type(value, struct event) next to key_size and value_size: typed, no libbpf refusal
sed 's/__uint(value_size, sizeof(u32));/&\n\t__type(value, struct event);/' "$F/opensnoop.bpf.c" \
	>ostyped.bpf.c
cp "$F/opensnoop.h" .
grep -q '__type(value, struct event)' ostyped.bpf.c || fail "sed did not type the map"
"$PERF_BPF" trace -v -e ostyped.bpf.c -- cat /etc/hostname >ot.out 2>ot.err ||
	fail "__type next to value_size: exit $? ($(grep -E 'ERROR|libbpf' ot.err))"
grep -q 'conflicting' ot.err && fail "libbpf still refuses: $(grep conflicting ot.err)"
lines_of ot.out cat | grep -qE " events: ts=0 pid=[0-9]+ .* comm=cat fname=/etc/hostname$" ||
	fail "__type next to value_size: $(grep ' events: ' ot.out | head -3)"
# the type it names, not one taken from the object
grep -q "records typed as struct event" ot.err && fail "typed twice: $(grep "map '" ot.err)"

# 6. a map that names its type is not given the object's again
"$PERF_BPF" trace -v -e "$TOP/examples/typed.c" -- true >/dev/null 2>ty.err || fail "typed.c: exit $?"
grep -q "records typed as" ty.err && fail "typed.c typed twice: $(grep "map '" ty.err)"
exit 0
