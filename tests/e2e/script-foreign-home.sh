#!/usr/bin/env bash
# root with another user's HOME (sudo -E): the compile and kernel-symbol caches never go
# through a link that user made, and debug files under ~/.debug are used only when root (or
# the user running) owns them, past no link of another user's, and they hold the build id
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
U=4321 # a user that is not root

# the caches: ~/.cache is the user's link to a directory the user chose
mkdir -p home chosen
chown "$U:$U" home chosen
ln -s "$T/chosen" home/.cache
chown -h "$U:$U" home/.cache
cp "$TOP/examples/hello.c" hello.c
env -u XDG_CACHE_HOME HOME="$T/home" "$PERF_BPF" compile -o hello.o hello.c >compile.out 2>compile.err ||
	fail "compile exited $?: $(cat compile.err)"
grep -q "not using the compile cache '$T/home/.cache/perf-bpf': a link on its path is another user's" \
	compile.err || fail "no word of the cache not used: $(cat compile.err)"
"$PERF_BPF" record -q -e cpu-clock -o k.data -- "$(workload getppid-loop)" 20000 2>rec.err ||
	fail "record exited $?: $(cat rec.err)"
env -u XDG_CACHE_HOME HOME="$T/home" "$PERF_BPF" script -i k.data >k.out 2>k.err ||
	fail "script exited $?: $(cat k.err)"
[ -z "$(ls -A chosen)" ] || fail "written where the user's link points: $(ls -lR chosen)"

# the debug files: a stripped program, its symbols only in a copy under ~/.debug
cp "$(workload callchain-fp)" prog
"$PERF_BPF" record -q -e cpu-clock -o prof.data -- ./prog 100 2>rec.err || fail "record exited $?: $(cat rec.err)"
cp prog prog.full
strip prog
bid=$(readelf -n prog | awk '/Build ID:/ {print $3}')
[ -n "$bid" ] || fail "no build id in prog"
dbg=home2/.debug/.build-id/${bid:0:2}/${bid:2}
# script -i prof.data with HOME=home2, printing the samples of prog into FILE
run_script() {
	env HOME="$T/home2" "$PERF_BPF" script -i prof.data 2>"$1.err" | grep '/prog)$' >"$1" ||
		fail "$1: no sample of prog: $(cat "$1.err")"
}
mkdir -p home2
run_script stripped.out
grep -q ' cc_inner+0x' stripped.out && fail "a stripped prog is named without a debug file"

mkdir -p "$dbg" && cp prog.full "$dbg/elf"
run_script root-owned.out
grep -q ' cc_inner+0x' root-owned.out || fail "root's own debug file not used: $(head -3 root-owned.out)"

chown "$U:$U" "$dbg/elf"
run_script user-owned.out
cmp -s stripped.out user-owned.out || fail "another user's debug file used: $(head -3 user-owned.out)"

# perf's layout: .build-id/xx/yyyy is a link, here another user's
chown 0:0 "$dbg/elf"
mkdir -p home2/.debug/prog && mv "$dbg" "home2/.debug/prog/$bid"
ln -s "../../prog/$bid" "$dbg"
run_script root-link.out
grep -q ' cc_inner+0x' root-link.out || fail "root's link to root's debug file not followed"
chown -h "$U:$U" "$dbg"
run_script user-link.out
cmp -s stripped.out user-link.out || fail "a debug file used through another user's link"

# a file of root's at the build id's place that holds another build id: not used
rm "$dbg" && mkdir -p "$dbg"
cp "$(workload fp-symbols)" "$dbg/elf"
run_script other-bid.out
cmp -s stripped.out other-bid.out || fail "a debug file of another build id used: $(head -3 other-bid.out)"
exit 0
