// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>

#include "util/log.h"
#include "compile/vmlinuxh.h"

#define BTF_ID_FILE "btf-id"
#define WRITE_BUF (1 << 20)

static int stat_line(const char *btf_path, char *line, size_t size)
{
	struct stat st;

	if (stat(btf_path, &st))
		return -errno;
	snprintf(line, size, "%s %" PRIu64 " %" PRIu64 " %ld %" PRIu64 " ", btf_path,
		 (uint64_t)st.st_size, (uint64_t)st.st_mtim.tv_sec, st.st_mtim.tv_nsec,
		 (uint64_t)st.st_ino);
	return 0;
}

/* The remembered id file holds one line: "PATH SIZE MTIME NSEC INO HASH". */
int vmlinuxh__btf_id(struct cache *c, const char *btf_path, char *hex)
{
	char line[PATH_MAX + 160], *text;
	size_t len, n;
	void *data;
	int err;

	err = stat_line(btf_path, line, sizeof(line));
	if (err)
		return err;
	n = strlen(line);
	if (!cache__read(c, BTF_ID_FILE, &data, &len)) {
		text = data;
		if (len == n + HASH_HEX_SIZE && !strncmp(text, line, n) && text[len - 1] == '\n') {
			memcpy(hex, text + n, HASH_HEX_SIZE - 1);
			hex[HASH_HEX_SIZE - 1] = '\0';
			free(data);
			return 0;
		}
		free(data);
	}
	err = hash__file_hex(btf_path, hex);
	if (err)
		return err;
	snprintf(line + n, sizeof(line) - n, "%s\n", hex);
	if (cache__write(c, BTF_ID_FILE, line, strlen(line)))
		pr_debug("compile cache: cannot remember the BTF id");
	return 0;
}

static void print_cb(void *ctx, const char *fmt, va_list args)
{
	vfprintf(ctx, fmt, args);
}

/*
 * The C text of btf's types ids[0..nr) (every type when ids is NULL) to out, with what they
 * need, between the lines every vmlinux.h of ours has: the guard and CO-RE relocations on.
 */
static int write_types(const struct btf *btf, const __u32 *ids, size_t nr, FILE *out)
{
	struct btf_dump *d = btf_dump__new(btf, print_cb, out, NULL);
	int err = 0;

	if (!d)
		return -errno;
	fputs("/* Types of the running kernel, generated from its BTF by perf-bpf. */\n"
	      "#ifndef __VMLINUX_H__\n#define __VMLINUX_H__\n\n"
	      "#ifndef BPF_NO_PRESERVE_ACCESS_INDEX\n"
	      "#pragma clang attribute push (__attribute__((preserve_access_index)), "
	      "apply_to = record)\n#endif\n\n",
	      out);
	if (!ids)
		nr = btf__type_cnt(btf) - 1;
	for (size_t i = 0; i < nr && !err; i++)
		err = btf_dump__dump_type(d, ids ? ids[i] : (__u32)i + 1);
	fputs("\n#ifndef BPF_NO_PRESERVE_ACCESS_INDEX\n#pragma clang attribute pop\n#endif\n\n"
	      "#endif /* __VMLINUX_H__ */\n",
	      out);
	if (!err && ferror(out))
		err = -EIO;
	btf_dump__free(d);
	return err;
}

int vmlinuxh__write(struct cache *c, const char *name, const struct btf *btf, const __u32 *ids,
		    size_t nr)
{
	char tmp[PATH_MAX], *buf;
	FILE *f;
	int fd, err;

	fd = cache__tmpfile(c, name, tmp, sizeof(tmp));
	if (fd < 0)
		return fd;
	f = fdopen(fd, "w");
	if (!f) {
		err = -errno;
		close(fd);
		cache__discard(c, tmp);
		return err;
	}
	/* about 3 MB of small prints: a few large writes, not one a page (no buffer: as it was) */
	buf = malloc(WRITE_BUF);
	if (buf)
		setvbuf(f, buf, _IOFBF, WRITE_BUF);
	err = write_types(btf, ids, nr, f);
	if (fclose(f) && !err)
		err = -errno;
	free(buf);
	if (err) {
		cache__discard(c, tmp);
		return err;
	}
	return cache__commit(c, tmp, name);
}

/* Every type of the BTF at btf_path (raw BTF or an ELF with .BTF). */
static int generate(struct cache *c, const char *btf_path, const char *name)
{
	struct btf *btf = btf__parse(btf_path, NULL);
	int err;

	if (!btf)
		return -errno;
	err = vmlinuxh__write(c, name, btf, NULL, 0);
	btf__free(btf);
	return err;
}

int vmlinuxh__ensure(struct cache *c, const char *btf_path, const char *btf_id, char *dir,
		     size_t size)
{
	char sub[96], name[128];
	int err;

	snprintf(sub, sizeof(sub), "vmlinux-%.16s", btf_id);
	snprintf(name, sizeof(name), "%s/vmlinux.h", sub);
	err = cache__mkdir(c, sub);
	if (err)
		return err;
	err = cache__check(c, name);
	if (err) {
		pr_debug("generating %s/%s from %s", cache__dir(c), name, btf_path);
		pr_progress("generating vmlinux.h from %s (once per kernel)...", btf_path);
		err = generate(c, btf_path, name);
		if (err)
			return err;
	}
	return cache__path(c, sub, dir, size);
}
