// SPDX-License-Identifier: GPL-2.0
/* Opening only regular files of a sane size, and walking paths past links of others (safeopen.h). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
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

#define MAX_LINKS 16 /* links followed in one walk, as ELOOP's bound */

static bool owner_trusted(uid_t uid)
{
	return uid == 0 || uid == geteuid();
}

static int walk(int dirfd, const char *path, bool create, int *links);

/* From the directory dirfd to its entry name (a directory), through a link root or we own. */
static int step(int dirfd, const char *name, bool create, int *links)
{
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;
	int fd;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW)) {
		if (errno != ENOENT || !create || (mkdirat(dirfd, name, 0700) && errno != EEXIST))
			return -errno;
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW))
			return -errno;
	}
	if (S_ISLNK(st.st_mode)) {
		if (!owner_trusted(st.st_uid))
			return -EPERM;
		if (++*links > MAX_LINKS)
			return -ELOOP;
		n = readlinkat(dirfd, name, target, sizeof(target) - 1);
		if (n < 0)
			return -errno;
		target[n] = '\0';
		return walk(dirfd, target, create, links);
	}
	/* no link: one put in its place since the stat fails the open */
	fd = openat(dirfd, name, O_PATH | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	return fd < 0 ? -errno : fd;
}

/* path from the directory dirfd (from / when absolute): the directory reached, a new fd. */
static int walk(int dirfd, const char *path, bool create, int *links)
{
	char name[NAME_MAX + 1];
	int fd = openat(dirfd, path[0] == '/' ? "/" : ".", O_PATH | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	for (const char *p = path; fd >= 0 && *(p += strspn(p, "/"));) {
		size_t len = strcspn(p, "/");
		int next;

		if (len > NAME_MAX) {
			close(fd);
			return -ENAMETOOLONG;
		}
		memcpy(name, p, len);
		name[len] = '\0';
		p += len;
		next = step(fd, name, create, links);
		close(fd);
		fd = next;
	}
	return fd;
}

/* The directory holding path's last name (walked), and that name into last. */
static int walk_parent(const char *path, bool create, char *last)
{
	char parent[PATH_MAX];
	size_t len = strlen(path), end;
	int links = 0;

	while (len > 1 && path[len - 1] == '/') /* "dir/" names dir */
		len--;
	if (!len || len >= sizeof(parent))
		return len ? -ENAMETOOLONG : -ENOENT;
	memcpy(parent, path, len);
	parent[len] = '\0';
	for (end = len; end && parent[end - 1] != '/'; end--)
		;
	if (len - end > NAME_MAX)
		return -ENAMETOOLONG;
	strcpy(last, end == len ? "." : parent + end); /* "/" itself */
	parent[end] = '\0';
	return walk(AT_FDCWD, end ? parent : ".", create, &links);
}

int safeopen__dir(const char *path, bool create)
{
	char last[NAME_MAX + 1];
	int dirfd = walk_parent(path, create, last), fd;

	if (dirfd < 0)
		return dirfd;
	if (create && mkdirat(dirfd, last, 0700) && errno != EEXIST) {
		fd = -errno;
	} else {
		fd = openat(dirfd, last, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		fd = fd < 0 ? -errno : fd;
	}
	close(dirfd);
	return fd;
}

int safeopen__owned(const char *path, uint64_t max_size)
{
	char last[NAME_MAX + 1];
	int dirfd = walk_parent(path, false, last), fd, err;
	struct stat st;

	if (dirfd < 0)
		return dirfd;
	err = fstatat(dirfd, last, &st, AT_SYMLINK_NOFOLLOW) ? -errno : 0;
	if (!err && !S_ISREG(st.st_mode))
		err = S_ISLNK(st.st_mode) ? -ELOOP : -EINVAL;
	if (!err && !owner_trusted(st.st_uid))
		err = -EPERM;
	fd = err ? err :
		   openat(dirfd, last, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && !err)
		err = -errno;
	close(dirfd);
	if (!err)
		err = check_open(fd, &st, max_size);
	if (err && fd >= 0)
		close(fd);
	return err ? err : fd;
}
