#!/usr/bin/env bash
# record: stock perf's evlist, report (--stats, --header-only, --sort), script, inject, data convert and annotate read perf-bpf's files as perf's own
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf to read the files"
command -v python3 >/dev/null || skip "no python3 (to read the JSON and the header)"

cd "$T" || fail "no temp dir"

nosym() { sed -E 's/^(.*: +[0-9a-f]+) .* \(.*\)$/\1/'; }

# check FILE EVENT COMM: every tool on FILE, whose samples are EVENT's, of task COMM
check() {
	local f=$1 ev=$2 comm=$3 n m
	"$PERF_BPF" script -i "$f" >"$f.ours" 2>"$f.oerr" || fail "$f: perf-bpf script exited $?"
	n=$(grep -acE " $ev:( |\$)" "$f.ours")
	[ "$n" -gt 0 ] || fail "$f: no $ev sample in perf-bpf script: $(head -3 "$f.ours")"

	perf evlist -i "$f" >"$f.evlist" 2>&1 || fail "$f: perf evlist exited $?"
	grep -qx "$ev" "$f.evlist" || fail "$f: perf evlist does not list $ev: $(cat "$f.evlist")"
	grep -qE "unknown|uhH" "$f.evlist" && fail "$f: perf evlist: $(cat "$f.evlist")"

	expect_eq "$f: perf report --stats samples of $ev" "$n" "$(report_samples "$f" "$ev")"

	perf report --header-only -i "$f" >"$f.hdr" 2>&1 || fail "$f: perf report --header-only exited $?"
	m=$(python3 -c 'import struct,sys; print(struct.unpack_from("<Q", open(sys.argv[1], "rb").read(56), 48)[0])' "$f")
	[ "$m" -gt 0 ] || fail "$f: data size 0 in the header"
	grep -q "^# data size *: $m\$" "$f.hdr" || fail "$f: header-only does not show data size $m"
	for want in "perf version : perf-bpf" "hostname : " "os release : " "arch : " "nrcpus online : " \
		"total memory : " "cmdline : .*perf-bpf record" "event : name = $ev,"; do
		grep -q "^# $want" "$f.hdr" || fail "$f: header-only has no '$want': $(cat "$f.hdr")"
	done
	grep -q "CPU_TOPOLOGY info available" "$f.hdr" || fail "$f: no CPU_TOPOLOGY in header-only"

	perf report -i "$f" --stdio --sort comm,dso,sym >"$f.report" 2>"$f.rerr" ||
		fail "$f: perf report --sort comm,dso,sym exited $? ($(tail -3 "$f.rerr"))"
	grep -q "^ .*%  *$comm " "$f.report" || fail "$f: no $comm line in perf report: $(head -20 "$f.report")"

	perf script -i "$f" >"$f.theirs" 2>"$f.perr" || fail "$f: perf script exited $?"
	# the symbols of kernel addresses are looked up when read, and BPF programs of other
	# tasks come and go in kallsyms between the two reads: compare addresses only
	diff <(nosym <"$f.theirs") <(nosym <"$f.ours") >"$f.diff" ||
		fail "$f: perf script prints something else: $(head -6 "$f.diff")"

	perf inject -i "$f" -o "$f.inj" 2>"$f.ierr" || fail "$f: perf inject exited $? ($(cat "$f.ierr"))"
	grep -q "unexpected end" "$f.ierr" && fail "$f: perf inject: $(cat "$f.ierr")"
	perf script -i "$f.inj" 2>/dev/null | nosym | diff -q - <(nosym <"$f.theirs") >/dev/null ||
		fail "$f: perf script reads the injected file differently"
	expect_eq "$f: perf-bpf script samples of the injected file" "$n" \
		"$("$PERF_BPF" script -i "$f.inj" 2>/dev/null | grep -acE " $ev:( |\$)")"

	perf data convert -i "$f" --to-json "$f.json" >/dev/null 2>&1 || fail "$f: perf data convert exited $?"
	expect_eq "$f: samples in the JSON" "$n" "$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))
print(sum(1 for s in d["samples"] if s.get("event", "") == sys.argv[2]) if "event" in d["samples"][0] else len(d["samples"]))' "$f.json" "$ev")"

	perf annotate -i "$f" --stdio >"$f.ann" 2>&1 || fail "$f: perf annotate exited $? ($(tail -3 "$f.ann"))"
}

# a bpf-output scriptlet
"$PERF_BPF" record -q -o bpf.data -e "$TOP/tests/fixtures/bpf/getppid-hello.c" -- "$(workload getppid-loop)" 200 ||
	fail "perf-bpf record (bpf-output) exited $?"
check bpf.data __bpf_stdout__ getppid-loop
# a tracepoint
"$PERF_BPF" record -q -o tp.data -e syscalls:sys_enter_umask -- "$(workload umask-loop)" 300 ||
	fail "perf-bpf record (tracepoint) exited $?"
check tp.data syscalls:sys_enter_umask umask-loop
expect_eq "umask samples" 300 "$(grep -ac 'syscalls:sys_enter_umask: ' tp.data.ours)"
# a cpu-clock profile
"$PERF_BPF" record -q -o cc.data -e cpu-clock -- "$(workload umask-loop)" 2000000 ||
	fail "perf-bpf record (cpu-clock) exited $?"
check cc.data cpu-clock umask-loop
exit 0
