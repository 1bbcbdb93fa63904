#!/usr/bin/env bash
# query --all lists a tracefs uprobe event once, as a tracepoint in run order, not twice
source "$(dirname "$0")/lib.sh"
need_root
holder=$(workload query-holder)
events=/sys/kernel/tracing/uprobe_events
[ -w "$events" ] || skip "no tracefs uprobe_events (CONFIG_UPROBE_EVENTS off?)"
group=perfbpf_q$$
target=$("$holder" -o) || fail "query-holder -o failed"
echo "p:$group/target $target" >>"$events" || fail "cannot create a uprobe event on $target"
on_exit "echo '-:$group/target' >>'$events'"

# two programs through the ioctl, one through a link, on the tracefs event
"$holder" -K -n 2 -p e2e_dyn_ -t "$group:target" -L -n 1 -t "$group:target" >"$T/holder" 2>&1 &
hpid=$!
on_exit "kill $hpid 2>/dev/null; wait $hpid 2>/dev/null"
for _ in $(seq 600); do grep -q '^ready' "$T/holder" && break; sleep 0.1; done
grep -q '^ready' "$T/holder" || fail "query-holder did not start: $(cat "$T/holder")"

"$PERF_BPF" query --all >"$T/out" || fail "query --all exited $?"
cat "$T/out"
grep -q "^$group:target  tracepoint, 3 programs, in run order" "$T/out" || fail "no $group:target hook"
# "ID LINK" rows of the hook, as query-holder attached them
awk '/^prog /{print $2, $5}' "$T/holder" >"$T/want"
awk -v h="$group:target" '$1 == h {on = 1; next} on && NF == 0 {on = 0} on && $1 ~ /^[0-9]+$/ {print $1, $6}' \
	"$T/out" >"$T/got"
expect_file_eq "$T/want" "$T/got"
# the same probe seen through the perf events and the link is not listed again
! grep -q "^uprobe:" "$T/out" || ! grep -q "e2e_dyn_" <(sed -n '/^uprobe:/,/^$/p' "$T/out") ||
	fail "the uprobe event is listed twice"
# a pattern on the event's system finds it too
"$PERF_BPF" query "$group:*" >"$T/glob" || fail "query $group:* exited $?"
expect_eq "pattern" "3" "$(awk 'NR > 2' "$T/glob" | grep -c e2e_dyn_)"
exit 0
