#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""A perf.data with N samples, each of its own stack: SRC's (a perf record -g file) with its
samples replaced by N kernel-mode samples whose callchains are three functions of this
machine's kernel (from /proc/kallsyms, run as root), no two alike.

    manystacks.py SRC OUT N

SRC's header records, maps and features stay; the attr's sample_type must be what perf
record -g gives (IP, TID, TIME, PERIOD, CALLCHAIN, maybe IDENTIFIER, ID, CPU).
"""
import struct
import sys

IDENTIFIER, IP, TID, TIME, ADDR, ID, STREAM_ID, CPU, PERIOD, READ, CALLCHAIN = (
    1 << 16, 1, 2, 4, 8, 64, 512, 128, 256, 16, 32)
CONTEXT_KERNEL = 2 ** 64 - 128
MISC_KERNEL = 1
ROUND = struct.pack('<IHH', 68, 0, 8)


def kernel_functions(n):
    """n kernel text addresses of distinct functions, ascending."""
    seen, out = set(), []
    with open('/proc/kallsyms') as f:
        for line in f:
            addr, kind, name = line.split()[:3]
            a = int(addr, 16)
            if kind in 'tT' and a and name not in seen and '.' not in name:
                seen.add(name)
                out.append(a)
    out = sorted(set(out))
    if len(out) < n:
        sys.exit('kallsyms has %d functions (addresses hidden? run as root)' % len(out))
    step = len(out) // n
    return [out[i * step] + 1 for i in range(n)]


def main():
    src_path, out_path, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    src = open(src_path, 'rb').read()
    attrs_off, attrs_size, data_off, data_size = struct.unpack_from('<QQQQ', src, 24)
    st = struct.unpack_from('<Q', src, attrs_off + 24)[0]
    if not st & CALLCHAIN or st & (ADDR | STREAM_ID | READ):
        sys.exit('%s: sample_type %#x is not perf record -g\'s' % (src_path, st))
    keep, pos, template = [], data_off, None
    while pos + 8 <= data_off + data_size:
        rtype, misc, size = struct.unpack_from('<IHH', src, pos)
        if size < 8:
            break
        if rtype == 9:
            template = template or src[pos + 8:pos + size]
        else:
            keep.append(src[pos:pos + size])
        pos += size
    if template is None:
        sys.exit('%s has no sample' % src_path)
    # the fields before the callchain, as the template has them (8 bytes each)
    nfix = sum(1 for b in (IDENTIFIER, IP, TID, TIME, ID, CPU, PERIOD) if st & b)
    fixed = bytearray(template[:8 * nfix])
    ip_at = 8 if st & IDENTIFIER else 0
    side = 1
    while side * side * side < n:
        side += 1
    fn = kernel_functions(side)
    out = bytearray()
    body = bytearray(fixed) + struct.pack('<QQQQQ', 4, CONTEXT_KERNEL, 0, 0, 0)
    hdr = struct.pack('<IHH', 9, MISC_KERNEL, 8 + len(body))
    time_at = 8 * sum(1 for b in (IDENTIFIER, IP, TID) if st & b)
    t0 = struct.unpack_from('<Q', body, time_at)[0] if st & TIME else 0
    samples = []
    for i in range(n):
        a, b, c = fn[i % side], fn[i // side % side], fn[i // (side * side)]
        struct.pack_into('<Q', body, ip_at, a)
        if st & TIME:
            struct.pack_into('<Q', body, time_at, t0 + i * 1000)
        struct.pack_into('<QQQ', body, len(fixed) + 16, a, b, c)
        samples.append(hdr + body)
        if i % 10000 == 9999:
            samples.append(ROUND)
    out = b''.join(keep) + b''.join(samples) + ROUND
    head = bytearray(src[:data_off])
    struct.pack_into('<Q', head, 48, len(out))
    with open(out_path, 'wb') as f:
        f.write(head + out + features(src, data_off + data_size, len(out) - data_size))
    return 0


def features(src, at, delta):
    """The feature index at at and its sections, the sections' offsets moved by delta."""
    nr = sum(bin(b).count('1') for b in src[72:104])
    index = bytearray(src[at:at + 16 * nr])
    for k in range(nr):
        off = struct.unpack_from('<Q', index, 16 * k)[0]
        struct.pack_into('<Q', index, 16 * k, off + delta)
    return bytes(index) + src[at + 16 * nr:]


sys.exit(main())
