#!/usr/bin/env bash
# No silent option: for every command and every option that takes a value, read from the commands' own option tables (--list-cmds, --list-opts: a new option is covered as it lands), an empty value and a value of nonsense are each one ERROR line that names the option or the value (a Hint may follow), nothing on stdout, exit 129; an event's nonsense is perf's caret error instead
source "$(dirname "$0")/lib.sh"

NONSENSE=bogus-value
# the values of these take any word (file names, clang's options): the empty one alone is bad
free_form() { case $1 in FILE* | PATH | OPTS) return 0 ;; esac; return 1; }
# and an empty list of clang's options clears the configured ones: no value is bad
any_word() { [ "$1" = OPTS ]; }
# what each command needs beside the option, so that no other misuse is reported first, and
# a value taken by mistake ends soon
context() {
	case $1 in
	compile) echo "$TOP/examples/hello.c" ;;
	record | trace) echo "-- true" ;;
	esac
}

cd "$T" || fail "no $T"
checked=0
# try CMD OPTION ARG VALUE
try() {
	local cmd=$1 opt=$2 arg=$3 value=$4 rc=0 word
	# a long option takes its value after '=' (an optional one only so), a short one next
	if [[ $opt == --* ]]; then
		word=("$opt=$value")
	else
		word=("$opt" "$value")
	fi
	# shellcheck disable=SC2046
	timeout 60 "$PERF_BPF" ${cmd:+"$cmd"} "${word[@]}" $(context "$cmd") >"$T/out" 2>"$T/err" ||
		rc=$?
	local what="'perf-bpf $cmd ${word[*]}'"
	expect_eq "$what: exit status" 129 "$rc"
	[ -s "$T/out" ] && fail "$what: printed on stdout: $(head -n 3 "$T/out")"
	if [ "$arg" = EVENT ] && [ -n "$value" ] && grep -q '^event syntax error' "$T/err"; then
		checked=$((checked + 1))
		return
	fi
	expect_eq "$what: ERROR lines ($(cat "$T/err"))" 1 "$(grep -c '^ERROR: ' "$T/err")"
	local err long=${opt#--}
	err=$(grep '^ERROR: ' "$T/err")
	if [ -n "$value" ] && [[ $err == *"$value"* ]]; then
		:
	elif [[ $err == *"$opt"* ]] || [[ $err == *"--$long"* ]]; then
		:
	else
		fail "$what: the ERROR names neither the option nor the value: $err"
	fi
	checked=$((checked + 1))
}

for cmd in "" $("$PERF_BPF" --list-cmds); do
	"$PERF_BPF" ${cmd:+"$cmd"} --list-opts >"$T/opts" || fail "$cmd --list-opts failed"
	while read -r -a words; do
		arg=${words[-1]}
		[[ $arg == -* ]] && continue # a flag
		opt=${words[0]}
		[ ${#words[@]} = 3 ] && opt=${words[1]} # the long name, when there is one
		any_word "$arg" && continue
		try "$cmd" "$opt" "$arg" ""
		free_form "$arg" || try "$cmd" "$opt" "$arg" "$NONSENSE"
	done <"$T/opts"
done
# every command's table was read: trace alone has more than 30 options with a value
[ $checked -gt 60 ] || fail "only $checked bad values tried"
echo "ok ($checked bad values)"
