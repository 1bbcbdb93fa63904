#!/usr/bin/env bash
# bpf/vmlinux/vmlinux.h: the built-in BPF programs build against the kept header, so two builds
# (another tree, another VMLINUX_BTF) give the same objects byte for byte; make vmlinux-check
# names what a program uses that the header lacks, and make vmlinux-cut writes it again
source "$(dirname "$0")/lib.sh"

copy_tree() { # the files the BPF build and the cut take, into $1
	mkdir -p "$1/scripts" "$1/debian"
	cp -R "$TOP/bpf" "$TOP/include" "$TOP/Makefile" "$1/" &&
		cp "$TOP"/scripts/version.sh "$TOP"/scripts/vmlinux-cut.* "$1/scripts/" &&
		cp "$TOP/debian/changelog" "$1/debian/" || fail "copying the tree failed"
}
skels() { # make in $1 with BUILD=$2 and VMLINUX_BTF=$3: the skeletons of bpf/*.bpf.c
	local s targets=()
	for s in "$1"/bpf/*.bpf.c; do targets+=("$2/gen/$(basename "$s" .bpf.c).skel.h"); done
	make -s -C "$1" BUILD="$2" VMLINUX_BTF="$3" "${targets[@]}" >"$T/make.log" 2>&1 ||
		fail "the BPF build in $1 failed: $(tail -5 "$T/make.log")"
}

# Another kernel's BTF where the kernel lane has fetched one, else a path that is not there:
# either way the build must not read it.
other=/nonexistent/btf
for v in "$BUILD"/kernel-lane/*/vmlinux; do [ -r "$v" ] && other=$v && break; done
copy_tree "$T/tree"
skels "$TOP" "$T/b1" /sys/kernel/btf/vmlinux
skels "$T/tree" "$T/b2" "$other"
n=0
for f in "$T"/b1/bpf/*.o "$T"/b1/gen/*.skel.h; do
	cmp -s "$f" "$T/b2/${f#"$T"/b1/}" || fail "$(basename "$f") differs between the builds (VMLINUX_BTF=$other)"
	n=$((n + 1))
done
[ $n -ge 6 ] || fail "only $n BPF objects and skeletons compared"

make -s -C "$T/tree" BUILD="$T/b2" vmlinux-check >"$T/check" 2>&1 ||
	fail "make vmlinux-check failed on the tree as it is: $(cat "$T/check")"

# a program that needs a struct and a constant the header lacks
cat >"$T/tree/bpf/probe.bpf.c" <<'EOC'
// SPDX-License-Identifier: GPL-2.0
#include "vmlinux.h"
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_core_read.h>

SEC("raw_tp/block_bio_queue")
int bio_size(struct bio *bio)
{
	return BPF_CORE_READ(bio, bi_iter.bi_size) + REQ_OP_WRITE;
}

char LICENSE[] SEC("license") = "GPL";
EOC
grep -q '^struct bio {' "$T/tree/bpf/vmlinux/vmlinux.h" && fail "the kept header has struct bio: pick another"
make -s -C "$T/tree" BUILD="$T/b2" vmlinux-check >"$T/check" 2>&1 && fail "vmlinux-check passed a program using struct bio"
grep -q '^ERROR: bpf/probe.bpf.c uses .*struct bio.* that bpf/vmlinux/vmlinux.h lacks: run make vmlinux-cut$' "$T/check" ||
	fail "vmlinux-check said: $(cat "$T/check")"
grep -q 'REQ_OP_WRITE' "$T/check" || fail "vmlinux-check did not name REQ_OP_WRITE: $(cat "$T/check")"

[ -r /sys/kernel/btf/vmlinux ] || skip "no kernel BTF (CONFIG_DEBUG_INFO_BTF) to cut the header from"
make -s -C "$T/tree" BUILD="$T/b2" vmlinux-cut >"$T/cut" 2>&1 || fail "make vmlinux-cut failed: $(cat "$T/cut")"
grep -q '^struct bio {' "$T/tree/bpf/vmlinux/vmlinux.h" || fail "make vmlinux-cut wrote no struct bio"
make -s -C "$T/tree" BUILD="$T/b2" vmlinux-check >"$T/check" 2>&1 ||
	fail "vmlinux-check failed after make vmlinux-cut: $(cat "$T/check")"
cp "$T/tree/bpf/vmlinux/vmlinux.h" "$T/first.h"
make -s -C "$T/tree" BUILD="$T/b3" vmlinux-cut >/dev/null 2>&1 || fail "make vmlinux-cut failed again"
cmp -s "$T/first.h" "$T/tree/bpf/vmlinux/vmlinux.h" || fail "two cuts of the same BTF differ"
skels "$T/tree" "$T/b4" /nonexistent/btf
exit 0
