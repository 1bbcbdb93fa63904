#!/usr/bin/env bash
# --flamegraph: the SVG of a -g profile is valid XML with one element per frame (name, weight, share) as the folded stacks say, opens in headless Chromium (screenshot), and a search by URL paints the hot function and shows its share
source "$(dirname "$0")/lib.sh"
need_root
command -v chromium >/dev/null || fail "no chromium ('make deps' installs it)"
W=$(workload fp-symbols)
cd "$T" || fail "no temp dir"

# 1 ms a sample, 100M rounds: a few hundred samples, none under 0.1% of the whole
"$PERF_BPF" record -q -g -e cpu-clock/period=1000000/ -o g.data -- "$W" 100000000 >/dev/null 2>&1 ||
	fail "record -g exited $?"
"$PERF_BPF" script -i g.data --flamegraph fg.svg >out 2>err || fail "script --flamegraph exited $? ($(cat err))"
[ -s out ] && fail "the samples were printed with --flamegraph: $(head -3 out)"
[ -s err ] && fail "unexpected stderr: $(cat err)"
"$PERF_BPF" script -i g.data --folded >folded 2>err || fail "script --folded exited $? ($(cat err))"

# every frame the folded stacks make is one <g class="f"> with its name, weight and share
python3 - fg.svg folded <<'PY' || fail "the SVG's frames are not the stacks' frames"
import sys, xml.etree.ElementTree as ET
ns = '{http://www.w3.org/2000/svg}'
root = ET.parse(sys.argv[1]).getroot()
frames = {}
for g in root.iter(ns + 'g'):
    if g.get('class') != 'f':
        continue
    key = (int(g.get('data-d')), int(g.get('data-x')))
    assert key not in frames, key
    frames[key] = (g.get('data-name'), int(g.get('data-w')), g.find(ns + 'title').text)
want, at, total = {}, 0, 0
lines = [l.rsplit(' ', 1) for l in open(sys.argv[2]).read().splitlines()]
total = sum(int(w) for _, w in lines)
assert total < 1000, 'too many samples for an exact check: %d' % total
def add(key, name, w):
    n, ww = want.get(key, (name, 0))
    want[key] = (name, ww + w)
starts = {}
for stack, w in lines:           # in the order flame graphs lay them out
    w = int(w)
    names = stack.split(';')
    add((0, 0), 'all', w)
    for d in range(1, len(names) + 1):
        path = tuple(names[:d])
        if path not in starts:
            starts[path] = at
        add((d, starts[path]), names[d - 1], w)
    at += w
assert len(frames) == len(want), (len(frames), len(want))
for key, (name, w) in want.items():
    got = frames.get(key)
    assert got and got[0] == name and got[1] == w, (key, name, w, got)
    share = '%.2f%%' % (100.0 * w / total)
    assert got[2] == '%s (%d samples, %s)' % (name, w, share), got[2]
print(len(frames), 'frames,', total, 'samples')
PY

# Chromium opens it: a screenshot, and the DOM after a search for the hot function
chrome() { timeout 120 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" "$@" 2>>chrome.err; }
chrome --window-size=1200,700 --screenshot="$T/fg.png" "file://$T/fg.svg" >/dev/null || fail "chromium screenshot exited $?"
[ "$(head -c 8 fg.png | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "no PNG screenshot"
[ "$(stat -c %s fg.png)" -gt 5000 ] || fail "the screenshot is empty ($(stat -c %s fg.png) bytes)"
chrome --dump-dom "file://$T/fg.svg#search=perf_bpf_inner" >dom.xml || fail "chromium --dump-dom exited $?"
python3 - dom.xml folded <<'PY' || fail "the search did not paint perf_bpf_inner or its share is wrong"
import re, sys
dom = open(sys.argv[1]).read()
hits = re.findall(r'<g class="f" data-name="([^"]*)"[^>]*data-match="1"', dom)
misses = re.findall(r'<g class="f" data-name="([^"]*)"[^>]*data-match="0"', dom)
assert hits and set(hits) == {'perf_bpf_inner'}, hits
assert 'perf_bpf_inner' not in misses
assert re.search(r'<g class="f" data-name="perf_bpf_inner"[^>]*data-match="1"[^>]*>'
                 r'<title>[^<]*</title><rect[^>]*fill="rgb\(230, ?0, ?230\)"', dom), 'not painted'
lines = [l.rsplit(' ', 1) for l in open(sys.argv[2]).read().splitlines()]
total = sum(int(w) for _, w in lines)
inner = sum(int(w) for s, w in lines if 'perf_bpf_inner' in s.split(';'))
share = float(re.search(r'id="matched"[^>]*data-share="([0-9.]+)"', dom).group(1))
assert abs(share - inner / total) < 1e-5, (share, inner / total)
assert re.search(r'id="matched"[^>]*>Matched: %.2f%%<' % (100.0 * inner / total), dom)
print('matched', share)
PY
exit 0
