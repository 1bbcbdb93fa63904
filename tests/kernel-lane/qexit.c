// SPDX-License-Identifier: GPL-2.0
/*
 * qexit: end the QEMU guest with a status the host can read.
 * Writes N to the isa-debug-exit port (0xf4); QEMU then exits with (N << 1) | 1.
 * Usage: qexit N   (N in 0..127)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>

#define QEXIT_PORT 0xf4

int main(int argc, char **argv)
{
	char *end;
	long n;

	if (argc != 2) {
		fprintf(stderr, "usage: qexit N\n");
		return 129;
	}
	n = strtol(argv[1], &end, 10);
	if (*end || n < 0 || n > 127) {
		fprintf(stderr, "ERROR: bad exit status '%s': not in 0..127\n", argv[1]);
		return 129;
	}
	if (ioperm(QEXIT_PORT, 4, 1)) {
		fprintf(stderr, "ERROR: cannot reach port '0x%x': %s\n", QEXIT_PORT,
			strerror(errno));
		return 1;
	}
	outl((unsigned int)n, QEXIT_PORT);
	/* Only reached without the isa-debug-exit device. */
	fprintf(stderr,
		"ERROR: still running after writing port '0x%x': no isa-debug-exit device\n",
		QEXIT_PORT);
	return 1;
}
