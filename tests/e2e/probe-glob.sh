#!/usr/bin/env bash
# probe globs: FUNC globs over a test binary's functions, one program per distinct argument fetch, load-only sections
source "$(dirname "$0")/lib.sh"
need_root

wl=$(workload probe-args)
sed "s|@TARGET@|$wl|g" "$TOP/tests/fixtures/bpf/probe-glob.c.in" >"$T/glob.c"
# the workload calls each function once, then sleeps while the programs are counted
"$PERF_BPF" trace -e "$T/glob.c" -- "$wl" 1 4 >"$T/out" 2>"$T/err" &
pid=$!
on_exit "kill $pid 2>/dev/null; wait $pid 2>/dev/null"
named() { bpf_progs | grep -c " name $1 "; }
for _ in $(seq 100); do [ "$(named globbed)" -gt 0 ] && break; sleep 0.05; done
sleep 0.3
# 4 points: probe_glob_{one,two,three} fetch v from di, probe_glob_wide from si
expect_eq "programs for globbed (4 points, 2 fetches)" 2 "$(named globbed)"
expect_eq "programs for pair (2 points, 1 fetch)" 1 "$(named pair)"
expect_eq "load-only program loaded" 1 "$(named loadonly)"
wait $pid || fail "trace exited $? ($(cat "$T/err"))"

sed -n 's/.*BPF string: "\(.*\)"/\1/p' "$T/out" | sort >"$T/got"
cat >"$T/want" <<EOW
glob err=0 v=0
glob err=0 v=100
glob err=0 v=200
glob err=0 v=300
pair err=0 v=200
EOW
# probe_glob_two gets 100 and probe_glob_three 200: "pair" (probe_glob_t*) sees both
echo "pair err=0 v=100" >>"$T/want"
sort -o "$T/want" "$T/want"
expect_file_eq "$T/want" "$T/got"
grep -q "load-only program ran" "$T/out" && fail "the load-only program was attached"
# the kernel frees a closed program a little later: give it a moment
for n in globbed pair loadonly; do
	for _ in $(seq 40); do [ "$(named $n)" = 0 ] && break; sleep 0.05; done
	expect_eq "programs '$n' left" 0 "$(named $n)"
done

# a glob matching nothing: one error line, exit 1
sed 's|globbed=probe_glob_\* v|globbed=no_such_fn_* v|' "$T/glob.c" >"$T/none.c"
"$PERF_BPF" trace -e "$T/none.c" -- true >"$T/out" 2>"$T/err"
expect_eq "exit status" 1 "$?"
expect_eq "error" "ERROR: program 'globbed' in '$T/none.c': no function matches 'no_such_fn_*' in '$wl'" \
	"$(head -1 "$T/err")"
exit 0
