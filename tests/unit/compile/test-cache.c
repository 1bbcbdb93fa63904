// SPDX-License-Identifier: GPL-2.0
/* The compile cache: trust checks, atomic writes, entries and their dependencies. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "compile/cache.h"
#include "util/hash.h"

#define KEY "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

static char top[PATH_MAX];
static char dir[PATH_MAX + 16];
static char hdr[PATH_MAX + 16];
static struct cache *cache;

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static int setup(void **state)
{
	snprintf(top, sizeof(top), "/tmp/test-cache.XXXXXX");
	if (!mkdtemp(top))
		return -1;
	snprintf(dir, sizeof(dir), "%s/c/perf-bpf", top);
	snprintf(hdr, sizeof(hdr), "%s/hdr.h", top);
	put(hdr, "#define A 1\n");
	cache = cache__open(dir);
	return cache ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 32];

	cache__close(cache);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", top);
	return system(cmd);
}

static void store_with_hdr(const char *obj)
{
	struct cache_dep dep = { .path = hdr };

	assert_int_equal(hash__file_hex(hdr, dep.hash), 0);
	assert_int_equal(cache__store(cache, KEY, &dep, 1, obj, strlen(obj)), 0);
}

static void expect_hit(const char *obj)
{
	void *data = NULL;
	size_t size = 0;

	assert_int_equal(cache__lookup(cache, KEY, &data, &size), 0);
	assert_int_equal(size, strlen(obj));
	assert_memory_equal(data, obj, size);
	free(data);
}

static void expect_miss(void)
{
	void *data = NULL;
	size_t size = 0;

	assert_int_equal(cache__lookup(cache, KEY, &data, &size), -ENOENT);
	assert_null(data);
}

static void test_cache__open_creates_private_dir(void **state)
{
	struct stat st;

	assert_int_equal(stat(dir, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0700);
}

static void test_cache__open_refuses_untrusted_dir(void **state)
{
	struct cache *c;

	assert_int_equal(chmod(dir, 0777), 0);
	c = cache__open(dir);
	assert_null(c);
	assert_int_equal(errno, EPERM);
	assert_int_equal(chmod(dir, 0700), 0);
	assert_int_equal(chown(dir, 4321, 4321), 0);
	c = cache__open(dir);
	assert_null(c);
	assert_int_equal(errno, EPERM);
	assert_int_equal(chown(dir, geteuid(), getegid()), 0);
	c = cache__open(dir);
	assert_non_null(c);
	cache__close(c);
}

/* No directory: $XDG_CACHE_HOME/perf-bpf, else $HOME/.cache/perf-bpf, else none. */
static void test_cache__open_default_dir(void **state)
{
	char env[PATH_MAX + 16], want[PATH_MAX + 32];
	struct cache *c;

	snprintf(env, sizeof(env), "%s/x/cache", top);
	setenv("XDG_CACHE_HOME", env, 1);
	c = cache__open(NULL);
	assert_non_null(c);
	snprintf(want, sizeof(want), "%s/perf-bpf", env);
	assert_string_equal(cache__dir(c), want);
	cache__close(c);
	setenv("XDG_CACHE_HOME", "relative", 1); /* ignored, as the XDG spec says */
	snprintf(env, sizeof(env), "%s/home", top);
	setenv("HOME", env, 1);
	c = cache__open(NULL);
	assert_non_null(c);
	snprintf(want, sizeof(want), "%s/.cache/perf-bpf", env);
	assert_string_equal(cache__dir(c), want);
	cache__close(c);
	unsetenv("XDG_CACHE_HOME");
	unsetenv("HOME");
	errno = 0;
	assert_null(cache__open(NULL));
	assert_int_equal(errno, ENOENT);
}

static void test_cache__lookup_hit(void **state)
{
	store_with_hdr("ELF-object-bytes");
	expect_hit("ELF-object-bytes");
}

static void test_cache__lookup_header_changed(void **state)
{
	store_with_hdr("obj");
	expect_hit("obj");
	put(hdr, "#define A 2\n");
	expect_miss();
	store_with_hdr("obj2");
	expect_hit("obj2");
	assert_int_equal(unlink(hdr), 0);
	expect_miss();
}

/* A header turned into a FIFO nobody writes is a miss, not a lookup that never ends. */
static void test_cache__lookup_header_fifo(void **state)
{
	store_with_hdr("obj");
	assert_int_equal(unlink(hdr), 0);
	assert_int_equal(mkfifo(hdr, 0600), 0);
	expect_miss();
}

static void entry_path(char *buf, size_t size)
{
	snprintf(buf, size, "%s/obj-%s", dir, KEY);
}

static void test_cache__lookup_world_writable_refused(void **state)
{
	char path[PATH_MAX * 2];

	store_with_hdr("obj");
	entry_path(path, sizeof(path));
	assert_int_equal(chmod(path, 0666), 0);
	expect_miss();
	assert_int_equal(chmod(path, 0620), 0); /* group-writable */
	expect_miss();
	assert_int_equal(chmod(path, 0644), 0);
	expect_hit("obj");
}

static void test_cache__lookup_other_owner_refused(void **state)
{
	char path[PATH_MAX * 2];

	store_with_hdr("obj");
	entry_path(path, sizeof(path));
	assert_int_equal(chown(path, 4321, 4321), 0);
	expect_miss();
	/* Storing again replaces the planted file with one of ours. */
	store_with_hdr("mine");
	expect_hit("mine");
}

static void test_cache__lookup_damaged_entry(void **state)
{
	char path[PATH_MAX * 2];

	entry_path(path, sizeof(path));
	put(path, "perf-bpf-cache 1\nobj 99\nshort");
	expect_miss();
	put(path, "something else entirely");
	expect_miss();
	put(path, "perf-bpf-cache 1\ndep xyz /etc/passwd\nobj 1\nx");
	expect_miss();
}

static void test_cache__check_subdir_trust(void **state)
{
	char sub[PATH_MAX * 2];

	assert_int_equal(cache__mkdir(cache, "vmlinux-1"), 0);
	assert_int_equal(cache__write(cache, "vmlinux-1/vmlinux.h", "x", 1), 0);
	assert_int_equal(cache__check(cache, "vmlinux-1/vmlinux.h"), 0);
	assert_int_equal(cache__check(cache, "vmlinux-1/missing.h"), -ENOENT);
	snprintf(sub, sizeof(sub), "%s/vmlinux-1", dir);
	assert_int_equal(chmod(sub, 0777), 0);
	assert_int_equal(cache__check(cache, "vmlinux-1/vmlinux.h"), -EPERM);
	assert_int_equal(cache__check(cache, "../escape"), -EINVAL);
}

static void test_cache__write_atomic(void **state)
{
	struct dirent *e;
	void *data;
	size_t size;
	DIR *d;

	assert_int_equal(cache__write(cache, "f", "first", 5), 0);
	assert_int_equal(cache__write(cache, "f", "second", 6), 0);
	assert_int_equal(cache__read(cache, "f", &data, &size), 0);
	assert_int_equal(size, 6);
	assert_memory_equal(data, "second", 6);
	free(data);
	d = opendir(dir);
	assert_non_null(d);
	while ((e = readdir(d)))
		assert_null(strstr(e->d_name, ".tmp.")); /* no temporary file left behind */
	closedir(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_cache__open_creates_private_dir, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_cache__open_refuses_untrusted_dir, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_cache__open_default_dir, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache__lookup_hit, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache__lookup_header_changed, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache__lookup_header_fifo, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache__lookup_world_writable_refused, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_cache__lookup_other_owner_refused, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_cache__lookup_damaged_entry, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache__check_subdir_trust, setup, teardown),
		cmocka_unit_test_setup_teardown(test_cache__write_atomic, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
