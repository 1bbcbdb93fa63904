# shellcheck shell=bash
# bash completion for perf-bpf(1), also as `perf bpf`: subcommands, the options of each
# (asked from the binary: `perf-bpf SUBCOMMAND --list-opts`), scriptlets (.c, .o), cgroups for -G,
# tracepoint names (tracefs), system-call names and classes for -e, clocks for -k, --status's
# words, --timestamps's formats, files for -o and -i, the traced command
# after --. Needs no bash-completion helpers. The binary asked is the one being completed when
# it is named by a path (./perf-bpf, ~/src/perf-bpf/perf-bpf), else $PERF_BPF_BIN, else the
# perf-bpf on PATH (as for `perf bpf`).

# The perf-bpf to ask when the command word is _perf_bpf_w[$1]: _perf_bpf_exe.
_perf_bpf_pick_exe()
{
	local w=${COMP_WORDS[0]-}
	w=${w/#\~\//$HOME/}
	if (($1 == 0)) && [[ $w == */* && -x $w && ! -d $w ]]; then
		_perf_bpf_exe=$w
	else
		_perf_bpf_exe=${PERF_BPF_BIN:-perf-bpf}
	fi
}

# The words up to the cursor with the pieces bash split off at ':' and '=' joined again
# ("syscalls:sys_enter_x", "--output=f"): _perf_bpf_w, the last one is the word completed.
_perf_bpf_join_words()
{
	local i w
	_perf_bpf_w=()
	for ((i = 0; i <= COMP_CWORD; i++)); do
		w=${COMP_WORDS[i]}
		if ((i > 0)) && [[ $w == [:=] || ${COMP_WORDS[i - 1]} == [:=] ]]; then
			_perf_bpf_w[${#_perf_bpf_w[@]} - 1]+=$w
		else
			_perf_bpf_w+=("$w")
		fi
	done
}

# The argument name of option $2 of subcommand $1 ("EVENT"), empty when it takes none.
_perf_bpf_argname()
{
	local line words
	while IFS= read -r line; do
		read -ra words <<<"$line"
		local w
		for w in "${words[@]}"; do
			if [[ $w == "$2" && ${words[-1]} != -* ]]; then
				printf '%s\n' "${words[-1]}"
				return
			fi
		done
	done < <("$_perf_bpf_exe" ${1:+"$1"} --list-opts 2>/dev/null)
}

# An option that counts (-y) is offered twice as well (-yy: sockets by their addresses).
_perf_bpf_options()
{
	"$_perf_bpf_exe" ${1:+"$1"} --list-opts 2>/dev/null | tr ' ' '\n' | grep '^-' |
		sed '/^-y$/p; s/^-y$/-yy/'
}

_perf_bpf_tracepoints()
{
	local dir
	for dir in /sys/kernel/tracing /sys/kernel/debug/tracing; do
		if [[ -r $dir/available_events ]]; then
			compgen -W "$(<"$dir/available_events")" -- "$1"
			return
		fi
	done
}

# System-call names (the kernel's sys_enter tracepoints) and strace's classes, for -e: a
# name after the last ',' of a list, after a '!' too.
_perf_bpf_syscalls()
{
	local cur=$1 pre="" dir names=""
	if [[ $cur == *,* ]]; then
		pre=${cur%,*},
		cur=${cur##*,}
	fi
	if [[ $cur == '!'* ]]; then
		pre+='!'
		cur=${cur#!}
	fi
	for dir in /sys/kernel/tracing /sys/kernel/debug/tracing; do
		if [[ -r $dir/available_events ]]; then
			names=$(sed -n 's/^syscalls:sys_enter_//p' "$dir/available_events")
			break
		fi
	done
	compgen -W "$names %file %desc %net %process %memory %signal %ipc" -- "$cur" |
		sed "s|^|$pre|"
	[[ -z $pre ]] && compgen -W "signal=" -- "$cur"
}

# -U's summary columns after the last ',' (strace's names and perf-bpf's).
_perf_bpf_columns()
{
	local cur=$1 pre=""
	if [[ $cur == *,* ]]; then
		pre=${cur%,*},
		cur=${cur##*,}
	fi
	compgen -W "time-percent total-time min-time avg-time max-time stddev p50 p99 calls errors
		name stddev-percent" -- "$cur" | sed "s|^|$pre|"
}

# strace's -e signal=SET: signal names after the last ',' (a '!' may lead), all, none.
_perf_bpf_signals()
{
	local cur=${1#signal=} pre="signal="
	if [[ $cur == *,* ]]; then
		pre+=${cur%,*},
		cur=${cur##*,}
	fi
	if [[ $cur == '!'* ]]; then
		pre+='!'
		cur=${cur#!}
	fi
	compgen -W "all none $(kill -l | tr -s ' \t' '\n' | grep '^SIG')" -- "$cur" |
		sed "s|^|$pre|"
}

# -G: the cgroups under the cgroup2 mount, as paths from it (/system.slice), matching $1.
_perf_bpf_cgroups()
{
	local mnt d
	mnt=$(awk '$9 == "cgroup2" { print $5; exit }' /proc/self/mountinfo 2>/dev/null)
	[[ -n $mnt && -d $mnt ]] || return
	for d in "$mnt${1%/*}"/*/; do
		[[ -d $d ]] && printf '%s\n' "${d#"$mnt"}"
	done | compgen -W "$(cat)" -- "$1"
}

# Files ending in one of the suffixes $2..., and directories, matching $1.
_perf_bpf_files()
{
	local cur=$1 f s
	shift
	while IFS= read -r f; do
		if [[ -d $f ]]; then
			printf '%s/\n' "$f"
			continue
		fi
		for s in "$@"; do
			[[ $f == *"$s" ]] && printf '%s\n' "$f"
		done
	done < <(compgen -f -- "$cur")
}

# Candidates for the last item of the comma-separated list $1 from the words $2.
_perf_bpf_list_item()
{
	local head="" w
	[[ $1 == *,* ]] && head=${1%,*},
	for w in $2; do
		[[ $head$w == "$1"* ]] && printf '%s\n' "$head$w"
	done
}

# Candidates for the argument $2 (its name, as --list-opts says) being typed as $1.
_perf_bpf_arg()
{
	case $2 in
	EVENT)
		if [[ $1 == signal=* ]]; then
			_perf_bpf_signals "$1"
			return
		fi
		if [[ $1 == status=* ]]; then
			_perf_bpf_list_item "$1" "status=successful status=failed status=unfinished
				status=detached status=all status=none"
			return
		fi
		_perf_bpf_files "$1" .c .o .obj
		_perf_bpf_tracepoints "$1"
		_perf_bpf_syscalls "$1"
		compgen -W "cpu-clock task-clock page-faults context-switches cpu-migrations
			minor-faults major-faults bpf-output cycles instructions" -- "$1"
		;;
	CLOCK) compgen -W "monotonic monotonic_raw realtime boottime tai" -- "$1" ;;
	COLS) _perf_bpf_columns "$1" ;;
	KEY) compgen -W "time calls errors name min-time max-time avg-time stddev p50 p99 nothing" \
		-- "$1" ;;
	SET) _perf_bpf_list_item "$1" "successful failed unfinished detached all none" ;;
	FORMAT) _perf_bpf_list_item "$1" "time unix s ms us ns" ;;
	MODE) compgen -W "thread process comm total cgroup" -- "$1" ;; # --summary-mode
	CGROUP) _perf_bpf_cgroups "${1:-/}" ;;
	FILE | PATH) compgen -f -- "$1" ;;
	PID | TID) compgen -W "$(cd /proc && printf '%s ' [0-9]*)" -- "$1" ;;
	esac
}

# Completion of a perf-bpf command line whose program word is _perf_bpf_w[$1]
# (0 for `perf-bpf ...`, 1 for the "bpf" of `perf bpf ...`).
_perf_bpf_complete()
{
	local off=$1 cur prev sub="" i dashdash=0 arg
	local -a cands=()
	_perf_bpf_pick_exe "$off"
	_perf_bpf_join_words
	local cword=$((${#_perf_bpf_w[@]} - 1))
	cur=${_perf_bpf_w[cword]}
	prev=""
	((cword > 0)) && prev=${_perf_bpf_w[cword - 1]}
	for ((i = off + 1; i < cword; i++)); do
		if [[ -n $sub && ${_perf_bpf_w[i]} == -- ]]; then
			dashdash=$i
			break
		fi
		[[ -z $sub && ${_perf_bpf_w[i]} != -* ]] && sub=${_perf_bpf_w[i]}
	done
	if ((dashdash)); then # the traced command
		if ((cword == dashdash + 1)); then
			mapfile -t cands < <(compgen -c -- "$cur" | sort -u)
		else
			mapfile -t cands < <(compgen -f -- "$cur")
		fi
	elif [[ -z $sub ]]; then
		if [[ $cur == -* ]]; then
			mapfile -t cands < <(compgen -W "$(_perf_bpf_options "")" -- "$cur")
		else
			mapfile -t cands < <(compgen -W "$("$_perf_bpf_exe" --list-cmds 2>/dev/null)" -- "$cur")
		fi
	elif [[ $cur == --*=* ]]; then
		arg=$(_perf_bpf_argname "$sub" "${cur%%=*}")
		mapfile -t cands < <(_perf_bpf_arg "${cur#*=}" "$arg" | sed "s|^|${cur%%=*}=|")
	elif [[ $prev == -* && $prev != *=* ]] && arg=$(_perf_bpf_argname "$sub" "$prev") && [[ -n $arg ]]; then
		mapfile -t cands < <(_perf_bpf_arg "$cur" "$arg")
	elif [[ $cur == -* ]]; then
		mapfile -t cands < <(compgen -W "$(_perf_bpf_options "$sub")" -- "$cur")
	else
		case $sub in
		compile) mapfile -t cands < <(_perf_bpf_files "$cur" .c) ;;
		query) mapfile -t cands < <(_perf_bpf_tracepoints "$cur") ;;
		trace | record) mapfile -t cands < <(compgen -c -- "$cur" | sort -u) ;;
		esac
	fi
	# bash replaces only the last of its own words: drop what came before it
	local keep=${cur%"${COMP_WORDS[COMP_CWORD]}"}
	COMPREPLY=()
	for i in "${cands[@]}"; do
		COMPREPLY+=("${i#"$keep"}")
	done
	# a directory is a step, not a word: no space after it
	if [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == */ ]] && type compopt &>/dev/null; then
		compopt -o nospace 2>/dev/null
	fi
}

_perf_bpf()
{
	_perf_bpf_complete 0
}

# `perf bpf ...` is ours; any other perf command line goes to perf's own completion,
# loaded when first needed (bash-completion's loader), and "bpf" joins perf's commands.
_perf_bpf_perf()
{
	if ((COMP_CWORD >= 2)) && [[ ${COMP_WORDS[1]} == bpf ]]; then
		_perf_bpf_complete 1
		return
	fi
	if [[ -z ${_perf_bpf_perf_fn-} ]]; then
		_perf_bpf_perf_fn=none
		if declare -F __load_completion >/dev/null && __load_completion perf; then
			local spec
			spec=$(complete -p perf 2>/dev/null)
			if [[ $spec == *" -F "* ]]; then
				spec=${spec##* -F }
				_perf_bpf_perf_fn=${spec%% *}
			fi
		fi
		complete -F _perf_bpf_perf perf
	fi
	COMPREPLY=()
	if [[ $_perf_bpf_perf_fn != none && $_perf_bpf_perf_fn != _perf_bpf_perf ]]; then
		"$_perf_bpf_perf_fn" "$@"
	fi
	if ((COMP_CWORD == 1)) && [[ bpf == "${COMP_WORDS[1]}"* ]]; then
		COMPREPLY+=(bpf)
	fi
}

complete -F _perf_bpf perf-bpf
complete -F _perf_bpf_perf perf
