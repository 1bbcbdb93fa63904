/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Included ahead of every source perf-bpf compiles. A struct only local variables use is
 * not in the object's BTF; a global's type is: this pointer puts `struct event`, when the
 * source defines one at file scope, into the BTF, where perf-bpf finds the type of an
 * output map's records that names none (perf-bpf-trace(1), TYPED RECORDS AND MAPS). Its section is none
 * libbpf makes a map of.
 */
struct event;
static struct event *__perf_bpf_record_types __attribute__((used, section(".perf_bpf")));
