#!/usr/bin/env bash
# package: make dist writes perf-bpf-VERSION.tar.gz, the committed tree and its VERSION file, the
# same bytes twice; unpacked, the tree says that version with no git, and warns without -Werror.
# In such an unpacked tarball (no git), the VERSION file is what scripts/version.sh prints.
source "$(dirname "$0")/lib.sh"

if ! git -C "$TOP" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	[ -f "$TOP/VERSION" ] || fail "neither a git checkout nor a VERSION file in $TOP"
	expect_eq "scripts/version.sh in a tarball" "$(cat "$TOP/VERSION")" "$("$TOP/scripts/version.sh")"
	exit 0
fi
v=$("$TOP/scripts/version.sh")
# a clone of the committed tree, so that the test leaves the tree's own folder alone
git clone -q --shared "$TOP" "$T/clone" 2>/dev/null || git clone -q "$TOP" "$T/clone" ||
	fail "git clone failed"
git -C "$T/clone" checkout -q "$(git -C "$TOP" rev-parse HEAD)" || fail "checkout failed"
cv=$("$T/clone/scripts/version.sh")
make -s -C "$T/clone" BUILD=build dist >"$T/dist" 2>&1 || fail "make dist failed: $(cat "$T/dist")"
tarball=$T/clone/perf-bpf-$cv.tar.gz
[ -f "$tarball" ] || fail "no $(basename "$tarball"): $(ls "$T/clone"/*.tar.gz 2>&1)"
[ "${v%+dirty}" = "${cv%+dirty}" ] || fail "the clone's version $cv is not the tree's $v"
mv "$tarball" "$T/first.tar.gz"
make -s -C "$T/clone" BUILD=build dist >/dev/null 2>&1 || fail "make dist failed the second time"
cmp -s "$T/first.tar.gz" "$tarball" || fail "two make dist of one commit differ"

mkdir "$T/x" && tar -xzf "$tarball" -C "$T/x" || fail "tar -x failed"
d=$T/x/perf-bpf-$cv
expect_eq "the tarball's VERSION" "$cv" "$(cat "$d/VERSION")"
expect_eq "the tarball's files" "$(git -C "$T/clone" ls-files | LC_ALL=C sort)" \
	"$(cd "$d" && find . ! -type d ! -path ./VERSION | sed 's|^\./||' | LC_ALL=C sort)"
(cd "$T" && cp -R "$d" "$T/nogit") || exit 1
expect_eq "scripts/version.sh without git" "$cv" "$(GIT_DIR=/nonexistent "$T/nogit/scripts/version.sh")"
flags=$(make -s -n -C "$T/nogit" BUILD=build build/src/main.o 2>&1 | grep -- ' -c ')
[[ $flags == *-Wall* && $flags != *-Werror* ]] || fail "a tarball's build compiles with: $flags"
flags=$(make -s -n -C "$T/nogit" BUILD=build WERROR=1 build/src/main.o 2>&1 | grep -- ' -c ')
[[ $flags == *-Werror* ]] || fail "WERROR=1 does not add -Werror: $flags"
exit 0
