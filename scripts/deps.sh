#!/bin/sh
# Install the Debian packages perf-bpf needs; nothing when all are there.
#   deps.sh [-n] [all|demo|bench]
# all (the default, `make deps`): everything `make check` builds and runs, the kernel lane's
# qemu and valgrind included. demo (`make demo`): what building perf-bpf and running
# examples/hello.c takes. bench (`make bench`): all, and bpftrace to compare with.
# -n: print the missing packages of the set, one a line; install nothing.
set -e
# clang and bpftool build perf-bpf's own BPF programs (bpf/) into the binary; clang also
# compiles scriptlets when perf-bpf runs.
# protoc-c and libprotobuf-c write pprof profiles (lib/output/profile.proto).
BUILD_PKGS="gcc make pkg-config flex bison clang bpftool protobuf-c-compiler
libbpf-dev libelf-dev zlib1g-dev libssl-dev libtraceevent-dev libtracefs-dev libdw-dev libzstd-dev liblzma-dev
libprotobuf-c-dev"
# chromium opens the flame graphs the tests make (headless, a screenshot and the DOM);
# go tool pprof (golang-go) reads the pprof profiles, promtool (prometheus) the .prom files.
# The package's test builds the .deb (dpkg-dev, debhelper), checks it with lintian and
# hardening-check (devscripts); groff checks the man pages.
CHECK_PKGS="llvm clang-format libcmocka-dev linux-perf python3 jq valgrind strace
qemu-system-x86 busybox-static cpio xz-utils zstd chromium golang-go prometheus
dpkg-dev debhelper devscripts lintian groff-base"

dry=
[ "${1-}" = -n ] && { dry=1; shift; }
case "${1-all}" in
all) PKGS="$BUILD_PKGS $CHECK_PKGS" ;;
demo) PKGS="$BUILD_PKGS" ;;
bench) PKGS="$BUILD_PKGS $CHECK_PKGS bpftrace" ;;
*)
	echo "usage: $0 [-n] [all|demo|bench]" >&2
	exit 129
	;;
esac
missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
if [ -n "$dry" ]; then
	for p in $missing; do echo "$p"; done
	exit 0
fi
[ -z "$missing" ] && exit 0
echo "  DEPS    installing:$missing"
if [ "$(id -u)" != 0 ]; then
	echo "ERROR: missing packages:$missing" >&2
	echo "Hint: run 'sudo make deps'" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
