// SPDX-License-Identifier: GPL-2.0
/*
 * The header the first compile of a vmlinux.h source reads: vmlinux.h cut to the kernel
 * types the source and its headers can name (srcnames.c, vmlinuxcut.c), written into the
 * compile's own temporary directory. compile.c says when it is used and what comes of it.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>

#include "compile/compile-int.h"
#include "compile/srcnames.h"
#include "compile/vmlinuxcut.h"
#include "compile/vmlinuxh.h"
#include "util/log.h"

static double ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) * 1e3 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

static size_t file_size(struct cache *c, const char *name)
{
	int fd = cache__openat(c, name, O_RDONLY);
	struct stat st;
	size_t size = 0;

	if (fd >= 0 && !fstat(fd, &st))
		size = (size_t)st.st_size;
	if (fd >= 0)
		close(fd);
	return size;
}

/* The names the source can use, through the include path of the command planned. */
static int source_names(struct compile_job *j, struct nameset *names)
{
	char **dirs = NULL, **forced = NULL;
	int err = clangcmd__search_path(&j->cmd, &dirs, &forced);

	if (!err)
		err = srcnames__collect(j->src, dirs, forced, names);
	clangcmd__free_words(dirs);
	clangcmd__free_words(forced);
	return err;
}

int firstcut__write(struct compile_job *j, struct cache *work, const char *name)
{
	struct nameset names = { 0 };
	struct vmlinuxcut cut = { 0 };
	struct btf *btf = NULL;
	struct timespec t0;
	int err;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	err = source_names(j, &names);
	if (!err) {
		btf = btf__parse(VMLINUXH_BTF_PATH, NULL);
		err = btf ? 0 : -errno;
	}
	if (!err)
		err = vmlinuxcut__select(btf, &names, &cut);
	if (!err)
		err = vmlinuxh__write(work, name, btf, cut.ids, cut.nr);
	if (!err)
		pr_debug("vmlinux.h cut to %zu types (%zu named by %zu names of the source and its "
			 "headers), %zu bytes, in %.1f ms",
			 cut.nr, cut.named, names.nr, file_size(work, name), ms_since(&t0));
	else if (err == -EDOM)
		pr_debug("no cut vmlinux.h: the source names a type of a name several have");
	vmlinuxcut__free(&cut);
	btf__free(btf);
	nameset__free(&names);
	return err;
}
