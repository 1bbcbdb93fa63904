#!/usr/bin/env bash
# script: a file far bigger than the reading window is read within 64 MB of peak RSS, prints
# what a 1 MiB window prints, and a cut copy reads up to the cut; perf record -z files print
# as stock perf script prints them
source "$(dirname "$0")/lib.sh"
need_root
[ -x /usr/bin/time ] || skip "no /usr/bin/time to measure the peak RSS with"
cd "$T" || fail "no temp dir"
BOUND_KB=$((64 * 1024))

# rss_script OUT ARGS...: perf-bpf script ARGS > OUT; prints its peak RSS in KiB
rss_script() {
	local out=$1
	shift
	/usr/bin/time -f '%M' -o rss "$PERF_BPF" script "$@" >"$out" 2>err ||
		fail "perf-bpf script $* exited $?: $(tail -3 err)"
	tail -n 1 rss
}

# 1. a 1M-sample recording (about 110 MB): the bound holds, nothing is lost or reordered
cp "$TOP/bench/throughput.c" .
"$PERF_BPF" record -o big.data -e throughput.c -- "$(workload getppid-timed)" 1000000 \
	>record.log 2>&1 || fail "perf-bpf record exited $?: $(tail -3 record.log)"
size=$(stat -c %s big.data)
[ "$size" -gt $((96 * 1024 * 1024)) ] || fail "the test file is only $size bytes"
rss=$(rss_script big.json --json -i big.data)
echo "peak RSS of script --json on $size bytes: $rss KiB"
[ "$rss" -le "$BOUND_KB" ] || fail "peak RSS $rss KiB is above $BOUND_KB KiB"
samples=$(grep -c '"type":"sample"' big.json)
expect_eq "samples printed" "$(sed -n 's/.*(\([0-9]*\) samples).*/\1/p' record.log)" "$samples"
rss=$(rss_script big.txt -i big.data)
echo "peak RSS of script on $size bytes: $rss KiB"
[ "$rss" -le "$BOUND_KB" ] || fail "peak RSS $rss KiB is above $BOUND_KB KiB"
# a small window on rounds smaller than it (how large a live recording's rounds are depends
# on how often its reader ran: the generated file's are 4096 samples each, about 250 KB)
python3 "$TOP/tests/fixtures/script/mkperfdata.py" big win.data 300000 || fail "cannot build win.data"
rss_script win.txt -i win.data >/dev/null
PERF_BPF_READ_WINDOW=1048576 rss_script small.txt -i win.data >/dev/null
cmp -s win.txt small.txt || fail "a 1 MiB window prints otherwise than the default one"
grep -q 'delivered early' err && fail "a 1 MiB window flushed a round early: $(cat err)"

# 2. the same file cut inside a record: read up to the cut, within the bound
head -c $((size / 2 + 13)) big.data >cut.data
rss=$(rss_script cut.txt -i cut.data)
[ "$rss" -le "$BOUND_KB" ] || fail "cut file: peak RSS $rss KiB is above $BOUND_KB KiB"
grep -q 'ends inside a record' err || fail "cut file: no warning about the cut: $(cat err)"
[ "$(wc -l <cut.txt)" -gt "$(($(wc -l <big.txt) / 3))" ] || fail "cut file: too little printed"
rm -f big.data cut.data big.txt small.txt big.json cut.txt win.data win.txt

# 3. perf record -z: the records of many compressed chunks, as perf script prints them
command -v perf >/dev/null || skip "no stock perf to record -z files with"
perf version --build-options 2>/dev/null | grep -q 'zstd: \[ on' ||
	skip "stock perf was built without zstd: it cannot record -z files"
perf record -q -z -o z.data -e syscalls:sys_enter_umask -e sched:sched_process_exec \
	-- "$(workload umask-loop)" 200000 >zrec.log 2>&1 || fail "perf record -z exited $?: $(tail -3 zrec.log)"
perf script -i z.data >z.theirs 2>/dev/null || fail "perf script exited $?"
"$PERF_BPF" script -i z.data >z.ours 2>z.err || fail "perf-bpf script -z file exited $?: $(cat z.err)"
# a busy machine may lose events (perf's "lost chunks" warning): the same in both readers
grep -qiE 'compress|skipp|damaged|error' z.err && fail "unexpected stderr: $(cat z.err)"
[ "$(grep -c 'sys_enter_umask: mask: 0x00000012$' z.ours)" -gt 100000 ] ||
	fail "too few umask lines: $(grep -c 'sys_enter_umask' z.ours) of 200000"
diff -q z.theirs z.ours >/dev/null || fail "the -z file prints otherwise than in perf script: $(diff z.theirs z.ours | head -5)"
exit 0
