// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the cut vmlinux.h: the names a source can use (lib/compile/srcnames.c: the
 * token scan, includes followed) and the kernel types they reach (lib/compile/vmlinuxcut.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <bpf/btf.h>

#include "compile/srcnames.h"
#include "compile/vmlinuxcut.h"

struct tokens {
	char text[1024];
};

static int collect(void *ctx, enum srcnames_token kind, const char *s, size_t n)
{
	struct tokens *t = ctx;
	const char *mark = kind == SRCNAMES_IDENT ? "" : kind == SRCNAMES_QUOTED ? "\"" : "<";

	snprintf(t->text + strlen(t->text), sizeof(t->text) - strlen(t->text), "%s%.*s ", mark,
		 (int)n, s);
	return 0;
}

/* Identifiers outside comments, literals and numbers; #include's file name as one token. */
static void test_srcnames__scan_tokens(void **state)
{
	static const char text[] =
		"#include \"own.h\" // names ignored_a\n"
		"  #  include_next <bpf/x.h>\n"
		"/* ignored_b\n */ struct task_struct *t = \"ignored_c\\\" d\";\n"
		"char c = '\\''; long n = 0x1fULL + 1e+5 + .5f;\n"
		"#define M(a) a##_sfx \\\n  cont\n"
		"x = BPF_CORE_READ(t, mm, arg_start); #include \"not.h\"\n";
	struct tokens t = { "" };

	assert_int_equal(srcnames__scan(text, strlen(text), collect, &t), 0);
	assert_string_equal(t.text, "\"own.h <bpf/x.h struct task_struct t char c long n "
				    "define M a a _sfx cont x BPF_CORE_READ t mm arg_start "
				    "include ");
}

static char top[] = "/tmp/test-vmlinuxcut.XXXXXX";

static void put(const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", top, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static int files_setup(void **state)
{
	char path[PATH_MAX];

	if (!mkdtemp(top))
		return -1;
	snprintf(path, sizeof(path), "%s/src", top);
	mkdir(path, 0700);
	snprintf(path, sizeof(path), "%s/lib", top);
	mkdir(path, 0700);
	return 0;
}

static int files_teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	return system(cmd);
}

/* The source's own headers, the library's through the dirs, never vmlinux.h; cycles end. */
static void test_srcnames__collect_follows_includes(void **state)
{
	char src[PATH_MAX], lib[PATH_MAX], forced[PATH_MAX], *dirs[] = { lib, NULL };
	char *force[] = { forced, NULL };
	struct nameset n = {};

	put("src/prog.c", "#include \"vmlinux.h\"\n#include \"own.h\"\n#include <lib.h>\n"
			  "#include <missing.h>\nint prog_name;\n");
	put("src/own.h", "#include \"own.h\"\nint own_name;\n");
	put("src/vmlinux.h", "int vm_name;\n");
	put("lib/vmlinux.h", "int vm_name;\n");
	put("lib/lib.h", "#include \"inner.h\"\nint lib_name;\n");
	put("lib/inner.h", "int inner_name;\n");
	put("lib/own.h", "int shadowed_name;\n");
	put("forced.h", "int forced_name;\n");
	snprintf(src, sizeof(src), "%s/src/prog.c", top);
	snprintf(lib, sizeof(lib), "%s/lib", top);
	snprintf(forced, sizeof(forced), "%s/forced.h", top);
	assert_int_equal(srcnames__collect(src, dirs, force, &n), 0);
	assert_int_equal(nameset__flags(&n, "prog_name", 9), SRCNAMES_ANY | SRCNAMES_OWN);
	assert_int_equal(nameset__flags(&n, "own_name", 8), SRCNAMES_ANY | SRCNAMES_OWN);
	assert_int_equal(nameset__flags(&n, "lib_name", 8), SRCNAMES_ANY);
	assert_int_equal(nameset__flags(&n, "inner_name", 10), SRCNAMES_ANY);
	assert_int_equal(nameset__flags(&n, "forced_name", 11), SRCNAMES_ANY);
	assert_int_equal(nameset__flags(&n, "vm_name", 7), 0);
	assert_int_equal(nameset__flags(&n, "shadowed_name", 13), 0);
	nameset__free(&n);
	strcat(src, ".gone");
	assert_int_equal(srcnames__collect(src, dirs, NULL, &n), -ENOENT);
	nameset__free(&n);
}

/* The kernel's types, in small: see each id below. */
struct kernel {
	struct btf *btf;
	int i, early, u8_low, mm, task, files, unrelated, anon_enum, pid_t, inner, outer, u8_high;
};

static void make_kernel(struct kernel *k)
{
	struct btf *b = btf__new_empty();
	int uc, ul, p, pm, pf;

	assert_non_null(b);
	k->btf = b;
	k->i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	k->early = btf__add_struct(b, "early", 4);
	assert_int_equal(btf__add_field(b, "e", k->i, 0, 0), 0);
	uc = btf__add_int(b, "unsigned char", 1, 0);
	ul = btf__add_int(b, "unsigned long", 8, 0);
	k->u8_low = btf__add_typedef(b, "u8", uc);
	k->mm = btf__add_struct(b, "mm_struct", 8);
	assert_int_equal(btf__add_field(b, "arg_start", ul, 0, 0), 0);
	k->files = btf__add_struct(b, "files_struct", 4);
	assert_int_equal(btf__add_field(b, "count", k->i, 0, 0), 0);
	pm = btf__add_ptr(b, k->mm);
	pf = btf__add_ptr(b, k->files);
	p = btf__add_ptr(b, (int)btf__type_cnt(b) + 1); /* to the next one: */
	k->task = btf__add_struct(b, "task_struct", 32);
	assert_int_equal(k->task, p + 1);
	assert_int_equal(btf__add_field(b, "tgid", k->i, 0, 0), 0);
	assert_int_equal(btf__add_field(b, "real_parent", p, 64, 0), 0);
	assert_int_equal(btf__add_field(b, "mm", pm, 128, 0), 0);
	assert_int_equal(btf__add_field(b, "files", pf, 192, 0), 0);
	k->unrelated = btf__add_struct(b, "unrelated", 4);
	assert_int_equal(btf__add_field(b, "x", k->i, 0, 0), 0);
	k->anon_enum = btf__add_enum(b, NULL, 4);
	assert_int_equal(btf__add_enum_value(b, "BPF_ANY", 0), 0);
	assert_int_equal(btf__add_enum_value(b, "BPF_NOEXIST", 1), 0);
	k->pid_t = btf__add_typedef(b, "pid_t", k->i);
	k->inner = btf__add_struct(b, "inner", 4);
	assert_int_equal(btf__add_field(b, "a", k->i, 0, 0), 0);
	k->outer = btf__add_struct(b, "outer", 4);
	assert_int_equal(btf__add_field(b, "in", k->inner, 0, 0), 0);
	k->u8_high = btf__add_typedef(b, "u8", k->i);
	assert_true(k->u8_high > 0);
}

static struct vmlinuxcut select_for(struct kernel *k, const char *own, const char *others)
{
	struct nameset n = {};
	struct vmlinuxcut cut;

	for (const char *s = own; *s; s += strcspn(s, " "), s += strspn(s, " "))
		assert_int_equal(nameset__add(&n, s, strcspn(s, " "), SRCNAMES_ANY | SRCNAMES_OWN),
				 0);
	for (const char *s = others; *s; s += strcspn(s, " "), s += strspn(s, " "))
		assert_int_equal(nameset__add(&n, s, strcspn(s, " "), SRCNAMES_ANY), 0);
	assert_int_equal(vmlinuxcut__select(k->btf, &n, &cut), 0);
	nameset__free(&n);
	return cut;
}

static bool has(const struct vmlinuxcut *cut, int id)
{
	for (size_t i = 0; i < cut->nr; i++)
		if (cut->ids[i] == (__u32)id)
			return true;
	return false;
}

/*
 * Types by their names and their enumerators' names; a pointer member the source's own
 * files name brings its struct whole, one only a library header names does not.
 */
static void test_vmlinuxcut__select_by_names(void **state)
{
	struct kernel k;
	struct vmlinuxcut cut;

	make_kernel(&k);
	cut = select_for(&k, "task_struct t real_parent mm tgid BPF_ANY pid_t outer", "files");
	assert_true(has(&cut, k.task));
	assert_true(has(&cut, k.mm)); /* task->mm->arg_start */
	assert_false(has(&cut, k.files)); /* named by a library's header only */
	assert_true(has(&cut, k.anon_enum));
	assert_true(has(&cut, k.pid_t));
	assert_true(has(&cut, k.outer));
	assert_false(has(&cut, k.inner)); /* dumped with outer, which embeds it */
	assert_false(has(&cut, k.unrelated));
	assert_int_equal(cut.nr, 5);
	assert_int_equal(cut.named, 4);
	vmlinuxcut__free(&cut);

	cut = select_for(&k, "", "mm task_struct");
	assert_true(has(&cut, k.task));
	assert_false(has(&cut, k.mm));
	assert_int_equal(cut.nr, 1);
	vmlinuxcut__free(&cut);
	btf__free(k.btf);
}

/*
 * Of two typedefs u8, the whole header names the first one u8 (nothing before it leads to
 * the other): the cut dumps it first, before a type of a lower id, so that it keeps the name.
 */
static void test_vmlinuxcut__select_shared_name_first(void **state)
{
	struct kernel k;
	struct vmlinuxcut cut;

	make_kernel(&k);
	cut = select_for(&k, "u8 early", "");
	assert_int_equal(cut.nr, 3);
	assert_int_equal(cut.ids[0], k.u8_low);
	assert_int_equal(cut.ids[1], k.early);
	assert_int_equal(cut.ids[2], k.u8_high);
	vmlinuxcut__free(&cut);
	btf__free(k.btf);
}

/* A type before the first of a name's types leads to another: the cut cannot be sure. */
static void test_vmlinuxcut__select_shared_name_refused(void **state)
{
	struct btf *b = btf__new_empty();
	struct nameset n = {};
	struct vmlinuxcut cut;
	int i, holder;

	assert_non_null(b);
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	holder = btf__add_struct(b, "holder", 8);
	/* holder points to the second 'dup' (id holder + 3), before the first (holder + 2) */
	assert_int_equal(btf__add_field(b, "p", holder + 1, 0, 0), 0);
	assert_int_equal(btf__add_ptr(b, holder + 3), holder + 1);
	assert_int_equal(btf__add_struct(b, "dup", 4), holder + 2);
	assert_int_equal(btf__add_field(b, "a", i, 0, 0), 0);
	assert_int_equal(btf__add_struct(b, "dup", 8), holder + 3);
	assert_int_equal(btf__add_field(b, "b", i, 0, 0), 0);
	assert_int_equal(nameset__add(&n, "dup", 3, SRCNAMES_ANY), 0);
	assert_int_equal(vmlinuxcut__select(b, &n, &cut), -EDOM);
	nameset__free(&n);
	btf__free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_srcnames__scan_tokens),
		cmocka_unit_test_setup_teardown(test_srcnames__collect_follows_includes,
						files_setup, files_teardown),
		cmocka_unit_test(test_vmlinuxcut__select_by_names),
		cmocka_unit_test(test_vmlinuxcut__select_shared_name_first),
		cmocka_unit_test(test_vmlinuxcut__select_shared_name_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
