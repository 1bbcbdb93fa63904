// SPDX-License-Identifier: GPL-2.0
/* vmlinux.h from BTF: the C text, and the BTF id remembered by size and mtime. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>

#include "compile/cache.h"
#include "compile/vmlinuxh.h"

static char top[] = "/tmp/test-vmlinuxh.XXXXXX";
static char btf_path[PATH_MAX];
static char cache_dir[PATH_MAX];

/* A small raw BTF file: struct task { int pid; unsigned long flags; }; typedef int pid_t; */
static void write_btf(const char *path, const char *struct_name)
{
	struct btf *btf = btf__new_empty();
	const void *raw;
	__u32 size;
	FILE *f;
	int i, ul;

	assert_non_null(btf);
	i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	ul = btf__add_int(btf, "unsigned long", 8, 0);
	assert_true(i > 0 && ul > 0);
	assert_true(btf__add_struct(btf, struct_name, 16) > 0);
	assert_int_equal(btf__add_field(btf, "pid", i, 0, 0), 0);
	assert_int_equal(btf__add_field(btf, "flags", ul, 64, 0), 0);
	assert_true(btf__add_typedef(btf, "pid_t", i) > 0);
	raw = btf__raw_data(btf, &size);
	assert_non_null(raw);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(raw, 1, size, f), size);
	assert_int_equal(fclose(f), 0);
	btf__free(btf);
}

static int setup(void **state)
{
	if (!mkdtemp(top))
		return -1;
	snprintf(btf_path, sizeof(btf_path), "%s/vmlinux", top);
	snprintf(cache_dir, sizeof(cache_dir), "%s/cache", top);
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	return system(cmd);
}

/* The generated header: every type of the BTF as C, with CO-RE relocations on. */
static void test_vmlinuxh__ensure_types(void **state)
{
	char dir[PATH_MAX], header[PATH_MAX + 32], id[HASH_HEX_SIZE], *text;
	struct cache *c = cache__open(cache_dir);
	size_t len = 0;
	FILE *f;

	assert_non_null(c);
	write_btf(btf_path, "task");
	assert_int_equal(vmlinuxh__btf_id(c, btf_path, id), 0);
	assert_int_equal(vmlinuxh__ensure(c, btf_path, id, dir, sizeof(dir)), 0);
	snprintf(header, sizeof(header), "%s/vmlinux.h", dir);
	f = fopen(header, "r");
	assert_non_null(f);
	text = calloc(1, 4096);
	assert_non_null(text);
	len = fread(text, 1, 4095, f);
	fclose(f);
	assert_true(len > 0);
	assert_non_null(strstr(text, "#ifndef __VMLINUX_H__"));
	assert_non_null(strstr(text, "preserve_access_index"));
	assert_non_null(strstr(text, "struct task {"));
	assert_non_null(strstr(text, "\tint pid;"));
	assert_non_null(strstr(text, "\tunsigned long flags;"));
	assert_non_null(strstr(text, "typedef int pid_t;"));
	free(text);
	/* no BTF: an error, and no header */
	assert_true(vmlinuxh__ensure(c, "/nonexistent/btf", "0000", dir, sizeof(dir)) < 0);
	snprintf(header, sizeof(header), "%s/vmlinux-0000/vmlinux.h", cache_dir);
	assert_int_equal(access(header, F_OK), -1);
	cache__close(c);
}

static void test_vmlinuxh__btf_id_remembered(void **state)
{
	char id1[HASH_HEX_SIZE], id2[HASH_HEX_SIZE], id3[HASH_HEX_SIZE], want[HASH_HEX_SIZE];
	struct cache *c = cache__open(cache_dir);
	struct timespec times[2] = { { .tv_sec = 1000000 }, { .tv_sec = 1000000 } };
	char idfile[PATH_MAX + 16];
	struct stat st;

	assert_non_null(c);
	write_btf(btf_path, "task");
	assert_int_equal(vmlinuxh__btf_id(c, btf_path, id1), 0);
	assert_int_equal(hash__file_hex(btf_path, want), 0);
	assert_string_equal(id1, want);
	snprintf(idfile, sizeof(idfile), "%s/btf-id", cache_dir);
	assert_int_equal(stat(idfile, &st), 0);

	/* Same size and mtime: the remembered id, even though the content changed (not read). */
	assert_int_equal(utimensat(AT_FDCWD, btf_path, times, 0), 0);
	assert_int_equal(vmlinuxh__btf_id(c, btf_path, id2), 0);
	write_btf(btf_path, "tasq"); /* same size */
	assert_int_equal(utimensat(AT_FDCWD, btf_path, times, 0), 0);
	assert_int_equal(vmlinuxh__btf_id(c, btf_path, id3), 0);
	assert_string_equal(id2, id3);

	/* Another mtime: hashed again. */
	times[1].tv_sec++;
	assert_int_equal(utimensat(AT_FDCWD, btf_path, times, 0), 0);
	assert_int_equal(vmlinuxh__btf_id(c, btf_path, id3), 0);
	assert_int_equal(hash__file_hex(btf_path, want), 0);
	assert_string_equal(id3, want);
	assert_string_not_equal(id1, id3);
	cache__close(c);
}

static void test_vmlinuxh__ensure_generates_once(void **state)
{
	char dir[PATH_MAX], header[PATH_MAX + 16], id[HASH_HEX_SIZE];
	struct cache *c = cache__open(cache_dir);
	struct stat st1, st2;

	assert_non_null(c);
	write_btf(btf_path, "task");
	assert_int_equal(vmlinuxh__btf_id(c, btf_path, id), 0);
	assert_int_equal(vmlinuxh__ensure(c, btf_path, id, dir, sizeof(dir)), 0);
	snprintf(header, sizeof(header), "%s/vmlinux.h", dir);
	assert_int_equal(stat(header, &st1), 0);
	assert_int_equal(st1.st_mode & 0777, 0600);
	assert_int_equal(vmlinuxh__ensure(c, btf_path, id, dir, sizeof(dir)), 0);
	assert_int_equal(stat(header, &st2), 0);
	assert_int_equal(st1.st_ino, st2.st_ino); /* not written again */
	/* A planted (world-writable) vmlinux.h is replaced. */
	assert_int_equal(chmod(header, 0666), 0);
	assert_int_equal(vmlinuxh__ensure(c, btf_path, id, dir, sizeof(dir)), 0);
	assert_int_equal(stat(header, &st2), 0);
	assert_int_equal(st2.st_mode & 0777, 0600);
	assert_int_not_equal(st1.st_ino, st2.st_ino);
	cache__close(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_vmlinuxh__ensure_types),
		cmocka_unit_test(test_vmlinuxh__btf_id_remembered),
		cmocka_unit_test(test_vmlinuxh__ensure_generates_once),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
