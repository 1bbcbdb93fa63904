#!/usr/bin/env bash
# script: byte for byte what stock perf script prints, on perf record files (tracepoints, pipe mode, bpf-output) and perf-bpf record files
source "$(dirname "$0")/lib.sh"
need_root
command -v perf >/dev/null || skip "no stock perf to compare with"

W=$(workload umask-loop)
PROG=$TOP/tests/fixtures/script/umask-hi.c
cd "$T" || fail "no temp dir"

# compare FILE WHAT: both readers exit 0, print the same non-empty stdout; ours says nothing on stderr
compare() {
	perf script -i "$1" >"$1.theirs" 2>"$1.perr" || fail "$2: perf script exited $? ($(cat "$1.perr"))"
	"$PERF_BPF" script -i "$1" >"$1.ours" 2>"$1.oerr" ||
		fail "$2: perf-bpf script exited $? ($(cat "$1.oerr"))"
	[ -s "$1.ours" ] || fail "$2: nothing printed"
	[ -s "$1.oerr" ] && fail "$2: unexpected stderr: $(cat "$1.oerr")"
	diff -u "$1.theirs" "$1.ours" || fail "$2: output differs from perf script"
}
count() { grep -c -- "$1" "$2"; }

# 1. tracepoints, seekable file
perf record -q -o tp.data -e syscalls:sys_enter_umask -e sched:sched_process_exec -- "$W" 3 ||
	fail "perf record (tracepoints) exited $?"
compare tp.data "tracepoints"
expect_eq "umask lines" 3 "$(count 'syscalls:sys_enter_umask: mask: 0x00000012$' tp.data.ours)"
expect_eq "exec lines" 1 "$(count 'sched:sched_process_exec: filename=' tp.data.ours)"

# 2. the same in pipe mode, from a file and from stdin
perf record -q -o - -e syscalls:sys_enter_umask -e sched:sched_process_exec -- "$W" 3 >pipe.data ||
	fail "perf record -o - exited $?"
compare pipe.data "pipe mode"
"$PERF_BPF" script -i - <pipe.data >stdin.ours 2>stdin.err || fail "script -i - exited $?"
diff -u pipe.data.theirs stdin.ours || fail "pipe mode from stdin differs"

# 3. bpf-output recorded by stock perf from a BTF-map scriptlet
if command -v clang >/dev/null; then
	printf '[llvm]\n\tkbuild-dir = ""\n\tclang-opt = "-I/usr/include/%s"\n' \
		"$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)" >perfconfig
	cp "$PROG" bo.c
	PERF_CONFIG=$T/perfconfig perf record -q -o bo.data -e bpf-output/no-inherit,name=evt/ \
		-e "./bo.c/map:__bpf_stdout__.event=evt/" -- "$W" 3 >perf-record.log 2>&1 ||
		fail "perf record (bpf-output) exited $?: $(tail -5 perf-record.log)"
	compare bo.data "bpf-output from perf record"
	expect_eq "BPF string lines" 3 "$(count 'BPF string: "hi umask"' bo.data.ours)"
fi

# 4. perf-bpf record: bpf-output and tracepoints through our writer
"$PERF_BPF" record -o ours.data -e sched:sched_process_exec -e syscalls:sys_enter_umask \
	-e "$PROG" -- "$W" 4 >record.log 2>&1 || fail "perf-bpf record exited $?: $(cat record.log)"
compare ours.data "perf-bpf record"
expect_eq "BPF string lines" 4 "$(count 'BPF string: "hi umask"' ours.data.ours)"
expect_eq "exec lines" 1 "$(count 'sched:sched_process_exec: filename=' ours.data.ours)"
exit 0
