#!/usr/bin/env bash
# package: one version everywhere (scripts/version.sh): perf-bpf --version, the installed man
# pages' footer, debian/changelog's release; and debian/control builds with exactly what
# make deps installs for the build
source "$(dirname "$0")/lib.sh"

v=$("$TOP/scripts/version.sh") || fail "scripts/version.sh exited $?"
expect_match "the version" '^[0-9]+\.[0-9]+(\.[0-9]+)?(\+[0-9a-z.]+)?$' "$v"
expect_eq "perf-bpf --version" "perf-bpf version $v" "$("$PERF_BPF" --version)"
deb=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version) || fail "dpkg-parsechangelog failed"
expect_eq "debian/changelog's version" "$("$TOP/scripts/version.sh" --base)" "$deb"

make -s -C "$TOP" BUILD="$BUILD" man >/dev/null || fail "make man failed"
for page in "$TOP"/Documentation/*.1; do
	th=$(grep -m1 '^\.TH' "$BUILD/man/$(basename "$page")")
	[[ $th == *"\"perf-bpf $v\""* ]] || fail "$(basename "$page")'s .TH has no version $v: $th"
done

# Build-Depends: what deps.sh installs to build, but the compiler and make (build-essential)
want=$(sed -n '/^BUILD_PKGS="/,/"$/p' "$TOP/scripts/deps.sh" | sed 's/^BUILD_PKGS=//; s/"//g' |
	tr ' ' '\n' | grep -vx -e '' -e gcc -e make | sort)
got=$(sed -n '/^Build-Depends:/,/^[A-Z]/p' "$TOP/debian/control" | sed 's/^Build-Depends://' |
	tr ',' '\n' | sed 's/^[[:space:]]*//; s/[[:space:]].*//' |
	grep -vx -e '' -e 'Standards-Version:' -e debhelper-compat | sort)
expect_eq "debian/control's Build-Depends beside deps.sh's BUILD_PKGS" "$want" "$got"
exit 0
