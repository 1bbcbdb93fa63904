// SPDX-License-Identifier: GPL-2.0
/*
 * A token scan good enough to collect identifiers: comments, string and character literals
 * and numbers are skipped, directives are read as text except #include's file name.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "compile/srcnames.h"

#define MAX_FILES 4096 /* headers followed, at most */
#define MAX_DEPTH 64
#define MAX_SIZE (64 << 20)

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static const char *skip_comment(const char *p, const char *end)
{
	if (p[1] == '/') {
		while (p < end && *p != '\n')
			p++;
		return p;
	}
	for (p += 2; p + 1 < end && !(p[0] == '*' && p[1] == '/'); p++)
		;
	return p + 1 < end ? p + 2 : end;
}

/* A string or character literal: up to its closing quote or the end of the line. */
static const char *skip_literal(const char *p, const char *end)
{
	char quote = *p++;

	while (p < end && *p != quote && *p != '\n')
		p += *p == '\\' && p + 1 < end ? 2 : 1;
	return p < end && *p == quote ? p + 1 : p;
}

/* A preprocessing number: digits, letters, '.', and a sign after an exponent's letter. */
static const char *skip_number(const char *p, const char *end)
{
	for (p++; p < end; p++) {
		if ((*p == '+' || *p == '-') && strchr("eEpP", p[-1]))
			continue;
		if (!ident_char(*p) && *p != '.')
			break;
	}
	return p;
}

static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* After a line's '#': an #include's file name reported, the directive's end returned. */
static const char *directive(const char *p, const char *end, int *ret,
			     int (*cb)(void *, enum srcnames_token, const char *, size_t),
			     void *ctx)
{
	const char *word = skip_blanks(p, end), *name, *close;
	size_t n = 0;

	while (word + n < end && ident_char(word[n]))
		n++;
	if (!((n == 7 && !memcmp(word, "include", 7)) ||
	      (n == 12 && !memcmp(word, "include_next", 12))))
		return word; /* its words are scanned as any others */
	name = skip_blanks(word + n, end);
	if (name >= end || (*name != '"' && *name != '<'))
		return name;
	close = memchr(name + 1, *name == '"' ? '"' : '>', (size_t)(end - name - 1));
	if (!close || memchr(name, '\n', (size_t)(close - name)))
		return name + 1;
	*ret = cb(ctx, *name == '"' ? SRCNAMES_QUOTED : SRCNAMES_ANGLED, name + 1,
		  (size_t)(close - name - 1));
	return close + 1;
}

int srcnames__scan(const char *text, size_t len,
		   int (*cb)(void *ctx, enum srcnames_token kind, const char *s, size_t n),
		   void *ctx)
{
	const char *p = text, *end = text + len, *s;
	bool line_start = true;
	int ret = 0;

	while (p < end && !ret) {
		char c = *p;

		if (c == '\n') {
			line_start = true;
			p++;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			p++;
		} else if (c == '\\' && p + 1 < end && p[1] == '\n') {
			p += 2; /* a continued line is the same line */
		} else if (c == '/' && p + 1 < end && (p[1] == '/' || p[1] == '*')) {
			p = skip_comment(p, end);
		} else if (c == '#' && line_start) {
			line_start = false;
			p = directive(p + 1, end, &ret, cb, ctx);
		} else {
			line_start = false;
			if (c == '"' || c == '\'') {
				p = skip_literal(p, end);
			} else if (isdigit((unsigned char)c) ||
				   (c == '.' && p + 1 < end && isdigit((unsigned char)p[1]))) {
				p = skip_number(p, end);
			} else if (ident_char(c)) {
				for (s = p; p < end && ident_char(*p); p++)
					;
				ret = cb(ctx, SRCNAMES_IDENT, s, (size_t)(p - s));
			} else {
				p++;
			}
		}
	}
	return ret < 0 ? ret : 0;
}

struct walk {
	char *const *dirs;
	struct nameset *names;
	struct nameset seen; /* real paths of the files scanned */
	const char *dir; /* the directory of the file being scanned */
	unsigned int flags; /* its names' */
	int depth, files;
};

static int walk_file(struct walk *w, const char *path, unsigned int flags);

/* The whole regular file (a FIFO or a device is no header), NUL-terminated. */
static char *read_text(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	struct stat st;
	char *text = NULL;
	ssize_t n = -1;

	if (fd < 0)
		return NULL;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size < MAX_SIZE &&
	    (text = malloc((size_t)st.st_size + 1)))
		n = read(fd, text, (size_t)st.st_size);
	close(fd);
	if (n < 0) {
		free(text);
		return NULL;
	}
	text[n] = '\0';
	*len = (size_t)n;
	return text;
}

/* dir/name, when it is a file */
static bool find_in(const char *dir, const char *name, char *path, size_t size)
{
	struct stat st;

	return snprintf(path, size, "%s/%s", dir, name) < (int)size && !stat(path, &st) &&
	       S_ISREG(st.st_mode);
}

/*
 * Follow an #include as clang finds it; a header next to one of the user's own is the user's
 * own too. One that cannot be read is left to clang.
 */
static int follow(struct walk *w, const char *name, bool quoted)
{
	char path[PATH_MAX];
	int err = 0;

	if (!strcmp(name, "vmlinux.h"))
		return 0; /* what is being cut */
	if (quoted && find_in(w->dir, name, path, sizeof(path))) {
		err = walk_file(w, path, w->flags);
	} else {
		for (char *const *d = w->dirs; d && *d; d++) {
			if (find_in(*d, name, path, sizeof(path))) {
				err = walk_file(w, path, SRCNAMES_ANY);
				break;
			}
		}
	}
	return err == -ENOMEM ? err : 0;
}

static int on_token(void *ctx, enum srcnames_token kind, const char *s, size_t n)
{
	struct walk *w = ctx;
	char name[PATH_MAX];

	if (kind == SRCNAMES_IDENT)
		return nameset__add(w->names, s, n, w->flags);
	if (n >= sizeof(name) || w->depth >= MAX_DEPTH)
		return 0;
	memcpy(name, s, n);
	name[n] = '\0';
	return follow(w, name, kind == SRCNAMES_QUOTED);
}

static int walk_file(struct walk *w, const char *path, unsigned int flags)
{
	const char *dir = w->dir;
	unsigned int outer = w->flags;
	char real[PATH_MAX], *slash, *text;
	size_t len;
	int err;

	if (!realpath(path, real))
		return -errno;
	if (nameset__flags(&w->seen, real, strlen(real)) || w->files >= MAX_FILES)
		return 0;
	err = nameset__add(&w->seen, real, strlen(real), 1);
	text = err ? NULL : read_text(real, &len);
	if (!text)
		return err ? err : -errno;
	w->files++;
	slash = strrchr(real, '/');
	*slash = '\0';
	w->dir = slash == real ? "/" : real;
	w->flags = flags;
	w->depth++;
	err = srcnames__scan(text, len, on_token, w);
	w->depth--;
	w->dir = dir;
	w->flags = outer;
	free(text);
	return err;
}

int srcnames__collect(const char *src, char *const *dirs, char *const *forced,
		      struct nameset *names)
{
	struct walk w = { .dirs = dirs, .names = names, .dir = "." };
	int err = 0;

	for (char *const *f = forced; f && *f && !err; f++)
		if (walk_file(&w, *f, SRCNAMES_ANY) == -ENOMEM)
			err = -ENOMEM;
	if (!err)
		err = walk_file(&w, src, SRCNAMES_ANY | SRCNAMES_OWN);
	nameset__free(&w.seen);
	return err;
}
