// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>

#include "util/log.h"
#include "run/synthbpf.h"

/* A KSYMBOL with the longest name, or a BPF_EVENT, and any trailer: well within this */
#define RECBUF_SIZE 512

size_t synthbpf__encode_ksymbol(void *buf, size_t size, const struct record_layout *layout,
				uint64_t id, uint64_t addr, uint32_t len, const char *name)
{
	struct record r = { .type = PERF_RECORD_KSYMBOL,
			    .ksymbol = { .addr = addr,
					 .len = len,
					 .ksym_type = PERF_RECORD_KSYMBOL_TYPE_BPF,
					 .name = name },
			    .s = { .id = id, .pid = (uint32_t)-1 } };

	return record__encode(buf, size, layout, &r);
}

size_t synthbpf__encode_load(void *buf, size_t size, const struct record_layout *layout,
			     uint64_t id, uint32_t prog_id, const uint8_t tag[8])
{
	struct record r = { .type = PERF_RECORD_BPF_EVENT,
			    .bpf_event = { .bpf_type = PERF_BPF_EVENT_PROG_LOAD, .id = prog_id },
			    .s = { .id = id, .pid = (uint32_t)-1 } };

	memcpy(r.bpf_event.tag, tag, sizeof(r.bpf_event.tag));
	return record__encode(buf, size, layout, &r);
}

void synthbpf__name(char *buf, size_t size, const uint8_t tag[8], const char *func,
		    const char *prog_name, uint32_t i, uint32_t nr)
{
	const char *name = func;
	int n;

	if (!name || !*name)
		name = nr <= 1 && i == 0 ? prog_name : "F";
	n = snprintf(buf, size, "bpf_prog_");
	for (int b = 0; b < 8 && n >= 0 && (size_t)n < size; b++)
		n += snprintf(buf + n, size - n, "%02x", tag[b]);
	if (n >= 0 && (size_t)n < size && name && *name)
		snprintf(buf + n, size - n, "_%s", name);
}

/* The arrays of one program's info, sized by a first call. */
struct prog_arrays {
	uint64_t *ksyms;
	uint32_t *lens;
	uint8_t (*tags)[8];
	struct bpf_func_info *finfo;
};

static void free_arrays(struct prog_arrays *a)
{
	free(a->ksyms);
	free(a->lens);
	free(a->tags);
	free(a->finfo);
}

static int get_info(int fd, struct bpf_prog_info *info, struct prog_arrays *a)
{
	uint32_t len = sizeof(*info);
	uint32_t nr_ksyms, nr_lens, nr_tags, nr_finfo;

	memset(info, 0, sizeof(*info));
	if (bpf_obj_get_info_by_fd(fd, info, &len))
		return -errno;
	nr_ksyms = info->nr_jited_ksyms;
	nr_lens = info->nr_jited_func_lens;
	nr_tags = info->nr_prog_tags;
	nr_finfo = info->func_info_rec_size == sizeof(struct bpf_func_info) ? info->nr_func_info :
									      0;
	if (!nr_ksyms || nr_lens != nr_ksyms)
		return 0; /* not JITed: nothing to name */
	a->ksyms = calloc(nr_ksyms, sizeof(*a->ksyms));
	a->lens = calloc(nr_lens, sizeof(*a->lens));
	a->tags = calloc(nr_tags ?: 1, sizeof(*a->tags));
	a->finfo = calloc(nr_finfo ?: 1, sizeof(*a->finfo));
	if (!a->ksyms || !a->lens || !a->tags || !a->finfo)
		return -ENOMEM;
	memset(info, 0, sizeof(*info));
	info->nr_jited_ksyms = nr_ksyms;
	info->jited_ksyms = (uintptr_t)a->ksyms;
	info->nr_jited_func_lens = nr_lens;
	info->jited_func_lens = (uintptr_t)a->lens;
	info->nr_prog_tags = nr_tags;
	info->prog_tags = (uintptr_t)a->tags;
	info->nr_func_info = nr_finfo;
	info->func_info_rec_size = sizeof(struct bpf_func_info);
	info->func_info = (uintptr_t)a->finfo;
	len = sizeof(*info);
	if (bpf_obj_get_info_by_fd(fd, info, &len))
		return -errno;
	/* the program cannot change, but be safe about what came back */
	if (info->nr_jited_ksyms > nr_ksyms || info->nr_jited_func_lens > nr_lens ||
	    info->nr_prog_tags > nr_tags || info->nr_func_info > nr_finfo)
		return -EAGAIN;
	return 0;
}

static const char *func_name(const struct btf *btf, const struct bpf_prog_info *info,
			     const struct prog_arrays *a, uint32_t i)
{
	const struct btf_type *t;

	if (!btf || i >= info->nr_func_info)
		return NULL;
	t = btf__type_by_id(btf, a->finfo[i].type_id);
	return t ? btf__name_by_offset(btf, t->name_off) : NULL;
}

int synthbpf__prog(int prog_fd, const struct record_layout *layout, uint64_t id, synth_emit_fn emit,
		   void *ctx)
{
	uint64_t buf[RECBUF_SIZE / 8];
	struct prog_arrays a = { 0 };
	struct bpf_prog_info info;
	struct btf *btf = NULL;
	char name[SYNTHBPF_NAME_MAX];
	int err = get_info(prog_fd, &info, &a);
	size_t n;

	if (err || !a.ksyms)
		goto out;
	if (info.btf_id && info.nr_func_info)
		btf = btf__load_from_kernel_by_id(info.btf_id);
	if (btf && libbpf_get_error(btf))
		btf = NULL;
	for (uint32_t i = 0; !err && i < info.nr_jited_ksyms; i++) {
		const uint8_t *tag = i < info.nr_prog_tags ? a.tags[i] : info.tag;

		if (!a.ksyms[i])
			continue; /* addresses hidden from us (kptr_restrict): nothing to place */
		synthbpf__name(name, sizeof(name), tag, func_name(btf, &info, &a, i), info.name, i,
			       info.nr_jited_ksyms);
		n = synthbpf__encode_ksymbol(buf, sizeof(buf), layout, id, a.ksyms[i], a.lens[i],
					     name);
		err = n ? emit(ctx, (const void *)buf) : 0;
	}
	n = err ? 0 : synthbpf__encode_load(buf, sizeof(buf), layout, id, info.id, info.tag);
	if (n)
		err = emit(ctx, (const void *)buf);
out:
	btf__free(btf);
	free_arrays(&a);
	return err;
}

int synthbpf__all(const struct record_layout *layout, uint64_t id, synth_emit_fn emit, void *ctx)
{
	uint32_t prog_id = 0;
	int err = 0;

	while (!err && !bpf_prog_get_next_id(prog_id, &prog_id)) {
		int fd = bpf_prog_get_fd_by_id(prog_id);

		if (fd < 0)
			continue; /* unloaded meanwhile */
		err = synthbpf__prog(fd, layout, id, emit, ctx);
		close(fd);
		if (err && err != -ENOMEM) {
			pr_debug("BPF program %u: no KSYMBOL: %s", prog_id, strerror(-err));
			err = 0;
		}
	}
	return err;
}
