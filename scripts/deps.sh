#!/bin/sh
# Install the Debian packages perf-bpf needs to build and test; nothing when all are there.
set -e
PKGS="gcc make pkg-config clang llvm clang-format flex bison
libbpf-dev libelf-dev zlib1g-dev libssl-dev libtraceevent-dev libtracefs-dev libdw-dev
libcmocka-dev bpftool linux-perf python3 jq valgrind
qemu-system-x86 busybox-static cpio xz-utils zstd"
missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
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
