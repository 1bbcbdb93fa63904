#!/usr/bin/env bash
# probe arguments: perf-probe style args on uprobes (DWARF names, member chains, registers, derefs, a failing read), in programs built at -O0, -O1 and -O2
source "$(dirname "$0")/lib.sh"
need_root
# programs of these names still loaded (other tests may load programs meanwhile: count ours)
left_named() {
	local n
	for n in "$@"; do
		# the kernel frees a closed program a little later: give it a moment
		for _ in $(seq 40); do
			bpf_progs | grep -q " name $n " || break
			sleep 0.05
		done
		bpf_progs | grep -q " name $n " && fail "program '$n' left loaded"
	done
	return 0
}

# exec=PATH;EVENT=FUNC ARG: the int parameter of uprobe-target's function, printed by the program
cat >"$T/one.c" <<'EOC'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(int));
	__uint(value_size, sizeof(int));
	__uint(max_entries, __NR_CPUS__);
} __bpf_stdout__ SEC(".maps");
SEC("exec=@TARGET@;ev=perf_bpf_target i")
int pa_one(void *ctx, int err, unsigned long i)
{
	char buf[16];
	long n = BPF_SNPRINTF(buf, sizeof(buf), "i=%lu err=%d", i, err);

	if (n > 0 && n <= (long)sizeof(buf))
		bpf_perf_event_output(ctx, &__bpf_stdout__, BPF_F_CURRENT_CPU, buf, n);
	return 0;
}
char _license[] SEC("license") = "GPL";
EOC
for level in O0 O1 O2; do
	target=$(workload_at $level uprobe-target)
	wl=$(workload_at $level probe-args)
	sed -i "s|^SEC(\"exec=[^;]*;|SEC(\"exec=$target;|" "$T/one.c"
	"$PERF_BPF" trace -e "$T/one.c" -- "$target" 4 >"$T/out" 2>"$T/err" ||
		fail "$level: trace exited $? ($(cat "$T/err"))"
	expect_eq "$level: values of i" "i=0 err=0,i=1 err=0,i=2 err=0,i=3 err=0" \
		"$(sed -n 's/.*BPF string: "\(.*\)"/\1/p' "$T/out" | paste -sd,)"

	# a uretprobe's $retval (the function returns 2 * i)
	sed 's|ev=perf_bpf_target i"|ev=perf_bpf_target%return $retval:s32"|' "$T/one.c" >"$T/ret.c"
	"$PERF_BPF" trace -e "$T/ret.c" -- "$target" 4 >"$T/out" 2>"$T/err" ||
		fail "$level: trace of \$retval exited $? ($(cat "$T/err"))"
	expect_eq "$level: return values" "i=0 err=0,i=2 err=0,i=4 err=0,i=6 err=0" \
		"$(sed -n 's/.*BPF string: "\(.*\)"/\1/p' "$T/out" | paste -sd,)"

	# member chains through a struct pointer, kprobe_events forms, and a read that faults
	sed "s|@TARGET@|$wl|g" "$TOP/tests/fixtures/bpf/probe-args.c.in" >"$T/args.c"
	"$PERF_BPF" trace -e "$T/args.c" -- "$wl" 2 >"$T/out" 2>"$T/err" ||
		fail "$level: trace exited $? ($(cat "$T/err"))"
	sed -n 's/.*BPF string: "\(.*\)"/\1/p' "$T/out" | sort >"$T/got"
	cat >"$T/want" <<-EOW
	bad err=1 v=0 k=0
	bad err=1 v=0 k=0
	raw err=0 val=40 big=100000000 next=7
	raw err=0 val=40 big=100000001 next=7
	walk err=0 val=40 next=7 k=0
	walk err=0 val=40 next=7 k=1
	EOW
	expect_file_eq "$T/want" "$T/got"
	expect_eq "$level: stderr" "" "$(cat "$T/err")"
	left_named pa_one walk raw bad
done

# more than 3 arguments: perf's warning, the first three fetched
sed 's|^SEC("exec=\(.*\);ev=perf_bpf_target i")|SEC("exec=\1;ev=perf_bpf_target i i i i i")|' \
	"$T/one.c" >"$T/five.c"
"$PERF_BPF" trace -e "$T/five.c" -- "$target" 1 >"$T/out" 2>"$T/err" ||
	fail "trace with 5 args exited $? ($(cat "$T/err"))"
expect_eq "warning" "Warning: bpf: prologue: 2 arguments are dropped" "$(cat "$T/err")"
expect_match "value" 'BPF string: "i=0 err=0"' "$(cat "$T/out")"

# an unknown parameter: one error line naming it, exit 1
sed 's|ev=perf_bpf_target i"|ev=perf_bpf_target nosuch"|' "$T/one.c" >"$T/bad.c"
"$PERF_BPF" trace -e "$T/bad.c" -- "$target" 1 >"$T/out" 2>"$T/err"
expect_eq "exit status" 1 "$?"
expect_match "error" "^ERROR: program 'pa_one' in '.*bad.c': cannot fetch the arguments of 'perf_bpf_target': argument 1 \('nosuch'\): 'perf_bpf_target' has no parameter or variable 'nosuch'" \
	"$(head -1 "$T/err")"
left_named pa_one walk raw bad
