#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""The bench's big perf.data: SRC's records repeated until OUT has about SIZE bytes.

    bigfile.py SRC OUT SIZE

A streaming-layout SRC (what perf-bpf record writes) keeps its header records and repeats
the rest; a seekable one repeats its data section (its size field updated, features after
it). Each copy's times repeat the first one's: readers count those records as out of order,
which is what this file is for: reading a file far bigger than memory.
"""
import struct
import sys


def records_start(src):
    """Where a streaming file's header records (types 64 and up) end."""
    pos = 16
    while pos + 8 <= len(src):
        rtype, _, size = struct.unpack_from('<IHH', src, pos)
        if rtype < 64 or size < 8:
            break
        extra = struct.unpack_from('<I', src, pos + 8)[0] if rtype == 66 else 0
        pos += size + extra
    return pos


def main():
    src_path, out_path, want = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(src_path, 'rb') as f:
        src = f.read()
    pipe = struct.unpack_from('<Q', src, 8)[0] == 16
    if pipe:
        head_end = records_start(src)
        head, body, tail = src[:head_end], src[head_end:], b''
    else:
        off, size = struct.unpack_from('<QQ', src, 40)
        head, body, tail = bytearray(src[:off]), src[off:off + size], src[off + size:]
    copies = max(1, (want - len(head) - len(tail)) // max(1, len(body)))
    if not pipe:
        struct.pack_into('<Q', head, 48, len(body) * copies)
        tail = bytearray(tail)
        # the feature index follows the data: its offsets move with it
        nfeat = sum(bin(b).count('1') for b in src[72:104])
        delta = len(body) * (copies - 1)
        for i in range(nfeat):
            o = struct.unpack_from('<Q', tail, 16 * i)[0]
            struct.pack_into('<Q', tail, 16 * i, o + delta)
    with open(out_path, 'wb') as f:
        f.write(head)
        for _ in range(copies):
            f.write(body)
        f.write(tail)


if __name__ == '__main__':
    main()
