// SPDX-License-Identifier: GPL-2.0
/* Unit tests of lib/event/section.c: every section form perf accepted, and every error with its text. */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <bpf/libbpf.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "event/section.h"

/* Run fn(arg) with stderr going to a temporary file; return what was written (malloc'd). */
static char *capture_stderr(void (*fn)(void *), void *arg)
{
	FILE *tmp = tmpfile();
	int saved;
	long len;
	char *out;

	assert_non_null(tmp);
	fflush(stderr);
	saved = dup(2);
	dup2(fileno(tmp), 2);
	fn(arg);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	len = ftell(tmp);
	out = calloc(1, len + 1);
	rewind(tmp);
	assert_int_equal(fread(out, 1, len, tmp), (size_t)len);
	fclose(tmp);
	return out;
}

/* Does @name parse, into a section of @kind? */
static bool parses_as(const char *name, enum section_kind kind)
{
	struct section sec;
	bool yes = !section__parse(name, &sec) && sec.kind == kind;

	section__exit(&sec);
	return yes;
}

static void parse_ok(const char *name, struct section *sec)
{
	int ret = section__parse(name, sec);

	if (ret)
		print_message("'%s': %d %s\n", name, ret, errmsg__text());
	assert_int_equal(ret, 0);
}

/* Parse @name expecting @code, and check the ERROR line recorded: its detail text. */
static void parse_fails(const char *name, int code, const char *detail)
{
	char buf[LOADERR_BUFSIZE], text[1024];
	struct section sec;

	errmsg__clear();
	assert_int_equal(section__parse(name, &sec), code);
	snprintf(text, sizeof(text), "bad program section '%s': %s: %s", name,
		 loaderr__strerror(code, LOADERR_STAGE_NONE, buf, sizeof(buf)), detail);
	assert_non_null(errmsg__text());
	assert_string_equal(errmsg__text(), text);
	errmsg__clear();
	/* a failed parse leaves nothing to free */
	assert_null(sec.buf);
	assert_null(sec.args);
	assert_int_equal(sec.nr_args, 0);
}

static void test_section__parse_tracepoint(void **state)
{
	struct section sec;

	parse_ok("syscalls:sys_enter_nanosleep", &sec);
	assert_int_equal(sec.kind, SECTION_TRACEPOINT);
	assert_string_equal(sec.group, "syscalls");
	assert_string_equal(sec.event, "sys_enter_nanosleep");
	assert_false(sec.load_only);
	assert_null(sec.func);
	assert_int_equal(sec.nr_args, 0);
	section__exit(&sec);
}

static void test_section__parse_tracepoint_load_only(void **state)
{
	struct section sec;

	parse_ok("!raw_syscalls:unaugmented", &sec);
	assert_int_equal(sec.kind, SECTION_TRACEPOINT);
	assert_true(sec.load_only);
	assert_string_equal(sec.group, "raw_syscalls");
	assert_string_equal(sec.event, "unaugmented");
	section__exit(&sec);
}

static void test_section__parse_tracepoint_glob_and_config(void **state)
{
	struct section sec;

	parse_ok("force=yes;syscalls:sys_enter_*", &sec);
	assert_int_equal(sec.kind, SECTION_TRACEPOINT);
	assert_true(sec.force);
	assert_string_equal(sec.event, "sys_enter_*");
	assert_true(section__glob_match(sec.event, "sys_enter_openat"));
	section__exit(&sec);
}

static void test_section__parse_kprobe(void **state)
{
	struct section sec;

	parse_ok("func=sys_nanosleep", &sec);
	assert_int_equal(sec.kind, SECTION_KPROBE);
	assert_string_equal(sec.group, "perf_bpf_probe");
	assert_string_equal(sec.event, "func");
	assert_string_equal(sec.func, "sys_nanosleep");
	assert_false(sec.func_is_glob);
	assert_null(sec.target);
	assert_null(sec.src);
	assert_false(sec.has_line);
	assert_false(sec.has_offset);
	assert_false(sec.retprobe);
	assert_true(sec.inlines);
	assert_false(sec.force);
	assert_false(sec.load_only);
	assert_int_equal(sec.nr_args, 0);
	section__exit(&sec);
}

static void test_section__parse_kretprobe(void **state)
{
	struct section sec;

	parse_ok("func_end=sys_nanosleep%return", &sec);
	assert_int_equal(sec.kind, SECTION_KRETPROBE);
	assert_true(sec.retprobe);
	assert_string_equal(sec.event, "func_end");
	assert_string_equal(sec.func, "sys_nanosleep");
	section__exit(&sec);

	parse_ok("func=vfs_read%return $retval", &sec);
	assert_int_equal(sec.kind, SECTION_KRETPROBE);
	assert_int_equal(sec.nr_args, 1);
	assert_int_equal(sec.args[0].kind, SECTION_ARG_RETVAL);
	assert_string_equal(sec.args[0].base, "$retval");
	section__exit(&sec);
}

static void test_section__parse_uprobe(void **state)
{
	struct section sec;

	parse_ok("exec=/lib64/libc.so.6;libcwrite=__write", &sec);
	assert_int_equal(sec.kind, SECTION_UPROBE);
	assert_string_equal(sec.target, "/lib64/libc.so.6");
	assert_string_equal(sec.event, "libcwrite");
	assert_string_equal(sec.func, "__write");
	section__exit(&sec);

	parse_ok("exec=/bin/bash; rl=readline%return ret=$retval:string", &sec);
	assert_int_equal(sec.kind, SECTION_URETPROBE);
	assert_true(sec.retprobe);
	assert_string_equal(sec.target, "/bin/bash");
	assert_string_equal(sec.func, "readline");
	assert_string_equal(sec.args[0].name, "ret");
	assert_string_equal(sec.args[0].type, "string");
	section__exit(&sec);
}

static void test_section__parse_module_and_last_target(void **state)
{
	struct section sec;

	parse_ok("module=ext4;ev=ext4_sync_fs", &sec);
	assert_int_equal(sec.kind, SECTION_KPROBE);
	assert_string_equal(sec.target, "ext4");
	section__exit(&sec);

	/* as in perf, the last of exec= and module= decides */
	parse_ok("exec=/bin/true;module=ext4;ev=ext4_sync_fs", &sec);
	assert_int_equal(sec.kind, SECTION_KPROBE);
	assert_string_equal(sec.target, "ext4");
	section__exit(&sec);
}

static void test_section__parse_glob_inlines(void **state)
{
	struct section sec;

	parse_ok("inlines=no;func=SyS_dup? oldfd", &sec);
	assert_int_equal(sec.kind, SECTION_KPROBE);
	assert_false(sec.inlines);
	assert_string_equal(sec.func, "SyS_dup?");
	assert_true(sec.func_is_glob);
	assert_int_equal(sec.nr_args, 1);
	assert_int_equal(sec.args[0].kind, SECTION_ARG_VAR);
	assert_string_equal(sec.args[0].base, "oldfd");
	assert_null(sec.args[0].name);
	assert_int_equal(sec.args[0].nr_fields, 0);
	section__exit(&sec);
}

static void test_section__parse_booleans(void **state)
{
	static const char *const yes[] = { "yes", "Y", "1", "on", "TRUE" };
	static const char *const no[] = { "no", "N", "0", "off", "false" };
	struct section sec;
	char name[64];

	for (size_t i = 0; i < 5; i++) {
		snprintf(name, sizeof(name), "inlines=%s;force=%s;ev=f", no[i], yes[i]);
		parse_ok(name, &sec);
		assert_false(sec.inlines);
		assert_true(sec.force);
		section__exit(&sec);
	}
}

static void test_section__parse_member_args(void **state)
{
	struct section sec;

	parse_ok("func=null_lseek file->f_mode offset orig", &sec);
	assert_int_equal(sec.nr_args, 3);
	assert_string_equal(sec.args[0].base, "file");
	assert_int_equal(sec.args[0].nr_fields, 1);
	assert_string_equal(sec.args[0].fields[0].name, "f_mode");
	assert_true(sec.args[0].fields[0].ref);
	assert_string_equal(sec.args[1].base, "offset");
	assert_string_equal(sec.args[2].base, "orig");
	section__exit(&sec);

	/* what perf's probe(function, vars) macro produced */
	parse_ok("hrtimer_nanosleep=hrtimer_nanosleep rqtp->tv_sec", &sec);
	assert_string_equal(sec.event, "hrtimer_nanosleep");
	assert_string_equal(sec.func, "hrtimer_nanosleep");
	assert_string_equal(sec.args[0].base, "rqtp");
	assert_string_equal(sec.args[0].fields[0].name, "tv_sec");
	section__exit(&sec);
}

static void test_section__parse_member_chain(void **state)
{
	struct section sec;
	struct section_arg *a;

	parse_ok("ev=f x=a->b.c[3]->d:u16", &sec);
	a = &sec.args[0];
	assert_string_equal(a->name, "x");
	assert_int_equal(a->kind, SECTION_ARG_VAR);
	assert_string_equal(a->base, "a");
	assert_int_equal(a->nr_fields, 4);
	assert_string_equal(a->fields[0].name, "b");
	assert_true(a->fields[0].ref);
	assert_string_equal(a->fields[1].name, "c");
	assert_false(a->fields[1].ref);
	assert_null(a->fields[2].name);
	assert_int_equal(a->fields[2].index, 3);
	assert_string_equal(a->fields[3].name, "d");
	assert_true(a->fields[3].ref);
	assert_string_equal(a->type, "u16");
	section__exit(&sec);
}

static void test_section__parse_fetch_args(void **state)
{
	struct section sec;
	struct section_arg *a;

	parse_ok("ev=f +8(+16(%di)):u32 n=@jiffies+8 r=%ax $comm $arg1 $stack0 -4(@sym) "
		 "+u0(%si):string @var-2",
		 &sec);
	assert_int_equal(sec.nr_args, 9);
	a = &sec.args[0];
	assert_int_equal(a->kind, SECTION_ARG_REG);
	assert_string_equal(a->base, "di");
	assert_int_equal(a->nr_derefs, 2);
	assert_int_equal(a->derefs[0].off, 16); /* innermost first */
	assert_int_equal(a->derefs[1].off, 8);
	assert_false(a->derefs[0].user);
	assert_string_equal(a->type, "u32");
	a = &sec.args[1];
	assert_string_equal(a->name, "n");
	assert_int_equal(a->kind, SECTION_ARG_SYMBOL);
	assert_string_equal(a->base, "jiffies");
	assert_int_equal(a->sym_off, 8);
	a = &sec.args[2];
	assert_int_equal(a->kind, SECTION_ARG_REG);
	assert_string_equal(a->base, "ax");
	assert_int_equal(a->nr_derefs, 0);
	assert_int_equal(sec.args[3].kind, SECTION_ARG_SPECIAL);
	assert_string_equal(sec.args[3].base, "$comm");
	assert_string_equal(sec.args[4].base, "$arg1");
	assert_string_equal(sec.args[5].base, "$stack0");
	a = &sec.args[6];
	assert_int_equal(a->kind, SECTION_ARG_SYMBOL);
	assert_int_equal(a->nr_derefs, 1);
	assert_int_equal(a->derefs[0].off, -4);
	a = &sec.args[7];
	assert_true(a->derefs[0].user);
	assert_int_equal(a->derefs[0].off, 0);
	assert_string_equal(a->type, "string");
	assert_int_equal(sec.args[8].sym_off, -2);
	section__exit(&sec);
}

static void test_section__parse_more_than_three_args(void **state)
{
	struct section sec;

	/* the prologue fetches three and warns; parsing keeps them all */
	parse_ok("ev=f a b c d e", &sec);
	assert_int_equal(sec.nr_args, 5);
	assert_string_equal(sec.args[4].base, "e");
	section__exit(&sec);
}

static void test_section__parse_location_forms(void **state)
{
	struct section sec;

	parse_ok("perf_bpf_probe:ev=vfs_read@fs/read_write.c:12", &sec);
	assert_string_equal(sec.group, "perf_bpf_probe");
	assert_string_equal(sec.func, "vfs_read");
	assert_string_equal(sec.src, "fs/read_write.c");
	assert_true(sec.has_line);
	assert_int_equal(sec.line, 12);
	section__exit(&sec);

	parse_ok("ev=vfs_read+0x10", &sec);
	assert_true(sec.has_offset);
	assert_int_equal(sec.offset, 16);
	assert_false(sec.has_line);
	section__exit(&sec);

	parse_ok("ev=fs/read_write.c:100", &sec);
	assert_null(sec.func);
	assert_string_equal(sec.src, "fs/read_write.c");
	assert_int_equal(sec.line, 100);
	section__exit(&sec);

	parse_ok("ev=f%return@f.c", &sec);
	assert_int_equal(sec.kind, SECTION_KRETPROBE);
	assert_string_equal(sec.src, "f.c");
	section__exit(&sec);

	parse_ok("!ev=f.isra.0", &sec);
	assert_true(sec.load_only);
	assert_string_equal(sec.func, "f.isra.0");
	section__exit(&sec);
}

static void test_section__parse_libbpf(void **state)
{
	static const struct {
		const char *name;
		enum bpf_prog_type type;
	} cases[] = {
		{ "tp/syscalls/sys_enter_openat", BPF_PROG_TYPE_TRACEPOINT },
		{ "tracepoint/sched/sched_switch", BPF_PROG_TYPE_TRACEPOINT },
		{ "raw_tp/sys_enter", BPF_PROG_TYPE_RAW_TRACEPOINT },
		{ "raw_tracepoint/sys_enter", BPF_PROG_TYPE_RAW_TRACEPOINT },
		{ "tp_btf/sched_switch", BPF_PROG_TYPE_TRACING },
		{ "kprobe/do_sys_open", BPF_PROG_TYPE_KPROBE },
		{ "kretprobe/do_sys_open", BPF_PROG_TYPE_KPROBE },
		{ "uprobe//bin/bash:readline", BPF_PROG_TYPE_KPROBE },
		{ "uretprobe//bin/bash:readline", BPF_PROG_TYPE_KPROBE },
		{ "fentry/do_unlinkat", BPF_PROG_TYPE_TRACING },
		{ "fexit/do_unlinkat", BPF_PROG_TYPE_TRACING },
		{ "perf_event", BPF_PROG_TYPE_PERF_EVENT },
		{ "usdt/a:b:c", BPF_PROG_TYPE_KPROBE },
		{ "xdp", BPF_PROG_TYPE_XDP },
	};
	struct section sec;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		parse_ok(cases[i].name, &sec);
		assert_int_equal(sec.kind, SECTION_LIBBPF);
		assert_int_equal(sec.prog_type, cases[i].type);
		section__exit(&sec);
	}
	assert_int_equal(sec.kind, 0); /* exit empties it */
}

static void test_section__parse_special(void **state)
{
	static const char *const names[] = { "license",	       "version",  "maps",	".maps",
					     ".BTF",	       ".BTF.ext", ".text",	".data",
					     ".rodata.str1.1", ".bss",	   ".maps.pids" };
	struct section sec;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		parse_ok(names[i], &sec);
		assert_int_equal(sec.kind, SECTION_SPECIAL);
		section__exit(&sec);
	}
	assert_false(parses_as("licence", SECTION_SPECIAL));
	assert_false(parses_as("syscalls:sys_enter_openat", SECTION_SPECIAL));
}

/* Every name of the table in each form, and near misses: the table must agree with libbpf. */
static const char *const libbpf_probe[] = {
	"socket",
	"socket/x",
	"sk_reuseport/migrate",
	"sk_reuseport/migrate/x",
	"sk_reuseport",
	"sk_reuseport/x",
	"kprobe",
	"kprobe/x",
	"kprobex",
	"uprobe",
	"uprobe/x",
	"uprobex",
	"uprobe.s",
	"uprobe.s/x",
	"uprobe.sx",
	"kretprobe",
	"kretprobe/x",
	"kretprobex",
	"uretprobe",
	"uretprobe/x",
	"uretprobex",
	"uretprobe.s",
	"uretprobe.s/x",
	"uretprobe.sx",
	"kprobe.multi",
	"kprobe.multi/x",
	"kprobe.multix",
	"kretprobe.multi",
	"kretprobe.multi/x",
	"kretprobe.multix",
	"ksyscall",
	"ksyscall/x",
	"ksyscallx",
	"kretsyscall",
	"kretsyscall/x",
	"kretsyscallx",
	"usdt",
	"usdt/x",
	"usdtx",
	"tc",
	"tc/x",
	"classifier",
	"classifier/x",
	"action",
	"action/x",
	"tracepoint",
	"tracepoint/x",
	"tracepointx",
	"tp",
	"tp/x",
	"tpx",
	"raw_tracepoint",
	"raw_tracepoint/x",
	"raw_tracepointx",
	"raw_tp",
	"raw_tp/x",
	"raw_tpx",
	"raw_tracepoint.w",
	"raw_tracepoint.w/x",
	"raw_tracepoint.wx",
	"raw_tp.w",
	"raw_tp.w/x",
	"raw_tp.wx",
	"tp_btf",
	"tp_btf/x",
	"tp_btfx",
	"fentry",
	"fentry/x",
	"fentryx",
	"fmod_ret",
	"fmod_ret/x",
	"fmod_retx",
	"fexit",
	"fexit/x",
	"fexitx",
	"fentry.s",
	"fentry.s/x",
	"fentry.sx",
	"fmod_ret.s",
	"fmod_ret.s/x",
	"fmod_ret.sx",
	"fexit.s",
	"fexit.s/x",
	"fexit.sx",
	"freplace",
	"freplace/x",
	"freplacex",
	"lsm",
	"lsm/x",
	"lsmx",
	"lsm.s",
	"lsm.s/x",
	"lsm.sx",
	"lsm_cgroup",
	"lsm_cgroup/x",
	"lsm_cgroupx",
	"iter",
	"iter/x",
	"iterx",
	"iter.s",
	"iter.s/x",
	"iter.sx",
	"syscall",
	"syscall/x",
	"xdp.frags/devmap",
	"xdp.frags/devmap/x",
	"xdp/devmap",
	"xdp/devmap/x",
	"xdp.frags/cpumap",
	"xdp.frags/cpumap/x",
	"xdp/cpumap",
	"xdp/cpumap/x",
	"xdp.frags",
	"xdp.frags/x",
	"xdp",
	"xdp/x",
	"perf_event",
	"perf_event/x",
	"lwt_in",
	"lwt_in/x",
	"lwt_out",
	"lwt_out/x",
	"lwt_xmit",
	"lwt_xmit/x",
	"lwt_seg6local",
	"lwt_seg6local/x",
	"sockops",
	"sockops/x",
	"sk_skb/stream_parser",
	"sk_skb/stream_parser/x",
	"sk_skb/stream_verdict",
	"sk_skb/stream_verdict/x",
	"sk_skb",
	"sk_skb/x",
	"sk_msg",
	"sk_msg/x",
	"lirc_mode2",
	"lirc_mode2/x",
	"flow_dissector",
	"flow_dissector/x",
	"cgroup_skb/ingress",
	"cgroup_skb/ingress/x",
	"cgroup_skb/egress",
	"cgroup_skb/egress/x",
	"cgroup/skb",
	"cgroup/skb/x",
	"cgroup/sock_create",
	"cgroup/sock_create/x",
	"cgroup/sock_release",
	"cgroup/sock_release/x",
	"cgroup/sock",
	"cgroup/sock/x",
	"cgroup/post_bind4",
	"cgroup/post_bind4/x",
	"cgroup/post_bind6",
	"cgroup/post_bind6/x",
	"cgroup/bind4",
	"cgroup/bind4/x",
	"cgroup/bind6",
	"cgroup/bind6/x",
	"cgroup/connect4",
	"cgroup/connect4/x",
	"cgroup/connect6",
	"cgroup/connect6/x",
	"cgroup/sendmsg4",
	"cgroup/sendmsg4/x",
	"cgroup/sendmsg6",
	"cgroup/sendmsg6/x",
	"cgroup/recvmsg4",
	"cgroup/recvmsg4/x",
	"cgroup/recvmsg6",
	"cgroup/recvmsg6/x",
	"cgroup/getpeername4",
	"cgroup/getpeername4/x",
	"cgroup/getpeername6",
	"cgroup/getpeername6/x",
	"cgroup/getsockname4",
	"cgroup/getsockname4/x",
	"cgroup/getsockname6",
	"cgroup/getsockname6/x",
	"cgroup/sysctl",
	"cgroup/sysctl/x",
	"cgroup/getsockopt",
	"cgroup/getsockopt/x",
	"cgroup/setsockopt",
	"cgroup/setsockopt/x",
	"cgroup/dev",
	"cgroup/dev/x",
	"struct_ops",
	"struct_ops/x",
	"struct_opsx",
	"sk_lookup",
	"sk_lookup/x",
	"kprobe.x",
	"xdp/",
	"cgroup/skbX",
	"func=sys_write",
	"syscalls:sys_enter_openat",
	"license",
	"",
};

static void test_section__parse_libbpf_with_fallback(void **state)
{
	LIBBPF_OPTS(libbpf_prog_handler_opts, opts);
	size_t n = sizeof(libbpf_probe) / sizeof(libbpf_probe[0]);
	bool before[sizeof(libbpf_probe) / sizeof(libbpf_probe[0])];
	enum bpf_prog_type type;
	enum bpf_attach_type attach;
	int id;

	for (size_t i = 0; i < n; i++) {
		before[i] = !libbpf_prog_type_by_name(libbpf_probe[i], &type, &attach);
		assert_int_equal(parses_as(libbpf_probe[i], SECTION_LIBBPF), before[i]);
	}
	assert_true(before[0]); /* "socket" */
	assert_false(before[1]); /* "socket/x" */
	assert_false(before[n - 4]); /* "func=sys_write" */
	/* a fallback handler makes libbpf accept any name: the answer must not change */
	id = libbpf_register_prog_handler(NULL, BPF_PROG_TYPE_KPROBE, 0, &opts);
	assert_true(id > 0);
	assert_int_equal(libbpf_prog_type_by_name("func=sys_write", &type, &attach), 0);
	for (size_t i = 0; i < n; i++) {
		if (parses_as(libbpf_probe[i], SECTION_LIBBPF) != before[i])
			print_message("'%s' changed\n", libbpf_probe[i]);
		assert_int_equal(parses_as(libbpf_probe[i], SECTION_LIBBPF), before[i]);
	}
	assert_int_equal(libbpf_unregister_prog_handler(id), 0);
}

/* ---- errors ---- */

static void test_section__parse_err_unknown_key(void **state)
{
	struct section sec;
	const char *hint;

	errmsg__clear();
	assert_int_equal(section__parse("foo=bar;func=x", &sec), -LOADERR__PROGCONF_TERM);
	assert_int_equal(-LOADERR__PROGCONF_TERM, -3905);
	assert_string_equal(errmsg__text(),
			    "bad program section 'foo=bar;func=x': Invalid program config term in "
			    "config string: invalid program config option: foo=bar");
	hint = errmsg__hint_text();
	assert_non_null(hint);
	assert_non_null(strstr(hint, "exec=<full path of file>     Set uprobe target"));
	assert_non_null(strstr(hint, "module=<module name>         Set kprobe module"));
	assert_non_null(strstr(hint, "inlines=[yes|no]             Probe at inline symbol"));
	assert_non_null(strstr(
		hint, "force=[yes|no]               Forcibly add events with existing name"));
	errmsg__clear();
	parse_fails("exec=;func=x", -3905, "no value for 'exec='");
}

static void test_section__parse_err_no_event(void **state)
{
	parse_fails("sys_nanosleep%return x=$retval", -LOADERR__EVENTNAME,
		    "'sys_nanosleep%return' does not start with EVENT=");
	parse_fails("vfs_read:10 a=b", -3902, "'vfs_read:10' does not start with EVENT=");
	parse_fails("=f", -3902, "the event name is empty");
	parse_fails("perf_bpf_probe:=f", -3902, "the event name is empty");
}

static void test_section__parse_err_group(void **state)
{
	parse_fails("mygroup:ev=f", -LOADERR__GROUP, "'mygroup' is not perf_bpf_probe");
	parse_fails("probe:ev=f", -3901, "'probe' is not perf_bpf_probe");
}

static void test_section__parse_err_config(void **state)
{
	parse_fails("sys_nanosleep", -LOADERR__CONFIG, "'sys_nanosleep' is not a valid tracepoint");
	parse_fails("inlines=no;sys_nanosleep", -3900, "'sys_nanosleep' is not a valid tracepoint");
	parse_fails("syscalls:", -3900, "'syscalls:' is not a valid tracepoint");
	parse_fails(":sys_enter", -3900, "':sys_enter' is not a valid tracepoint");
	parse_fails("a:b:c", -3900, "'a:b:c' is not a valid tracepoint");
	parse_fails("", -3900, "no probe or tracepoint given");
	parse_fails("exec=/bin/sh;", -3900, "no probe or tracepoint given");
	parse_fails("1ev=f", -3900,
		    "'1ev' is not a valid event name: it must follow C symbol-naming rules");
	parse_fails("ev=", -3900, "no function after 'ev='");
	parse_fails("ev=%return", -3900, "no function after 'ev='");
	parse_fails("ev=f%retur", -3900, "'%' must be followed by 'return'");
	parse_fails("ev=f:x", -3900, "':' must be followed by one line number");
	parse_fails("ev=f:1:2", -3900, "':' must be followed by one line number");
	parse_fails("ev=f+", -3900, "'+' must be followed by one offset");
	parse_fails("ev=f@", -3900, "'@' must be followed by one source file name");
	parse_fails("ev=f:3+4", -3900,
		    "only one of :RLN, +OFFS and %return may follow the function");
	parse_fails("ev=f+4%return", -3900,
		    "only one of :RLN, +OFFS and %return may follow the function");
	parse_fails("ev=file.c", -3900, "'file.c' is a source file: write SRC:LINE");
	parse_fails("ev=f(x)", -3900, "'f(x)' is not a valid function name or pattern");
	parse_fails("ev=f $retval", -3900,
		    "'$retval' is only valid in a return probe (FUNC%return)");
}

static void test_section__parse_err_bad_args(void **state)
{
	static const char *const bad[] = {
		"1abc",	  "a->",   "a.",	"a[",	"a[x]",	 "+8(%di",   "+8%di)", "8(%di)",
		"+(%di)", "+8(a)", "+8((%di))", "%",	"$foo",	 "$stackx",  "@",      "@a+",
		"@a+b",	  "x=",	   "a:",	"1x=a", "a:u8!", "+8(%di)x", "a-b",
	};
	char name[64], detail[128];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(name, sizeof(name), "ev=f ok %s", bad[i]);
		snprintf(detail, sizeof(detail), "'%s' is not a valid probe argument", bad[i]);
		parse_fails(name, -LOADERR__CONFIG, detail);
	}
}

static void test_section__parse_err_too_many_args(void **state)
{
	char name[1024] = "ev=f";

	for (int i = 0; i < 129; i++)
		strcat(name, " a");
	parse_fails(name, -3900, "more than 128 arguments");
	name[strlen(name) - 2] = '\0';
	{
		struct section sec;

		parse_ok(name, &sec);
		assert_int_equal(sec.nr_args, 128);
		section__exit(&sec);
	}
}

static void test_section__parse_err_bad_bool(void **state)
{
	parse_fails("inlines=maybe;ev=f", -EINVAL,
		    "invalid value 'maybe' for 'inlines': expected yes or no");
	parse_fails("force=;ev=f", -EINVAL, "invalid value '' for 'force': expected yes or no");
	parse_fails("force=yess;ev=f", -EINVAL,
		    "invalid value 'yess' for 'force': expected yes or no");
}

static void test_section__parse_err_null(void **state)
{
	struct section sec;

	assert_int_equal(section__parse(NULL, &sec), -EINVAL);
	assert_string_equal(errmsg__text(),
			    "bad program section '': Invalid argument: no section name");
	assert_int_equal(section__parse("sys_nanosleep", &sec), -LOADERR__CONFIG);
	assert_null(sec.buf);
	errmsg__clear();
}

static void parse_warned(void *arg)
{
	struct section *sec = arg;

	assert_int_equal(section__parse("junk; inlines=no ;;func=f", sec), 0);
}

static void test_section__parse_warn_no_equals(void **state)
{
	struct section sec;
	char *out = capture_stderr(parse_warned, &sec);

	assert_string_equal(out, "Warning: invalid config in BPF object: junk\n"
				 "Hint: Should be 'key=value'.\n");
	assert_false(sec.inlines);
	assert_string_equal(sec.func, "f");
	section__exit(&sec);
	free(out);
}

static void print_unknown_key(void *arg)
{
	struct section sec;
	int err;

	err = section__parse("foo=bar;func=x", &sec);
	assert_int_equal(err, -LOADERR__PROGCONF_TERM);
	errmsg__print(err, NULL);
	err = section__parse("sys_nanosleep", &sec);
	assert_int_equal(err, -LOADERR__CONFIG);
	errmsg__print(err, NULL);
	err = section__parse("ev=f:x", &sec);
	assert_int_equal(err, -LOADERR__CONFIG);
	errmsg__print(err, NULL);
}

/* The lines the command prints from what section__parse() recorded. */
static void test_section__errmsg_lines(void **state)
{
	char *out = capture_stderr(print_unknown_key, NULL);

	assert_string_equal(
		out, "ERROR: bad program section 'foo=bar;func=x': Invalid program config term in "
		     "config string: invalid program config option: foo=bar\n"
		     "Hint: valid program config terms are:\n"
		     "\texec=<full path of file>     Set uprobe target\n"
		     "\tmodule=<module name>         Set kprobe module\n"
		     "\tinlines=[yes|no]             Probe at inline symbol\n"
		     "\tforce=[yes|no]               Forcibly add events with existing name\n"
		     "ERROR: bad program section 'sys_nanosleep': Invalid config string: "
		     "'sys_nanosleep' is not a valid tracepoint\n"
		     "Hint: a tracepoint is CATEGORY:NAME (syscalls:sys_enter_nanosleep), a probe "
		     "EVENT=FUNC (func=sys_nanosleep)\n"
		     "ERROR: bad program section 'ev=f:x': Invalid config string: "
		     "':' must be followed by one line number\n");
	free(out);
}

static void test_section__errmsg_texts(void **state)
{
	struct section sec;

	assert_int_equal(section__parse("g:e=f", &sec), -LOADERR__GROUP);
	assert_string_equal(errmsg__text(), "bad program section 'g:e=f': Invalid group name: "
					    "'g' is not perf_bpf_probe");
	assert_string_equal(errmsg__hint_text(),
			    "leave the group out or write perf_bpf_probe:EVENT=FUNC");
	assert_int_equal(section__parse("inlines=x;e=f", &sec), -EINVAL);
	assert_string_equal(errmsg__text(),
			    "bad program section 'inlines=x;e=f': Invalid argument: "
			    "invalid value 'x' for 'inlines': expected yes or no");
	assert_string_equal(errmsg__hint_text(), "write yes or no");
	/* a hint is the failure's own: none is left from the one before */
	assert_int_equal(section__parse("ev=f+", &sec), -LOADERR__CONFIG);
	assert_null(errmsg__hint_text());
	errmsg__clear();
}

static void test_section__glob_match_patterns(void **state)
{
	assert_true(section__glob_match("SyS_dup?", "SyS_dup2"));
	assert_true(section__glob_match("SyS_dup?", "SyS_dup3"));
	assert_false(section__glob_match("SyS_dup?", "SyS_dup"));
	assert_false(section__glob_match("SyS_dup?", "SyS_dup23"));
	assert_true(section__glob_match("vfs_*", "vfs_read"));
	assert_false(section__glob_match("vfs_*", "do_vfs_read"));
	assert_true(section__glob_match("sys_[rw]*", "sys_write"));
	assert_false(section__glob_match("sys_[rw]*", "sys_open"));
	assert_true(section__glob_match("a\\*b", "a*b"));
	assert_false(section__glob_match("a\\*b", "axb"));
	assert_true(section__glob_match("exact", "exact"));
}

static void test_section__exit_null_and_twice(void **state)
{
	struct section sec;

	section__exit(NULL);
	parse_ok("ev=f a b", &sec);
	section__exit(&sec);
	section__exit(&sec);
	assert_null(sec.args);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_section__parse_tracepoint),
		cmocka_unit_test(test_section__parse_tracepoint_load_only),
		cmocka_unit_test(test_section__parse_tracepoint_glob_and_config),
		cmocka_unit_test(test_section__parse_kprobe),
		cmocka_unit_test(test_section__parse_kretprobe),
		cmocka_unit_test(test_section__parse_uprobe),
		cmocka_unit_test(test_section__parse_module_and_last_target),
		cmocka_unit_test(test_section__parse_glob_inlines),
		cmocka_unit_test(test_section__parse_booleans),
		cmocka_unit_test(test_section__parse_member_args),
		cmocka_unit_test(test_section__parse_member_chain),
		cmocka_unit_test(test_section__parse_fetch_args),
		cmocka_unit_test(test_section__parse_more_than_three_args),
		cmocka_unit_test(test_section__parse_location_forms),
		cmocka_unit_test(test_section__parse_libbpf),
		cmocka_unit_test(test_section__parse_special),
		cmocka_unit_test(test_section__parse_libbpf_with_fallback),
		cmocka_unit_test(test_section__parse_err_unknown_key),
		cmocka_unit_test(test_section__parse_err_no_event),
		cmocka_unit_test(test_section__parse_err_group),
		cmocka_unit_test(test_section__parse_err_config),
		cmocka_unit_test(test_section__parse_err_bad_args),
		cmocka_unit_test(test_section__parse_err_too_many_args),
		cmocka_unit_test(test_section__parse_err_bad_bool),
		cmocka_unit_test(test_section__parse_err_null),
		cmocka_unit_test(test_section__parse_warn_no_equals),
		cmocka_unit_test(test_section__errmsg_lines),
		cmocka_unit_test(test_section__errmsg_texts),
		cmocka_unit_test(test_section__glob_match_patterns),
		cmocka_unit_test(test_section__exit_null_and_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
