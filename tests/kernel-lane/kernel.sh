#!/usr/bin/env bash
# Fetch a Debian kernel package (never installed) and extract a bootable ELF vmlinux.
# Usage: kernel.sh CACHE_DIR [PACKAGE]
#   PACKAGE: a full package name, a version prefix (6.12: the newest
#   linux-image-6.12*-amd64-unsigned apt knows), or empty for the
#   linux-image-*-amd64-unsigned that linux-image-amd64 depends on today.
# Prints the path of the vmlinux on stdout; on failure one ERROR line on stderr, exit 1.
# Cached in CACHE_DIR/<package>/: boot/vmlinuz-*, boot/config-*, vmlinux (the .deb only
# until then).  When the download fails, apt's lists are refreshed once (as root) and the
# name is looked up again: Debian drops superseded kernel ABIs from its mirrors.
set -u
cache=$1
want=${2:-}

die() { echo "ERROR: $*" >&2; exit 1; }

resolve() { # prints the package name for $want
	local dep
	case $want in
	linux-image-*) echo "$want" ;;
	'') dep=$(apt-cache depends linux-image-amd64 2>/dev/null |
			awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
		[ -n "$dep" ] && echo "$dep-unsigned" ;;
	*) apt-cache pkgnames linux-image- 2>/dev/null |
			grep -E "^linux-image-${want//./\\.}[.+-].*-amd64-unsigned\$" |
			grep -v -e -rt- -e -cloud- | sort -V | tail -n 1 ;;
	esac
}

download() { # package dir: the .deb into dir; on failure prints apt's first error line
	local tmp rc
	# apt-get download writes into the current directory; keep a partial file out of the cache.
	tmp=$(mktemp -d "$2/dl.XXXXXX") || return 1
	(cd "$tmp" && apt-get download -q -o APT::Sandbox::User=root "$1") >"$tmp/log" 2>&1
	rc=$?
	if [ $rc = 0 ]; then
		mv "$tmp"/*.deb "$2"/ || rc=1
	else
		grep -m1 -E '^(E|W):' "$tmp/log" | cut -c1-160
	fi
	rm -rf "$tmp"
	return $rc
}

fetch() { # package: leaves $dir/*.deb, or fails
	dir=$cache/$1
	[ -s "$dir/vmlinux" ] || ls "$dir"/*.deb >/dev/null 2>&1 && return 0
	mkdir -p "$dir" || die "cannot create '$dir'"
	why=$(download "$1" "$dir") && return 0
	rmdir "$dir" 2>/dev/null
	return 1
}

pkg=$(resolve)
if [ -z "$pkg" ] || ! fetch "$pkg"; then
	# Stale lists name a package the mirror no longer has: refresh them once and look again.
	[ "$(id -u)" = 0 ] && apt-get update -qq >/dev/null 2>&1
	pkg=$(resolve)
	[ -n "$pkg" ] ||
		die "no kernel package '${want:-linux-image-amd64}': apt-cache does not know it"
	fetch "$pkg" || die "cannot download kernel package '$pkg': ${why:-apt-get download failed}"
fi
if [ -s "$dir/vmlinux" ]; then
	echo "$dir/vmlinux"
	exit 0
fi
deb=$(ls "$dir"/*.deb | head -n 1)
if ! ls "$dir"/boot/vmlinuz-* >/dev/null 2>&1; then
	dpkg-deb --fsys-tarfile "$deb" |
		tar -x -C "$dir" --wildcards './boot/vmlinuz-*' './boot/config-*' ||
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
	unpack '\x1f\x8b\x08' 'gzip -dc' ||
	die "no ELF kernel inside '$vmlinuz': unknown compression"
rm -f "$deb" # the package is 70-110 MB; boot/ and vmlinux are all the lane needs
echo "$dir/vmlinux"
