#!/usr/bin/env bash
# record -a: the kernel's map ends where its text ends (_etext), as perf's own, so stock perf
# script names the samples in a BPF program loaded before the recording from its KSYMBOL
# record, as perf-bpf script does
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf"
cd "$T" || fail "no temp dir"
cp "$TOP/tests/fixtures/script/spin-getppid.c" spin.c

# the program spins at every getppid on the machine until trace is stopped
"$PERF_BPF" trace -a -e spin.c >trace.out 2>trace.err &
tpid=$!
on_exit "kill $tpid 2>/dev/null; wait $tpid 2>/dev/null"
for _ in $(seq 600); do
	[ "$(bpf_prog_count spin)" -gt 0 ] && break
	kill -0 "$tpid" 2>/dev/null || fail "trace exited: $(cat trace.err)"
	sleep 0.1
done
[ "$(bpf_prog_count spin)" -gt 0 ] || fail "the program never loaded: $(cat trace.err)"

"$PERF_BPF" record -a -e cpu-clock -o bpf.data -- "$(workload getppid-loop)" 20000 >rec.err 2>&1 ||
	fail "record exited $?: $(cat rec.err)"
kill -INT "$tpid"
wait "$tpid" || fail "trace exited $?: $(cat trace.err)"

perf script -i bpf.data --show-mmap-events 2>/dev/null >events || fail "perf script exited $?"
text=$(awk '$3 == "_text" {print $1; exit}' /proc/kallsyms)
etext=$(awk '$3 == "_etext" {print $1; exit}' /proc/kallsyms)
expect_eq "the kernel map" "[0x$text(0x$(printf %x $((0x$etext - 0x$text)))) @ 0x$text]" \
	"$(sed -n 's/.*PERF_RECORD_MMAP -1\/0: \(\[[^]]*\]\): x \[kernel.kallsyms\]_text$/\1/p' events)"

# the getppid-loop samples at the program's addresses: named alike by both readers
awk '$1 == "getppid-loop"' events | grep ' ffffffffc' >theirs
"$PERF_BPF" script -i bpf.data 2>ours.err | awk '$1 == "getppid-loop"' | grep ' ffffffffc' >ours ||
	fail "perf-bpf script names no sample in the program: $(cat ours.err)"
grep -q ' bpf_prog_[0-9a-f]\{16\}_spin+0x[0-9a-f]* (bpf_prog_[0-9a-f]\{16\}_spin)$' ours ||
	fail "perf-bpf script names no sample bpf_prog_<tag>_spin: $(head -3 ours)"
diff -u ours theirs >names.diff || fail "stock perf script names them otherwise: $(head -8 names.diff)"
exit 0
