// SPDX-License-Identifier: GPL-2.0
/* Cgroups by id: a walk of a tree of directories, and the containers paths name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/cgpath.h"

static uint64_t ino(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return st.st_ino;
}

static void test_cgpath__walk(void **state)
{
	char root[] = "/tmp/test-cgpath.XXXXXX", p[256];
	struct cgpath *c;

	assert_non_null(mkdtemp(root));
	snprintf(p, sizeof(p), "%s/a", root);
	assert_int_equal(mkdir(p, 0700), 0);
	snprintf(p, sizeof(p), "%s/a/b c", root);
	assert_int_equal(mkdir(p, 0700), 0);
	snprintf(p, sizeof(p), "%s/file", root);
	fclose(fopen(p, "w")); /* a file is no cgroup */
	c = cgpath__new_at(root);
	assert_non_null(c);
	assert_string_equal(cgpath__name(c, ino(root)), "/");
	snprintf(p, sizeof(p), "%s/a", root);
	assert_string_equal(cgpath__name(c, ino(p)), "/a");
	snprintf(p, sizeof(p), "%s/a/b c", root);
	assert_string_equal(cgpath__name(c, ino(p)), "/a/b c");
	snprintf(p, sizeof(p), "%s/file", root);
	assert_null(cgpath__name(c, ino(p)));
	assert_null(cgpath__name(c, 1ULL << 62));
	cgpath__free(c);
	unlink(p);
	snprintf(p, sizeof(p), "%s/a/b c", root);
	rmdir(p);
	snprintf(p, sizeof(p), "%s/a", root);
	rmdir(p);
	rmdir(root);
	assert_null(cgpath__new_at(root));
	assert_null(cgpath__name(NULL, 1));
}

#define ID "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

static void expect(const char *path, const char *runtime, const char *id)
{
	struct cgpath_container ct;
	int err = cgpath__container(path, &ct);

	if (!runtime) {
		assert_int_equal(err, -ENOENT);
		return;
	}
	assert_int_equal(err, 0);
	assert_string_equal(ct.runtime, runtime);
	assert_string_equal(ct.id, id);
}

static void test_cgpath__container(void **state)
{
	expect("/system.slice/docker-" ID ".scope", "docker", ID);
	expect("/docker/" ID, "docker", ID);
	expect("/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1.slice/"
	       "cri-containerd-" ID ".scope",
	       "containerd", ID);
	expect("/kubepods.slice/kubepods-pod2.slice/crio-" ID ".scope", "cri-o", ID);
	expect("/machine.slice/libpod-" ID ".scope/container", "podman", ID);
	expect("/kubepods/besteffort/pod3/" ID, "container", ID);
	expect("/user.slice/user-1000.slice/session-3.scope", "systemd", "session-3");
	expect("/system.slice/docker-" ID ".scope/", "docker", ID);
	/* a systemd scope names the cgroup it is, not those under it */
	expect("/user.slice/user-1000.slice/session-3.scope/mine", NULL, NULL);
	expect("/", NULL, NULL);
	expect("", NULL, NULL);
	expect("/system.slice/cron.service", NULL, NULL);
	expect("/docker-xyz.scope", "systemd", "docker-xyz"); /* no id: a scope of that name */
	expect("/docker/abc", NULL, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cgpath__walk),
		cmocka_unit_test(test_cgpath__container),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
