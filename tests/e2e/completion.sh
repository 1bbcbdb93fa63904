#!/usr/bin/env bash
# bash completion, as `make install` puts it: perf-bpf and perf bpf complete subcommands, each
# subcommand's options (from the binary's hidden --list-opts), scriptlets, tracepoints and
# system calls for -e, clocks for -k, the traced command after --
source "$(dirname "$0")/lib.sh"

make -s -C "$TOP" install DESTDIR="$T/root" PREFIX=/usr >/dev/null || fail "make install failed"
comp=$T/root/usr/share/bash-completion/completions/perf-bpf
[ -f "$comp" ] || fail "no completion installed"
grep -qx ". /usr/share/bash-completion/completions/perf-bpf" "$T/root/etc/bash_completion.d/perf-bpf" ||
	fail "no eager loader for perf bpf"

# --list-opts: exit 0, every option -h shows, nothing else
for sub in "" $("$PERF_BPF" --list-cmds); do
	"$PERF_BPF" $sub --list-opts >"$T/opts" || fail "$sub --list-opts: exit $?"
	"$PERF_BPF" $sub -h >"$T/help" 2>&1
	for o in $(tr ' ' '\n' <"$T/opts" | grep '^-'); do
		grep -qe "$o" "$T/help" || fail "'$sub': $o listed, not in -h"
	done
	[ "$(grep -c '^ *-' "$T/help")" = "$(wc -l <"$T/opts")" ] ||
		fail "'$sub': -h and --list-opts differ: $(cat "$T/opts")"
done

mkdir -p "$T/w/sub" && cd "$T/w" && touch prog.c prog.o notes.txt sub/x.c
# comp WORD...: COMP_WORDS as bash splits the line (':' and '=' are words), the cursor on the
# last; prints the candidates sorted, one a line
cat >"$T/run.sh" <<'SH'
source "$1"
shift
COMP_WORDS=("$@")
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMPREPLY=()
# bash takes the compspec of the command's path, else of its name after the last /
fn=$(complete -p "${1##*/}" | sed 's/.* -F \([^ ]*\) .*/\1/')
"$fn" "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}" | sort
SH
comp() { PERF_BPF_BIN=$PERF_BPF bash --norc --noprofile "$T/run.sh" "$comp" "$@"; }
expect_out() { # EXPECTED WORD...
	local want=$1 got
	shift
	got=$(comp "$@" | xargs)
	[ "$got" = "$want" ] || fail "completing '$*': expected '$want', got '$got'"
}
expect_out "compile query record script trace" perf-bpf ""
expect_out "trace" perf-bpf tr
expect_out "--call-graph --cgroup --clang-opt --clang-path --clang-timeout --clear --clockid --count --cpu" perf-bpf trace --c
expect_out "--output" perf-bpf record --ou
expect_out "-y -yy" perf-bpf trace -y
expect_out "boottime monotonic monotonic_raw realtime tai" perf-bpf trace -k ""
# --status's words, an item of the list at a time; --timestamps's formats after '='
expect_out "detached" perf-bpf trace --status d
expect_out "failed,unfinished" perf-bpf trace --status failed,u
expect_out "unix" perf-bpf script --timestamps = un
expect_out "failed" perf-bpf trace -e status = f
expect_out "realtime" perf-bpf record --clockid = re
# -G: the cgroups under the cgroup2 mount, a level at a time, as paths from it
cgmnt=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo)
if [ -n "$cgmnt" ] && [ "$(id -u)" = 0 ] && mkdir -p "$cgmnt/pb-comp.$$/inner"; then
	on_exit "rmdir '$cgmnt/pb-comp.$$/inner' '$cgmnt/pb-comp.$$'"
	expect_out "/pb-comp.$$/" perf-bpf trace -G /pb-comp.
	expect_out "/pb-comp.$$/inner/" perf-bpf record -G "/pb-comp.$$/"
fi
expect_out "prog.c prog.o" perf-bpf trace -e prog
expect_out "./prog.c ./prog.o ./sub/" perf-bpf trace -e ./
expect_out "sub/x.c" perf-bpf trace -e sub/
expect_out "prog.c sub/" perf-bpf compile ""
expect_out "notes.txt" perf-bpf record -o no
expect_out "sleep" perf-bpf trace -e prog.c -- sleep
expect_out "--duration --errno-summary --failed-only --failure --fields --flamegraph --folded --help --input --json --max-events --no-exits --no-signals --pprof --prom --prom-host --quiet --status --strsize --successful-only --summary --summary-columns --summary-mode --summary-sort-by --time --timestamps --trace-event --verbose --verbose-structs --with-summary" perf-bpf script --
# the summary's columns, in a list as -U takes them, and its orders
expect_out "calls,p50 calls,p99" perf-bpf trace -s -U calls,p
expect_out "max-time min-time" perf-bpf trace --summary-columns = m
expect_out "name nothing" perf-bpf trace --summary-sort-by n
expect_out "process" perf-bpf trace --summary-mode pro
expect_out "cgroup comm" perf-bpf script --summary-mode c
# tracepoints from tracefs: bash splits at ':', the candidates are what follows it
if [ -r /sys/kernel/tracing/available_events ]; then
	expect_out "sys_enter_getppid" perf-bpf trace -e syscalls : sys_enter_getpp
	expect_out "sys_enter_getppid" perf-bpf query syscalls : sys_enter_getpp
	# system calls by name, in a list, left out, and strace's classes
	expect_out "getppid" perf-bpf trace -e getpp
	expect_out "openat,close openat,close_range" perf-bpf trace -e openat,clos
	expect_out "!getppid" perf-bpf record -e '!getpp'
	expect_out "%net" perf-bpf trace -e %n
fi
# ./perf-bpf, ~/.../perf-bpf: that binary is asked, not the perf-bpf on PATH (here one that
# knows nothing) nor $PERF_BPF_BIN
mkdir "$T/fake" && printf '#!/bin/sh\necho bogus\n' >"$T/fake/perf-bpf" && chmod +x "$T/fake/perf-bpf"
ln -s "$PERF_BPF" "$T/w/perf-bpf"
comp_path() { PATH=$T/fake:$PATH HOME=$T bash --norc --noprofile "$T/run.sh" "$comp" "$@" | xargs; }
expect_eq "./perf-bpf <TAB>" "compile query record script trace" "$(comp_path ./perf-bpf "")"
expect_eq "./perf-bpf record --fr<TAB>" "--freq" "$(comp_path ./perf-bpf record --fr)"
# shellcheck disable=SC2088 # the word as typed, for the completion to expand
expect_eq "~/w/perf-bpf <TAB>" "compile query record script trace" "$(comp_path '~/w/perf-bpf' "")"
expect_eq "perf-bpf <TAB>, the one on PATH" "bogus" "$(comp_path perf-bpf "")"
expect_eq "./perf-bpf <TAB> over \$PERF_BPF_BIN" "compile query record script trace" \
	"$(PERF_BPF_BIN=$T/fake/perf-bpf comp_path ./perf-bpf "")"
# perf bpf: the same, after "bpf"; "bpf" itself is one of perf's commands
expect_out "record" perf bpf rec
expect_out "--call-graph --cgroup --clang-opt --clang-path --clang-timeout --clear --clockid --count --cpu" perf bpf trace --c
expect_out "boottime monotonic monotonic_raw realtime tai" perf bpf record -k ""
expect_out "bpf" perf bp
exit 0
