#!/usr/bin/env bash
# Fetch a Debian kernel package (never installed) and extract a bootable ELF vmlinux.
# Usage: kernel.sh CACHE_DIR [PACKAGE]
#   PACKAGE defaults to the linux-image-*-amd64-unsigned that linux-image-amd64 depends on.
# Prints the path of the vmlinux on stdout; on failure one ERROR line on stderr, exit 1.
# Everything is cached in CACHE_DIR/<package>/: the .deb, boot/vmlinuz-*, boot/config-*, vmlinux.
set -u
cache=$1
pkg=${2:-}

die() { echo "ERROR: $*" >&2; exit 1; }

current_pkg() {
	local dep
	dep=$(apt-cache depends linux-image-amd64 2>/dev/null |
		awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
	[ -n "$dep" ] || return 1
	echo "$dep-unsigned"
}

# A version prefix (6.12) names the newest such linux-image-*-amd64-unsigned apt knows.
by_version() {
	apt-cache pkgnames linux-image- 2>/dev/null | grep -E "^linux-image-${1//./\\.}[.+-].*-amd64-unsigned\$" |
		grep -v -e -rt- -e -cloud- | sort -V | tail -n 1
}

case $pkg in
'') pkg=$(current_pkg) ||
	die "no kernel package 'linux-image-amd64': apt-cache knows no dependency (run apt-get update)" ;;
linux-image-*) ;;
*) want=$pkg
	pkg=$(by_version "$want")
	[ -n "$pkg" ] || die "no kernel package '$want': apt-cache lists no linux-image-$want*-amd64-unsigned" ;;
esac
dir=$cache/$pkg
if [ -s "$dir/vmlinux" ]; then
	echo "$dir/vmlinux"
	exit 0
fi
mkdir -p "$dir" || die "cannot create '$dir'"

deb=$(ls "$dir"/*.deb 2>/dev/null | head -n 1)
if [ -z "$deb" ]; then
	# apt-get download writes into the current directory; keep a partial file out of the cache.
	tmp=$(mktemp -d "$dir/dl.XXXXXX") || die "cannot create a directory in '$dir'"
	if ! (cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "$pkg") >"$tmp/log" 2>&1; then
		why=$(grep -m1 -E '^(E|W):' "$tmp/log" | cut -c1-160)
		rm -rf "$tmp"
		die "cannot download kernel package '$pkg': ${why:-apt-get download failed}"
	fi
	mv "$tmp"/*.deb "$dir"/ && rm -rf "$tmp"
	deb=$(ls "$dir"/*.deb | head -n 1)
fi

if ! ls "$dir"/boot/vmlinuz-* >/dev/null 2>&1; then
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$dir" --wildcards './boot/vmlinuz-*' './boot/config-*' ||
		die "cannot extract the kernel from '$deb': corrupt package?"
fi
vmlinuz=$(ls "$dir"/boot/vmlinuz-* | head -n 1)

# The bzImage carries the ELF vmlinux as one compressed payload: find its magic and unpack
# the stream that yields an ELF file.  Booting the ELF through its PVH note skips the
# real-mode setup and the decompression under emulation.
unpack() { # magic-regex decompressor
	local off
	for off in $(LC_ALL=C grep -obUaP "$1" "$vmlinuz" | cut -d: -f1 | head -n 4); do
		tail -c +$((off + 1)) "$vmlinuz" | $2 >"$dir/vmlinux.tmp" 2>/dev/null
		if [ "$(head -c 4 "$dir/vmlinux.tmp" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
			mv "$dir/vmlinux.tmp" "$dir/vmlinux"
			return 0
		fi
	done
	rm -f "$dir/vmlinux.tmp"
	return 1
}
unpack '\xfd7zXZ\x00' 'xz -dc' || unpack '\x28\xb5\x2f\xfd' 'zstd -dc' ||
	unpack '\x1f\x8b\x08' 'gzip -dc' || die "no ELF kernel inside '$vmlinuz': unknown compression"
echo "$dir/vmlinux"
