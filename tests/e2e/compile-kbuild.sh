#!/usr/bin/env bash
# compile: perf-era sources get the kernel's headers from [llvm] kbuild-dir (a Debian linux-headers tree, extracted), as perf compiled them; without one the Hint says what provides the missing header
source "$(dirname "$0")/lib.sh"
need_testbuild

command -v clang >/dev/null || skip "clang is not installed"
command -v dpkg-deb >/dev/null || skip "no dpkg-deb to extract linux-headers packages"
cd "$T" || fail "cd $T"

# The headers packages of the archive's newest Debian kernel, downloaded once into the build
# dir (make check must not download them twice), extracted here.
debs=$BUILD/debs/linux-headers
if ! ls "$debs"/linux-headers-*-common_*.deb >/dev/null 2>&1; then
	arch=$(dpkg --print-architecture)
	flavour=$(apt-cache depends "linux-headers-$arch" 2>/dev/null |
		sed -n "s/^ *Depends: \(linux-headers-[0-9].*-$arch\)\$/\1/p" | head -1)
	[ -n "$flavour" ] || skip "no linux-headers-$arch in the package lists (apt-get update?)"
	common=${flavour%-"$arch"}-common
	mkdir -p dl
	if ! (cd dl && apt-get download "$flavour" "$common" >dl.log 2>&1); then
		skip "cannot download $flavour and $common: $(tail -1 dl/dl.log)"
	fi
	if ! { mkdir -p "$debs" && cp dl/*.deb "$debs/"; }; then
		fail "cannot cache the packages in $debs"
	fi
fi
for d in "$debs"/*.deb; do dpkg-deb -x "$d" root || fail "dpkg-deb -x $d"; done
kbuild=
for d in root/usr/src/linux-headers-*; do [ "${d%-common}" = "$d" ] && kbuild=$d; done
[ -f "$kbuild/include/generated/autoconf.h" ] || fail "no build dir in the packages: $kbuild"

# perf's "kbuild searching" test source, using a kernel-internal type (fmode_t)
cat >prog.c <<'PROG'
#include <uapi/linux/fs.h>
#include <uapi/linux/bpf.h>
#define SEC(NAME) __attribute__((section(NAME), used))
SEC("func=vfs_llseek")
int bpf_func__vfs_llseek(void *ctx)
{
	fmode_t mode = (fmode_t)SEEK_END;

	return mode != 0;
}
char _license[] SEC("license") = "GPL";
int _version SEC("version") = LINUX_VERSION_CODE;
PROG

# kbuild-dir = "": today's behaviour, and a Hint naming what provides the header
printf '[llvm]\n\tkbuild-dir = ""\n' >none.conf
PERF_CONFIG=$T/none.conf "$PERF_BPF" compile --no-cache prog.c -o none.o >out 2>err &&
	fail "compiled without kernel headers"
grep -q "^ERROR: unable to compile prog.c" err || fail "no ERROR line: $(cat err)"
hint=$(grep '^Hint:' err)
expect_match "hint" "'uapi/linux/fs.h' is a kernel header: install .*linux-headers-.*kbuild-dir.*vmlinux.h" "$hint"

# kbuild-dir = the extracted tree: compiled through its include set, kconfig.h first
printf '[llvm]\n\tkbuild-dir = %s\n' "$T/$kbuild" >kbuild.conf
PERF_CONFIG=$T/kbuild.conf "$PERF_BPF" compile -v --no-cache prog.c -o prog.o >out 2>err ||
	fail "compile with kbuild-dir: $(grep -v '^In file included' err | head -20)"
[ -s prog.o ] || fail "no object"
cmd=$(grep '^clang command:' err)
expect_match "include set" "-I$T/root/usr/src/linux-headers-[^ ]*-common/include -I$T/$kbuild/include " "$cmd"
expect_match "kconfig.h" "-include $T/root/usr/src/linux-headers-[^ ]*-common/include/linux/kconfig.h" "$cmd"
if command -v llvm-objdump >/dev/null; then
	llvm-objdump -h prog.o | grep -q 'func=vfs_llseek' || fail "no program section in prog.o"
fi

# kbuild-dir unset: the running kernel's build dir (here a stand-in), for sources that need it
mkdir -p "modules/$(uname -r)" && ln -s "$T/$kbuild" "modules/$(uname -r)/build"
: >empty.conf
PERF_CONFIG=$T/empty.conf PERF_BPF_TEST_MODULES_DIR=$T/modules "$PERF_BPF_TESTBUILD" compile -v \
	--no-cache prog.c -o default.o >out 2>err || fail "compile with the default build dir: $(tail -5 err)"
grep -q "^compiling again with the kernel build dir $T/$kbuild" err ||
	fail "the default build dir was not used: $(cat err)"
cat >modern.c <<'PROG'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
SEC("syscalls:sys_enter_getppid")
int prog(void *ctx) { return 0; }
char _license[] SEC("license") = "GPL";
PROG
PERF_CONFIG=$T/empty.conf PERF_BPF_TEST_MODULES_DIR=$T/modules "$PERF_BPF_TESTBUILD" compile -v \
	--no-cache modern.c -o modern.o >out 2>err || fail "a modern source with the default build dir: $(tail -5 err)"
grep -q "compiling again" err && fail "a modern source was compiled with the kernel build dir"

# a kbuild-dir that is no kernel build dir: warned about, compiled as without one
printf '[llvm]\n\tkbuild-dir = %s\n' "$T" >bad.conf
PERF_CONFIG=$T/bad.conf "$PERF_BPF" compile --no-cache prog.c -o bad.o >out 2>err
grep -q "unable to get kernel include directories from '$T'" err ||
	fail "no warning for a bad kbuild-dir: $(cat err)"
echo "ok"
