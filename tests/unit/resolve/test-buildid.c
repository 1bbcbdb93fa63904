// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of lib/resolve/buildid.c: the build id read from our own file with libelf is the
 * one the loader mapped (read from memory through dl_iterate_phdr); files without one.
 */
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <elf.h>
#include <link.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <cmocka.h>

#include "resolve/buildid.h"

struct mem_id {
	uint8_t id[64];
	int len;
};

/* The build id note of the main program, from its PT_NOTE segments in memory. */
static int from_phdrs(struct dl_phdr_info *info, size_t size, void *ctx)
{
	struct mem_id *m = ctx;

	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		const char *p = (const char *)(info->dlpi_addr + ph->p_vaddr),
			   *end = p + ph->p_memsz;

		if (ph->p_type != PT_NOTE)
			continue;
		while (p + sizeof(ElfW(Nhdr)) <= end) {
			const ElfW(Nhdr) *nh = (const void *)p;
			const char *name = p + sizeof(*nh);
			const char *desc = name + ((nh->n_namesz + 3) & ~3u);

			if (nh->n_type == NT_GNU_BUILD_ID && nh->n_namesz == 4 &&
			    !memcmp(name, "GNU", 4) && nh->n_descsz <= sizeof(m->id)) {
				memcpy(m->id, desc, nh->n_descsz);
				m->len = (int)nh->n_descsz;
				return 1;
			}
			p = desc + ((nh->n_descsz + 3) & ~3u);
		}
	}
	return 1; /* the first object is the main program */
}

static void test_buildid_of_self(void **state)
{
	struct mem_id m = { .len = -1 };
	uint8_t id[BUILDID_MAX];
	int n;

	dl_iterate_phdr(from_phdrs, &m);
	if (m.len <= 0)
		skip(); /* linked without --build-id */
	n = buildid__read("/proc/self/exe", id, sizeof(id));
	assert_int_equal(n, m.len);
	assert_memory_equal(id, m.id, n);
	/* a buffer too small for it */
	assert_int_equal(buildid__read("/proc/self/exe", id, 4), -E2BIG);
}

static void test_buildid_not_elf_or_missing(void **state)
{
	char path[] = "/tmp/test-buildid.XXXXXX";
	int fd = mkstemp(path);
	uint8_t id[BUILDID_MAX];

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "#!/bin/sh\necho hi\n", 18), 18);
	assert_int_equal(buildid__read(path, id, sizeof(id)), -ENOEXEC);
	assert_int_equal(buildid__read_fd(fd, id, sizeof(id)), -ENOEXEC);
	close(fd);
	unlink(path);
	assert_int_equal(buildid__read(path, id, sizeof(id)), -ENOENT);
}

/* The cache answers by device and inode: the file is read once, its answer kept. */
static void test_buildid_cache(void **state)
{
	struct buildid_cache *c = buildid_cache__new();
	uint8_t a[BUILDID_MAX], b[BUILDID_MAX];
	struct stat st;
	int n;

	assert_non_null(c);
	assert_int_equal(stat("/proc/self/exe", &st), 0);
	n = buildid_cache__get(c, "/proc/self/exe", major(st.st_dev), minor(st.st_dev), st.st_ino,
			       a, sizeof(a));
	if (n == -ENOENT)
		skip();
	assert_true(n > 0);
	/* the same file under a path that does not exist: the cached answer */
	assert_int_equal(buildid_cache__get(c, "/nonexistent", major(st.st_dev), minor(st.st_dev),
					    st.st_ino, b, sizeof(b)),
			 n);
	assert_memory_equal(a, b, n);
	/* a failure is remembered too */
	assert_int_equal(buildid_cache__get(c, "/nonexistent", 0, 0, 1, b, sizeof(b)), -ENOENT);
	assert_int_equal(buildid_cache__get(c, "/proc/self/exe", 0, 0, 1, b, sizeof(b)), -ENOENT);
	buildid_cache__free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_buildid_of_self),
		cmocka_unit_test(test_buildid_not_elf_or_missing),
		cmocka_unit_test(test_buildid_cache),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
