#!/usr/bin/env bash
# The workload is the target from its fork: its events start at its exec (perf's
# enable_on_exec), it is named as its command before it, and programs are told its pid
# (targ_tgid) and other globals (global:NAME=N) before they load.
source "$(dirname "$0")/lib.sh"
need_root

fx=$TOP/tests/fixtures/bpf
w=$(workload getppid-loop)

# execvp's search of PATH is not the workload's: as many execve entries as stock perf records
PATH=/nonexistent1:/nonexistent2:$PATH "$PERF_BPF" trace -e syscalls:sys_enter_execve \
	-- sh -c 'exec /bin/true' >"$T/out" 2>"$T/err" || fail "trace: $(cat "$T/err")"
PATH=/nonexistent1:/nonexistent2:$PATH perf record -q -o "$T/perf.data" \
	-e syscalls:sys_enter_execve -- sh -c 'exec /bin/true' >/dev/null 2>&1 ||
	fail "perf record failed"
want=$(perf script -i "$T/perf.data" 2>/dev/null | grep -c sys_enter_execve)
expect_eq "execve entries" "$want" "$(grep -c sys_enter_execve "$T/out")"
grep -q '^ *sh ' "$T/out" || fail "the exec'd shell's entry is missing: $(cat "$T/out")"

# a program's output of the child before its exec is named as the command, not ':PID'
PATH=/nonexistent1:/nonexistent2:$PATH "$PERF_BPF" trace -e "$fx/execve-out.c" -- true \
	>"$T/out" 2>"$T/err" || fail "trace: $(cat "$T/err")"
grep '__bpf_stdout__:' "$T/out" >"$T/lines"
[ "$(wc -l <"$T/lines")" -ge 3 ] || fail "expected the PATH search's execve outputs: $(cat "$T/out")"
grep -Ev '^ *true +[0-9]' "$T/lines" | head -3 >"$T/other"
[ -s "$T/other" ] && fail "outputs not named 'true': $(cat "$T/other")"

# targ_tgid: the target's calls only, with another process calling getppid meanwhile;
# global:slot=2 picks the slot they are counted in
"$w" 1000000000 &
bg=$!
on_exit "kill $bg 2>/dev/null"
"$PERF_BPF" trace -v -e "$fx/targ-count.c/global:slot=2/" -- "$w" 5 >"$T/out" 2>"$T/err" ||
	fail "trace: $(cat "$T/err")"
expect_eq "the target's getppid calls" "@calls[2]: 5" "$(grep '^@calls' "$T/out")"
grep -q "targ_tgid=[0-9]*, the target's" "$T/err" || fail "-v does not say targ_tgid: $(cat "$T/err")"
# a term the user gives wins over the target's pid: targ_tgid=0 counts every process
"$PERF_BPF" trace -e "$fx/targ-count.c/global:targ_tgid=0/" -- "$w" 5 >"$T/out" 2>"$T/err" ||
	fail "trace: $(cat "$T/err")"
n=$(sed -n 's/^@calls\[0\]: //p' "$T/out")
[ "${n:-0}" -ge 5 ] || fail "global:targ_tgid=0 counted $n"

"$PERF_BPF" trace -e "$fx/targ-count.c/global:slt=1/" -- true >"$T/out" 2>"$T/err"
expect_eq "unknown global status" 1 $?
grep -q "\\\\___ Global variable not found" "$T/err" || fail "$(cat "$T/err")"
grep -q "^Hint:	did you mean 'slot'?" "$T/err" || fail "no did-you-mean: $(cat "$T/err")"
echo "ok"
