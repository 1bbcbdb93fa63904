#!/usr/bin/env bash
# Build the guest's initramfs (an uncompressed newc cpio) from the static build.
# Usage: initramfs.sh OUT STATIC_BUILD [EXTRA_DIR]
#   STATIC_BUILD holds perf-bpf, tests/kernel/*, tests/kernel-lane/{qexit,guest/*},
#   tests/runners/* and tests/workloads/*, as `make static` leaves them.  EXTRA_DIR: more
#   guest tests to add.
# Contents: busybox and its applet links, /init, /bin/perf-bpf, /bin/qexit, bash with the
# shared libraries it and the workloads need, /tests/{kernel,guest}/ (static binaries and
# scripts), /build/tests/{runners,workloads}/, and /repo with the shell helpers the tests
# source.
set -eu
out=$1
sb=$2
extra=${3:-}
top=$(cd "$(dirname "$0")/../.." && pwd)
lane=$top/tests/kernel-lane

die() { echo "ERROR: $*" >&2; exit 1; }
[ -x "$sb/perf-bpf" ] || die "no static perf-bpf in '$sb': run 'make static'"
busybox=$(command -v busybox) || die "no busybox: install busybox-static"
ldd "$busybox" >/dev/null 2>&1 && die "'$busybox' is not statically linked: install busybox-static"

root=$(mktemp -d "${out%/*}/rootfs.XXXXXX")
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,dev,proc,sys,tmp,root,etc,tests/kernel,tests/guest}
mkdir -p "$root"/build/tests/{runners,workloads} "$root"/repo/tests/e2e "$root"/repo/scripts
cp "$busybox" "$root/bin/busybox"
for a in $("$busybox" --list-full); do
	[ -e "$root/$a" ] || ln -s /bin/busybox "$root/$a"
done
# The kernel opens /dev/console for /init.  Only root can make the node; without it /init
# starts with no output and connects itself once devtmpfs is mounted.
mknod "$root/dev/console" c 5 1 2>/dev/null || true
# busybox-static has no mountpoint applet; tests/e2e/lib.sh's mounts.sh asks for it.
if [ ! -e "$root/bin/mountpoint" ]; then
	printf '#!/bin/sh\n[ "$1" = -q ] && shift\ngrep -q " ${1%%/} " /proc/mounts\n' \
		>"$root/bin/mountpoint"
	chmod 0755 "$root/bin/mountpoint"
fi
echo 'root:x:0:0:root:/root:/bin/sh' >"$root/etc/passwd"
echo 'root:x:0:' >"$root/etc/group"

install -m 0755 "$lane/init.sh" "$root/init"
install -m 0755 "$sb/perf-bpf" "$root/bin/perf-bpf"
install -m 0755 "$sb/tests/kernel-lane/qexit" "$root/bin/qexit"

copy_exec() { # file dest-dir: copy, with the shared libraries it loads
	local lib
	install -m 0755 "$1" "$2/"
	for lib in $(ldd "$1" 2>/dev/null | grep -o '/[^ ]*'); do
		[ -e "$root$lib" ] && continue
		mkdir -p "$root${lib%/*}"
		cp -L "$lib" "$root$lib"
	done
}
copy_exec /bin/bash "$root/bin"
for f in "$sb"/tests/kernel/* "$lane"/guest/*.sh "$top"/tests/kernel/*.sh; do
	[ -f "$f" ] && [ -x "$f" ] || continue
	case $f in
	*/tests/kernel/*) copy_exec "$f" "$root/tests/kernel" ;;
	*) copy_exec "$f" "$root/tests/guest" ;;
	esac
done
for f in "$sb"/tests/kernel-lane/guest/* "$sb"/tests/runners/* "$sb"/tests/workloads/* \
	${extra:+"$extra"/*}; do
	[ -f "$f" ] && [ -x "$f" ] || continue
	case $f in
	*/workloads/*) copy_exec "$f" "$root/build/tests/workloads" ;;
	*/runners/*) copy_exec "$f" "$root/build/tests/runners" ;;
	*) copy_exec "$f" "$root/tests/guest" ;;
	esac
done
cp "$top/tests/e2e/lib.sh" "$root/repo/tests/e2e/"
cp "$top/scripts/mounts.sh" "$root/repo/scripts/" 2>/dev/null || true
[ -d "$top/tests/fixtures" ] && cp -r "$top/tests/fixtures" "$root/repo/tests/"

# The guest has no clang: precompile the BPF sources its tests may load, next to each source
# (tests/fixtures/bpf/NAME.o, /tests/guest/bpf/NAME.o).  Sources meant not to compile fail
# here, as they should; the compile cache lives with the kernel cache.
export XDG_CACHE_HOME=${out%/*}/cache
for src in "$root"/repo/tests/fixtures/bpf/*.c "$lane"/guest/bpf/*.c; do
	[ -f "$src" ] || continue
	case $src in
	"$lane"/*)
		mkdir -p "$root/tests/guest/bpf"
		obj=$root/tests/guest/bpf/$(basename "${src%.c}").o
		;;
	*) obj=${src%.c}.o ;;
	esac
	"$sb/perf-bpf" compile -q "$src" -o "$obj" 2>&1 | head -n 2 || true
done

(cd "$root" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc -R 0:0 --quiet) \
	>"$out.tmp"
mv "$out.tmp" "$out"
