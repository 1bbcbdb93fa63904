// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/safeopen.h"
#include "resolve/buildid.h"

#define GNU_NOTE_NAME "GNU"

/* Look for the build id note in one note section or segment's data. */
static int find_in_notes(Elf_Data *data, uint8_t *id, size_t size)
{
	size_t off = 0, name_off, desc_off;
	GElf_Nhdr nh;

	while ((off = gelf_getnote(data, off, &nh, &name_off, &desc_off)) > 0) {
		if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != sizeof(GNU_NOTE_NAME) ||
		    memcmp((char *)data->d_buf + name_off, GNU_NOTE_NAME, sizeof(GNU_NOTE_NAME)))
			continue;
		if (nh.n_descsz > size)
			return -E2BIG;
		memcpy(id, (char *)data->d_buf + desc_off, nh.n_descsz);
		return (int)nh.n_descsz;
	}
	return -ENOENT;
}

/* Note sections first (a stripped debug file keeps them), then PT_NOTE segments. */
int buildid__from_elf(Elf *elf, uint8_t *id, size_t size)
{
	Elf_Scn *scn = NULL;
	size_t nphdr = 0;
	int ret = -ENOENT;

	while (ret == -ENOENT && (scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		if (data && data->d_buf)
			ret = find_in_notes(data, id, size);
	}
	if (ret != -ENOENT || elf_getphdrnum(elf, &nphdr))
		return ret;
	for (size_t i = 0; ret == -ENOENT && i < nphdr; i++) {
		GElf_Phdr ph;
		Elf_Data *data;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_NOTE)
			continue;
		data = elf_getdata_rawchunk(elf, (int64_t)ph.p_offset, ph.p_filesz, ELF_T_NHDR);
		if (data && data->d_buf)
			ret = find_in_notes(data, id, size);
	}
	return ret;
}

int buildid__read_fd(int fd, uint8_t *id, size_t size)
{
	Elf *elf;
	int ret;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return -EINVAL;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf)
		return -ENOEXEC;
	ret = elf_kind(elf) == ELF_K_ELF ? buildid__from_elf(elf, id, size) : -ENOEXEC;
	elf_end(elf);
	return ret;
}

int buildid__read(const char *path, uint8_t *id, size_t size)
{
	int fd = safeopen__regular(path, SAFEOPEN_ELF_MAX), ret;

	if (fd < 0)
		return fd;
	ret = buildid__read_fd(fd, id, size);
	close(fd);
	return ret;
}

struct buildid_entry {
	uint32_t maj, min;
	uint64_t ino;
	int ret;
	uint8_t id[BUILDID_MAX];
};

struct buildid_cache {
	struct buildid_entry *e;
	size_t nr, cap;
};

struct buildid_cache *buildid_cache__new(void)
{
	return calloc(1, sizeof(struct buildid_cache));
}

void buildid_cache__free(struct buildid_cache *c)
{
	if (!c)
		return;
	free(c->e);
	free(c);
}

static int copy_out(const struct buildid_entry *e, uint8_t *id, size_t size)
{
	if (e->ret < 0)
		return e->ret;
	if ((size_t)e->ret > size)
		return -E2BIG;
	memcpy(id, e->id, e->ret);
	return e->ret;
}

int buildid_cache__get(struct buildid_cache *c, const char *path, uint32_t maj, uint32_t min,
		       uint64_t ino, uint8_t *id, size_t size)
{
	struct buildid_entry *e;

	if (!ino) /* not a file: nothing to remember it by */
		return buildid__read(path, id, size);
	for (size_t i = 0; i < c->nr; i++)
		if (c->e[i].ino == ino && c->e[i].maj == maj && c->e[i].min == min)
			return copy_out(&c->e[i], id, size);
	if (c->nr == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;
		struct buildid_entry *n = realloc(c->e, cap * sizeof(*n));

		if (!n)
			return buildid__read(path, id, size);
		c->e = n;
		c->cap = cap;
	}
	e = &c->e[c->nr++];
	*e = (struct buildid_entry){ .maj = maj, .min = min, .ino = ino };
	e->ret = buildid__read(path, e->id, sizeof(e->id));
	return copy_out(e, id, size);
}
