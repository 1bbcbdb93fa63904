#!/usr/bin/env bash
# --trace-event: the Chrome trace-event JSON of a live run and of its recording follows the format's rules (every event has ph, ts, pid, tid; slices nest; metadata names every thread with events), typed records and printk lines are instant events with their decoded fields, -g samples carry their callchain, system calls are slices whose durations are the text view's within a microsecond
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
W=$(workload offcpu-sleep)
R=$TOP/tests/fixtures/bpf/stack-records.c
K=$TOP/examples/printk.c

# check FILE WHAT: the format's rules, and what the events must hold
check() {
	python3 - "$1" "$2" <<'PY' || fail "$2: the timeline breaks the format's rules"
import json, sys
doc = json.load(open(sys.argv[1]))
evs = doc['traceEvents']
assert evs, 'no events'
named, used = set(), set()
for e in evs:
    for k in ('ph', 'ts', 'pid', 'tid', 'name'):
        assert k in e, (k, e)
    assert isinstance(e['ts'], (int, float)) and isinstance(e['pid'], int), e
    if e['ph'] == 'M':
        assert e['name'] in ('thread_name', 'process_name') and e['args']['name'], e
        if e['name'] == 'thread_name':
            named.add((e['pid'], e['tid']))
    elif e['ph'] == 'X':
        assert e['cat'] == 'syscall' and e['dur'] >= 0 and 'ret' in e['args'], e
        used.add((e['pid'], e['tid']))
    else:
        assert e['ph'] == 'i' and e['s'] == 't', e
        used.add((e['pid'], e['tid']))
# slices of a thread nest: two are apart or one holds the other
slices = sorted((e['tid'], e['ts'], e['ts'] + e['dur']) for e in evs if e['ph'] == 'X')
for a, b in zip(slices, slices[1:]):
    assert a[0] != b[0] or b[1] >= a[2] - 1e-3 or b[2] <= a[2] + 1e-3, (a, b)
assert used <= named, ('threads without a name', used - named)
typed = [e for e in evs if e['name'] == '__bpf_stdout__']
printk = [e for e in evs if e['name'] == 'bpf_trace:bpf_trace_printk']
if sys.argv[2].startswith('records'):
    assert len(typed) == 2, len(typed)
    f = typed[0]['args']['fields']
    assert f['comm'] == 'offcpu-sleep' and f['bad_stack_id'] == -22, f
    assert printk and printk[0]['args']['fields']['bpf_string'].startswith('sleeping, pid'), printk
    ts = [e['ts'] for e in evs if e['ph'] == 'i']
    assert ts == sorted(ts), 'not in time order'
elif sys.argv[2].startswith('samples'):
    chains = [e for e in evs if e['name'] == 'cpu-clock']
    assert chains and any('perf_bpf_inner' in e['args']['callchain'][0]['sym'] for e in chains), chains[:1]
print(sys.argv[2], len(evs), 'events')
PY
}

"$PERF_BPF" trace -e "$R" -e "$K" --trace-event live.json -- sh -c "$W 2; sleep 0.01" >out 2>err ||
	fail "trace --trace-event exited $? ($(cat err))"
[ -s out ] && fail "the records were printed with --trace-event: $(head -3 out)"
check live.json "records, live"
"$PERF_BPF" record -q -e "$R" -e "$K" -o r.data -- sh -c "$W 2; sleep 0.01" >/dev/null 2>err ||
	fail "record exited $? ($(cat err))"
"$PERF_BPF" script -i r.data --trace-event file.json >/dev/null 2>err || fail "script --trace-event exited $? ($(cat err))"
check file.json "records, from the file"
"$PERF_BPF" record -q -g -e cpu-clock -o g.data -- "$(workload fp-symbols)" >/dev/null 2>err ||
	fail "record -g exited $? ($(cat err))"
"$PERF_BPF" script -i g.data --trace-event g.json >/dev/null 2>err || fail "script --trace-event exited $? ($(cat err))"
check g.json "samples with callchains"

# system calls: a slice per call, its duration the text line's (same run, on stderr as perf
# trace prints them) within 1 us
"$PERF_BPF" trace -e nanosleep,openat --trace-event sc.json -- "$W" 3 >out 2>sc.text ||
	fail "trace -e nanosleep --trace-event exited $? ($(cat sc.text))"
check sc.json "system calls"
python3 - sc.json sc.text <<'PY' || fail "the slices are not the text view's calls"
import json, re, sys
evs = json.load(open(sys.argv[1]))['traceEvents']
sl = [e for e in evs if e['ph'] == 'X' and e['name'] == 'nanosleep']
text = [float(m.group(1)) * 1000 for m in
        (re.search(r'\( *([0-9.]+) ms\): offcpu-sleep/[0-9]+ nanosleep\(', l) for l in open(sys.argv[2])) if m]
assert len(sl) == 3 and len(text) == 3, (len(sl), len(text))
for e, us in zip(sl, text):
    assert abs(e['dur'] - us) <= 1.0, (e['dur'], us)
    assert e['args']['ret'] == 0 and e['args']['rqtp'].startswith('0x'), e
op = [e for e in evs if e['ph'] == 'X' and e['name'] == 'openat']
assert any(e['args'].get('filename', '').startswith('/') for e in op), op[:2]
PY
exit 0
