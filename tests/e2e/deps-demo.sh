#!/usr/bin/env bash
# make demo installs only what the demo needs (no qemu, valgrind, cmocka); make deps the full list
source "$(dirname "$0")/lib.sh"

# a dpkg-query that knows no package: deps.sh -n then lists the whole set it would install
mkdir "$T/bin"
printf '#!/bin/sh\nexit 1\n' >"$T/bin/dpkg-query"
chmod +x "$T/bin/dpkg-query"
list() { PATH="$T/bin:$PATH" "$TOP/scripts/deps.sh" -n "$@" | sort; }
list demo >"$T/demo" || fail "deps.sh -n demo exited $?"
list >"$T/all" || fail "deps.sh -n exited $?"

for p in gcc make clang bpftool libbpf-dev libelf-dev libtraceevent-dev libtracefs-dev libdw-dev; do
	grep -qx "$p" "$T/demo" || fail "demo does not install $p"
done
for p in qemu-system-x86 valgrind libcmocka-dev busybox-static linux-perf clang-format; do
	grep -qx "$p" "$T/demo" && fail "demo installs $p"
	grep -qx "$p" "$T/all" || fail "deps does not install $p"
done
extra=$(comm -23 "$T/demo" "$T/all")
expect_eq "demo packages outside the full list" "" "$extra"

# what the targets run
expect_match "make demo" 'scripts/deps.sh demo' "$(make -s -n -C "$TOP" demo 2>&1)"
deps=$(make -s -n -C "$TOP" deps 2>&1)
[[ "$deps" == *"scripts/deps.sh"* && "$deps" != *"deps.sh demo"* ]] || fail "make deps runs '$deps'"

# with everything there, nothing to install and nothing printed
printf '#!/bin/sh\necho "install ok installed"\n' >"$T/bin/dpkg-query"
expect_eq "nothing missing" "" "$(list demo)"
exit 0
