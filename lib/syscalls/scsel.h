/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which system calls to trace, in perf trace's and strace's words: names
 * ("openat,close"), globs ("open*", "*sock*"), "!" to leave a name, glob or class out, and
 * strace's classes: %file (calls that take a path), %desc (calls that take or make a file
 * descriptor), %net, %process, %memory, %signal, %ipc. Every name is checked against the
 * running kernel; a mistyped one is an error whose Hint lists the closest names.
 *
 *	struct scsel sel;
 *	scsel__init(&sel, table);
 *	scsel__add(&sel, "open*,!openat2");	(for each -e; -EINVAL + errmsg on a bad term)
 *	if (scsel__has(&sel, nr)) ...
 *	scsel__exit(&sel);
 *
 * Terms apply in order. When the first term leaves something out, the selection starts
 * from every call, so "!write" is every call but write.
 */
#ifndef PERF_BPF_SCSEL_H
#define PERF_BPF_SCSEL_H

#include <stdbool.h>
#include <stddef.h>

struct sctable;

struct scsel {
	struct sctable *table; /* borrowed */
	bool *on; /* by call number, up to max_nr */
	int max_nr;
	bool any_term;
};

int scsel__init(struct scsel *sel, struct sctable *table);
void scsel__exit(struct scsel *sel);
/* Comma-separated terms. 0, or -EINVAL with the ERROR and Hint recorded (util/errmsg.h). */
int scsel__add(struct scsel *sel, const char *spec);
/* Select every call the kernel has (no -e names a call). */
void scsel__all(struct scsel *sel);
bool scsel__has(const struct scsel *sel, int nr);
size_t scsel__count(const struct scsel *sel);
/* Is word a system call name, glob or class, as -e takes them (without checking it)? */
bool scsel__looks_like_term(const char *word);

#endif
