// SPDX-License-Identifier: GPL-2.0
/*
 * Program section names (see section.h for the syntax).  The parse works on one private copy
 * of the name, cut in place with NULs; every string of the result points into that copy.
 */
#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "util/errmsg.h"
#include "util/log.h"
#include "event/section.h"

#define PROBE_GROUP "perf_bpf_probe"
#define MAX_ARGS 128 /* perf-probe's own limit */
#define SPACES " \t\n\r\f\v"

static const char conf_hint[] =
	"valid program config terms are:\n"
	"\texec=<full path of file>     Set uprobe target\n"
	"\tmodule=<module name>         Set kprobe module\n"
	"\tinlines=[yes|no]             Probe at inline symbol\n"
	"\tforce=[yes|no]               Forcibly add events with existing name";

/* One parse: the section being filled, and the name uncut for messages. */
struct parse {
	struct section *sec;
	const char *name; /* as given, for the ERROR line */
	const char *orig; /* the name, at the same offsets as sec->buf */
	bool uprobe; /* exec= given */
	bool retprobe; /* %return given */
};

static const char event_hint[] = "name the probe's event: SEC(\"EVENT=FUNC ...\"), e.g. "
				 "SEC(\"func=sys_nanosleep\")";

/* Record "bad program section 'NAME': MESSAGE: DETAIL" and the hint, if any; returns err. */
static __attribute__((format(printf, 4, 5))) int fail(const struct parse *ctx, int err,
						      const char *hint, const char *fmt, ...)
{
	char detail[256], buf[LOADERR_BUFSIZE];
	const char *name = ctx->name ? ctx->name : "";
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof(detail), fmt, ap);
	va_end(ap);
	pr_debug("section '%s': %s", name, detail);
	errmsg__set(err, "bad program section '%s': %s: %s", name,
		    loaderr__strerror(err, LOADERR_STAGE_NONE, buf, sizeof(buf)), detail);
	if (hint)
		errmsg__hint("%s", hint);
	return err;
}

static char *trim(char *s)
{
	char *end;

	s += strspn(s, SPACES);
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	return s;
}

static bool is_ident(const char *s)
{
	if (!*s || !(isalpha((unsigned char)*s) || *s == '_'))
		return false;
	for (s++; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return false;
	return true;
}

static bool all_chars(const char *s, const char *extra)
{
	if (!*s)
		return false;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && !strchr(extra, *s))
			return false;
	return true;
}

/* ---- sections that are not perf's: libbpf's own, and those holding no program ---- */

/* libbpf 1.1's section table: "+" = the word alone or followed by '/'; else the exact name. */
/* clang-format off */
static const char *const libbpf_sections[] = {
	"socket", "sk_reuseport/migrate", "sk_reuseport", "kprobe+", "uprobe+", "uprobe.s+",
	"kretprobe+", "uretprobe+", "uretprobe.s+", "kprobe.multi+", "kretprobe.multi+",
	"ksyscall+", "kretsyscall+", "usdt+", "tc", "classifier", "action", "tracepoint+", "tp+",
	"raw_tracepoint+", "raw_tp+", "raw_tracepoint.w+", "raw_tp.w+", "tp_btf+", "fentry+",
	"fmod_ret+", "fexit+", "fentry.s+", "fmod_ret.s+", "fexit.s+", "freplace+", "lsm+", "lsm.s+",
	"lsm_cgroup+", "iter+", "iter.s+", "syscall", "xdp.frags/devmap", "xdp/devmap",
	"xdp.frags/cpumap", "xdp/cpumap", "xdp.frags", "xdp", "perf_event", "lwt_in", "lwt_out",
	"lwt_xmit", "lwt_seg6local", "sockops", "sk_skb/stream_parser", "sk_skb/stream_verdict",
	"sk_skb", "sk_msg", "lirc_mode2", "flow_dissector", "cgroup_skb/ingress",
	"cgroup_skb/egress", "cgroup/skb", "cgroup/sock_create", "cgroup/sock_release",
	"cgroup/sock", "cgroup/post_bind4", "cgroup/post_bind6", "cgroup/bind4", "cgroup/bind6",
	"cgroup/connect4", "cgroup/connect6", "cgroup/sendmsg4", "cgroup/sendmsg6",
	"cgroup/recvmsg4", "cgroup/recvmsg6", "cgroup/getpeername4", "cgroup/getpeername6",
	"cgroup/getsockname4", "cgroup/getsockname6", "cgroup/sysctl", "cgroup/getsockopt",
	"cgroup/setsockopt", "cgroup/dev", "struct_ops+", "sk_lookup", NULL,
};
/* clang-format on */

static bool table_match(const char *name)
{
	for (const char *const *t = libbpf_sections; *t; t++) {
		size_t n = strlen(*t);

		if ((*t)[n - 1] != '+') {
			if (!strcmp(name, *t))
				return true;
		} else if (!strncmp(name, *t, n - 1) && (!name[n - 1] || name[n - 1] == '/')) {
			return true;
		}
	}
	return false;
}

/*
 * Is @name a section libbpf 1.1 itself recognizes (even if a fallback handler is registered)?
 * Ask libbpf, so a newer libbpf's sections count too; but once a fallback handler is registered
 * (the loader does so for perf's names) libbpf accepts every name, and only the table can tell.
 * libbpf's debug lines about names it does not know would only be noise here: mute them.
 */
static bool section__is_libbpf(const char *name)
{
	libbpf_print_fn_t print = libbpf_set_print(NULL);
	enum bpf_prog_type type;
	enum bpf_attach_type attach;
	bool known;

	if (!libbpf_prog_type_by_name("\x7fno section", &type, &attach))
		known = table_match(name);
	else
		known = !libbpf_prog_type_by_name(name, &type, &attach);
	libbpf_set_print(print);
	return known;
}

/* Is @name an ELF section that holds no program (license, version, maps, .maps, .BTF, ...)? */
static bool section__is_special(const char *name)
{
	static const char *const exact[] = {
		"license",
		"version",
		"maps",
		".maps",
		".BTF",
		".BTF.ext",
		".text",
		".kconfig",
		".ksyms",
		".symtab",
		".strtab",
		".shstrtab",
		".llvm_addrsig",
		".addrsig",
		".eh_frame",
		".struct_ops",
		".struct_ops.link",
		NULL,
	};
	static const char *const prefix[] = {
		".data", ".rodata", ".bss", ".rel", ".debug_", ".maps.", ".BTF.", NULL,
	};

	for (const char *const *p = exact; *p; p++)
		if (!strcmp(name, *p))
			return true;
	for (const char *const *p = prefix; *p; p++)
		if (!strncmp(name, *p, strlen(*p)))
			return true;
	return false;
}

/* ---- config terms: KEY=VALUE; ---- */

static int parse_bool(const struct parse *ctx, const char *key, const char *val, bool *out)
{
	static const char *const yes[] = { "yes", "y", "1", "on", "true", NULL };
	static const char *const no[] = { "no", "n", "0", "off", "false", NULL };

	for (int i = 0; yes[i]; i++) {
		if (!strcasecmp(val, yes[i])) {
			*out = true;
			return 0;
		}
		if (!strcasecmp(val, no[i])) {
			*out = false;
			return 0;
		}
	}
	return fail(ctx, -EINVAL, "write yes or no",
		    "invalid value '%s' for '%s': expected yes or no", val, key);
}

static int set_term(struct parse *ctx, const char *key, const char *val)
{
	struct section *sec = ctx->sec;
	bool is_exec = !strcmp(key, "exec");

	if (is_exec || !strcmp(key, "module")) {
		if (!*val)
			return fail(ctx, -LOADERR__PROGCONF_TERM, conf_hint, "no value for '%s='",
				    key);
		sec->target = val;
		ctx->uprobe = is_exec;
		return 0;
	}
	if (!strcmp(key, "inlines"))
		return parse_bool(ctx, key, val, &sec->inlines);
	if (!strcmp(key, "force"))
		return parse_bool(ctx, key, val, &sec->force);
	return fail(ctx, -LOADERR__PROGCONF_TERM, conf_hint, "invalid program config option: %s=%s",
		    key, val);
}

/* Everything before the last ';' is config terms; returns what follows it in *main. */
static int parse_config(struct parse *ctx, char *s, char **main)
{
	char *last = strrchr(s, ';'), *seg, *save = NULL;
	int err;

	*main = s;
	if (!last)
		return 0;
	*last = '\0';
	*main = last + 1;
	for (seg = strtok_r(s, ";", &save); seg; seg = strtok_r(NULL, ";", &save)) {
		char *eq;

		seg = trim(seg);
		if (!*seg)
			continue;
		eq = strchr(seg, '=');
		if (!eq) {
			pr_warn("invalid config in BPF object: %s", seg);
			pr_hint("Should be 'key=value'.");
			continue;
		}
		*eq = '\0';
		err = set_term(ctx, trim(seg), trim(eq + 1));
		if (err)
			return err;
	}
	return 0;
}

/* ---- MAIN: tracepoint ---- */

static int parse_tracepoint(struct parse *ctx, char *s)
{
	struct section *sec = ctx->sec;
	static const char tp_chars[] = "_-.*?[]";
	char *colon = strchr(s, ':');

	*colon = '\0';
	if (!all_chars(s, tp_chars) || !all_chars(colon + 1, tp_chars)) {
		*colon = ':';
		return fail(ctx, -LOADERR__CONFIG, NULL, "'%s' is not a valid tracepoint", s);
	}
	sec->kind = SECTION_TRACEPOINT;
	sec->group = s;
	sec->event = colon + 1;
	return 0;
}

/* ---- MAIN: probe point [[GROUP:]EVENT=]FUNC[@SRC][:RLN|+OFFS|%return] ---- */

static bool looks_like_file(const char *s)
{
	static const char *const exts[] = { "c",   "h",	  "S",	"s",   "cc",
					    "cpp", "cxx", "hh", "hpp", NULL };
	const char *dot = strrchr(s, '.');

	if (strchr(s, '/'))
		return true;
	for (int i = 0; dot && exts[i]; i++)
		if (!strcmp(dot + 1, exts[i]))
			return true;
	return false;
}

/* A number that runs up to the next point delimiter; *sp moves past it. */
static int parse_number(char **sp, int base, unsigned long *out)
{
	char *end;

	if (!isdigit((unsigned char)**sp))
		return -EINVAL;
	errno = 0;
	*out = strtoul(*sp, &end, base);
	if (errno || (*end && !strchr("@:+%", *end)))
		return -EINVAL;
	*sp = end;
	return 0;
}

/* After FUNC: @SRC, :RLN, +OFFS, %return in any order; @p follows the delimiter @c. */
static int parse_suffixes(struct parse *ctx, char *p, char c)
{
	struct section *sec = ctx->sec;
	unsigned long v;
	size_t n;

	while (c) {
		if (c == '@') {
			n = strcspn(p, ":+%");
			if (!n || sec->src)
				return fail(ctx, -LOADERR__CONFIG, NULL,
					    "'@' must be followed by one source file name");
			sec->src = p;
			p += n;
		} else if (c == ':' || c == '+') {
			if ((c == ':' ? sec->has_line : sec->has_offset) ||
			    parse_number(&p, c == ':' ? 10 : 0, &v) || (c == ':' && v > INT_MAX))
				return fail(ctx, -LOADERR__CONFIG, NULL,
					    "'%c' must be followed by one %s", c,
					    c == ':' ? "line number" : "offset");
			if (c == ':') {
				sec->has_line = true;
				sec->line = (int)v;
			} else {
				sec->has_offset = true;
				sec->offset = v;
			}
		} else {
			if (strncmp(p, "return", 6) || (p[6] && !strchr("@:+%", p[6])))
				return fail(ctx, -LOADERR__CONFIG, NULL,
					    "'%%' must be followed by 'return'");
			ctx->retprobe = true;
			p += 6;
		}
		c = *p;
		*p = '\0';
		if (c)
			p++;
	}
	return 0;
}

static int check_location(struct parse *ctx)
{
	struct section *sec = ctx->sec;
	int nr = sec->has_line + sec->has_offset + ctx->retprobe;

	if (nr > 1)
		return fail(ctx, -LOADERR__CONFIG, NULL,
			    "only one of :RLN, +OFFS and %%return may follow the function");
	if (looks_like_file(sec->func)) {
		if (sec->src || !sec->has_line)
			return fail(ctx, -LOADERR__CONFIG, NULL,
				    "'%s' is a source file: write SRC:LINE", sec->func);
		sec->src = sec->func;
		sec->func = NULL;
		return 0;
	}
	if (!all_chars(sec->func, "_.*?[]!^-"))
		return fail(ctx, -LOADERR__CONFIG, NULL,
			    "'%s' is not a valid function name or pattern", sec->func);
	sec->func_is_glob = strpbrk(sec->func, "*?[") != NULL;
	return 0;
}

static int parse_point(struct parse *ctx, char *pt)
{
	struct section *sec = ctx->sec;
	char *eq = strpbrk(pt, "=@+%"), *ev = pt, *colon, *s;
	size_t n;
	int err;

	if (!eq || *eq != '=')
		return fail(ctx, -LOADERR__EVENTNAME, event_hint,
			    "'%s' does not start with EVENT=", pt);
	*eq = '\0';
	colon = strchr(ev, ':');
	if (colon) {
		*colon = '\0';
		if (strcmp(ev, PROBE_GROUP))
			return fail(ctx, -LOADERR__GROUP,
				    "leave the group out or write " PROBE_GROUP ":EVENT=FUNC",
				    "'%s' is not " PROBE_GROUP, ev);
		ev = colon + 1;
	}
	if (!*ev)
		return fail(ctx, -LOADERR__EVENTNAME, event_hint, "the event name is empty");
	if (!is_ident(ev))
		return fail(ctx, -LOADERR__CONFIG, NULL,
			    "'%s' is not a valid event name: it must follow C symbol-naming rules",
			    ev);
	sec->group = PROBE_GROUP;
	sec->event = ev;
	s = eq + 1;
	n = strcspn(s, "@:+%");
	if (!n)
		return fail(ctx, -LOADERR__CONFIG, NULL, "no function after '%s='", ev);
	sec->func = s;
	err = parse_suffixes(ctx, s[n] ? s + n + 1 : s + n, s[n]);
	s[n] = '\0';
	return err ? err : check_location(ctx);
}

/* ---- probe arguments ---- */

static int bad_arg(struct parse *ctx, const char *tok, size_t len)
{
	const char *orig = ctx->orig + (tok - ctx->sec->buf);

	return fail(ctx, -LOADERR__CONFIG, NULL, "'%.*s' is not a valid probe argument", (int)len,
		    orig);
}

static size_t ident_len(const char *s)
{
	size_t n = 0;

	if (!isalpha((unsigned char)*s) && *s != '_')
		return 0;
	while (isalnum((unsigned char)s[n]) || s[n] == '_')
		n++;
	return n;
}

static int push_field(struct section_arg *a, struct section_field f)
{
	struct section_field *fields = realloc(a->fields, (a->nr_fields + 1) * sizeof(*fields));

	if (!fields)
		return -ENOMEM;
	fields[a->nr_fields++] = f;
	a->fields = fields;
	return 0;
}

static int push_deref(struct section_arg *a, struct section_deref d)
{
	struct section_deref *derefs = realloc(a->derefs, (a->nr_derefs + 1) * sizeof(*derefs));

	if (!derefs)
		return -ENOMEM;
	derefs[a->nr_derefs++] = d;
	a->derefs = derefs;
	return 0;
}

/* VAR[->FIELD|.FIELD|[N]]...: returns 1 on a syntax error, else 0 / -errno. */
static int parse_var(char *s, struct section_arg *a)
{
	size_t n = ident_len(s);
	char *p = s + n, *end;
	int err;

	if (!n)
		return 1;
	a->kind = SECTION_ARG_VAR;
	a->base = s;
	while (*p) {
		struct section_field f = { 0 };
		char *start = p;

		if (*p == '[') {
			errno = 0;
			f.index = isdigit((unsigned char)p[1]) ? strtol(p + 1, &end, 0) : -1;
			if (f.index < 0 || errno || *end != ']')
				return 1;
			p = end + 1;
		} else {
			f.ref = p[0] == '-' && p[1] == '>';
			if (!f.ref && *p != '.')
				return 1;
			p += f.ref ? 2 : 1;
			n = ident_len(p);
			if (!n)
				return 1;
			f.name = p;
			p += n;
		}
		*start = '\0';
		err = push_field(a, f);
		if (err)
			return err;
	}
	return 0;
}

static bool is_special_var(const char *s)
{
	if (!strcmp(s, "$comm") || !strcmp(s, "$vars") || !strcmp(s, "$params") ||
	    !strcmp(s, "$stack"))
		return true;
	if (!strncmp(s, "$stack", 6))
		s += 6;
	else if (!strncmp(s, "$arg", 4))
		s += 4;
	else
		return false;
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* @SYM[+-OFF]: returns 1 on a syntax error. */
static int parse_symbol(char *s, struct section_arg *a)
{
	size_t n = 0;
	char *end;

	while (isalnum((unsigned char)s[n]) || s[n] == '_' || s[n] == '.')
		n++;
	if (!n)
		return 1;
	if (s[n] == '+' || s[n] == '-') {
		if (!isdigit((unsigned char)s[n + 1]))
			return 1;
		errno = 0;
		a->sym_off = strtol(s + n + 1, &end, 0);
		if (errno || *end)
			return 1;
		if (s[n] == '-')
			a->sym_off = -a->sym_off;
	} else if (s[n]) {
		return 1;
	}
	s[n] = '\0';
	a->kind = SECTION_ARG_SYMBOL;
	a->base = s;
	return 0;
}

/* Anything but a dereference; returns 1 on a syntax error, else 0 / -errno. */
static int parse_base(struct parse *ctx, char *s, struct section_arg *a, bool allow_var)
{
	if (!strcmp(s, "$retval")) {
		if (!ctx->retprobe)
			return fail(ctx, -LOADERR__CONFIG, NULL,
				    "'$retval' is only valid in a return probe (FUNC%%return)");
		a->kind = SECTION_ARG_RETVAL;
	} else if (*s == '$') {
		if (!is_special_var(s))
			return 1;
		a->kind = SECTION_ARG_SPECIAL;
	} else if (*s == '%') {
		if (!all_chars(++s, ""))
			return 1;
		a->kind = SECTION_ARG_REG;
	} else if (*s == '@') {
		return parse_symbol(s + 1, a);
	} else {
		return allow_var ? parse_var(s, a) : 1;
	}
	a->base = s;
	return 0;
}

/* [+-][u]OFF(...): returns 1 on a syntax error, else 0 / -errno. */
static int parse_deref(struct parse *ctx, char *p, struct section_arg *a)
{
	size_t len;
	int err;

	while (*p == '+' || *p == '-') {
		struct section_deref d = { 0 };
		bool neg = *p++ == '-';
		char *end;

		d.user = *p == 'u';
		p += d.user;
		if (!isdigit((unsigned char)*p))
			return 1;
		errno = 0;
		d.off = strtol(p, &end, 0);
		if (errno || *end != '(')
			return 1;
		d.off = neg ? -d.off : d.off;
		err = push_deref(a, d);
		if (err)
			return err;
		p = end + 1;
	}
	len = strlen(p);
	if (len <= (size_t)a->nr_derefs ||
	    strspn(p + len - a->nr_derefs, ")") != (size_t)a->nr_derefs)
		return 1;
	p[len - a->nr_derefs] = '\0';
	if (strpbrk(p, "()"))
		return 1;
	/* innermost first: the order the reads happen in */
	for (int i = 0, j = a->nr_derefs - 1; i < j; i++, j--) {
		struct section_deref t = a->derefs[i];

		a->derefs[i] = a->derefs[j];
		a->derefs[j] = t;
	}
	return parse_base(ctx, p, a, false);
}

static int parse_arg(struct parse *ctx, char *tok, struct section_arg *a)
{
	size_t len = strlen(tok);
	char *eq = strchr(tok, '='), *colon, *s = tok;
	int err;

	if (eq) {
		*eq = '\0';
		if (!is_ident(tok))
			return bad_arg(ctx, tok, len);
		a->name = tok;
		s = eq + 1;
	}
	colon = strchr(s, ':');
	if (colon) {
		*colon = '\0';
		if (!all_chars(colon + 1, "_@/[]"))
			return bad_arg(ctx, tok, len);
		a->type = colon + 1;
	}
	if (*s == '+' || *s == '-')
		err = parse_deref(ctx, s, a);
	else
		err = parse_base(ctx, s, a, true);
	if (err == 1)
		return bad_arg(ctx, tok, len);
	if (err == -ENOMEM)
		return fail(ctx, err, NULL, "out of memory");
	return err;
}

static int parse_args(struct parse *ctx, char **save)
{
	struct section *sec = ctx->sec;
	char *tok;
	int err;

	while ((tok = strtok_r(NULL, SPACES, save))) {
		struct section_arg *args;

		if (sec->nr_args == MAX_ARGS)
			return fail(ctx, -LOADERR__CONFIG, NULL, "more than %d arguments",
				    MAX_ARGS);
		args = realloc(sec->args, (sec->nr_args + 1) * sizeof(*args));
		if (!args)
			return fail(ctx, -ENOMEM, NULL, "out of memory");
		sec->args = args;
		memset(&args[sec->nr_args], 0, sizeof(*args));
		err = parse_arg(ctx, tok, &args[sec->nr_args++]);
		if (err)
			return err;
	}
	return 0;
}

/* ---- the whole name ---- */

static const char main_hint[] = "a tracepoint is CATEGORY:NAME (syscalls:sys_enter_nanosleep), "
				"a probe EVENT=FUNC (func=sys_nanosleep)";

static int parse_probe(struct parse *ctx, char *s)
{
	struct section *sec = ctx->sec;
	char *save = NULL, *point = strtok_r(s, SPACES, &save);
	int err;

	err = parse_point(ctx, point);
	if (err)
		return err;
	sec->retprobe = ctx->retprobe;
	if (ctx->uprobe)
		sec->kind = ctx->retprobe ? SECTION_URETPROBE : SECTION_UPROBE;
	else
		sec->kind = ctx->retprobe ? SECTION_KRETPROBE : SECTION_KPROBE;
	return parse_args(ctx, &save);
}

static int parse_main(struct parse *ctx)
{
	char *main;
	int err;

	err = parse_config(ctx, ctx->sec->buf, &main);
	if (err)
		return err;
	main = trim(main);
	if (*main == '!') {
		ctx->sec->load_only = true;
		main = trim(main + 1);
	}
	if (strchr(main, '='))
		return parse_probe(ctx, main);
	if (!*main)
		return fail(ctx, -LOADERR__CONFIG, main_hint, "no probe or tracepoint given");
	if (strchr(main, ':'))
		return parse_tracepoint(ctx, main);
	return fail(ctx, -LOADERR__CONFIG, main_hint, "'%s' is not a valid tracepoint", main);
}

int section__parse(const char *name, struct section *sec)
{
	struct parse ctx = { .sec = sec, .name = name };
	size_t len;
	int ret;

	memset(sec, 0, sizeof(*sec));
	if (!name)
		return fail(&ctx, -EINVAL, NULL, "no section name");
	if (section__is_special(name)) {
		sec->kind = SECTION_SPECIAL;
		return 0;
	}
	if (section__is_libbpf(name)) {
		sec->kind = SECTION_LIBBPF;
		libbpf_prog_type_by_name(name, &sec->prog_type, &sec->attach_type);
		return 0;
	}
	sec->inlines = true;
	len = strlen(name);
	sec->buf = malloc(2 * len + 2);
	if (!sec->buf)
		return fail(&ctx, -ENOMEM, NULL, "out of memory");
	memcpy(sec->buf, name, len + 1);
	memcpy(sec->buf + len + 1, name, len + 1);
	ctx.orig = sec->buf + len + 1;
	ret = parse_main(&ctx);
	if (ret)
		section__exit(sec);
	return ret;
}

void section__exit(struct section *sec)
{
	if (!sec)
		return;
	for (int i = 0; i < sec->nr_args; i++) {
		free(sec->args[i].fields);
		free(sec->args[i].derefs);
	}
	free(sec->args);
	free(sec->buf);
	memset(sec, 0, sizeof(*sec));
}

bool section__glob_match(const char *pattern, const char *name)
{
	return fnmatch(pattern, name, 0) == 0;
}
