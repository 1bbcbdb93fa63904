#!/usr/bin/env bash
# perf-era BPF sources (the seed programs, perf's examples and helper headers) compile unchanged with include/bpf-compat and no kernel headers
source "$(dirname "$0")/lib.sh"

CLANG=$(command -v clang) || skip "no clang"
COMPAT=$TOP/include/bpf-compat
SYS_PERF=/usr/include/perf/bpf
PERF_EXAMPLES=/usr/share/doc/linux-perf/examples/bpf
triple=$("$CLANG" -print-multiarch 2>/dev/null)
MULTIARCH=
[ -n "$triple" ] && [ -d "/usr/include/$triple" ] && MULTIARCH=/usr/include/$triple
IFS=. read -r maj min rest <<<"$(uname -r)"
VERSION=$(printf '0x%x' $(((maj << 16) + (min << 8))))

# perf's flags, and the include order the compile stage uses: compat, perf's headers, multiarch.
# cc PERF_DIR SRC OUT [more flags]: compile; fail on an error, or on any warning unless
# Debian's perf headers are in use (their puts() draws a clang warning perf lived with).
cc() {
	local perf_dir=$1 src=$2 out=$3 log
	shift 3
	log=$T/$(basename "$out").log
	"$CLANG" -target bpf -O2 -g -D__KERNEL__ -D__NR_CPUS__=2 -DLINUX_VERSION_CODE="$VERSION" \
		-Wno-unused-value -Wno-pointer-sign "$@" -I"$COMPAT" ${perf_dir:+-I"$perf_dir"} \
		${MULTIARCH:+-I"$MULTIARCH"} -c "$src" -o "$out" >"$log" 2>&1 ||
		{ cat "$log"; fail "$src does not compile (perf headers: ${perf_dir:-none})"; }
	[ "$perf_dir" = "$SYS_PERF" ] || ! grep -q 'warning:' "$log" ||
		{ cat "$log"; fail "$src: warnings (perf headers: $perf_dir)"; }
}

# has_section OBJ NAME: the object has an ELF section of exactly that name
has_section() {
	llvm-objdump -h "$1" | sed -n 's/^ *[0-9]* \(.*[^ ]\) \{1,\}[0-9a-f]\{8\} [0-9a-f]\{16\}.*/\1/p' |
		grep -qxF -- "$2" || fail "$(basename "$1"): no section '$2'"
}

perf_dirs=("$COMPAT/perf")
[ -d "$SYS_PERF" ] && perf_dirs=("$SYS_PERF" "$COMPAT/perf")

# 1. the seed programs as written for perf, and their tracepoint versions
seeds=0
for src in "$TOP"/examples/test_bpf_*.c "$TOP"/examples/tp_bpf_*.c; do
	for pd in "${perf_dirs[@]}"; do
		cc "$pd" "$src" "$T/$(basename "$src" .c).o"
	done
	seeds=$((seeds + 1))
done
[ $seeds -ge 9 ] || fail "expected at least 9 seed examples, found $seeds"
has_section "$T/test_bpf_trace.o" "func_begin=sys_nanosleep"
has_section "$T/test_bpf_trace.o" "func_end=sys_nanosleep%return"
has_section "$T/test_bpf_trace.o" "maps"
has_section "$T/test_bpf_arg.o" "inlines=no;func=SyS_dup? oldfd"
has_section "$T/test_bpf_map_2.o" "func_write_return=sys_write%return"
has_section "$T/tp_bpf_trace.o" "syscalls:sys_enter_clock_nanosleep"
has_section "$T/tp_bpf_map_2.o" "syscalls:sys_exit_write"
has_section "$T/test_bpf_output.o" "version"

# 2. without the compat dir the same source does not build: it is what supplies them
if "$CLANG" -target bpf -O2 -D__KERNEL__ -D__NR_CPUS__=2 -DLINUX_VERSION_CODE=0 \
	${MULTIARCH:+-I"$MULTIARCH"} -c "$TOP/examples/test_bpf_trace.c" -o "$T/x.o" 2>/dev/null; then
	fail "test_bpf_trace.c compiled without include/bpf-compat: the test proves nothing"
fi

# 3. a program using every macro and header of perf's helper interface (written for this test)
cat >"$T/perf_iface.c" <<'EOF'
#include <bpf/bpf.h>
#include <stdio.h>
#include <unistd.h>
#include <pid_filter.h>
#include <linux/socket.h>

bpf_map(counts, ARRAY, int, u64, 4);
pid_filter(pids);

struct wide {
	struct sockaddr_storage addr;
	s64 a;
	u8 b;
	bool c;
};
bpf_map(wides, PERCPU_ARRAY, u32, struct wide, 1);
bpf_map(jumps, PROG_ARRAY, u32, u32, 8);

int syscall_enter(openat)(void *args)
{
	int key = 0;
	u64 *v = bpf_map_lookup_elem(&counts, &key);

	if (pid_filter__has(&pids, getpid()))
		return 0;
	if (v)
		*v += 1;
	bpf_tail_call(args, &jumps, 1);
	puts("Hello, world\n");
	return 1;
}

int syscall_exit(openat)(void *args)
{
	u64 one = 1;
	int key = 1;

	pid_filter__add(&pids, getpid());
	return bpf_map_update_elem(&counts, &key, &one, BPF_ANY);
}

int probe(hrtimer_nanosleep, rqtp->tv_sec)(void *ctx, int err, long sec)
{
	char buf[16];

	probe_read_str(buf, sizeof(buf), (void *)sec);
	return probe_read(buf, 8, (void *)sec) == 0;
}

license(GPL);
EOF
for pd in "${perf_dirs[@]}"; do
	cc "$pd" "$T/perf_iface.c" "$T/perf_iface.o"
	has_section "$T/perf_iface.o" "syscalls:sys_enter_openat"
	has_section "$T/perf_iface.o" "syscalls:sys_exit_openat"
	has_section "$T/perf_iface.o" "hrtimer_nanosleep=hrtimer_nanosleep rqtp->tv_sec"
	has_section "$T/perf_iface.o" "license"
done
# perf-bpf's own headers define BTF maps, which libbpf 1.x loads without conversion
cc "$COMPAT/perf" "$T/perf_iface.c" "$T/own.o"
has_section "$T/own.o" ".maps"
btf=$(bpftool btf dump file "$T/own.o" 2>&1) || fail "no BTF in own.o: $btf"
for m in __bpf_stdout__ counts pids wides jumps; do
	grep -q "VAR '$m'" <<<"$btf" || fail "map $m is not BTF-defined"
done
grep -q "DATASEC '.maps'" <<<"$btf" || fail "no .maps DATASEC"

# 4. perf's own examples, with Debian perf's headers and with ours
examples=0
if [ -d "$PERF_EXAMPLES" ]; then
	for src in "$PERF_EXAMPLES"/*.c; do
		for pd in "${perf_dirs[@]}"; do
			cc "$pd" "$src" "$T/perf-$(basename "$src" .c).o"
		done
		examples=$((examples + 1))
	done
fi

# 5. modern sources are untouched by the compat dir: their own short names, libbpf's headers
cat >"$T/modern.c" <<'EOF'
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

typedef unsigned long u64; /* clashes with the kernel's u64 if anything defined it */
typedef int bool;
enum { false, true };

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__type(key, int);
	__type(value, u64);
	__uint(max_entries, 1);
} hits SEC(".maps");

SEC("tp/syscalls/sys_enter_openat")
int modern(void *ctx)
{
	int key = 0;
	u64 *v = bpf_map_lookup_elem(&hits, &key);
	bool t = true;

	if (v && t)
		__sync_fetch_and_add(v, 1);
	return 0;
}

char LICENSE[] SEC("license") = "GPL";
EOF
for pd in "${perf_dirs[@]}"; do
	cc "$pd" "$T/modern.c" "$T/modern.o"
	cc "$pd" "$TOP/examples/hello.c" "$T/hello.o"
done

echo "compiled $seeds seed examples, $examples perf examples, with ${#perf_dirs[@]} header set(s)"
[ -d "$PERF_EXAMPLES" ] || echo "note: $PERF_EXAMPLES absent, perf's examples not tried"
exit 0
