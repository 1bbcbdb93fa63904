/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A BPF ring buffer (BPF_MAP_TYPE_RINGBUF) read in bounded passes. libbpf's
 * ring_buffer__consume() returns only once the ring is empty: while its programs keep it
 * full (as fast as the reader takes records out, or on the reader's own system calls) it
 * never returns, the records it hands out pile up, and the reader never looks at a stop
 * signal again. A pass here ends at whichever comes first: the head the ring had when the
 * pass began (what is written meanwhile waits for the next pass), max records, or max_bytes
 * of them (as the ring lays them out, the one that reaches it included). What a
 * pass leaves stays in the ring for the next one. The last read of a run takes what the
 * ring held when it began, in passes of the same size, unless a stop is asked meanwhile
 * (util/stopsig.h): what is left then is taken out unseen, and counted.
 *
 *	r = rbread__new(map_fd, fn, ctx);
 *	n = rbread__pass(r, max, max_bytes);	at each pass of the reader loop
 *	rbread__more(r)			the pass stopped on a max: read again without waiting
 *	n = rbread__last(r, max, max_bytes, &unread);	at the end of the run
 *	rbread__used(r)			bytes waiting in the ring
 *	rbread__skip(r)			the records written up to now, taken out unseen
 *	rbread__free(r);
 */
#ifndef PERF_BPF_RBREAD_H
#define PERF_BPF_RBREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * What a reader loop's pass takes out of a ring buffer at most: the pass, and what it
 * queues, stay bounded while programs write as fast as records are read, and the loop looks
 * at the stop signals every few milliseconds.
 */
#define RBREAD_PASS_MAX 8192
#define RBREAD_PASS_BYTES (4u << 20)

/* One record, size bytes, valid during the call. 0, or a negative errno: the pass stops. */
typedef int (*rbread_fn)(void *ctx, const void *data, size_t size);

struct rbread;

/* The ring buffer map map_fd, read through fn. NULL + errno. */
struct rbread *rbread__new(int map_fd, rbread_fn fn, void *ctx);
void rbread__free(struct rbread *r);
/*
 * Records up to the head at the start, at most max of them and about max_bytes (each 0: no
 * limit): how many, or <0 from fn or libbpf.
 */
int rbread__pass(struct rbread *r, unsigned int max, size_t max_bytes);
/* The last pass stopped on a max with records of before its start still waiting. */
bool rbread__more(const struct rbread *r);
/*
 * The end of a run: passes up to the head at the start, until a stop signal is asked or
 * pending; the records left then are taken out unseen and added to *unread. How many were
 * read, or <0.
 */
int rbread__last(struct rbread *r, unsigned int max, size_t max_bytes, uint64_t *unread);
/* Bytes written and not read yet (0 when the positions could not be mapped). */
size_t rbread__used(const struct rbread *r);
/* Take out, unseen, the records written up to now: how many. */
uint64_t rbread__skip(struct rbread *r);
/* A descriptor that polls readable when records wait (epoll). */
int rbread__fd(const struct rbread *r);

#endif
