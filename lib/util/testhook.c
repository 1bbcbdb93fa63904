// SPDX-License-Identifier: GPL-2.0
/*
 * Test hooks (testhook.h). Without PERF_BPF_TESTHOOKS every function is empty: what ships
 * carries neither the hooks nor their variables' names.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/log.h"
#include "util/runcmd.h"
#include "util/testhook.h"

#ifdef PERF_BPF_TESTHOOKS

/* The variable's value, NULL when unset or empty. */
static const char *get(const char *name)
{
	const char *v = getenv(name);

	return v && *v ? v : NULL;
}

bool testhook__enabled(void)
{
	return true;
}

void testhook__before_attach(void)
{
	char *argv[] = { (char *)get("PERF_BPF_TEST_BEFORE_ATTACH"), NULL };
	struct runcmd_result r = { 0 };

	if (!argv[0])
		return;
	if (runcmd__run(argv, &r) || r.status)
		pr_warn("PERF_BPF_TEST_BEFORE_ATTACH: '%s' failed", argv[0]);
	runcmd__result_exit(&r);
}

const char *testhook__modules_dir(void)
{
	return get("PERF_BPF_TEST_MODULES_DIR");
}

const char *testhook__printk_kb(void)
{
	return get("PERF_BPF_TEST_PRINTK_KB");
}

bool testhook__channels_hold(void)
{
	return get("PERF_BPF_TEST_CHANNELS_HOLD") != NULL;
}

/* Write line to FIFO, then read it to its end: the test holds the run there meanwhile. */
static void handshake(const char *fifo, const char *line)
{
	char buf[64];
	int fd;

	if (!fifo)
		return;
	fd = open(fifo, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (write(fd, line, strlen(line)) < 0)
		pr_debug("%s: %s", fifo, strerror(errno));
	close(fd);
	fd = open(fifo, O_RDONLY | O_CLOEXEC);
	while (fd >= 0 && read(fd, buf, sizeof(buf)) > 0)
		;
	if (fd >= 0)
		close(fd);
}

void testhook__rotated(void)
{
	handshake(get("PERF_BPF_TEST_ROTATED"), "rotated\n");
}

void testhook__ksyms(void)
{
	handshake(get("PERF_BPF_TEST_KSYMS"), "ksyms\n");
}

unsigned int testhook__max_counts(void)
{
	const char *v = get("PERF_BPF_TEST_MAX_COUNTS");
	char *end;
	unsigned long n = v ? strtoul(v, &end, 10) : 0;

	return v && !*end && n <= 1u << 24 ? (unsigned int)n : 0;
}

#else /* what ships: no hook */

bool testhook__enabled(void)
{
	return false;
}

void testhook__before_attach(void)
{
}

const char *testhook__modules_dir(void)
{
	return NULL;
}

const char *testhook__printk_kb(void)
{
	return NULL;
}

bool testhook__channels_hold(void)
{
	return false;
}

void testhook__rotated(void)
{
}

void testhook__ksyms(void)
{
}

unsigned int testhook__max_counts(void)
{
	return 0;
}

#endif
