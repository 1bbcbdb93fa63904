/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What bpf/syscalls.bpf.c and lib/ share: the records the capture writes into its ring
 * buffer, the per-system-call table user space fills before load, and the values of the
 * counting map. Fixed-width types only, no pointers: one layout on both sides.
 *
 * A record is a head, a body by type, then items (data read from the caller's memory), each
 * an item head and len bytes, up to head.size:
 *
 *	ENTER	head, __u64 args[SYSREC_NARGS(head.flags)], items read at entry
 *	EXIT	head, struct sysrec_exit, items read at exit
 *	SIGNAL	head, struct sysrec_signal
 *	TASK_EXIT head, struct sysrec_task_exit
 *
 * and, with SYSREC_F_CGROUP, the task's cgroup id last.
 *
 * A body may grow at its end in later versions: readers take the bytes they know.
 *
 * With -y (sysrec_spec.fd_args, fd_out), FDINFO items say what descriptors refer to, read
 * from the task's own table: at entry, those the call's arguments name; at exit, the one it
 * returned and those an FDS argument filled. Their arg is the argument, SYSREC_ARG_RET for
 * the result.
 *
 * An argument read at entry whose memory was not there (a page not touched yet: a string
 * in a program's read-only data) has a faulted item in the ENTER and, if the call made the
 * page present, the item read again in the EXIT, with its entry kind.
 *
 * Records are packed (no padding between items); read them with memcpy.
 */
#ifndef PERF_BPF_BPF_SYSCALLS_H
#define PERF_BPF_BPF_SYSCALLS_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

#define SYSREC_NR_MAX 512 /* system calls numbered from 0 to this (excluded) are traced */
#define SYSREC_ARGS 6
#define SYSREC_STRSIZE_DEFAULT 32 /* as strace's -s; paths are read whole */
#define SYSREC_STRSIZE_MAX 4096
#define SYSREC_SOCKADDR_MAX 128 /* sizeof(struct sockaddr_storage) */
/* A record, items included, is never longer: items past it are left out (SYSREC_F_ITEMS_CUT). */
#define SYSREC_RECORD_MAX 12288

enum sysrec_type {
	SYSREC_ENTER = 1,
	SYSREC_EXIT = 2,
	/*
	 * Made by user space, never by the capture: one (thread, call) pair of the counting
	 * map, head.tid and head.nr its key, then a struct sysrec_count (a recording of `-s`).
	 */
	SYSREC_COUNT = 3,
	/* A signal delivered to thread head.tid: head, struct sysrec_signal (head.nr is 0). */
	SYSREC_SIGNAL = 4,
	/*
	 * Process head.pid ended with its last thread, head.tid: head, struct sysrec_task_exit
	 * (head.nr is 0). With SYSREC_EXIT_F_THREAD in head.flags, thread head.tid ended, not
	 * the group's leader: its own status (the process's, when exit_group or a signal ended
	 * them all); the process's record follows its last thread's.
	 */
	SYSREC_TASK_EXIT = 5,
	/*
	 * Counting only, never recorded: thread head.tid ended, its counts are final. head,
	 * struct sysrec_thread_end (head.nr is 0). User space takes them out of the counting
	 * map, which then has room for the threads that come.
	 */
	SYSREC_THREAD_END = 6,
};

/* sysrec_head.flags: the low bits count the arguments of an ENTER, the others are flags */
#define SYSREC_NARGS(flags) ((flags)&7)
#define SYSREC_F_NO_ENTRY 0x08 /* EXIT whose ENTER came before the capture: no duration */
#define SYSREC_F_ITEMS_CUT 0x10 /* items left out: the record reached SYSREC_RECORD_MAX */
/* COUNT of no thread (the spill's, by call only): head.pid and head.tid are the target's */
#define SYSREC_F_NO_THREAD 0x20
/*
 * Any type: the record's last 8 bytes (counted in head.size, past SYSREC_RECORD_MAX for one
 * that is full) are the __u64 id of its task's cgroup in the cgroup2 hierarchy, when asked for.
 */
#define SYSREC_F_CGROUP 0x40

struct sysrec_head {
	__u64 time; /* ns of CLOCK_MONOTONIC (CLOCK_BOOTTIME when asked for) */
	__u32 pid; /* the thread group */
	__u32 tid;
	__u16 size; /* bytes of the record, this head, its body and its items */
	__u16 nr; /* system call number */
	__u16 cpu;
	__u8 type; /* enum sysrec_type */
	__u8 flags;
};

struct sysrec_exit {
	__s64 ret;
	__u64 duration; /* ns since the ENTER; 0 with SYSREC_F_NO_ENTRY */
};

/* SIGNAL: sysrec_head.flags */
#define SYSREC_SIG_F_UNDELIVERED 0x01 /* seen as it was sent: ignored, or fatal to the group */

/*
 * A signal's siginfo as the kernel had it. fields[] is its union of fields by si_code, laid
 * out as user space's siginfo_t has it past si_code (LP64): the sender's pid and uid at
 * bytes 0 and 4, SIGCHLD's status at 8 and times (clock ticks) at 16 and 24, the value of
 * SI_QUEUE and timers at 8, a fault's address at 0, and so on.
 */
struct sysrec_signal {
	__s32 signo;
	__s32 code; /* si_code */
	__s32 err; /* si_errno */
	__u32 pad;
	__u64 fields[4];
};

/* THREAD_END: the keys of the ended thread's counts */
struct sysrec_thread_end {
	__u64 start; /* sysrec_count_key.start */
	__u64 called[SYSREC_NR_MAX / 64]; /* bit nr: a count of call nr is in the map */
	char comm[16]; /* the thread's name at its end */
	__u64 cgroup; /* counted by cgroup: the one it ended in (sysrec_count_key.cgroup) */
};

/* TASK_EXIT: sysrec_head.flags */
#define SYSREC_EXIT_F_THREAD 0x01 /* a thread's end, not its process's */

/* TASK_EXIT: the process's end (or the thread's) */
struct sysrec_task_exit {
	__s32 status; /* as wait() reports it: the exit code << 8, or the signal | 0x80 (core) */
	__u32 pad;
};

/*
 * What an argument points to, read by the capture: how its length is found, the kinds of
 * sysrec_spec.kind[] and of an item's flags (recordings keep them: never renumber). When it
 * is read, at entry or at exit and for which results, is sysrec_spec.when[]. Lengths are cut
 * at strsize (STR at SYSREC_STRSIZE_MAX, SOCKADDR* at SYSREC_SOCKADDR_MAX, FIXED and ARRAY*
 * at SYSREC_FIXED_MAX).
 */
enum sysrec_kind {
	SYSREC_KIND_NONE = 0, /* the value only */
	SYSREC_KIND_STR = 1, /* a C string */
	SYSREC_KIND_BUF = 2, /* bytes, as many as argument len_arg says */
	SYSREC_KIND_SOCKADDR = 3, /* a socket address, argument len_arg bytes */
	SYSREC_KIND_BUF_RET = 4, /* the bytes the call filled, ret of them (at most size[]
				    when it is set, else strsize: getdents64's entries) */
	SYSREC_KIND_FDS = 5, /* the int[2] the call filled */
	SYSREC_KIND_SOCKADDR_RET = 6, /* a socket address, its length in the int argument
					 len_arg points to */
	SYSREC_KIND_FIXED = 7, /* sysrec_spec.size[] bytes: a struct */
	SYSREC_KIND_ARRAY = 8, /* size[] bytes times argument len_arg: poll's fds */
	SYSREC_KIND_ARRAY_RET = 9, /* size[] bytes times ret: epoll_wait's events */
	SYSREC_KIND_STRARRAY = 10, /* a NULL-ended array of strings: an exec's envp */
	/*
	 * An exec's argv: a STRARRAY at entry and at a failed exit; at a successful exit, the
	 * new program's filename and argv where its mm keeps them: the caller's pages are
	 * gone, and after fork() they were not all there at entry.
	 */
	SYSREC_KIND_EXEC_ARGS = 11,
	SYSREC_KIND_IOVEC = 12, /* struct iovec times argument len_arg, and their bytes */
	SYSREC_KIND_MSGHDR = 13, /* a struct user_msghdr, then its iovecs as an IOVEC's */
	/* -y: a struct sysrec_fd and its name for the descriptors the argument names (FDS: 2) */
	SYSREC_KIND_FDINFO = 14,
	SYSREC_KIND_COUNT,
};

/*
 * sysrec_spec.when[]: when an argument's memory is read. At exit only for the results
 * that fill it: a call that failed filled nothing.
 */
enum sysrec_when {
	SYSREC_AT_ENTRY = 0, /* what the call reads */
	SYSREC_AT_EXIT_OK = 1, /* ret >= 0 */
	SYSREC_AT_EXIT_POS = 2, /* ret > 0 */
	SYSREC_AT_EXIT_ZERO = 3, /* ret == 0 */
	/* at entry, and at exit when ret >= 0: an int the call reads and rewrites (a socklen) */
	SYSREC_AT_ENTRY_EXIT_OK = 4,
	SYSREC_AT_ENTRY_AND_EXIT = 5, /* both: an exec's argv */
	SYSREC_AT_ENTRY_AND_EXIT_POS = 6, /* both, at exit when ret > 0: poll's fds and revents */
};

/*
 * Recordings made before sysrec_spec.when[] read these kinds at exit only, as what the
 * call filled; their items carry no SYSREC_ITEM_OUT.
 */
#define SYSREC_KIND_OUT_BEFORE_WHEN(kind)                              \
	((kind) == SYSREC_KIND_BUF_RET || (kind) == SYSREC_KIND_FDS || \
	 (kind) == SYSREC_KIND_SOCKADDR_RET)

/* sysrec_item.flags: the low bits are the enum sysrec_kind, the others are flags */
#define SYSREC_ITEM_KIND(flags) ((flags)&0x0f)
#define SYSREC_ITEM_TRUNC 0x10 /* there was more than len bytes */
#define SYSREC_ITEM_FAULT 0x20 /* the memory could not be read (NULL, unmapped): len is 0 */
#define SYSREC_ITEM_OUT 0x40 /* read at exit as what the call filled (not an entry's retry) */
/* Some of it could not be read (an iovec's bytes, a string of argv): read again at exit. */
#define SYSREC_ITEM_PART 0x80

#define SYSREC_FIXED_MAX 1024 /* bytes of a struct or an array kept */

/*
 * The data of the array kinds, packed, never longer than SYSREC_ARRAY_MAX bytes:
 *
 *	STRARRAY	__u32 count, then the first spec.size[] strings, each a __u16 head
 *			(SYSREC_STR_*) and its bytes without a NUL, cut at strsize
 *	EXEC_ARGS	__u16 the filename's length, the filename, then the argv strings as
 *			the mm keeps them, each ended by a NUL, to the item's end (cut: TRUNC)
 *	IOVEC		__u32 count, then per iovec a struct sysrec_iov and its got bytes
 *	MSGHDR		SYSREC_MSGHDR_SIZE bytes of the struct, then an IOVEC's data
 *
 * The bytes of iovecs: at entry all of each, at exit ret of them spread over the iovecs in
 * order; each cut at strsize. count is the array's length: elements past those kept (the
 * room ran out) are counted; a walk that stopped before the array's end sets TRUNC (more
 * than SYSREC_STRARRAY_MAX strings, an array that runs into unmapped memory).
 */
#define SYSREC_ARRAY_MAX 4096
#define SYSREC_STRARRAY_MAX 65536 /* pointers walked */
#define SYSREC_STR_LEN(head) ((head)&0x1fff)
#define SYSREC_STR_CUT 0x8000 /* the string was longer */
#define SYSREC_STR_FAULT 0x4000 /* it could not be read: len is 0 */
#define SYSREC_MSGHDR_SIZE 56 /* struct user_msghdr of a 64-bit task */

struct sysrec_iov {
	__u64 base;
	__u64 len;
	__u16 got; /* bytes that follow */
	__u16 flags; /* SYSREC_STR_CUT, SYSREC_STR_FAULT */
	__u32 pad;
};

/* An FDINFO item's arg for the call's result */
#define SYSREC_ARG_RET SYSREC_ARGS
#define SYSREC_FD_NAME_MAX 32

/*
 * What descriptor fd referred to in its task's table, as the kernel had it, when it is what
 * its path does not say: a pipe, a socket, an anonymous inode (no file type in mode: an
 * eventfd, an epoll), a fifo. Followed by name_len bytes of its dentry's name (no NUL):
 * an anonymous inode's "[eventfd]", "inotify"; a fifo's own; none for a pipe or a socket.
 * Descriptors of other files (regular ones, devices), or of no file, have none.
 */
struct sysrec_fd {
	__u64 ino;
	__s32 fd;
	__u16 mode; /* the inode's i_mode: S_IFMT's type and the permission bits */
	__u8 name_len; /* at most SYSREC_FD_NAME_MAX */
	__u8 pad;
};

struct sysrec_item {
	__u16 len; /* bytes that follow; a string's without its NUL */
	__u8 arg; /* the argument, from 0 */
	__u8 flags;
};

/* sysrec_spec.flags */
#define SYSREC_SPEC_SELECTED 0x01 /* the call is traced */
#define SYSREC_SPEC_ENTER_ITEMS 0x02 /* some kind[] is read at entry */
#define SYSREC_SPEC_EXIT_ITEMS 0x04 /* some kind[] is read at exit */
/* Succeeded, the call replaced the address space (exec): no pointer of entry is read again. */
#define SYSREC_SPEC_NEW_MM 0x08

/* How to capture one system call: an entry of the table indexed by its number. */
struct sysrec_spec {
	__u8 flags;
	__u8 nargs; /* arguments copied into the ENTER record */
	__u8 kind[SYSREC_ARGS]; /* enum sysrec_kind of each argument */
	__u8 len_arg[SYSREC_ARGS]; /* for kinds with a length: the argument that holds it */
	__u8 when[SYSREC_ARGS]; /* enum sysrec_when */
	__u16 size[SYSREC_ARGS]; /* FIXED: bytes; ARRAY*: bytes of one element */
	/* -y: bit i, argument i is a descriptor, named at entry by an FDINFO item */
	__u8 fd_args;
	__u8 fd_out; /* -y: SYSREC_FD_OUT_*, the descriptors the call makes, named at exit */
};

#define SYSREC_FD_OUT_RET 0x01 /* the result, when it is not negative */
#define SYSREC_FD_OUT_FDS 0x02 /* the two an FDS argument holds, when the call returned 0 */

/*
 * Counting: a duration histogram of log-linear buckets, 2^SYSREC_HIST_SUB_BITS per power of
 * two. Durations below 2^SYSREC_HIST_SUB_BITS ns have a bucket each; the last bucket takes
 * every duration from its low bound up (about 69 minutes).
 */
#define SYSREC_HIST_SUB_BITS 3
#define SYSREC_HIST_SUB (1 << SYSREC_HIST_SUB_BITS)
#define SYSREC_HIST_BUCKETS 320

/*
 * A thread's count of a call. start tells apart two threads that had the same tid one
 * after the other: the kernel's start time of the thread (ns of CLOCK_MONOTONIC), 0 for
 * the counts of no thread (the spill arrays'). cgroup: the cgroup the calls were made in,
 * when counted by cgroup (a thread moved to another has a count in each), else 0.
 */
struct sysrec_count_key {
	__u32 tid;
	__u32 nr;
	__u64 start;
	__u64 cgroup;
};

struct sysrec_count {
	__u64 calls;
	__u64 errors; /* calls that returned -4095..-1 */
	__u64 total_ns;
	__u64 min_ns;
	__u64 max_ns;
	__u64 sumsq_lo; /* the sum of the squared durations (ns^2), 128 bits */
	__u64 sumsq_hi;
	__u32 pid;
	__u32 flags; /* SYSREC_COUNT_F_*, set by user space */
	char comm[16]; /* the thread's name at its first call (SYSREC_COUNT_F_ENDED: its end) */
	__u32 hist[SYSREC_HIST_BUCKETS];
	/* appended later: a COUNT record of an older recording ends before it (it is 0) */
	/* the thread's cgroup (v2) at its first call (or the key's): its id, the inode number */
	__u64 cgroup;
};

/* sysrec_count.flags */
#define SYSREC_COUNT_F_ENDED 0x01 /* the thread had ended: comm is its last name */

/* The bytes of a struct sysrec_count before cgroup: a COUNT record's of older recordings. */
#define SYSREC_COUNT_V1_SIZE (sizeof(struct sysrec_count) - sizeof(__u64))

/*
 * --errno-summary: the calls that failed by errno, a slot each: 1..SYSREC_ERRNO_LOW_MAX at
 * their own number, the kernel's own codes from 512 (ERESTARTSYS) to 531 after them, and
 * slot 0 for any other error (-4095..-1).
 */
#define SYSREC_ERRNO_LOW_MAX 133 /* EHWPOISON */
#define SYSREC_ERRNO_HIGH_MIN 512 /* ERESTARTSYS */
#define SYSREC_ERRNO_HIGH_MAX 531 /* the last of the kernel's own codes (ENOGRACE) */
#define SYSREC_ERRNO_SLOTS \
	(SYSREC_ERRNO_LOW_MAX + 1 + SYSREC_ERRNO_HIGH_MAX - SYSREC_ERRNO_HIGH_MIN + 1)

struct sysrec_errnos {
	__u64 n[SYSREC_ERRNO_SLOTS];
};

/* The slot of errno err (1..4095). */
static inline __u32 sysrec_errno_slot(__u32 err)
{
	if (err <= SYSREC_ERRNO_LOW_MAX)
		return err;
	if (err >= SYSREC_ERRNO_HIGH_MIN && err <= SYSREC_ERRNO_HIGH_MAX)
		return err - SYSREC_ERRNO_HIGH_MIN + SYSREC_ERRNO_LOW_MAX + 1;
	return 0;
}

/* The errno of slot i; 0 for slot 0, the others. */
static inline __u32 sysrec_slot_errno(__u32 i)
{
	if (i <= SYSREC_ERRNO_LOW_MAX)
		return i;
	return i - SYSREC_ERRNO_LOW_MAX - 1 + SYSREC_ERRNO_HIGH_MIN;
}

/* Records and counts the capture could not keep, per CPU. */
struct sysrec_lost {
	__u64 records; /* the ring buffer was full */
	__u64 calls; /* counted, but not by thread: the counting map was full (the spill's) */
	__u64 tasks; /* children not followed: the task maps were full */
	__u64 ends; /* THREAD_END not told (ring full): their counts stay to the end */
	__u64 uncounted; /* calls neither counted by thread nor held to be: none but in theory */
};

/* The histogram bucket of a duration of ns nanoseconds. */
static inline __u32 sysrec_hist_bucket(__u64 ns)
{
	__u64 v = ns;
	__u32 p = 0, b;

	if (ns < SYSREC_HIST_SUB)
		return (__u32)ns;
	/* p = floor(log2(ns)), by halves */
	if (v >> 32) {
		v >>= 32;
		p += 32;
	}
	if (v >> 16) {
		v >>= 16;
		p += 16;
	}
	if (v >> 8) {
		v >>= 8;
		p += 8;
	}
	if (v >> 4) {
		v >>= 4;
		p += 4;
	}
	if (v >> 2) {
		v >>= 2;
		p += 2;
	}
	if (v >> 1)
		p += 1;
	/* SUB buckets per power, told apart by the bits below the top one */
	b = (p - SYSREC_HIST_SUB_BITS + 1) << SYSREC_HIST_SUB_BITS;
	b |= (ns >> (p - SYSREC_HIST_SUB_BITS)) & (SYSREC_HIST_SUB - 1);
	return b < SYSREC_HIST_BUCKETS ? b : SYSREC_HIST_BUCKETS - 1;
}

/* Add d * d to the 128-bit sum lo + hi * 2^64. */
static inline void sysrec_add_square(__u64 *lo, __u64 *hi, __u64 d)
{
	__u64 l = d & 0xffffffff, h = d >> 32;

	if (!h) { /* below 4.3 s, as nearly every call: one product */
		l *= l;
		*lo += l;
		*hi += *lo < l;
		return;
	}
	__u64 ll = l * l, lh = l * h, hh = h * h;
	/* d^2 = hh * 2^64 + lh * 2^33 + ll */
	__u64 low = ll + (lh << 33), carry = low < ll;

	*lo += low;
	carry += *lo < low;
	*hi += hh + (lh >> 31) + carry;
}

/*
 * One call of ns nanoseconds into a count whose min_ns is set (to the first call's, or to the
 * most there is): the kernel's counting and user space's, from records, add calls alike.
 */
static inline void sysrec_count_call(struct sysrec_count *c, __u64 ns)
{
	__u32 b = sysrec_hist_bucket(ns);

	c->calls++;
	c->total_ns += ns;
	if (ns < c->min_ns)
		c->min_ns = ns;
	if (ns > c->max_ns)
		c->max_ns = ns;
	sysrec_add_square(&c->sumsq_lo, &c->sumsq_hi, ns);
	if (b < SYSREC_HIST_BUCKETS) /* always: a bound for the verifier */
		c->hist[b]++;
}

#endif
