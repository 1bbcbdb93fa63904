// SPDX-License-Identifier: GPL-2.0
/* The containers cgroup paths name. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/container.h"

#define ID "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"

static void expect(const char *path, const char *runtime, const char *id)
{
	struct container ct;
	int err = container__of_cgroup(path, &ct);

	if (!runtime) {
		assert_int_equal(err, -ENOENT);
		return;
	}
	assert_int_equal(err, 0);
	assert_string_equal(ct.runtime, runtime);
	assert_string_equal(ct.id, id);
}

static void test_container__of_cgroup(void **state)
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
		cmocka_unit_test(test_container__of_cgroup),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
