#!/usr/bin/env bash
# package: dpkg-buildpackage -us -uc -b builds the .deb from a copy of the tree; lintian finds no
# error in it, hardening-check finds the binary hardened; unpacked into a scratch root
# (dpkg -x), the installed binary says the package's version and compiles an installed
# example with the installed headers. A whole build: the slowest test of the suite.
source "$(dirname "$0")/lib.sh"

for tool in dpkg-buildpackage dh lintian hardening-check; do
	command -v $tool >/dev/null || fail "no $tool ('make deps' installs it)"
done

# The tree as it is, uncommitted changes included, without what a build makes.
src=$T/src/perf-bpf
mkdir -p "$src"
if git -C "$TOP" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	(cd "$TOP" && git ls-files -z -c -o --exclude-standard | xargs -0 cp --parents -t "$src" 2>/dev/null)
else
	(cd "$TOP" && tar -c --exclude='./build*' --exclude=./perf-bpf --exclude='./*.tar.gz' .) |
		tar -x -C "$src"
fi
[ -f "$src/debian/rules" ] || fail "no debian/rules copied from $TOP"
# in a clean environment: none of the suite's variables (BUILD, CFLAGS of a coverage run)
(cd "$src" && env -i PATH="$PATH" HOME="$T" LC_ALL=C.UTF-8 DEB_BUILD_OPTIONS=parallel=2 \
	dpkg-buildpackage -us -uc -b) >"$T/build.log" 2>&1 ||
	fail "dpkg-buildpackage failed: $(tail -15 "$T/build.log")"

version=$(dpkg-parsechangelog -l "$src/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)
deb=$T/src/perf-bpf_${version}_$arch.deb
[ -f "$deb" ] || fail "no $(basename "$deb"): $(ls "$T/src")"
expect_eq "the package's version" "$version" "$(dpkg-deb -f "$deb" Version)"

lintian "$T/src/perf-bpf_${version}_$arch.changes" >"$T/lintian" 2>&1
grep '^E:' "$T/lintian" && fail "lintian found errors: $(grep -c '^E:' "$T/lintian")"

# what the run needs, and no more: clang and the headers only for .c scriptlets
depends=$(dpkg-deb -f "$deb" Depends)
[[ $depends == *libbpf1* ]] || fail "Depends has no libbpf1: $depends"
[[ $depends == *clang* ]] && fail "Depends names clang: $depends"
[[ $(dpkg-deb -f "$deb" Recommends) == *clang* ]] || fail "clang is not recommended"

root=$T/root
dpkg -x "$deb" "$root" || fail "dpkg -x failed"
bin=$root/usr/bin/perf-bpf
# Control-flow protection needs a mark the link keeps only when every object has it, and
# Debian 12's start files (Scrt1.o) have none: no binary of the release passes that check.
hardening-check --nocfprotection "$bin" >"$T/hardening" 2>&1 || fail "hardening-check: $(grep -v ': yes' "$T/hardening")"
expect_eq "the installed perf-bpf --version" "perf-bpf version $version" "$("$bin" --version)"

for f in usr/share/bash-completion/completions/perf-bpf etc/bash_completion.d/perf-bpf \
	usr/share/perf-bpf/include/bpf-compat/perf-bpf-record.h usr/share/doc/perf-bpf/copyright \
	usr/share/doc/perf-bpf/examples/test_bpf_output.c; do
	[ -f "$root/$f" ] || fail "the package has no /$f"
done
for cmd in "" $("$bin" --list-cmds); do
	[ -f "$root/usr/share/man/man1/perf-bpf${cmd:+-$cmd}.1.gz" ] ||
		fail "the package has no man page perf-bpf${cmd:+-$cmd}.1"
done

# the installed binary, on an installed example, with the installed headers beside it
cd "$T" || exit 1
"$bin" compile -v "$root/usr/share/doc/perf-bpf/examples/test_bpf_output.c" -o "$T/out.o" \
	>"$T/compile" 2>&1 || fail "the installed perf-bpf compile failed: $(tail -5 "$T/compile")"
grep -q -- "-I$root/usr/share/perf-bpf/include/bpf-compat " "$T/compile" ||
	fail "compile did not take the installed headers: $(grep 'clang command' "$T/compile")"
[ -s "$T/out.o" ] || fail "no object written"
exit 0
