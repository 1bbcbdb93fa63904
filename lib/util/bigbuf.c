// SPDX-License-Identifier: GPL-2.0
#include <stdint.h>
#include <unistd.h>
#include <sys/mman.h>

#include "util/bigbuf.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

void *bigbuf__alloc(size_t size)
{
	void *p = mmap(NULL, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);

	if (p == MAP_FAILED)
		return NULL;
	/*
	 * A fork (the workload's) would make every page copy-on-write: each one's first write
	 * after it, a fault again. The child never needs these.
	 */
	madvise(p, size, MADV_DONTFORK);
	return p;
}

void bigbuf__free(void *p, size_t size)
{
	if (p)
		munmap(p, size);
}

void bigbuf__populate(void *p, size_t len)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t end = ((uintptr_t)p + len) & ~(page - 1);

	if (end > start)
		madvise((void *)start, end - start, MADV_POPULATE_WRITE);
}
