// SPDX-License-Identifier: GPL-2.0
/*
 * A reader for git-style configuration files, as perf uses them. The parser walks the
 * whole text with one cursor, so a backslash-newline inside a value continues it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "util/log.h"
#include "util/perfconfig.h"

#define SYSTEM_CONFIG "/etc/perfconfig"
#define NAME_MAX_LEN 256

struct perfconfig_item {
	char *name;
	char *value;
};

struct perfconfig {
	struct perfconfig_item *items;
	size_t nr, alloc;
	char error[512];
};

/* One parse: the cursor, the line it is on, the current section prefix ("llvm."). */
struct parser {
	struct perfconfig *c;
	const char *p;
	const char *name;
	int line;
	char section[NAME_MAX_LEN];
};

struct perfconfig *perfconfig__new(void)
{
	return calloc(1, sizeof(struct perfconfig));
}

void perfconfig__free(struct perfconfig *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nr; i++) {
		free(c->items[i].name);
		free(c->items[i].value);
	}
	free(c->items);
	free(c);
}

const char *perfconfig__get(const struct perfconfig *c, const char *name)
{
	for (size_t i = c->nr; i > 0; i--)
		if (!strcmp(c->items[i - 1].name, name))
			return c->items[i - 1].value;
	return NULL;
}

const char *perfconfig__error(const struct perfconfig *c)
{
	return c->error;
}

static int set_item(struct perfconfig *c, const char *name, const char *value)
{
	struct perfconfig_item *it;

	if (c->nr == c->alloc) {
		size_t n = c->alloc ? c->alloc * 2 : 16;

		it = realloc(c->items, n * sizeof(*it));
		if (!it)
			return -ENOMEM;
		c->items = it;
		c->alloc = n;
	}
	it = &c->items[c->nr];
	it->name = strdup(name);
	it->value = strdup(value);
	if (!it->name || !it->value) {
		free(it->name);
		free(it->value);
		return -ENOMEM;
	}
	c->nr++;
	return 0;
}

static int syntax_error(struct parser *ps, const char *why)
{
	snprintf(ps->c->error, sizeof(ps->c->error), "'%s:%d': %s", ps->name, ps->line, why);
	return -EINVAL;
}

static void skip_blanks(struct parser *ps)
{
	while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r')
		ps->p++;
}

/* Past the end of the line (a comment is the rest of the line). */
static int end_of_line(struct parser *ps)
{
	skip_blanks(ps);
	if (*ps->p == '#' || *ps->p == ';')
		ps->p += strcspn(ps->p, "\n");
	if (*ps->p == '\n') {
		ps->p++;
		ps->line++;
		return 0;
	}
	return *ps->p ? syntax_error(ps, "unexpected text after the setting") : 0;
}

static int is_name_char(int ch)
{
	return isalnum(ch) || ch == '-';
}

/* [section], [section.sub] (old style, all lowercased) or [section "sub"] */
static int parse_section(struct parser *ps)
{
	size_t n = 0;

	ps->p++; /* '[' */
	while (is_name_char(*ps->p) || *ps->p == '.') {
		if (n + 2 >= sizeof(ps->section))
			return syntax_error(ps, "section name too long");
		ps->section[n++] = (char)tolower(*ps->p++);
	}
	if (!n)
		return syntax_error(ps, "missing section name");
	if (*ps->p == ' ' || *ps->p == '\t') {
		skip_blanks(ps);
		if (*ps->p++ != '"')
			return syntax_error(ps, "bad section header");
		ps->section[n++] = '.';
		while (*ps->p && *ps->p != '"' && *ps->p != '\n') {
			if (*ps->p == '\\' && ps->p[1] && ps->p[1] != '\n')
				ps->p++;
			if (n + 2 >= sizeof(ps->section))
				return syntax_error(ps, "section name too long");
			ps->section[n++] = *ps->p++;
		}
		if (*ps->p++ != '"')
			return syntax_error(ps, "unterminated subsection name");
	}
	if (*ps->p++ != ']')
		return syntax_error(ps, "missing ']' after the section name");
	ps->section[n++] = '.';
	ps->section[n] = '\0';
	return end_of_line(ps);
}

static int escape_char(int ch)
{
	switch (ch) {
	case 'n':
		return '\n';
	case 't':
		return '\t';
	case 'b':
		return '\b';
	case '"':
	case '\\':
		return ch;
	default:
		return -1;
	}
}

/*
 * A value up to the end of its line: quotes keep blanks and comment characters, blanks
 * outside quotes shrink to one space and are dropped at both ends, escapes \" \\ \n \t \b.
 */
static int parse_value(struct parser *ps, char **out)
{
	size_t len = 0, cap = 64, keep = 0; /* keep: length without trailing blanks */
	bool quoted = false;
	char *v = malloc(cap);

	if (!v)
		return -ENOMEM;
	skip_blanks(ps);
	for (;;) {
		int ch = *ps->p;

		if (!ch || (ch == '\n' && !quoted) || (!quoted && (ch == '#' || ch == ';')))
			break;
		ps->p++;
		if (ch == '\n') {
			free(v);
			return syntax_error(ps, "unterminated quoted value");
		}
		if (ch == '"') {
			quoted = !quoted;
			continue;
		}
		if (ch == '\\') {
			if (*ps->p == '\n') { /* continued on the next line */
				ps->p++;
				ps->line++;
				continue;
			}
			ch = escape_char(*ps->p);
			if (ch < 0) {
				free(v);
				return syntax_error(ps, "bad escape sequence in value");
			}
			ps->p++;
		} else if (!quoted && (ch == ' ' || ch == '\t' || ch == '\r')) {
			if (!len || v[len - 1] == ' ')
				continue;
			ch = ' ';
		}
		if (len + 2 > cap) {
			char *nv = realloc(v, cap *= 2);

			if (!nv) {
				free(v);
				return -ENOMEM;
			}
			v = nv;
		}
		v[len++] = (char)ch;
		if (ch != ' ' || quoted)
			keep = len;
	}
	if (quoted) {
		free(v);
		return syntax_error(ps, "unterminated quoted value");
	}
	v[keep] = '\0';
	*out = v;
	return 0;
}

static int parse_setting(struct parser *ps)
{
	char name[2 * NAME_MAX_LEN], *value = NULL;
	size_t n = strlen(ps->section);
	int err;

	if (!n)
		return syntax_error(ps, "setting outside of a section");
	if (!isalpha(*ps->p))
		return syntax_error(ps, "bad setting name");
	memcpy(name, ps->section, n);
	while (is_name_char(*ps->p)) {
		if (n + 1 >= sizeof(name))
			return syntax_error(ps, "setting name too long");
		name[n++] = (char)tolower(*ps->p++);
	}
	name[n] = '\0';
	skip_blanks(ps);
	if (*ps->p == '=') {
		ps->p++;
		err = parse_value(ps, &value);
		if (err)
			return err;
	} else if (*ps->p && *ps->p != '\n' && *ps->p != '#' && *ps->p != ';') {
		return syntax_error(ps, "expected '=' after the setting name");
	}
	err = set_item(ps->c, name, value ? value : "true"); /* a bare name is a true boolean */
	free(value);
	return err ? err : end_of_line(ps);
}

int perfconfig__parse(struct perfconfig *c, const char *text, const char *name)
{
	struct parser ps = { .c = c, .p = text, .name = name, .line = 1 };
	int err = 0;

	c->error[0] = '\0';
	while (!err && *ps.p) {
		skip_blanks(&ps);
		if (*ps.p == '[')
			err = parse_section(&ps);
		else if (*ps.p == '#' || *ps.p == ';' || *ps.p == '\n' || !*ps.p)
			err = end_of_line(&ps);
		else
			err = parse_setting(&ps);
	}
	return err;
}

/* Read a file: -ENOENT when it does not exist, -EINVAL on a syntax error. */
static int perfconfig__read_file(struct perfconfig *c, const char *path)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f, *mem;
	char buf[4096];
	size_t n;
	int err = 0;

	f = fopen(path, "re");
	if (!f) {
		err = -errno;
		snprintf(c->error, sizeof(c->error), "'%s': %s", path, strerror(-err));
		return err;
	}
	mem = open_memstream(&text, &len);
	if (!mem) {
		err = -errno;
		fclose(f);
		return err;
	}
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		fwrite(buf, 1, n, mem);
	if (ferror(f))
		err = -EIO;
	fclose(f);
	if (fclose(mem) && !err)
		err = -ENOMEM;
	if (!err && strlen(text) != len)
		err = -EINVAL; /* a NUL byte: not a text file */
	if (err == -EINVAL)
		snprintf(c->error, sizeof(c->error), "'%s': not a text file", path);
	if (!err)
		err = perfconfig__parse(c, text, path);
	free(text);
	return err;
}

/*
 * A file that is not there, or that cannot be seen because a directory on its path may not
 * be searched (HOME=/root as another user), is absent, as perf has it; a file that is there
 * and cannot be read is an error.
 */
static int read_optional(struct perfconfig *c, const char *path)
{
	int err = perfconfig__read_file(c, path);
	struct stat st;

	if (err == -EACCES && stat(path, &st) && errno == EACCES) {
		pr_debug("config file '%s' cannot be reached (%s): read as absent", path,
			 strerror(EACCES));
		return 0;
	}
	return err == -ENOENT ? 0 : err;
}

int perfconfig__read_default(struct perfconfig *c)
{
	const char *env = getenv("PERF_CONFIG");
	const char *home = getenv("HOME");
	char path[4096];
	int err;

	if (env)
		return *env ? read_optional(c, env) : 0;
	err = read_optional(c, SYSTEM_CONFIG);
	if (err || !home || !*home)
		return err;
	snprintf(path, sizeof(path), "%s/.perfconfig", home);
	return read_optional(c, path);
}
