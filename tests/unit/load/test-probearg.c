// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/load/probearg.c: arguments resolved from the running kernel's BTF
 * (do_sys_openat2's struct open_how, a uapi layout that does not move) and from this test
 * binary's own DWARF, plus the register and special forms and their errors.
 */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>
#include <bpf/btf.h>

#include "load/probe.h"
#include "load/probearg.h"

#define OFF_DI 112
#define OFF_SI 104
#define OFF_DX 96
#define OFF_AX 80
#define OFF_BP 32

static void parse(const char *name, struct section *sec)
{
	assert_int_equal(section__parse(name, sec), 0);
}

/* Resolve the args of section @name at @t; returns the error, @why filled. */
static int resolve(struct probearg_target *t, const char *name, struct prologue_arg *out, char *why)
{
	struct section sec;
	int err;

	parse(name, &sec);
	t->retprobe = sec.retprobe;
	err = probearg__resolve(t, sec.args, sec.nr_args, out, why, 256);
	section__exit(&sec);
	return err;
}

static void test_probearg__resolve_btf(void **state)
{
	struct btf *btf = btf__load_vmlinux_btf();
	struct probearg_target t = { .func = "do_sys_openat2" };
	struct prologue_arg a[PROLOGUE_MAX_ARGS];
	char why[256] = "";

	if (!btf || btf__find_by_name_kind(btf, "do_sys_openat2", BTF_KIND_FUNC) < 0) {
		btf__free(btf);
		skip();
	}
	t.btf = btf;
	assert_int_equal(resolve(&t, "ev=do_sys_openat2 dfd how->mode how->resolve", a, why), 0);
	assert_int_equal(a[0].ctx_off, OFF_DI);
	assert_int_equal(a[0].nr_derefs, 0);
	assert_int_equal(a[0].size, 4); /* int */
	assert_int_equal(a[1].ctx_off, OFF_DX);
	assert_int_equal(a[1].nr_derefs, 1);
	assert_int_equal(a[1].derefs[0].off, 8);
	assert_false(a[1].derefs[0].user);
	assert_int_equal(a[1].size, 8);
	assert_int_equal(a[2].derefs[0].off, 16);
	/* a pointer parameter itself */
	assert_int_equal(resolve(&t, "ev=do_sys_openat2 filename", a, why), 0);
	assert_int_equal(a[0].ctx_off, OFF_SI);
	assert_int_equal(a[0].size, 8);

	assert_int_equal(resolve(&t, "ev=do_sys_openat2 how->nosuch", a, why), -ENOENT);
	assert_string_equal(why, "argument 1 ('how'): struct open_how has no member 'nosuch'");
	assert_int_equal(resolve(&t, "ev=do_sys_openat2 nosuch", a, why), -ENOENT);
	assert_string_equal(why,
			    "argument 1 ('nosuch'): 'do_sys_openat2' has no parameter 'nosuch'");
	assert_int_equal(resolve(&t, "ev=do_sys_openat2 dfd->x", a, why), -EINVAL);
	assert_int_equal(resolve(&t, "ev=do_sys_openat2 how", a, why), 0);
	assert_int_equal(resolve(&t, "ev=do_sys_openat2%return dfd", a, why), -ENOTSUP);
	t.func = "no_such_kernel_function_x";
	assert_int_equal(resolve(&t, "ev=x dfd", a, why), -ENOENT);
	assert_string_equal(
		why,
		"argument 1 ('dfd'): no function 'no_such_kernel_function_x' in the kernel's BTF");
	btf__free(btf);
}

/* fentry/fexit: parameters and $retval come from the u64 context array, not from registers */
static void test_probearg__resolve_fentry(void **state)
{
	struct btf *btf = btf__load_vmlinux_btf();
	struct probearg_target t = { .func = "do_sys_openat2", .fentry = true };
	struct prologue_arg a[PROLOGUE_MAX_ARGS];
	char why[256] = "";

	if (!btf || btf__find_by_name_kind(btf, "do_sys_openat2", BTF_KIND_FUNC) < 0) {
		btf__free(btf);
		skip();
	}
	t.btf = btf;
	assert_int_equal(resolve(&t, "ev=do_sys_openat2 dfd how->mode $arg2", a, why), 0);
	assert_int_equal(a[0].ctx_off, 0);
	assert_int_equal(a[0].size, 4);
	assert_int_equal(a[1].ctx_off, 16);
	assert_int_equal(a[1].derefs[0].off, 8);
	assert_int_equal(a[2].ctx_off, 8);
	/* fexit sees the arguments too, and the return value after the 3 of them */
	assert_int_equal(resolve(&t, "ev=do_sys_openat2%return $retval how->flags", a, why), 0);
	assert_int_equal(a[0].ctx_off, 24);
	assert_int_equal(a[1].ctx_off, 16);
	assert_int_equal(resolve(&t, "ev=do_sys_openat2 %di", a, why), -ENOTSUP);
	assert_string_equal(why, "argument 1 ('di'): 'di' is not available at fentry/fexit");
	btf__free(btf);
}

static void test_probearg__resolve_registers(void **state)
{
	struct probearg_target t = { .func = "f" };
	struct prologue_arg a[PROLOGUE_MAX_ARGS];
	char why[256];

	assert_int_equal(resolve(&t, "ev=f %di +8(+16(%si)):u16 $arg3", a, why), 0);
	assert_int_equal(a[0].ctx_off, OFF_DI);
	assert_int_equal(a[0].size, 8);
	assert_int_equal(a[1].ctx_off, OFF_SI);
	assert_int_equal(a[1].nr_derefs, 2);
	assert_int_equal(a[1].derefs[0].off, 16);
	assert_int_equal(a[1].derefs[1].off, 8);
	assert_int_equal(a[1].size, 2);
	assert_int_equal(a[2].ctx_off, OFF_DX);
	/* user space reads for uprobes, and for +u in kprobes */
	assert_int_equal(resolve(&t, "ev=f +u8(%di)", a, why), 0);
	assert_true(a[0].derefs[0].user);
	t.path = "/bin/true";
	assert_int_equal(resolve(&t, "ev=f +8(%di)", a, why), 0);
	assert_true(a[0].derefs[0].user);
	t.path = NULL;
	assert_int_equal(resolve(&t, "ev=f%return $retval", a, why), 0);
	assert_int_equal(a[0].ctx_off, OFF_AX);
	assert_int_equal(resolve(&t, "ev=f @jiffies", a, why), -ENOTSUP);
	assert_int_equal(resolve(&t, "ev=f $comm", a, why), -ENOTSUP);
	assert_int_equal(resolve(&t, "ev=f +0(%di):string", a, why), -ENOTSUP);
	assert_int_equal(resolve(&t, "ev=f %xmm0", a, why), -EINVAL);
	assert_string_equal(why, "argument 1 ('xmm0'): no register '%xmm0' on x86-64");
}

struct probearg_test_pair {
	long pad;
	short s;
	struct probearg_test_pair *next;
};

static __attribute__((noinline, used)) int probearg_test_fn(struct probearg_test_pair *p, int k)
{
	__asm__ volatile("" ::: "memory");
	return p->s + k;
}

/*
 * Resolve section name's arguments at func in path, where the probe goes
 * (probearg__probe_addr); *moved says whether that is past the entry.
 */
static int resolve_at(const char *path, const char *func, const char *name,
		      struct prologue_arg *out, bool *moved)
{
	struct probearg_target t = { .func = func, .path = path };
	struct probe_point *pts;
	struct section sec;
	char why[256];
	int n, err;

	t.dwarf = probearg__dwarf_open(path);
	assert_non_null(t.dwarf);
	assert_int_equal(probe__expand_elf(path, func, 0, &pts, &n), 0);
	parse(name, &sec);
	t.addr = pts[0].addr;
	t.addr = probearg__probe_addr(&t, sec.args, sec.nr_args);
	*moved = t.addr != pts[0].addr;
	err = probearg__resolve(&t, sec.args, sec.nr_args, out, why, sizeof(why));
	section__exit(&sec);
	probe__free_points(pts, n);
	probearg__dwarf_close(t.dwarf);
	return err;
}

/*
 * This binary's own function: its parameter is in a register at the entry when optimised;
 * unoptimised, the prologue stores it in the frame, and the probe goes past the prologue to
 * read it there (through the frame pointer).
 */
static void test_probearg__resolve_dwarf(void **state)
{
	struct probearg_target t = { .func = "probearg_test_fn", .path = "/proc/self/exe" };
	struct prologue_arg a[PROLOGUE_MAX_ARGS];
	struct probe_point *pts;
	char why[256];
	bool moved;
	int n, d;

	assert_int_equal(resolve_at(t.path, t.func, "ev=f p->s p->next->s k", a, &moved), 0);
#ifdef __OPTIMIZE__
	assert_false(moved);
	assert_int_equal(a[0].ctx_off, OFF_DI);
	assert_int_equal(a[2].ctx_off, OFF_SI);
	d = 0;
#else
	assert_true(moved);
	assert_int_equal(a[0].ctx_off, OFF_BP);
	assert_int_equal(a[2].ctx_off, OFF_BP);
	assert_int_equal(a[2].nr_derefs, 1);
	d = 1; /* the frame's slot first */
#endif
	assert_int_equal(a[0].nr_derefs, 1 + d);
	assert_int_equal(a[0].derefs[d].off, offsetof(struct probearg_test_pair, s));
	assert_true(a[0].derefs[d].user);
	assert_int_equal(a[0].size, 2);
	assert_int_equal(a[1].nr_derefs, 2 + d);
	assert_int_equal(a[1].derefs[d].off, offsetof(struct probearg_test_pair, next));
	assert_int_equal(a[1].derefs[d + 1].off, offsetof(struct probearg_test_pair, s));
	assert_int_equal(a[2].size, 4);
	t.dwarf = probearg__dwarf_open(t.path);
	assert_non_null(t.dwarf);
	assert_int_equal(probe__expand_elf(t.path, t.func, 0, &pts, &n), 0);
	t.addr = pts[0].addr;
	assert_int_equal(resolve(&t, "ev=f p->nope", a, why), -ENOENT);
	assert_string_equal(why,
			    "argument 1 ('p'): struct probearg_test_pair has no member 'nope'");
	assert_int_equal(resolve(&t, "ev=f q", a, why), -ENOENT);
	probe__free_points(pts, n);
	probearg__dwarf_close(t.dwarf);
	(void)probearg_test_fn;
}

/* The workload probe-args as the test build made it at level (O0, O1 or O2). */
static const char *workload_at(const char *level)
{
	static char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);
	char *tests;

	assert_true(n > 0);
	path[n] = '\0';
	tests = strstr(path, "/tests/unit/"); /* $(BUILD)/tests/unit/load/test-probearg */
	assert_non_null(tests);
	snprintf(tests, sizeof(path) - (tests - path), "/tests/workloads/%s%sprobe-args",
		 strcmp(level, "O1") ? level : "", strcmp(level, "O1") ? "/" : "");
	return path;
}

/*
 * probe_args_walk(struct node *node, int k, long big) built at -O0, -O1 and -O2: in the
 * registers of the call at the entry when optimised; unoptimised, in the frame past the
 * prologue, where the frame pointer reaches it (the canonical frame address is bp + 16).
 */
static void test_probearg__resolve_dwarf_levels(void **state)
{
	static const char *const levels[] = { "O0", "O1", "O2" };
	struct prologue_arg a[PROLOGUE_MAX_ARGS];
	bool moved;

	for (size_t i = 0; i < sizeof(levels) / sizeof(levels[0]); i++) {
		bool o0 = !strcmp(levels[i], "O0");
		int d = o0; /* the frame's slot first */

		assert_int_equal(resolve_at(workload_at(levels[i]), "probe_args_walk",
					    "ev=f node->val node->next->val k", a, &moved),
				 0);
		assert_int_equal(moved, o0);
		assert_int_equal(a[0].ctx_off, o0 ? OFF_BP : OFF_DI);
		assert_int_equal(a[0].nr_derefs, 1 + d);
		assert_int_equal(a[0].derefs[d].off, 8); /* node->val */
		assert_int_equal(a[0].size, 4);
		assert_int_equal(a[1].nr_derefs, 2 + d);
		assert_int_equal(a[1].derefs[d].off, 16); /* node->next */
		assert_int_equal(a[2].ctx_off, o0 ? OFF_BP : OFF_SI);
		assert_int_equal(a[2].nr_derefs, d);
		if (o0) { /* slots below the frame base, distinct */
			assert_true(a[0].derefs[0].off < 16 && a[2].derefs[0].off < 16);
			assert_int_not_equal(a[0].derefs[0].off, a[2].derefs[0].off);
		}
	}
}

/* :TYPE sets the size fetched: u, s and x of 8 to 64 bits; other types are refused. */
static void test_probearg__resolve_types(void **state)
{
	struct probearg_target t = { .func = "f" };
	struct prologue_arg a[PROLOGUE_MAX_ARGS];
	char why[256];

	assert_int_equal(resolve(&t, "ev=f %di:u8 %si:s16 %dx:x32", a, why), 0);
	assert_int_equal(a[0].size, 1);
	assert_int_equal(a[1].size, 2);
	assert_int_equal(a[2].size, 4);
	assert_int_equal(resolve(&t, "ev=f %di:u64", a, why), 0);
	assert_int_equal(a[0].size, 8);
	assert_int_equal(resolve(&t, "ev=f %di:u24", a, why), -ENOTSUP);
	assert_string_equal(why,
			    "argument 1 ('di'): type 'u24' is not supported (u8..u64, s8..s64)");
	assert_int_equal(resolve(&t, "ev=f %di:string", a, why), -ENOTSUP);
	assert_int_equal(resolve(&t, "ev=f %di:b4@3/8", a, why), -ENOTSUP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_probearg__resolve_btf),
		cmocka_unit_test(test_probearg__resolve_fentry),
		cmocka_unit_test(test_probearg__resolve_registers),
		cmocka_unit_test(test_probearg__resolve_dwarf),
		cmocka_unit_test(test_probearg__resolve_dwarf_levels),
		cmocka_unit_test(test_probearg__resolve_types),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
