// SPDX-License-Identifier: GPL-2.0
/* The [llvm] section of perf's config files: clang's path and options, kbuild-dir, time limit. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "compile/compile.h"
#include "util/errmsg.h"
#include "util/perfconfig.h"

static struct {
	bool loaded;
	char *clang_path, *clang_opt, *kbuild_dir;
	unsigned int clang_timeout;
} config;

/* A number of seconds in [1, COMPILE_CLANG_TIMEOUT_MAX]; 0 when it is not one. */
static unsigned int parse_timeout(const char *v)
{
	unsigned long n;
	char *end;

	errno = 0;
	n = strtoul(v, &end, 10);
	if (errno || end == v || *end || *v == '-' || n < 1 || n > COMPILE_CLANG_TIMEOUT_MAX)
		return 0;
	return (unsigned int)n;
}

static int load_config(void)
{
	struct perfconfig *c = perfconfig__new();
	const char *v;
	int err;

	if (!c)
		return errmsg__set(-ENOMEM, "unable to read config file: %s", strerror(ENOMEM));
	err = perfconfig__read_default(c);
	if (err == -EINVAL)
		errmsg__set(err, "bad config file %s", perfconfig__error(c));
	else if (err)
		errmsg__set(err, "unable to read config file %s", perfconfig__error(c));
	if (!err && (v = perfconfig__get(c, "llvm.clang-path")) && *v)
		config.clang_path = strdup(v);
	if (!err && (v = perfconfig__get(c, "llvm.clang-opt")) && *v)
		config.clang_opt = strdup(v);
	if (!err && (v = perfconfig__get(c, "llvm.kbuild-dir"))) /* "": none */
		config.kbuild_dir = strdup(v);
	if (!err && (v = perfconfig__get(c, "llvm.clang-timeout")) &&
	    !(config.clang_timeout = parse_timeout(v))) {
		err = errmsg__set(-EINVAL, "bad config value '%s' for llvm.clang-timeout", v);
		errmsg__hint("give a number of seconds from 1 to %u", COMPILE_CLANG_TIMEOUT_MAX);
	}
	perfconfig__free(c);
	config.loaded = !err;
	return err;
}

int compile__load_perfconfig(struct compile_opts *o)
{
	int err = config.loaded ? 0 : load_config();

	if (err)
		return err;
	if (!o->clang_path)
		o->clang_path = config.clang_path;
	if (!o->clang_opt)
		o->clang_opt = config.clang_opt;
	if (!o->kbuild_dir)
		o->kbuild_dir = config.kbuild_dir;
	if (!o->clang_timeout)
		o->clang_timeout = config.clang_timeout;
	return 0;
}
