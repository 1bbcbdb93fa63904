// SPDX-License-Identifier: GPL-2.0
/*
 * File calls for the comparison with strace (tests/strace-compare): in the current
 * directory, a file written, read back, stat'ed three ways (stat, lstat, fstat, by number:
 * glibc would call newfstatat), a symbolic link read, the directory listed, the working
 * directory asked, and calls that fail (ENOENT, EBADF, ENOTDIR).
 *	cmp-files
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

static const char text[] = "perf-bpf compare: a line of text\n";

static void written(void)
{
	struct iovec iov[2] = { { (void *)"two ", 4 }, { (void *)"pieces\n", 7 } };
	int fd = open("data.txt", O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (fd < 0 || write(fd, text, strlen(text)) < 0 || writev(fd, iov, 2) < 0 ||
	    pwrite(fd, "at 40\n", 6, 40) < 0)
		exit(1);
	close(fd);
}

static void read_back(void)
{
	char buf[128];
	struct stat st;
	int fd = openat(AT_FDCWD, "data.txt", O_RDONLY);

	if (fd < 0 || read(fd, buf, sizeof(buf)) < 0 || pread(fd, buf, 8, 4) < 0)
		exit(1);
	syscall(SYS_fstat, fd, &st);
	lseek(fd, 0, SEEK_SET);
	close(fd);
	syscall(SYS_stat, "data.txt", &st);
	syscall(SYS_lstat, "link.txt", &st);
	fstatat(AT_FDCWD, "data.txt", &st, 0);
}

static void names(void)
{
	char buf[256];
	DIR *d;

	if (symlink("data.txt", "link.txt") || readlink("link.txt", buf, sizeof(buf)) < 0 ||
	    !getcwd(buf, sizeof(buf)))
		exit(1);
	d = opendir(".");
	if (!d)
		exit(1);
	while (readdir(d))
		;
	closedir(d);
	mkdir("sub", 0755);
	rename("link.txt", "sub/link.txt");
	rename("sub/link.txt", "link.txt");
	rmdir("sub");
}

static void failures(void)
{
	struct stat st;

	open("/nonexistent/perf-bpf-compare", O_RDONLY);
	close(1000);
	stat("data.txt/below", &st);
	access("data.txt", X_OK);
}

int main(void)
{
	written();
	names();
	read_back();
	failures();
	unlink("link.txt");
	unlink("data.txt");
	return 0;
}
