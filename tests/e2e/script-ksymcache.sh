#!/usr/bin/env bash
# script: this boot's kernel symbols are cached after the first read of /proc/kallsyms, and
# every later run prints the same names from the cache; an entry that is damaged, of
# another key, or writable by others is never used
source "$(dirname "$0")/lib.sh"
need_root
cd "$T" || fail "no temp dir"
cp "$TOP/bench/throughput.c" .
"$PERF_BPF" record -q -o k.data -e throughput.c -- "$(workload getppid-timed)" 200 \
	>/dev/null 2>&1 || fail "record failed"
entry=$XDG_CACHE_HOME/perf-bpf/kallsyms

PERF_BPF_NO_KSYMCACHE=1 "$PERF_BPF" script -i k.data >ref.txt || fail "script failed"
grep -q 'perf_syscall_enter+0x[0-9a-f]* (\[kernel.kallsyms\])' ref.txt ||
	fail "no kernel symbol in the reference: $(sed -n 1p ref.txt)"
[ -e "$entry" ] && fail "PERF_BPF_NO_KSYMCACHE still wrote the cache"

# script RUN: run script -v, check its output against the reference, keep its stderr
script_run() {
	"$PERF_BPF" script -v -i k.data >"out.$1" 2>"err.$1" || fail "$1: script failed"
	expect_file_eq ref.txt "out.$1"
}
script_run first
[ -f "$entry" ] || fail "no cache entry after the first run"
expect_eq "entry mode" 600 "$(stat -c %a "$entry")"
grep -q 'kernel symbols: from the cache' err.first && fail "first run claims a cache hit"
script_run second
grep -q 'kernel symbols: from the cache' err.second || fail "second run missed: $(cat err.second)"

# damaged table (the head intact): refused, read again and rewritten
size=$(stat -c %s "$entry")
printf 'garbage!' | dd of="$entry" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
printf '\xff\xff\xff\xff' | dd of="$entry" bs=1 seek=136 conv=notrunc 2>/dev/null
script_run damaged
grep -q 'cache entry unsound, ignored' err.damaged || fail "damaged entry not refused"
script_run after_damage
grep -q 'kernel symbols: from the cache' err.after_damage || fail "entry not rewritten"

# another key (another boot or module list): a miss
printf '0000' | dd of="$entry" bs=1 seek=20 conv=notrunc 2>/dev/null
script_run other_key
grep -q 'kernel symbols: from the cache' err.other_key && fail "an entry of another key was used"

# cut short: a miss or refused, never read past its end
truncate -s 1000 "$entry"
script_run cut
grep -q 'kernel symbols: from the cache' err.cut && fail "a cut entry was used"

# writable by the group: never used
script_run rewrite
chmod g+w "$entry"
script_run untrusted
grep -q 'kernel symbols: from the cache' err.untrusted && fail "a group-writable entry was used"
exit 0
