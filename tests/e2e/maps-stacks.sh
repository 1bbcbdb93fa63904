#!/usr/bin/env bash
# stacks in BPF maps: a libbpf-tools-style off-CPU program's keys print their stacks' frames (text, JSON, live and from the file), fold by the nanoseconds into an off-CPU flame graph whose deepest user frame is the workload's sleeping function; typed records' stack ids print their frames live, errors by name
source "$(dirname "$0")/lib.sh"
need_root
W=$(workload offcpu-sleep)
P=$TOP/examples/offcputime.bpf.c
cd "$T" || fail "no temp dir"
run() { "$PERF_BPF" "$@" --clang-opt=-DTARGET_COMM=offcpu-sleep -- "$W" 20; }

# text: the key line, then each stack field's frames as perf script's callchain lines
run trace -e "$P" >text 2>err || fail "trace exited $? ($(cat err))"
grep -q '^@offcpu\[pid=[0-9]* tgid=[0-9]* user_stack_id=[0-9]* kern_stack_id=[0-9]* comm=offcpu-sleep\]: [0-9]*$' text ||
	fail "no @offcpu key with stack ids: $(head -5 text)"
awk '/^@offcpu/ {k = 1; next} k && /^\tuser_stack_id:$/ {u = 1; next}
     u && /^\t +[0-9a-f]+ perf_bpf_sleeper\+0x[0-9a-f]+ \(.*offcpu-sleep\)$/ {print "ok"; exit}' text | grep -q ok ||
	fail "the user stack does not start in perf_bpf_sleeper: $(head -20 text)"
grep -Eq $'^\t +ffffffff[0-9a-f]+ schedule\\+0x[0-9a-f]+ \\(\\[kernel\\.kallsyms\\]\\)$' text ||
	fail "no kernel frame schedule: $(head -20 text)"
grep -q '^@stackmap' text && fail "the STACK_TRACE map itself was printed"

# JSON: the same frames in a "stacks" member
run trace -e "$P" --json >json 2>err || fail "trace --json exited $? ($(cat err))"
jq -e 'select(.type == "map" and .map == "offcpu") | .entries[]
	| select(.key.comm == "offcpu-sleep") | .stacks.user_stack_id | arrays
	| .[0].sym == "perf_bpf_sleeper"' json |
	grep -q true || fail "no JSON stack starting in perf_bpf_sleeper: $(grep offcpu json | head -c 600)"

# the recording keeps the stack map: script shows the same frames, and folds them
run record -q -e "$P" -o off.data >/dev/null 2>err || fail "record exited $? ($(cat err))"
"$PERF_BPF" script -i off.data >file.text 2>err || fail "script exited $? ($(cat err))"
grep -q $'^\t *[0-9a-f]* perf_bpf_sleeper+0x[0-9a-f]* (.*offcpu-sleep)$' file.text ||
	fail "script: no perf_bpf_sleeper frame: $(head -20 file.text)"

# folded, weighted by the map's values: they sum to the map's total for the workload
check_folded() {
	[ -s "$1" ] || fail "$2: no folded stacks"
	grep -v '^offcpu-sleep;' "$1" | grep -q . && fail "$2: a stack of another task: $(grep -v '^offcpu-sleep;' "$1" | head -3)"
	python3 - "$1" "$2" <<'PY' || fail "$2: the off-CPU time is not in perf_bpf_sleeper"
import sys
total, user_leaf = 0, {}
for line in open(sys.argv[1]):
    stack, w = line.rsplit(' ', 1)
    frames = stack.split(';')
    total += int(w)
    # the deepest user frame: the last before the kernel's entry
    user = frames[1:frames.index('entry_SYSCALL_64_after_hwframe')] if 'entry_SYSCALL_64_after_hwframe' in frames else frames[1:]
    if user:
        user_leaf[user[-1]] = user_leaf.get(user[-1], 0) + int(w)
best = max(user_leaf, key=user_leaf.get)
assert best == 'perf_bpf_sleeper', (best, user_leaf)
# 20 sleeps of 10 ms: at least 0.2 s off the CPU in it
assert user_leaf[best] >= 200000000 and user_leaf[best] >= 0.9 * total, (user_leaf, total)
print(sys.argv[2], user_leaf[best], total)
PY
}
"$PERF_BPF" script -i off.data --folded >file.folded 2>err || fail "script --folded exited $? ($(cat err))"
check_folded file.folded "script --folded"
run trace -e "$P" --folded >live.folded 2>err || fail "trace --folded exited $? ($(cat err))"
check_folded live.folded "trace --folded"

# the off-CPU flame graph: perf_bpf_sleeper is a frame holding the time, counted in "offcpu"
"$PERF_BPF" script -i off.data --flamegraph off.svg >/dev/null 2>err || fail "script --flamegraph exited $? ($(cat err))"
python3 - off.svg <<'PY' || fail "the off-CPU flame graph has no perf_bpf_sleeper frame"
import sys, xml.etree.ElementTree as ET
ns = '{http://www.w3.org/2000/svg}'
g = [g for g in ET.parse(sys.argv[1]).getroot().iter(ns + 'g') if g.get('data-name') == 'perf_bpf_sleeper']
assert len(g) == 1 and g[0].get('data-k') == '0', g
assert ' offcpu, ' in g[0].find(ns + 'title').text, g[0].find(ns + 'title').text
PY

# typed records naming stacks, live: the frames after the record's line, an error by its name
"$PERF_BPF" trace -e "$TOP/tests/fixtures/bpf/stack-records.c" -- "$W" 2 >rec.text 2>err ||
	fail "trace of stack records exited $? ($(cat err))"
[ "$(grep -c 'bad_stack_id=-22' rec.text)" = 2 ] || fail "not 2 records: $(head -5 rec.text)"
awk '/__bpf_stdout__:/ {r = 1; next} r && /^\tuser_stack_id:$/ {u = 1; next}
     u && /^\t +[0-9a-f]+ perf_bpf_sleeper\+0x[0-9a-f]+ \(.*offcpu-sleep\)$/ {print "ok"; exit}' rec.text |
	grep -q ok || fail "a record's user stack does not start in perf_bpf_sleeper: $(head -12 rec.text)"
[ "$(grep -c $'^\tbad_stack_id: -EINVAL$' rec.text)" = 2 ] || fail "no -EINVAL for the bad id: $(head -12 rec.text)"
"$PERF_BPF" trace --json -e "$TOP/tests/fixtures/bpf/stack-records.c" -- "$W" 2 >rec.json 2>err ||
	fail "trace --json of stack records exited $? ($(cat err))"
[ "$(jq -c 'select(.type == "sample") | [.stacks.bad_stack_id.error, .stacks.user_stack_id[0].sym,
	(.stacks.kern_stack_id | length > 0)]' rec.json | sort -u)" = '["EINVAL","perf_bpf_sleeper",true]' ] ||
	fail "JSON stacks of the records: $(head -c 800 rec.json)"

# ... and from a recording, whose stack map is stored after the records: the same frames
"$PERF_BPF" record -q -o rec.data -e "$TOP/tests/fixtures/bpf/stack-records.c" -- "$W" 2 >/dev/null 2>err ||
	fail "record of stack records exited $? ($(cat err))"
"$PERF_BPF" script -i rec.data >rec-file.text 2>err || fail "script of stack records exited $? ($(cat err))"
[ ! -s err ] || fail "script of stack records said: $(cat err)"
[ "$(grep -c 'bad_stack_id=-22' rec-file.text)" = 2 ] || fail "not 2 records in the file: $(head -5 rec-file.text)"
[ "$(awk '/__bpf_stdout__:/ {r = 1; next} r && /^\tuser_stack_id:$/ {u = 1; next}
     u && /^\t +[0-9a-f]+ perf_bpf_sleeper\+0x[0-9a-f]+ \(.*offcpu-sleep\)$/ {n++; u = 0} END {print n + 0}' \
	rec-file.text)" = 2 ] || fail "the file's records' user stacks do not start in perf_bpf_sleeper: $(head -12 rec-file.text)"
grep -Eq $'^\tkern_stack_id:$' rec-file.text || fail "no kernel stack in the file's records: $(head -12 rec-file.text)"
"$PERF_BPF" script --json -i rec.data >rec-file.json 2>err || fail "script --json of stack records exited $?"
[ "$(jq -c 'select(.type == "sample") | [.stacks.bad_stack_id.error, .stacks.user_stack_id[0].sym,
	(.stacks.kern_stack_id | length > 0)]' rec-file.json | sort -u)" = '["EINVAL","perf_bpf_sleeper",true]' ] ||
	fail "JSON stacks of the file's records: $(head -c 800 rec-file.json)"
exit 0
