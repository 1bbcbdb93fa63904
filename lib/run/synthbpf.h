/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The records the kernel writes when a BPF program is loaded (PERF_RECORD_KSYMBOL per
 * function of its JITed image, then PERF_RECORD_BPF_EVENT PROG_LOAD with its id and tag),
 * built for programs loaded before the events were opened: perf-bpf's own, and with -a the
 * ones already on the machine. Readers name addresses inside a program
 * bpf_prog_<tag>_<function> from them.
 */
#ifndef PERF_BPF_SYNTHBPF_H
#define PERF_BPF_SYNTHBPF_H

#include <stddef.h>
#include <stdint.h>

#include "record/record.h"
#include "run/synth.h"

#define SYNTHBPF_NAME_MAX RECORD_KSYM_NAME_MAX

/*
 * The records of the program open on prog_fd, to emit; nothing for a program that is not
 * JITed. -errno when its info cannot be read.
 */
int synthbpf__prog(int prog_fd, const struct record_layout *layout, uint64_t id, synth_emit_fn emit,
		   void *ctx);
/* The records of every program loaded on the machine (those gone meanwhile skipped). */
int synthbpf__all(const struct record_layout *layout, uint64_t id, synth_emit_fn emit, void *ctx);

/* KSYMBOL (type BPF) for [addr, addr + len) named name. Size, 0 when it does not fit. */
size_t synthbpf__encode_ksymbol(void *buf, size_t size, const struct record_layout *layout,
				uint64_t id, uint64_t addr, uint32_t len, const char *name);
/* BPF_EVENT PROG_LOAD of program prog_id with its 8-byte tag. Size, 0 when it does not fit. */
size_t synthbpf__encode_load(void *buf, size_t size, const struct record_layout *layout,
			     uint64_t id, uint32_t prog_id, const uint8_t tag[8]);
/*
 * The kernel's name of function i of nr of a program: bpf_prog_<tag>_<name>, name the
 * function's BTF name when given (func), else the program's own name for a one-function
 * program, else "F".
 */
void synthbpf__name(char *buf, size_t size, const uint8_t tag[8], const char *func,
		    const char *prog_name, uint32_t i, uint32_t nr);

#endif
