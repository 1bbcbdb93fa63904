#!/usr/bin/env python3
"""Rewrite, in place, the absolute paths of the machine that made a binary test input.

Usage: unpath.py FILE...

An object compiled here keeps its directories in its debug info and BTF strings (the
compilation directory, the source's path), a recording keeps the paths of what it mapped
and ran. Each such path under /work, /root, /home or /tmp becomes a relative one of the
same length: what comes before its tests/, examples/, build/ or bpf/ part (else before its
last part) turns into '.' and slashes, so '/home/x/tests/a.c' reads './////tests/a.c'. No
byte moves, so every offset, size and defect of the input stays where it was.
"""
import re
import sys

PATH = re.compile(rb'/(?:work|root|home|tmp)/[\x21-\x7e]*')
KEEP = (b'/tests/', b'/examples/', b'/build/', b'/bpf/')


def relative(m):
    p = m.group(0)
    cuts = [p.find(k) for k in KEEP if p.find(k) > 0]
    cut = min(cuts) if cuts else p.rfind(b'/')
    if cut <= 0:
        cut = len(p)
    return b'.' + b'/' * (cut - 1) + p[cut:]


def main(files):
    for f in files:
        d = open(f, 'rb').read()
        n = PATH.sub(relative, d)
        assert len(n) == len(d)
        if n != d:
            open(f, 'wb').write(n)
    return 0


sys.exit(main(sys.argv[1:]))
