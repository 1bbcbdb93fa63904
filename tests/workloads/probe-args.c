// SPDX-License-Identifier: GPL-2.0
/*
 * Functions whose arguments probe sections fetch: a struct pointer to follow (node->val,
 * node->next->val), plain integers, and four probe_glob_* functions for globs: three take v in
 * the same register, the fourth in another.
 * Usage: probe-args [N] [SECONDS]  -- N rounds, then sleep SECONDS (for tests that kill).
 */
#include <stdlib.h>
#include <unistd.h>

struct node {
	long pad;
	int val;
	struct node *next;
};

__attribute__((noinline, used)) int probe_args_walk(struct node *node, int k, long big)
{
	__asm__ volatile("" ::: "memory");
	return node->val + k + (int)big;
}

__attribute__((noinline, used)) int probe_glob_one(int v)
{
	__asm__ volatile("" ::: "memory");
	return v + 1;
}

__attribute__((noinline, used)) int probe_glob_two(int v)
{
	__asm__ volatile("" ::: "memory");
	return v + 2;
}

__attribute__((noinline, used)) int probe_glob_three(int v)
{
	__asm__ volatile("" ::: "memory");
	return v + 3;
}

/* v arrives in another register than in the three above: a different prologue */
__attribute__((noinline, used)) int probe_glob_wide(long pad, int v)
{
	__asm__ volatile("" ::: "memory");
	return v + (int)pad;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1;
	struct node tail = { 0, 7, NULL }, head = { 0, 40, &tail };
	int sum = 0;

	for (long i = 0; i < n; i++) {
		sum += probe_args_walk(&head, (int)i, 0x100000000L + i);
		sum += probe_glob_one((int)i) + probe_glob_two((int)i + 100);
		sum += probe_glob_three((int)i + 200) + probe_glob_wide(i, (int)i + 300);
	}
	if (argc > 2)
		sleep(atoi(argv[2]));
	return sum == -1;
}
