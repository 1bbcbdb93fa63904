// SPDX-License-Identifier: GPL-2.0
/*
 * System calls by number: names from the generated header tables, arguments from the
 * tracepoint formats of the running kernel, each argument's kind from its type and name.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tracefs/tracefs.h>

#include "bpf/syscalls.h"
#include "compile/vmlinuxh.h"
#include "util/dbuf.h"
#include "util/hash.h"
#include "syscalls/sysconst.h"
#include "syscalls/scnumbers.h"
#include "syscalls/sctable.h"
#include "record/tpformat.h"

struct sctable {
	struct sc_desc *descs; /* by number order */
	size_t nr;
	bool *in_kernel; /* parallel to descs, read once */
	bool kernel_read;
};

static int by_nr(const void *a, const void *b)
{
	const struct sc_desc *x = a, *y = b;

	return x->nr - y->nr;
}

/* The calls whose result is an address. */
static bool returns_address(const char *name)
{
	static const char *const calls[] = { "mmap", "mremap", "brk", "shmat", NULL };

	for (int i = 0; calls[i]; i++)
		if (!strcmp(name, calls[i]))
			return true;
	return false;
}

/* The calls whose result is a new descriptor, as strace annotates it under -y. */
static bool returns_fd(const char *name)
{
	static const char *const calls[] = {
		"open",
		"openat",
		"openat2",
		"creat",
		"dup",
		"dup2",
		"dup3",
		"fcntl",
		"socket",
		"accept",
		"accept4",
		"eventfd",
		"eventfd2",
		"epoll_create",
		"epoll_create1",
		"memfd_create",
		"memfd_secret",
		"signalfd",
		"signalfd4",
		"timerfd_create",
		"inotify_init",
		"inotify_init1",
		"fanotify_init",
		"perf_event_open",
		"pidfd_open",
		"pidfd_getfd",
		"open_by_handle_at",
		"userfaultfd",
		"io_uring_setup",
		"fsopen",
		"fsmount",
		"fspick",
		"open_tree",
		"mq_open",
		NULL,
	};

	for (int i = 0; calls[i]; i++)
		if (!strcmp(name, calls[i]))
			return true;
	return false;
}

static struct sc_desc *find(const struct sctable *t, int nr);

/*
 * The kernel's tracepoint names where the headers' differ (stat's is newstat), and the
 * calls the headers lack, named by their tracepoints.
 */
static void add_kernel_numbers(struct sctable *t, const struct scnumbers *k)
{
	for (size_t i = 0; i < k->nr; i++) {
		struct sc_desc *d = find(t, k->rows[i].nr);

		if (!d) {
			d = &t->descs[t->nr++];
			d->nr = k->rows[i].nr;
			d->name = k->rows[i].event;
		}
		d->event = k->rows[i].event;
		qsort(t->descs, t->nr, sizeof(*t->descs), by_nr);
	}
}

struct sctable *sctable__new(void)
{
	const struct scnumbers *k = scnumbers__get();
	struct sctable *t = calloc(1, sizeof(*t));
	size_t most = sysconst_syscall.nr + k->nr;

	if (!t)
		return NULL;
	t->descs = calloc(most ?: 1, sizeof(*t->descs));
	t->in_kernel = calloc(most ?: 1, sizeof(*t->in_kernel));
	if (!t->descs || !t->in_kernel) {
		sctable__free(t);
		errno = ENOMEM;
		return NULL;
	}
	for (size_t i = 0; i < sysconst_syscall.nr; i++) {
		t->descs[i].nr = (int)sysconst_syscall.rows[i].value;
		t->descs[i].name = t->descs[i].event = sysconst_syscall.rows[i].name;
	}
	t->nr = sysconst_syscall.nr;
	qsort(t->descs, t->nr, sizeof(*t->descs), by_nr);
	add_kernel_numbers(t, k);
	for (size_t i = 0; i < t->nr; i++) {
		t->descs[i].ret_address = returns_address(t->descs[i].name);
		t->descs[i].ret_fd = returns_fd(t->descs[i].name);
	}
	return t;
}

void sctable__free(struct sctable *t)
{
	if (!t)
		return;
	free(t->descs);
	free(t->in_kernel);
	free(t);
}

size_t sctable__count(const struct sctable *t)
{
	return t->nr;
}

const struct sc_desc *sctable__at(const struct sctable *t, size_t i)
{
	return i < t->nr ? &t->descs[i] : NULL;
}

static struct sc_desc *find(const struct sctable *t, int nr)
{
	struct sc_desc key = { .nr = nr };

	return bsearch(&key, t->descs, t->nr, sizeof(key), by_nr);
}

const char *sctable__name(const struct sctable *t, int nr)
{
	const struct sc_desc *d = find(t, nr);

	return d ? d->name : NULL;
}

int sctable__nr(const struct sctable *t, const char *name)
{
	for (size_t i = 0; i < t->nr; i++)
		if (!strcmp(t->descs[i].name, name) || !strcmp(t->descs[i].event, name))
			return t->descs[i].nr;
	return -ENOENT;
}

void sctable__set_kernel_calls(struct sctable *t, const char *const *events, size_t nr)
{
	t->kernel_read = true;
	memset(t->in_kernel, 0, t->nr * sizeof(*t->in_kernel));
	for (size_t i = 0; i < nr; i++) {
		const char *name = events[i];

		if (strncmp(name, "sys_enter_", 10))
			continue;
		for (size_t k = 0; k < t->nr; k++)
			if (!strcmp(t->descs[k].event, name + 10))
				t->in_kernel[k] = true;
	}
}

/*
 * One listing of tracefs's syscalls system says which calls this kernel has: the names
 * alone (no stat of each, as libtracefs's listing makes: 700 of them cost milliseconds).
 */
static void read_kernel_calls(struct sctable *t)
{
	const char *top = tracefs_tracing_dir();
	char path[PATH_MAX], **names = NULL;
	struct dirent *d;
	size_t n = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/events/syscalls", top ? top : "/sys/kernel/tracing");
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char **more;

		if (strncmp(d->d_name, "sys_enter_", 10))
			continue;
		more = realloc(names, (n + 1) * sizeof(*names));
		if (!more || !(more[n] = strdup(d->d_name))) {
			names = more ?: names;
			break;
		}
		names = more;
		n++;
	}
	if (dir)
		closedir(dir);
	sctable__set_kernel_calls(t, (const char *const *)names, n);
	while (n)
		free(names[--n]);
	free(names);
}

bool sctable__in_kernel(const struct sctable *t, int nr)
{
	struct sc_desc *d = find(t, nr);

	if (!d)
		return false;
	if (!t->kernel_read)
		read_kernel_calls((struct sctable *)t);
	return t->in_kernel[d - t->descs];
}

const struct sc_desc *sctable__get(struct sctable *t, int nr)
{
	struct sc_desc *d = find(t, nr);
	char event[64], *text;
	size_t len;

	if (!d || d->has_format)
		return d;
	snprintf(event, sizeof(event), "sys_enter_%s", d->event);
	if (!tpformat__read_format("syscalls", event, &text, &len)) {
		sctable__parse_format(d, text);
		free(text);
	}
	return d;
}

/* ---- every call's format at once, kept in the cache ---- */

/* The cached formats: "@NAME LENGTH\n" and the text, for each call the kernel has. */
static int parse_formats(struct sctable *t, const char *p, const char *end)
{
	char name[64];
	unsigned long len;
	int at, n = 0;

	while (p < end) {
		if (sscanf(p, "@%63s %lu%n", name, &len, &at) != 2 || at <= 0 || at >= end - p ||
		    p[at] != '\n' || len > (unsigned long)(end - p - at - 1))
			return -EINVAL;
		p += at + 1;
		for (size_t i = 0; i < t->nr; i++) {
			struct sc_desc *d = &t->descs[i];
			char *text;

			if (d->has_format || strcmp(d->event, name))
				continue;
			text = strndup(p, len);
			if (!text)
				return -ENOMEM;
			sctable__parse_format(d, text);
			free(text);
			n++;
		}
		p += len;
	}
	return n ? 0 : -EINVAL;
}

/* Each call's format from tracefs, into the table and, as the cache keeps them, into b. */
static void read_formats(struct sctable *t, struct dbuf *b)
{
	char event[64], *text, head[80];
	size_t len;

	for (size_t i = 0; i < t->nr; i++) {
		struct sc_desc *d = &t->descs[i];

		if (!sctable__in_kernel(t, d->nr))
			continue;
		snprintf(event, sizeof(event), "sys_enter_%s", d->event);
		if (tpformat__read_format("syscalls", event, &text, &len))
			continue;
		if (!d->has_format)
			sctable__parse_format(d, text);
		snprintf(head, sizeof(head), "@%s %zu\n", d->event, len);
		dbuf__put(b, head, strlen(head));
		dbuf__put(b, text, len);
		free(text);
	}
}

int sctable__read_all(struct sctable *t, struct cache *c)
{
	char id[HASH_HEX_SIZE], name[64];
	struct dbuf b = { 0 };
	size_t size;
	void *data;
	int err = vmlinuxh__btf_id(c, VMLINUXH_BTF_PATH, id);

	if (err)
		return err;
	snprintf(name, sizeof(name), "syscall-formats-%.16s", id);
	if (!cache__read(c, name, &data, &size)) {
		err = parse_formats(t, data, (const char *)data + size);
		free(data);
		if (!err)
			return 0;
	}
	read_formats(t, &b);
	err = b.err ?: cache__write(c, name, b.p, b.len);
	dbuf__free(&b);
	return err;
}

/* ---- a format's arguments ---- */

static bool is_one_of(const char *s, const char *const *set)
{
	for (; *set; set++)
		if (!strcmp(s, *set))
			return true;
	return false;
}

static bool ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && !strcmp(s + n - m, end);
}

static bool is_pointer(const char *type)
{
	return strchr(type, '*') != NULL;
}

/* What a file-descriptor argument is called in the kernel's prototypes. */
static bool is_fd_name(const char *name)
{
	static const char *const names[] = { "fd",   "oldfd",  "newfd", "fd_in", "fd_out",
					     "epfd", "fildes", "ufd",	"pidfd", "mqdes",
					     "fdin", "fdout",  NULL };

	return is_one_of(name, names);
}

/* Strings a call reads: const char * names and paths (write's buf is bytes). */
static bool is_string(const char *type, const char *name)
{
	static const char *const bytes[] = { "buf", "u_msg_ptr", NULL };

	if (!strcmp(type, "const char *"))
		return !is_one_of(name, bytes);
	/* mount and sethostname take theirs as char * */
	return !strcmp(type, "char *") && (ends_with(name, "name") || !strcmp(name, "type"));
}

static enum sc_arg_kind flags_kind(const char *call, const char *name)
{
	static const char *const open_calls[] = { "open", "openat", "creat", NULL };
	/* calls that make descriptors take O_CLOEXEC and O_NONBLOCK (or their SOCK_ twins) */
	static const char *const fd_calls[] = { "pipe2",     "dup3",	       "accept4",
						"eventfd2",  "inotify_init1",  "epoll_create1",
						"signalfd4", "timerfd_create", NULL };

	if (!strcmp(name, "flags") && is_one_of(call, open_calls))
		return SCA_OPEN_FLAGS;
	if (!strcmp(name, "flags") && is_one_of(call, fd_calls))
		return SCA_FD_FLAGS;
	if (!strcmp(name, "flags") && !strcmp(call, "mmap"))
		return SCA_MAP_FLAGS;
	if (!strcmp(name, "prot"))
		return SCA_PROT;
	if (!strcmp(name, "clone_flags"))
		return SCA_CLONE_FLAGS;
	if ((!strcmp(name, "flag") || !strcmp(name, "flags")) && ends_with(call, "at"))
		return SCA_AT_FLAGS;
	if (!strcmp(call, "statx") && !strcmp(name, "flags"))
		return SCA_AT_FLAGS;
	return SCA_UINT;
}

static enum sc_arg_kind named_kind(const char *call, const char *name)
{
	if (!strcmp(name, "sig") && strcmp(call, "rt_sigreturn"))
		return SCA_SIGNAL;
	if (!strcmp(name, "family"))
		return SCA_AF;
	if (!strcmp(name, "type") && (!strcmp(call, "socket") || !strcmp(call, "socketpair")))
		return SCA_SOCK_TYPE;
	if (!strcmp(name, "cmd") && !strncmp(call, "fcntl", 5))
		return SCA_FCNTL_CMD;
	if (!strcmp(name, "op") && !strcmp(call, "futex"))
		return SCA_FUTEX_OP;
	if (!strcmp(name, "whence") || !strcmp(name, "origin"))
		return SCA_WHENCE;
	if (!strcmp(name, "mode") && strcmp(call, "lseek") && strcmp(call, "fallocate") &&
	    strcmp(call, "ioprio_set"))
		return SCA_MODE;
	return flags_kind(call, name);
}

/* One argument of one call, or of the calls a prefix names ("send": sendto, sendmsg...). */
struct name_rule {
	const char *call; /* NULL: any call */
	const char *arg;
	enum sc_arg_kind kind;
	bool prefix; /* call is a prefix of the calls it applies to */
};

/* The arguments whose flags, commands or enumerations have names (syscalls/scflags.h). */
#define CALL_ARG(call, arg, kind)      \
	{                              \
		call, arg, kind, false \
	}
#define CALLS_ARG(prefix, arg, kind)    \
	{                               \
		prefix, arg, kind, true \
	}

static const struct name_rule name_rules[] = {
	CALL_ARG("ioctl", "cmd", SCA_IOCTL_CMD),
	CALL_ARG("ioctl", "arg", SCA_HEX),
	CALL_ARG("access", "mode", SCA_ACCESS_MODE),
	CALLS_ARG("faccessat", "mode", SCA_ACCESS_MODE),
	CALL_ARG("getrandom", "flags", SCA_GRND_FLAGS),
	CALL_ARG("arch_prctl", "option", SCA_ARCH_PRCTL_OPTION),
	CALL_ARG("arch_prctl", "arg2", SCA_HEX),
	CALL_ARG("prlimit64", "resource", SCA_RLIMIT),
	CALL_ARG("getrlimit", "resource", SCA_RLIMIT),
	CALL_ARG("setrlimit", "resource", SCA_RLIMIT),
	CALL_ARG("rt_sigprocmask", "how", SCA_SIGPROCMASK_HOW),
	CALL_ARG("sigprocmask", "how", SCA_SIGPROCMASK_HOW),
	CALL_ARG("madvise", "behavior", SCA_MADVISE_BEHAVIOR),
	CALL_ARG("process_madvise", "behavior", SCA_MADVISE_BEHAVIOR),
	CALL_ARG("setsockopt", "level", SCA_SOCKOPT_LEVEL),
	CALL_ARG("getsockopt", "level", SCA_SOCKOPT_LEVEL),
	CALL_ARG("setsockopt", "optname", SCA_SOCKOPT_NAME),
	CALL_ARG("getsockopt", "optname", SCA_SOCKOPT_NAME),
	CALLS_ARG("send", "flags", SCA_MSG_FLAGS), /* sendto, sendmsg, sendmmsg */
	CALLS_ARG("recv", "flags", SCA_MSG_FLAGS),
	CALL_ARG("wait4", "options", SCA_WAIT_OPTIONS),
	CALL_ARG("waitid", "options", SCA_WAIT_OPTIONS),
	CALL_ARG("statx", "mask", SCA_STATX_MASK),
	CALL_ARG("statx", "flags", SCA_STATX_FLAGS),
	CALL_ARG("epoll_ctl", "op", SCA_EPOLL_CTL_OP),
	CALL_ARG("fcntl", "arg", SCA_FCNTL_ARG),
	CALL_ARG(NULL, "which_clock", SCA_CLOCKID),
	CALL_ARG("timerfd_create", "clockid", SCA_CLOCKID),
	CALL_ARG("socket", "protocol", SCA_IPPROTO),
	CALL_ARG("socketpair", "protocol", SCA_IPPROTO),
	CALL_ARG("shutdown", "how", SCA_SHUTDOWN_HOW),
	CALL_ARG("flock", "cmd", SCA_FLOCK_OP),
	CALL_ARG("prctl", "option", SCA_PRCTL_OPTION),
	CALL_ARG("prctl", "arg2", SCA_HEX), /* a name, an address: as perf shows it */
	CALL_ARG("exit", "error_code", SCA_EXIT_CODE),
	CALL_ARG("exit_group", "error_code", SCA_EXIT_CODE),
};

static int name_rule_kind(const char *call, const char *name)
{
	for (size_t i = 0; i < sizeof(name_rules) / sizeof(name_rules[0]); i++) {
		const struct name_rule *r = &name_rules[i];

		if (strcmp(name, r->arg))
			continue;
		if (!r->call || !strcmp(call, r->call) ||
		    (r->prefix && !strncmp(call, r->call, strlen(r->call))))
			return r->kind;
	}
	return -1;
}

/* Addresses and offsets passed as numbers (mmap's addr, brk, clone's tls): hex. */
static bool is_address_name(const char *name)
{
	static const char *const names[] = { "off", "pgoff", "addr", "start",
					     "brk", "newsp", "tls",  NULL };

	return is_one_of(name, names);
}

static bool is_unsigned(const char *type)
{
	return strstr(type, "unsigned") || strstr(type, "size_t") || strstr(type, "umode_t") ||
	       strstr(type, "u32") || strstr(type, "u64");
}

/* Bytes a call reads, whose length is the next argument: write's, sendto's, setxattr's. */
static bool is_buf_in(const char *call, const char *name)
{
	static const char *const calls[] = { "write",	 "pwrite64",  "sendto",	   "mq_timedsend",
					     "setxattr", "lsetxattr", "fsetxattr", NULL };
	static const char *const names[] = { "buf", "buff", "u_msg_ptr", "value", NULL };

	return is_one_of(call, calls) && is_one_of(name, names);
}

/* Bytes a call fills, as many as it returns. */
static bool is_buf_out(const char *call, const char *name)
{
	static const char *const calls[] = { "read",	 "pread64",   "recvfrom",  "getrandom",
					     "getxattr", "lgetxattr", "fgetxattr", NULL };
	static const char *const names[] = { "buf", "ubuf", "value", NULL };

	return is_one_of(call, calls) && is_one_of(name, names);
}

/* A signal set is what the call fills when it is the old one (oset) or the pending one. */
static enum sc_arg_kind sigset_kind(const char *call, const char *name)
{
	return name[0] == 'o' || !strcmp(call, "rt_sigpending") ? SCA_SIGSET_OUT : SCA_SIGSET_IN;
}

/* A struct the call reads (in) or fills (out), by its argument's name. */
static enum sc_arg_kind in_or_out(const char *name, const char *const *out_names,
				  enum sc_arg_kind in, enum sc_arg_kind out)
{
	return is_one_of(name, out_names) ? out : in;
}

/* A timespec: futex's timeout, what clock_gettime fills, or what a call waits for. */
static int timespec_kind(const char *call, const char *type, const char *name)
{
	static const char *const filled[] = { "tp", "interval", NULL };

	if (!strcmp(call, "futex"))
		return SCA_FUTEX_TIMEOUT;
	if (!strcmp(name, "rmtp"))
		return -1; /* filled only when the sleep is cut short: the pointer, as strace */
	if (strncmp(type, "const ", 6) && is_one_of(name, filled))
		return SCA_TIMESPEC_OUT;
	return SCA_TIMESPEC_IN;
}

/* The structs of processes, signals and time. */
static int proc_struct_kind(const char *call, const char *type, const char *name)
{
	static const char *const old[] = { "oact", "old_rlim", NULL };
	static const char *const getters[] = { "getrlimit", "old_getrlimit", NULL };

	if (strstr(type, "struct sigaction *"))
		return in_or_out(name, old, SCA_SIGACTION_IN, SCA_SIGACTION_OUT);
	if (strstr(type, "struct rlimit64 *"))
		return in_or_out(name, old, SCA_RLIMIT64_IN, SCA_RLIMIT64_OUT);
	if (strstr(type, "struct rlimit *"))
		return is_one_of(call, getters) ? SCA_RLIMIT_OUT : SCA_RLIMIT_IN;
	if (strstr(type, "struct __kernel_timespec *"))
		return timespec_kind(call, type, name);
	if (!strcmp(call, "wait4") && !strcmp(name, "stat_addr"))
		return SCA_WAIT_STATUS_OUT;
	if (!strcmp(type, "struct rusage *"))
		return SCA_RUSAGE_OUT;
	if (!strcmp(type, "struct tms *"))
		return SCA_TMS_OUT;
	if (!strcmp(type, "struct clone_args *"))
		return SCA_CLONE_ARGS_IN;
	if (!strcmp(call, "sched_getaffinity") && !strcmp(name, "user_mask_ptr"))
		return SCA_CPUSET_OUT;
	return -1;
}

/* The structs of files, sockets and the system; ioctl's arg. */
static int other_struct_kind(const char *call, const char *type, const char *name)
{
	static const char *const lengths[] = { "usockaddr_len", "upeer_addrlen", "addr_len",
					       "optlen", NULL };

	if (!strcmp(type, "struct new_utsname *"))
		return SCA_UTSNAME_OUT;
	if (!strcmp(type, "struct sysinfo *"))
		return SCA_SYSINFO_OUT;
	if (!strcmp(type, "struct statfs *"))
		return SCA_STATFS_OUT;
	if (!strcmp(call, "getdents64") && !strcmp(name, "dirent"))
		return SCA_DIRENTS_OUT;
	if (!strcmp(type, "int *") && is_one_of(name, lengths))
		return SCA_SOCKLEN_INOUT;
	if (!strcmp(name, "optval"))
		return !strcmp(call, "setsockopt") ? SCA_SOCKOPT_IN : SCA_SOCKOPT_OUT;
	if (!strcmp(call, "ioctl") && !strcmp(name, "arg"))
		return SCA_IOCTL_ARG;
	return -1;
}

static bool is_exec(const char *call)
{
	return !strcmp(call, "execve") || !strcmp(call, "execveat");
}

/* Arrays with a printer of their own (scarray.h), or -1. */
static int array_kind(const char *call, const char *type, const char *name)
{
	static const char *const iov_in_calls[] = { "writev", "pwritev", "pwritev2", NULL };
	static const char *const iov_out_calls[] = { "readv", "preadv", "preadv2", NULL };
	bool is_iov = strstr(type, "struct iovec *") && !strcmp(name, "vec");

	if (is_exec(call) && !strcmp(name, "filename"))
		return SCA_EXEC_PATH;
	if (is_exec(call) && !strcmp(name, "argv"))
		return SCA_EXEC_ARGV;
	if (is_exec(call) && !strcmp(name, "envp"))
		return SCA_EXEC_ENVP;
	if (is_iov && is_one_of(call, iov_in_calls))
		return SCA_IOVEC_IN;
	if (is_iov && is_one_of(call, iov_out_calls))
		return SCA_IOVEC_OUT;
	if (strstr(type, "struct user_msghdr *"))
		return !strcmp(call, "sendmsg") ? SCA_MSGHDR_IN :
		       !strcmp(call, "recvmsg") ? SCA_MSGHDR_OUT :
						  -1;
	if (strstr(type, "struct pollfd *") && !strcmp(name, "ufds"))
		return SCA_POLLFDS;
	if (strstr(type, "struct epoll_event *"))
		return !strcmp(call, "epoll_ctl") ? SCA_EPOLL_EVENT_IN : SCA_EPOLL_EVENTS_OUT;
	return -1;
}

/* Memory the call reads or fills that has a decoder of its own, or -1. */
static int memory_kind(const char *call, const char *type, const char *name)
{
	int ak = array_kind(call, type, name), k;

	if (ak >= 0)
		return ak;
	if (is_buf_in(call, name))
		return SCA_BUF_IN;
	if (is_buf_out(call, name))
		return SCA_BUF_OUT;
	if ((!strcmp(call, "getcwd") || !strncmp(call, "readlink", 8)) && !strcmp(name, "buf"))
		return SCA_STR_OUT;
	if (!strcmp(type, "struct stat *"))
		return SCA_STAT_OUT;
	if (!strcmp(type, "struct statx *"))
		return SCA_STATX_OUT;
	if (strstr(type, "sigset_t *"))
		return sigset_kind(call, name);
	k = proc_struct_kind(call, type, name);
	return k >= 0 ? k : other_struct_kind(call, type, name);
}

enum sc_arg_kind sctable__arg_kind(const char *call, const char *type, const char *name)
{
	enum sc_arg_kind k;
	int mk;

	static const char *const addr_out_calls[] = { "accept",	     "accept4",	    "recvfrom",
						      "getsockname", "getpeername", NULL };

	if (is_string(type, name) && !is_exec(call))
		return SCA_STRING;
	if (strstr(type, "struct sockaddr *"))
		return is_one_of(call, addr_out_calls) ? SCA_SOCKADDR_OUT : SCA_SOCKADDR;
	mk = memory_kind(call, type, name);
	if (mk >= 0)
		return (enum sc_arg_kind)mk;
	if ((!strcmp(call, "pipe2") || !strcmp(call, "pipe")) && !strcmp(name, "fildes"))
		return SCA_FDPAIR_OUT;
	if (!strcmp(call, "socketpair") && !strcmp(name, "usockvec"))
		return SCA_FDPAIR_OUT;
	if (is_pointer(type))
		return SCA_HEX;
	mk = name_rule_kind(call, name);
	if (mk >= 0)
		return (enum sc_arg_kind)mk;
	if (ends_with(name, "dfd"))
		return SCA_DFD;
	if (is_fd_name(name))
		return SCA_FD;
	if (is_address_name(name))
		return SCA_HEX;
	k = named_kind(call, name);
	if (k != SCA_UINT)
		return k;
	return is_unsigned(type) ? SCA_UINT : SCA_INT;
}

/* "\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;" -> type and name */
static int parse_field(const char *line, char *type, size_t tsize, char *name, size_t nsize)
{
	const char *p = strstr(line, "field:"), *end, *sp;
	size_t n;

	if (!p)
		return -EINVAL;
	p += 6;
	end = strchr(p, ';');
	if (!end)
		return -EINVAL;
	for (sp = end; sp > p && sp[-1] != ' ' && sp[-1] != '*'; sp--)
		;
	if (sp == end || (size_t)(end - sp) >= nsize)
		return -EINVAL;
	memcpy(name, sp, end - sp);
	name[end - sp] = '\0';
	while (sp > p && sp[-1] == ' ')
		sp--;
	n = (size_t)(sp - p) < tsize - 1 ? (size_t)(sp - p) : tsize - 1;
	memcpy(type, p, n);
	type[n] = '\0';
	return 0;
}

int sctable__parse_format(struct sc_desc *d, const char *text)
{
	const char *line = strstr(text, "__syscall_nr;");
	uint8_t n = 0;

	if (!line)
		return -EINVAL;
	while ((line = strchr(line, '\n')) && n < SC_MAX_ARGS) {
		char type[64], name[SC_ARG_NAME_MAX];
		const char *size;

		line++;
		if (parse_field(line, type, sizeof(type), name, sizeof(name)))
			break;
		size = strstr(line, "size:");
		memcpy(d->args[n].name, name, sizeof(name));
		d->args[n].kind = sctable__arg_kind(d->name, type, name);
		d->args[n].size = size && atoi(size + 5) == 4 ? 4 : 8;
		/* the format's slots are all 8 bytes: the C type says an int is 4 */
		if (!strcmp(type, "int") || !strcmp(type, "unsigned int") ||
		    !strcmp(type, "pid_t") || !strcmp(type, "uid_t") || !strcmp(type, "gid_t"))
			d->args[n].size = 4;
		n++;
	}
	d->nr_args = n;
	d->has_format = true;
	return 0;
}

/* ---- what the capture reads ---- */

void sctable__capture_spec(const struct sc_desc *d, struct sysrec_spec *spec)
{
	memset(spec, 0, sizeof(*spec));
	spec->nargs = d->nr_args;
	for (int i = 0; i < d->nr_args; i++) {
		const struct sc_kind_row *row = scargs__row(d->args[i].kind);

		/* a length in the next argument: connect(fd, addr, addrlen), write(fd, buf, n) */
		if (row->len_from == SC_LEN_NEXT && i + 1 >= d->nr_args)
			continue; /* no length to read it by */
		spec->kind[i] = row->capture;
		spec->when[i] = row->when;
		spec->size[i] = row->size;
		if (row->len_from == SC_LEN_NEXT)
			spec->len_arg[i] = (uint8_t)(i + 1);
		if (row->capture == SYSREC_KIND_EXEC_ARGS)
			spec->flags |= SYSREC_SPEC_NEW_MM;
	}
}

void sctable__capture_fds(const struct sc_desc *d, struct sysrec_spec *spec)
{
	for (int i = 0; i < d->nr_args && i < SYSREC_ARGS; i++) {
		if (d->args[i].kind == SCA_FD || d->args[i].kind == SCA_DFD)
			spec->fd_args |= 1 << i;
		if (d->args[i].kind == SCA_FDPAIR_OUT)
			spec->fd_out |= SYSREC_FD_OUT_FDS;
	}
	if (d->ret_fd)
		spec->fd_out |= SYSREC_FD_OUT_RET;
}

bool sctable__ret_is_fd(const struct sc_desc *d, const uint64_t *args)
{
	if (!d->ret_fd)
		return false;
	return strcmp(d->name, "fcntl") || args[1] == F_DUPFD || args[1] == F_DUPFD_CLOEXEC;
}
