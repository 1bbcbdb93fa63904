// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "event/tpnames.h"
#include "load/libbpfsec.h"
#include "util/errmsg.h"
#include "util/log.h"

/* clang-format off */
static const struct {
	const char *prefix;
	enum libbpfsec_family family;
	bool ret;
} families[] = {
	{ "kprobe.multi", LIBBPFSEC_KPROBE, false },
	{ "kretprobe.multi", LIBBPFSEC_KPROBE, true },
	{ "kprobe", LIBBPFSEC_KPROBE, false },
	{ "kretprobe", LIBBPFSEC_KPROBE, true },
	{ "ksyscall", LIBBPFSEC_KSYSCALL, false },
	{ "kretsyscall", LIBBPFSEC_KSYSCALL, true },
	{ "fentry", LIBBPFSEC_FENTRY, false },
	{ "fentry.s", LIBBPFSEC_FENTRY, false },
	{ "fexit", LIBBPFSEC_FENTRY, true },
	{ "fexit.s", LIBBPFSEC_FENTRY, true },
	{ "fmod_ret", LIBBPFSEC_FENTRY, true },
	{ "fmod_ret.s", LIBBPFSEC_FENTRY, true },
	{ "lsm", LIBBPFSEC_FENTRY, false },
	{ "lsm.s", LIBBPFSEC_FENTRY, false },
	{ "uprobe", LIBBPFSEC_UPROBE, false },
	{ "uprobe.s", LIBBPFSEC_UPROBE, false },
	{ "uretprobe", LIBBPFSEC_UPROBE, true },
	{ "uretprobe.s", LIBBPFSEC_UPROBE, true },
	{ "usdt", LIBBPFSEC_USDT, false },
	{ "tp", LIBBPFSEC_TRACEPOINT, false },
	{ "tracepoint", LIBBPFSEC_TRACEPOINT, false },
	{ "perf_event", LIBBPFSEC_PERF_EVENT, false },
};
/* clang-format on */

#define TP_HINT                                                                       \
	"attach to a tracepoint instead: SEC(\"tp/CATEGORY/NAME\") (ls "              \
	"/sys/kernel/tracing/events), SEC(\"raw_tp/NAME\") or SEC(\"tp_btf/NAME\"), " \
	"e.g. SEC(\"tp/syscalls/sys_enter_unlinkat\")"

enum libbpfsec_family libbpfsec__family(const char *section, bool *ret, const char **target)
{
	const char *slash = section ? strchr(section, '/') : NULL;
	size_t len = slash ? (size_t)(slash - section) : (section ? strlen(section) : 0);

	if (ret)
		*ret = false;
	if (target)
		*target = slash && slash[1] ? slash + 1 : NULL;
	for (size_t i = 0; section && i < sizeof(families) / sizeof(families[0]); i++) {
		if (strlen(families[i].prefix) != len || strncmp(section, families[i].prefix, len))
			continue;
		if (ret)
			*ret = families[i].ret;
		return families[i].family;
	}
	return LIBBPFSEC_OTHER;
}

static int no_target(struct bpf_program *prog, const char *object, const char *section,
		     enum libbpfsec_family f)
{
	static const char *const examples[] = {
		[LIBBPFSEC_KPROBE] = "SEC(\"kprobe/do_unlinkat\")",
		[LIBBPFSEC_KSYSCALL] = "SEC(\"ksyscall/unlinkat\")",
		[LIBBPFSEC_FENTRY] = "SEC(\"fentry/do_unlinkat\")",
		[LIBBPFSEC_UPROBE] =
			"SEC(\"uprobe//bin/bash:readline\"), or perf's SEC(\"exec=/bin/bash;func=readline\")",
		[LIBBPFSEC_USDT] = "SEC(\"usdt/PATH:PROVIDER:NAME\")",
	};
	const char *what = f == LIBBPFSEC_UPROBE   ? "binary and function" :
			   f == LIBBPFSEC_USDT	   ? "binary and probe" :
			   f == LIBBPFSEC_KSYSCALL ? "system call" :
						     "kernel function";

	errmsg__set(-EINVAL,
		    "program '%s' in '%s': section '%s' names no %s to attach to (libbpf leaves it "
		    "to a loader of its own)",
		    bpf_program__name(prog), object, section, what);
	errmsg__hint("name it in the section, e.g. %s", examples[f]);
	return -EINVAL;
}

static int no_kprobes(struct bpf_program *prog, const char *object, const char *section, bool ret,
		      const char *target)
{
	errmsg__set(-EOPNOTSUPP,
		    "program '%s' in '%s': section '%s' needs kprobes, which this kernel lacks "
		    "(CONFIG_KPROBES)",
		    bpf_program__name(prog), object, section);
	if (libbpfsec__family(section, NULL, NULL) == LIBBPFSEC_KSYSCALL)
		errmsg__hint("attach to the system call's tracepoint instead: "
			     "SEC(\"tp/syscalls/sys_%s_%s\") (its fields are the arguments%s)",
			     ret ? "exit" : "enter", target, ret ? " and 'ret'" : "");
	else
		errmsg__hint(TP_HINT);
	return -EOPNOTSUPP;
}

/* Two instructions on the target through a trampoline: does the kernel take them? */
static int try_trampoline(struct bpf_program *prog, int btf_id)
{
	const struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts,
		    .expected_attach_type = bpf_program__expected_attach_type(prog),
		    .attach_btf_id = btf_id);
	int fd = bpf_prog_load(bpf_program__type(prog), "perf_bpf_ttest", "GPL", insns, 2, &opts);

	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int check_fentry(struct bpf_program *prog, const char *object, const char *section,
			const char *target)
{
	bool lsm = !strncmp(section, "lsm", 3);
	struct btf *btf;
	char func[256];
	int id, err;

	if (strchr(target, ':'))
		return 0; /* a module's function: libbpf says */
	snprintf(func, sizeof(func), "%s%s", lsm ? "bpf_lsm_" : "", target);
	btf = btf__load_vmlinux_btf();
	if (!btf)
		return 0; /* libbpf will say */
	id = btf__find_by_name_kind(btf, func, BTF_KIND_FUNC);
	btf__free(btf);
	if (id < 0) {
		errmsg__set(-ENOENT,
			    "program '%s' in '%s': section '%s': the kernel has no function '%s' "
			    "(not in its BTF)",
			    bpf_program__name(prog), object, section, func);
		errmsg__hint("check the name: grep -w %s /proc/kallsyms", func);
		return -ENOENT;
	}
	err = try_trampoline(prog, id);
	if (!err)
		return 0;
	errmsg__set(-EOPNOTSUPP,
		    "program '%s' in '%s': section '%s' needs BPF trampolines (fentry/fexit), "
		    "which this kernel refuses: %s",
		    bpf_program__name(prog), object, section, strerror(-err));
	errmsg__hint(TP_HINT);
	return -EOPNOTSUPP;
}

/* tp/CATEGORY/NAME: one the kernel lacks is said here, with the closest names, not by libbpf. */
static int check_tracepoint(struct bpf_program *prog, const char *object, const char *section,
			    const char *target)
{
	const char *slash = strchr(target, '/');
	char sys[256];

	if (!slash || (size_t)(slash - target) >= sizeof(sys))
		return 0; /* libbpf's own words on a malformed name */
	snprintf(sys, sizeof(sys), "%.*s", (int)(slash - target), target);
	if (tpnames__exists(sys, slash + 1))
		return 0;
	errmsg__set(-ENOENT, "program '%s' of '%s' (section '%s'): unknown tracepoint '%s:%s'",
		    bpf_program__name(prog), object, section, sys, slash + 1);
	tpnames__hint(sys, slash + 1);
	return -ENOENT;
}

int libbpfsec__check(struct bpf_program *prog, const char *object, bool has_kprobes)
{
	const char *section = bpf_program__section_name(prog), *target;
	bool ret;
	enum libbpfsec_family f = libbpfsec__family(section, &ret, &target);

	switch (f) {
	case LIBBPFSEC_KPROBE:
	case LIBBPFSEC_KSYSCALL:
		if (!target)
			return no_target(prog, object, section, f);
		return has_kprobes ? 0 : no_kprobes(prog, object, section, ret, target);
	case LIBBPFSEC_FENTRY:
		if (!target)
			return no_target(prog, object, section, f);
		return check_fentry(prog, object, section, target);
	case LIBBPFSEC_UPROBE:
	case LIBBPFSEC_USDT:
		return target ? 0 : no_target(prog, object, section, f);
	case LIBBPFSEC_TRACEPOINT:
		return target ? check_tracepoint(prog, object, section, target) : 0;
	default:
		return 0;
	}
}

int libbpfsec__attach_error(struct bpf_program *prog, const char *object, int err)
{
	const char *section = bpf_program__section_name(prog), *target;
	enum libbpfsec_family f = libbpfsec__family(section, NULL, &target);

	errmsg__set(err, "cannot attach program '%s' of '%s' (section '%s'): %s",
		    bpf_program__name(prog), object, section, strerror(-err));
	if ((f == LIBBPFSEC_KPROBE || f == LIBBPFSEC_KSYSCALL) && err == -ENOENT && target)
		errmsg__hint("no kernel function of that name can be probed: grep -w %s "
			     "/proc/kallsyms; or %s",
			     target, TP_HINT);
	else if (f == LIBBPFSEC_OTHER && err == -EOPNOTSUPP)
		errmsg__hint("libbpf cannot attach a '%s' program on its own: perf-bpf attaches "
			     "tracing programs (tracepoints, probes, perf events)",
			     section);
	return err;
}

bool libbpfsec__gpl_compatible(const char *license)
{
	static const char *const gpl[] = {
		"GPL",		"GPL v2",	"GPL and additional rights",
		"Dual BSD/GPL", "Dual MIT/GPL", "Dual MPL/GPL",
	};

	for (size_t i = 0; license && i < sizeof(gpl) / sizeof(gpl[0]); i++)
		if (!strcmp(license, gpl[i]))
			return true;
	return false;
}

void libbpfsec__warn_object(struct bpf_object *obj, const char *object, const char *license)
{
	if (!bpf_object__next_program(obj, NULL)) {
		pr_warn("'%s' has no BPF program (no function in a SEC(\"...\")): nothing will run",
			object);
		return;
	}
	if (!license || !*license)
		pr_warn("'%s' declares no license: the kernel refuses GPL-only helpers "
			"(bpf_printk, bpf_probe_read_*, bpf_perf_event_output, ...) to its "
			"programs; add char LICENSE[] SEC(\"license\") = \"GPL\";",
			object);
	else if (!libbpfsec__gpl_compatible(license))
		pr_warn("'%s' has the license \"%s\", which is not GPL-compatible: the kernel "
			"refuses GPL-only helpers (bpf_printk, bpf_probe_read_*, "
			"bpf_perf_event_output, ...) to its programs",
			object, license);
}
