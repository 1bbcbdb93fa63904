#!/usr/bin/env bash
# package: after make, make install PREFIX=DIR needs no rebuild: DIR/bin/perf-bpf finds its
# headers beside it and compiles an example; make uninstall PREFIX=DIR leaves no file there
source "$(dirname "$0")/lib.sh"

p=$T/prefix
vars=(PREFIX="$p" BASHCOMPATDIR="$p/etc/bash_completion.d" BUILD="$BUILD")
make -s -C "$TOP" "${vars[@]}" install >"$T/install" 2>&1 ||
	fail "make install failed: $(tail -5 "$T/install")"
[ -x "$p/bin/perf-bpf" ] || fail "no $p/bin/perf-bpf"
for f in share/man/man1/perf-bpf.1 share/bash-completion/completions/perf-bpf \
	share/perf-bpf/include/bpf-compat/perf-bpf-record.h share/doc/perf-bpf/examples/hello.c; do
	[ -f "$p/$f" ] || fail "make install put no $f"
done
cd "$T" || exit 1
"$p/bin/perf-bpf" compile -v "$TOP/examples/test_bpf_output.c" -o "$T/out.o" >"$T/compile" 2>&1 ||
	fail "the installed perf-bpf compile failed: $(tail -5 "$T/compile")"
grep -q -- "-I$p/share/perf-bpf/include/bpf-compat " "$T/compile" ||
	fail "compile did not take the headers installed beside it: $(grep 'clang command' "$T/compile")"

# DATADIR, MANDIR and BINDIR of their own
make -s -C "$TOP" "${vars[@]}" BINDIR="$p/sbin" MANDIR="$p/man" install >/dev/null 2>&1 ||
	fail "make install with BINDIR and MANDIR failed"
[ -x "$p/sbin/perf-bpf" ] && [ -f "$p/man/man1/perf-bpf.1" ] || fail "BINDIR or MANDIR not honoured"
make -s -C "$TOP" "${vars[@]}" BINDIR="$p/sbin" MANDIR="$p/man" uninstall >/dev/null 2>&1 ||
	fail "make uninstall with BINDIR and MANDIR failed"

make -s -C "$TOP" "${vars[@]}" uninstall >"$T/uninstall" 2>&1 ||
	fail "make uninstall failed: $(tail -5 "$T/uninstall")"
left=$(find "$p" -type f -o -type l)
expect_eq "files left after make uninstall" "" "$left"

# DESTDIR stages the same tree under it, as a package build does
make -s -C "$TOP" BUILD="$BUILD" DESTDIR="$T/stage" PREFIX=/usr install >/dev/null 2>&1 ||
	fail "make install DESTDIR failed"
[ -x "$T/stage/usr/bin/perf-bpf" ] && [ -f "$T/stage/etc/bash_completion.d/perf-bpf" ] ||
	fail "DESTDIR not honoured"
make -s -C "$TOP" BUILD="$BUILD" DESTDIR="$T/stage" PREFIX=/usr uninstall >/dev/null 2>&1
expect_eq "files left after make uninstall DESTDIR" "" "$(find "$T/stage" -type f)"
exit 0
