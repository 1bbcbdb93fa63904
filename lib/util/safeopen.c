// SPDX-License-Identifier: GPL-2.0
/* Opening only regular files of a sane size (safeopen.h). */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>

#include "util/safeopen.h"

/* 0 when the open file is what stat saw before the open: regular, sized, not a kernel view. */
static int check_open(int fd, const struct stat *before, uint64_t max_size)
{
	struct statfs fs;
	struct stat st;

	if (fstat(fd, &st) || fstatfs(fd, &fs))
		return -errno;
	if (!S_ISREG(st.st_mode) || st.st_dev != before->st_dev || st.st_ino != before->st_ino)
		return -EINVAL; /* replaced between the stat and the open */
	if (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == SYSFS_MAGIC)
		return -EINVAL;
	if (st.st_size <= 0 || (uint64_t)st.st_size > max_size)
		return -EFBIG;
	return 0;
}

int safeopen__regular(const char *path, uint64_t max_size)
{
	struct stat st;
	int fd, err;

	if (stat(path, &st))
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL; /* a FIFO or a device is not even opened */
	fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	err = check_open(fd, &st, max_size);
	if (err) {
		close(fd);
		return err;
	}
	return fd;
}
