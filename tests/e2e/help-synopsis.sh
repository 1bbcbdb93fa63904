#!/usr/bin/env bash
# help: every command's -h exits 0 on stdout, and its usage line is its man page's SYNOPSIS
source "$(dirname "$0")/lib.sh"

for cmd in $("$PERF_BPF" --list-cmds); do
	"$PERF_BPF" "$cmd" -h >"$T/help" 2>"$T/err" || fail "'$cmd -h' exited $?"
	[ -s "$T/err" ] && fail "'$cmd -h' wrote to stderr: $(cat "$T/err")"
	usage=$(sed -n 's/^usage: //p' "$T/help")
	[ -n "$usage" ] || fail "'$cmd -h' prints no usage line"
	page=$TOP/Documentation/perf-bpf-$cmd.1
	[ -f "$page" ] || fail "no man page for '$cmd'"
	# the SYNOPSIS lines, roff escapes and font requests removed
	synopsis=$(sed -n '/^\.SH SYNOPSIS/,/^\.SH/p' "$page" | grep -v '^\.SH' |
		sed -e 's/^\.[A-Z]* //' -e 's/\\-/-/g' -e 's/\\fI//g; s/\\fR//g; s/\\fB//g' | tr '\n' ' ')
	[[ "$synopsis" == *"$usage"* ]] || fail "'$cmd': usage '$usage' is not in the man page SYNOPSIS '$synopsis'"
	"$PERF_BPF" "$cmd" --no-such-option >/dev/null 2>"$T/err"
	expect_eq "'$cmd --no-such-option' status" 129 $?
	# misuse is an error like any other: the ERROR: prefix, then the usage lines
	expect_eq "'$cmd --no-such-option' message" "ERROR: unknown option '--no-such-option'" \
		"$(head -1 "$T/err")"
	expect_eq "'$cmd --no-such-option' usage" "usage: $usage" "$(sed -n 2p "$T/err")"
done
"$PERF_BPF" no-such-command >/dev/null 2>&1
expect_eq "unknown command status" 129 $?
