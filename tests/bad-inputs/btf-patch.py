#!/usr/bin/env python3
"""Copy a BPF object with one defect put into its BTF, for the bad-input corpus.

Usage: btf-patch.py IN OUT WHAT
  member  the first member named 'type' (a map definition's) names type 999, which does
          not exist: 4 bytes changed
  loop    type 1 becomes a typedef of itself: 8 bytes changed
  ext-func-type  .BTF.ext: the first func_info names type 9999
  ext-line-str   .BTF.ext: the first line_info names its file at string 0x7fffffff
  ext-count      .BTF.ext: the first func_info section says it holds 0x7fffffff records
  ext-core-type  .BTF.ext: the first CO-RE relocation names type 9999
"""
import struct
import sys

KIND_STRUCT, KIND_TYPEDEF = 4, 8
# bytes after struct btf_type: fixed, or per vlen entry (by kind)
FIXED = {1: 4, 3: 12, 14: 4, 17: 4}
PER_ENTRY = {4: 12, 5: 12, 6: 8, 13: 8, 15: 12, 19: 12}


def sections(d):
    shoff, = struct.unpack_from('<Q', d, 40)
    shnum, shstrndx = struct.unpack_from('<HH', d, 60)
    strtab = struct.unpack_from('<Q', d, shoff + shstrndx * 64 + 24)[0]
    for i in range(shnum):
        name, _, _, _, off, size = struct.unpack_from('<IIQQQQ', d, shoff + i * 64)
        yield d[strtab + name:d.index(b'\0', strtab + name)].decode(), off, size


def types(d, btf):
    hdr_len, type_off, type_len, str_off = struct.unpack_from('<IIII', d, btf + 4)
    at, end = btf + hdr_len + type_off, btf + hdr_len + type_off + type_len
    strs = btf + hdr_len + str_off
    while at < end:
        _, info, _ = struct.unpack_from('<III', d, at)
        kind, vlen = info >> 24 & 0x1f, info & 0xffff
        yield at, kind, vlen, strs
        at += 12 + FIXED.get(kind, 0) + PER_ENTRY.get(kind, 0) * vlen


def patch_ext(d, what):
    ext = next(off for name, off, _ in sections(d) if name == '.BTF.ext')
    hdr_len, func_off, _, line_off, _, core_off = struct.unpack_from('<IIIIII', d, ext + 4)
    func, line, core = (ext + hdr_len + off for off in (func_off, line_off, core_off))
    # a part: its record size, then {section name, count, records}
    if what == 'ext-func-type':
        struct.pack_into('<I', d, func + 4 + 8 + 4, 9999)
    elif what == 'ext-core-type':
        struct.pack_into('<I', d, core + 4 + 8 + 4, 9999)
    elif what == 'ext-line-str':
        struct.pack_into('<I', d, line + 4 + 8 + 4, 0x7fffffff)
    else:
        struct.pack_into('<I', d, func + 4 + 4, 0x7fffffff)


def main(src, dst, what):
    d = bytearray(open(src, 'rb').read())
    if what.startswith('ext-'):
        patch_ext(d, what)
        open(dst, 'wb').write(d)
        return 0
    btf = next(off for name, off, _ in sections(d) if name == '.BTF')
    for at, kind, vlen, strs in types(d, btf):
        if what == 'loop':
            struct.pack_into('<II', d, at + 4, KIND_TYPEDEF << 24, 1)
            break
        if kind != KIND_STRUCT:
            continue
        for m in range(vlen):
            name_off, = struct.unpack_from('<I', d, at + 12 + m * 12)
            if d[strs + name_off:strs + name_off + 5] == b'type\0':
                struct.pack_into('<I', d, at + 12 + m * 12 + 4, 999)
                open(dst, 'wb').write(d)
                return 0
    else:
        sys.exit('no map definition in ' + src)
    open(dst, 'wb').write(d)
    return 0


sys.exit(main(*sys.argv[1:4]))
