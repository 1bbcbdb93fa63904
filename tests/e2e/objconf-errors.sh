#!/usr/bin/env bash
# every object config error: perf's caret or "Apply config to BPF failed" message, a non-zero exit, no program left loaded
source "$(dirname "$0")/lib.sh"
need_root
command -v clang >/dev/null || skip "no clang"

e=$TOP/tests/fixtures/bpf/objconf-errors.c
prog=objconf_errs # the fixture's program: none may outlive a failed run

# loaded_after: how many programs named $prog are loaded, once the kernel has freed them
loaded_after() {
	local n
	for _ in 1 2 3 4 5 6 7 8 9 10; do
		n=$(bpf_progs | grep -c " name $prog ")
		[ "$n" = 0 ] && break
		sleep 0.2
	done
	echo "$n"
}

# expect STATUS FIRST-LINE CARET-LINE ARGS...: perf-bpf trace ARGS fails so; CARET-LINE '' for none
expect() {
	local status=$1 first=$2 caret=$3
	shift 3
	"$PERF_BPF" trace "$@" >"$T/out" 2>"$T/err"
	expect_eq "status of $*" "$status" "$?"
	expect_eq "first line of $*" "$first" "$(head -1 "$T/err")"
	if [ -n "$caret" ]; then
		expect_eq "caret of $*" "$caret" "$(sed -n 2p "$T/err")"
		grep -q "^Hint:	Valid config terms:" "$T/err" || fail "no help after the caret: $(cat "$T/err")"
	fi
	expect_eq "programs left by $*" 0 "$(loaded_after)"
}
apply="ERROR: Apply config to BPF failed:"
pad='                                  '

cd "$(dirname "$e")" || fail "no fixture dir"
e=./objconf-errors.c

# seed error case 2: an event the command line does not define earlier
expect 1 "event syntax error: '..ap:pmu_map.event=evt/'" "$pad\\___ Event not found for map setting" \
	-e cpu-clock -e "$e/map:pmu_map.event=evt/" -a
# defined, but after the object: still not found
expect 1 "event syntax error: '..ap:pmu_map.event=evt/'" "$pad\\___ Event not found for map setting" \
	-i -e "$e/map:pmu_map.event=evt/" -e bpf-output/no-inherit,name=evt/ -- true
# seed error case 4: an inherited event (no -i, no no-inherit)
expect 1 "$apply Doesn't support inherit event (Hint: use -i to turn off inherit)" '' \
	-e cpu-clock -e "$e/map:pmu_map.event=cpu-clock/" -- true
expect 1 "$apply Doesn't support inherit event (Hint: use -i to turn off inherit)" '' \
	-e bpf-output/name=evt/ -e "$e/map:pmu_map.event=evt/" -a -- true
# seed error case 5: a tracepoint
expect 1 "$apply Can only put raw, hardware and BPF output event into a BPF map" '' \
	-i -e raw_syscalls:sys_enter -e "$e/map:pmu_map.event=raw_syscalls:sys_enter/" -- true
# seed error case 6: a number for an event (parse stage: a usage error)
expect 129 "event syntax error: '.._map.event=123/'" "$pad\\___ Incorrect value type for map" \
	-i -e "$e/map:pmu_map.event=123/" -- true
# no such map, wrong map types, a value size outside 1/2/4/8, an index past the end
expect 1 "event syntax error: '..rors.c/map:nosuch.value=1/'" "$pad\\___ Target map doesn't exist" \
	-e "$e/map:nosuch.value=1/" -- true
expect 1 "event syntax error: '..map:hashed.value=1/'" \
	"$pad\\___ Can't use this config term with this map type" -e "$e/map:hashed.value=1/" -- true
expect 1 "event syntax error: '..ap:pmu_map.value=3/'" \
	"$pad\\___ Can't use this config term with this map type" -e "$e/map:pmu_map.value=3/" -- true
expect 1 "event syntax error: '..c/map:four.event=cpu-clock/'" \
	"$pad\\___ Can't use this config term with this map type" \
	-i -e cpu-clock -e "$e/map:four.event=cpu-clock/" -- true
expect 1 "event syntax error: '...c/map:odd.value=1/'" "$pad\\___ Incorrect map value size" \
	-e "$e/map:odd.value=1/" -- true
expect 1 "event syntax error: '..:four.value[1,5]=1/'" "$pad\\___ Index too large" \
	-e "$e/map:four.value[1,5]=1/" -- true
# an event map too small for the CPUs (keys are CPU numbers), a slot of a CPU not in -C
if [ "$(nproc)" -ge 2 ]; then
	expect 1 "$apply Invalid map size for event setting" '' \
		-i -e cpu-clock -e "$e/map:one_slot.event=cpu-clock/" -- true
	grep -q "^Hint: slots of map 'one_slot' are CPU numbers" "$T/err" || fail "no hint: $(cat "$T/err")"
	expect 1 "$apply Invalid map size for event setting" '' \
		-i -C 0 -e cpu-clock -e "$e/map:pmu_map.event[1]=cpu-clock/" -- true
fi
# the same map with a good term runs (the fixture is not the failure)
"$PERF_BPF" trace -i -e cpu-clock/period=100000000000/ -e "$e/map:pmu_map.event=cpu-clock/" \
	-- true >"$T/out" 2>"$T/err" || fail "the good run failed: $(cat "$T/err")"
echo "ok"
