// SPDX-License-Identifier: GPL-2.0
/* System-call selection: names, globs, negation and classes, checked against the kernel. */
#include <errno.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>

#include "util/errmsg.h"
#include "util/similar.h"
#include "syscalls/scsel.h"
#include "syscalls/sctable.h"

/*
 * The classes whose members no argument names: strace's groups in our words. %file and
 * %desc follow from the arguments (sctable.h) and these lists.
 */
static const char *const net_calls[] = {
	"socket",      "socketpair",  "bind",	    "connect",	  "listen",  "accept",	"accept4",
	"getsockname", "getpeername", "sendto",	    "recvfrom",	  "sendmsg", "recvmsg", "sendmmsg",
	"recvmmsg",    "shutdown",    "setsockopt", "getsockopt", NULL,
};
static const char *const process_calls[] = {
	"clone",
	"clone3",
	"fork",
	"vfork",
	"execve",
	"execveat",
	"exit",
	"exit_group",
	"wait4",
	"waitid",
	"kill",
	"tkill",
	"tgkill",
	"rt_sigqueueinfo",
	"rt_tgsigqueueinfo",
	"pidfd_open",
	"pidfd_send_signal",
	"pidfd_getfd",
	"unshare",
	"setns",
	NULL,
};
static const char *const memory_calls[] = {
	"brk",
	"mmap",
	"munmap",
	"mremap",
	"mprotect",
	"pkey_mprotect",
	"madvise",
	"process_madvise",
	"mlock",
	"mlock2",
	"munlock",
	"mlockall",
	"munlockall",
	"msync",
	"mincore",
	"remap_file_pages",
	"mbind",
	"set_mempolicy",
	"get_mempolicy",
	"migrate_pages",
	"move_pages",
	"mseal",
	NULL,
};
static const char *const signal_calls[] = {
	"rt_sigaction",
	"rt_sigprocmask",
	"rt_sigreturn",
	"rt_sigpending",
	"rt_sigtimedwait",
	"rt_sigsuspend",
	"rt_sigqueueinfo",
	"rt_tgsigqueueinfo",
	"sigaltstack",
	"signalfd",
	"signalfd4",
	"kill",
	"tkill",
	"tgkill",
	"pause",
	"pidfd_send_signal",
	NULL,
};
static const char *const ipc_calls[] = {
	"msgget",     "msgsnd", "msgrcv", "msgctl", "semget", "semop", "semctl",
	"semtimedop", "shmget", "shmat",  "shmdt",  "shmctl", NULL,
};
/* Calls that make a descriptor without taking one. */
static const char *const fd_making_calls[] = {
	"open",
	"creat",
	"openat",
	"openat2",
	"socket",
	"socketpair",
	"pipe",
	"pipe2",
	"epoll_create",
	"epoll_create1",
	"eventfd",
	"eventfd2",
	"signalfd",
	"timerfd_create",
	"memfd_create",
	"memfd_secret",
	"inotify_init",
	"inotify_init1",
	"fanotify_init",
	"pidfd_open",
	"perf_event_open",
	"userfaultfd",
	"io_uring_setup",
	"fsopen",
	"fspick",
	"open_tree",
	"select",
	"pselect6",
	"poll",
	"ppoll",
	NULL,
};

static bool listed(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (!strcmp(name, *list))
			return true;
	return false;
}

static bool is_path_arg(const struct sc_arg *a)
{
	static const char *const names[] = { "oldname", "newname",  "dev_name", "dir_name",
					     "put_old", "new_root", "special",	NULL };

	return a->kind == SCA_STRING &&
	       (strstr(a->name, "path") || strstr(a->name, "file") || listed(a->name, names));
}

static bool takes(const struct sc_desc *d, bool (*pred)(const struct sc_arg *))
{
	for (int i = 0; i < d->nr_args; i++)
		if (pred(&d->args[i]))
			return true;
	return false;
}

static bool is_fd_arg(const struct sc_arg *a)
{
	return a->kind == SCA_FD || a->kind == SCA_DFD;
}

/* Is call d in class (without its '%')? -ENOENT for a class that does not exist. */
static int in_class(struct sctable *t, const struct sc_desc *d, const char *class)
{
	if (!strcmp(class, "file"))
		return takes(sctable__get(t, d->nr), is_path_arg);
	if (!strcmp(class, "desc"))
		return listed(d->name, fd_making_calls) || takes(sctable__get(t, d->nr), is_fd_arg);
	if (!strcmp(class, "net") || !strcmp(class, "network"))
		return listed(d->name, net_calls);
	if (!strcmp(class, "process"))
		return listed(d->name, process_calls);
	if (!strcmp(class, "memory"))
		return listed(d->name, memory_calls);
	if (!strcmp(class, "signal"))
		return listed(d->name, signal_calls);
	if (!strcmp(class, "ipc"))
		return listed(d->name, ipc_calls);
	return -ENOENT;
}

int scsel__init(struct scsel *sel, struct sctable *table)
{
	size_t n = sctable__count(table);

	*sel = (struct scsel){ .table = table };
	sel->max_nr = n ? sctable__at(table, n - 1)->nr : 0;
	sel->on = calloc(sel->max_nr + 1, sizeof(*sel->on));
	return sel->on ? 0 : -ENOMEM;
}

void scsel__exit(struct scsel *sel)
{
	free(sel->on);
	sel->on = NULL;
}

bool scsel__has(const struct scsel *sel, int nr)
{
	return nr >= 0 && nr <= sel->max_nr && sel->on[nr];
}

size_t scsel__count(const struct scsel *sel)
{
	size_t n = 0;

	for (int i = 0; i <= sel->max_nr; i++)
		n += sel->on[i];
	return n;
}

void scsel__all(struct scsel *sel)
{
	for (size_t i = 0; i < sctable__count(sel->table); i++) {
		const struct sc_desc *d = sctable__at(sel->table, i);

		if (sctable__in_kernel(sel->table, d->nr))
			sel->on[d->nr] = true;
	}
}

static bool is_glob(const char *s)
{
	return strpbrk(s, "*?[") != NULL;
}

/* Does call d match term (a name, a glob or a %class)? <0: a class that does not exist. */
static int matches(struct sctable *t, const struct sc_desc *d, const char *term)
{
	if (term[0] == '%')
		return in_class(t, d, term + 1);
	/* a call's tracepoint names it too: newstat is stat */
	if (is_glob(term))
		return !fnmatch(term, d->name, 0) || !fnmatch(term, d->event, 0);
	return !strcmp(term, d->name) || !strcmp(term, d->event);
}

static int unknown_term(struct scsel *sel, const char *term)
{
	size_t n = sctable__count(sel->table);
	const char **names = calloc(n ?: 1, sizeof(*names));
	const char *best[3];
	size_t nb;

	if (term[0] == '%') {
		free(names);
		errmsg__set(-EINVAL, "unknown system-call class '%s'", term);
		errmsg__hint("classes are %%file, %%desc, %%net, %%process, %%memory, %%signal, "
			     "%%ipc");
		return -EINVAL;
	}
	errmsg__set(-EINVAL, "'%s' is not a system call of this kernel", term);
	if (!names)
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		const struct sc_desc *d = sctable__at(sel->table, i);

		names[i] = sctable__in_kernel(sel->table, d->nr) ? d->name : NULL;
	}
	nb = is_glob(term) ? 0 : similar__closest(term, names, n, best, 3);
	if (nb)
		errmsg__hint("did you mean %s%s%s%s%s?", best[0], nb > 1 ? ", " : "",
			     nb > 1 ? best[1] : "", nb > 2 ? ", " : "", nb > 2 ? best[2] : "");
	else
		errmsg__hint("the kernel's system calls are the sys_enter_* events of tracefs's "
			     "syscalls system");
	free(names);
	return -EINVAL;
}

/* One term: set (or with '!', clear) the calls it matches. */
static int apply_term(struct scsel *sel, const char *term)
{
	bool off = term[0] == '!';
	size_t hits = 0;

	if (off)
		term++;
	if (!*term)
		return errmsg__set(-EINVAL, "empty system-call name in the selection");
	if (off && !sel->any_term)
		scsel__all(sel);
	sel->any_term = true;
	for (size_t i = 0; i < sctable__count(sel->table); i++) {
		const struct sc_desc *d = sctable__at(sel->table, i);
		int m;

		if (!sctable__in_kernel(sel->table, d->nr))
			continue;
		m = matches(sel->table, d, term);
		if (m < 0)
			break;
		if (m) {
			sel->on[d->nr] = !off;
			hits++;
		}
	}
	return hits ? 0 : unknown_term(sel, term);
}

int scsel__add(struct scsel *sel, const char *spec)
{
	char *copy = strdup(spec), *save = NULL;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	for (char *term = strtok_r(copy, ",", &save); term && !err;
	     term = strtok_r(NULL, ",", &save))
		err = apply_term(sel, term);
	free(copy);
	return err;
}

bool scsel__looks_like_term(const char *word)
{
	const char *p = word;

	if (*p == '!')
		p++;
	if (*p == '%')
		p++;
	if (!*p)
		return false;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') || strchr("_*?[]", *p)))
			return false;
	return true;
}
