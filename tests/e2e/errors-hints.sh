#!/usr/bin/env bash
# errors that say what to do: each common mistake gets its ERROR line and the Hint that fixes it
source "$(dirname "$0")/lib.sh"
need_root

fx=$TOP/tests/fixtures/errors
cd "$TOP" || fail "cd $TOP"

# expect STATUS EXPECTED-STDERR ARGS...: perf-bpf ARGS fails with exactly that on stderr
expect() {
	local status=$1 want=$2
	shift 2
	COLUMNS=80 "$PERF_BPF" "$@" >"$T/out" 2>"$T/err"
	expect_eq "status of $*" "$status" "$?"
	printf '%s\n' "$want" >"$T/want"
	diff -u "$T/want" "$T/err" || fail "stderr of perf-bpf $*"
}

expect 129 "ERROR: cannot read BPF file 'missing.c': No such file or directory" \
	trace -e missing.c -- true

expect 129 "event syntax error: '..mples/hello'
                                  \\___ parser error

Hint:	did you mean 'examples/hello.c'? A BPF file is named with its suffix (.c, .o, .obj)" \
	trace -e examples/hello -- true

expect 1 "ERROR: program 'misspelt_tp' of '$fx/tp-misspelt.c' (section 'tracepoint/syscalls/sys_enter_opnat'): unknown tracepoint 'syscalls:sys_enter_opnat'
Hint: did you mean 'syscalls:sys_enter_openat', 'syscalls:sys_enter_openat2' or 'syscalls:sys_enter_creat'?" \
	trace -e "$fx/tp-misspelt.c" -- true

expect 1 "ERROR: unknown tracepoint 'sycalls:sys_enter_openat': No such file or directory
Hint: did you mean 'syscalls'? (categories: ls /sys/kernel/tracing/events)" \
	trace -e "$fx/category-misspelt.c" -- true

expect 1 "ERROR: program 'no_section' in '$fx/no-section.c' sits in section '.text', which holds no program
Hint: put the function in a section: SEC(\"tp/syscalls/sys_enter_openat\") int no_section(void *ctx), or mark a helper function static __always_inline" \
	trace -e "$fx/no-section.c" -- true

pad=$(printf '%34s' '')
objconf_help="Hint:	Valid config terms:
     	map:[<arraymap>].value<indices>=[value]
     	map:[<eventmap>].event<indices>=[event]

     	where <indices> is something like [0,3...5] or [all]
     	(add -v to see detail)"
expect 1 "event syntax error: '..ames.c/map:chanel.value=11/'
$pad\\___ Target map doesn't exist

Hint:	did you mean 'channel'? The maps of '$fx/map-names.c': 'channel', 'limit'
$objconf_help" \
	trace -e "$fx/map-names.c/map:chanel.value=11/" -- true

expect 1 "event syntax error: '..limit.value[1]=3/'
$pad\\___ Index too large

Hint:	map 'limit' has max_entries 1: indices 0...0
$objconf_help" \
	trace -e "$fx/map-names.c/map:limit.value[1]=3/" -- true

# "(add -v to see detail)" only to who did not add -v
"$PERF_BPF" trace -e "$fx/map-names.c/map:channel.value=x/" -- true 2>"$T/err"
grep -q "add -v to see detail" "$T/err" || fail "no '(add -v ...)' without -v: $(cat "$T/err")"
"$PERF_BPF" trace -v -e "$fx/map-names.c/map:channel.value=x/" -- true 2>"$T/err"
grep -q "add -v to see detail" "$T/err" && fail "'(add -v ...)' said under -v: $(cat "$T/err")"

expect 129 "perf-bpf: 'report' is not a perf-bpf command. See 'perf-bpf --help'.
Hint: perf-bpf's perf.data files are perf's: run stock 'perf report -i perf.data'" report
echo "ok"
