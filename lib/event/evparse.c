// SPDX-License-Identifier: GPL-2.0
/*
 * -e event strings: the list, the meaning of what the grammar found, and perf's caret
 * error layout. The grammar itself is lib/event/evparse.y, the scanner lib/event/evparse.l.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/perf_event.h>

#include "event/evparse-int.h"
#include "event/loaderr.h"
#include "util/log.h"
#include "evparse.tab.h"
#define YYSTYPE EVPARSE_STYPE
#define YYLTYPE EVPARSE_LTYPE
#include "evparse.lex.h"

/* A copy of one -e argument; events point into it. */
struct evparse_strbuf {
	struct evparse_strbuf *next;
	char str[];
};

struct evparse_list {
	struct evparse_event *head;
	struct evparse_event **tail;
	size_t count;
	struct evparse_strbuf *strs;
	FILE *out;
	int width;
};

/* ---- perf's caret layout ---- */

#define ERR_PREFIX "event syntax error: "
#define ERR_MAX_LEAD 13 /* characters shown before the error column */
#define ERR_MAX_WIDTH 1024

static int term_width(FILE *out)
{
	const char *env = getenv("COLUMNS");
	struct winsize ws;
	int n;

	if (env && (n = atoi(env)) > 0)
		return n;
	if (out && ioctl(fileno(out), TIOCGWINSZ, &ws) == 0 && ws.ws_col)
		return ws.ws_col;
	return 80;
}

/* The help; "add -v" only to who has not. */
static void print_help(FILE *out, const char *help)
{
	size_t n = strlen(help), tail = sizeof(EVPARSE_HELP_OBJCONF_VTAIL) - 1;

	if (verbose > 0 && n >= tail && !strcmp(help + n - tail, EVPARSE_HELP_OBJCONF_VTAIL))
		n -= tail;
	fprintf(out, "\n%.*s\n", (int)n, help);
}

void evparse__print_error(FILE *out, int width, const char *str, int column, const char *msg,
			  const char *help)
{
	int plen = sizeof(ERR_PREFIX) - 1, len = strlen(str), room, cut = 0;
	char buf[ERR_MAX_WIDTH + 1];

	if (!width)
		width = term_width(out);
	/* The quotes take two columns; keep room for ".." at both ends and one character. */
	room = width - 2 - plen;
	if (room < 5)
		room = 5;
	if (room > ERR_MAX_WIDTH)
		room = ERR_MAX_WIDTH;
	if (column < 0)
		column = 0;
	if (column > len)
		column = len;
	if (column > ERR_MAX_LEAD)
		cut = column - ERR_MAX_LEAD;
	snprintf(buf, sizeof(buf), "%.*s", room, str + cut);
	if (cut)
		buf[0] = buf[1] = '.';
	if (len - cut > room)
		buf[room - 2] = buf[room - 1] = '.';
	fprintf(out, "%s'%s'\n", ERR_PREFIX, buf);
	fprintf(out, "%*s\\___ %s\n", plen + 1 + column - cut, "", msg);
	if (help)
		print_help(out, help);
	fflush(out);
}

void evparse__error_at(const struct evparse_event *ev, int column, const char *msg,
		       const char *help)
{
	FILE *out = ev->list && ev->list->out ? ev->list->out : stderr;

	evparse__print_error(out, ev->list ? ev->list->width : 0, ev->str, column, msg, help);
}

/* ---- the list ---- */

struct evparse_list *evparse__new(void)
{
	struct evparse_list *list = calloc(1, sizeof(*list));

	if (!list)
		return NULL;
	list->tail = &list->head;
	return list;
}

static void map_term_exit(struct evparse_map_term *m)
{
	free(m->map);
	free(m->ranges);
	free(m->event);
}

static void event_free(struct evparse_event *ev)
{
	size_t i;

	if (!ev)
		return;
	free(ev->path);
	free(ev->sys);
	free(ev->name);
	free(ev->tp_name);
	free(ev->evname);
	free(ev->call_graph);
	for (i = 0; i < ev->nr_maps; i++)
		map_term_exit(&ev->maps[i]);
	free(ev->maps);
	evparse__globals_free(ev);
	free(ev);
}

static void events_free(struct evparse_event *ev)
{
	struct evparse_event *next;

	for (; ev; ev = next) {
		next = ev->next;
		event_free(ev);
	}
}

void evparse__free(struct evparse_list *list)
{
	struct evparse_strbuf *sb, *next;

	if (!list)
		return;
	events_free(list->head);
	for (sb = list->strs; sb; sb = next) {
		next = sb->next;
		free(sb);
	}
	free(list);
}

void evparse__set_output(struct evparse_list *list, FILE *out, int width)
{
	list->out = out;
	list->width = width;
}

size_t evparse__count(const struct evparse_list *list)
{
	return list->count;
}

struct evparse_event *evparse__next(const struct evparse_list *list,
				    const struct evparse_event *prev)
{
	return prev ? prev->next : list->head;
}

const char *evparse__event_name(const struct evparse_event *ev)
{
	if (ev->evname)
		return ev->evname;
	switch (ev->kind) {
	case EVPARSE_BPF_SOURCE:
	case EVPARSE_BPF_OBJECT:
		return ev->path;
	case EVPARSE_TRACEPOINT:
		return ev->tp_name;
	default:
		return ev->name;
	}
}

struct evparse_event *evparse__find(const struct evparse_list *list, const char *name,
				    const struct evparse_event *before)
{
	struct evparse_event *ev;

	for (ev = list->head; ev && ev != before; ev = ev->next) {
		if (!strcmp(evparse__event_name(ev), name))
			return ev;
	}
	return NULL;
}

/* ---- errors while parsing ---- */

int evparse__nomem(struct evparse_scan *s)
{
	if (!s->err)
		s->err = -ENOMEM;
	return -ENOMEM;
}

int evparse__errorf(struct evparse_scan *s, int col, const char *help, const char *fmt, ...)
{
	va_list ap;
	char *msg;
	int n;

	if (s->err)
		return s->err;
	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return evparse__nomem(s);
	s->err = -EINVAL;
	s->err_col = col;
	s->err_msg = msg;
	s->err_help = help;
	return -EINVAL;
}

static int objconf_error(struct evparse_scan *s, int col, int code)
{
	char buf[LOADERR_BUFSIZE];

	return evparse__errorf(s, col, EVPARSE_HELP_OBJCONF, "%s",
			       loaderr__strerror(code, LOADERR_STAGE_NONE, buf, sizeof(buf)));
}

/* The current event's text, up to the next event. */
static size_t event_len(const struct evparse_scan *s)
{
	return strcspn(s->str + s->ev_col, ",");
}

/*
 * A path that names a BPF file once .c, .o or .obj is added ("examples/hello"): the Hint
 * names that file. Tried at the event's end and before each '/' of it.
 */
static char *suffix_hint(const struct evparse_scan *s)
{
	static const char *const suffixes[] = { ".c", ".o", ".obj" };
	const char *ev = s->str + s->ev_col;
	size_t len = event_len(s);
	struct stat st;
	char *path, *help;

	for (size_t n = len; n > 0; n--) {
		if (n < len && ev[n] != '/')
			continue;
		for (size_t i = 0; i < sizeof(suffixes) / sizeof(suffixes[0]); i++) {
			if (asprintf(&path, "%.*s%s", (int)n, ev, suffixes[i]) < 0)
				return NULL;
			if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
				if (asprintf(&help,
					     "Hint:\tdid you mean '%s'? A BPF file is named "
					     "with its suffix (.c, .o, .obj)",
					     path) < 0)
					help = NULL;
				free(path);
				return help;
			}
			free(path);
		}
	}
	return NULL;
}

/*
 * An unknown event; if its text looked like a BPF file that is not there, that file is the
 * error, said plainly: the caret layout would speak of events.
 */
static int unknown_event(struct evparse_scan *s, int col)
{
	if (s->missing) {
		s->plain = true;
		return evparse__errorf(s, s->ev_col, NULL, "cannot read BPF file '%s': %s",
				       s->missing, strerror(s->missing_errno));
	}
	free(s->help_buf);
	s->help_buf = suffix_hint(s);
	return evparse__errorf(s, col, s->help_buf, "unknown event");
}

void evparse__syntax_error(struct evparse_scan *s, int col)
{
	if (s->err)
		return;
	if (s->missing) {
		unknown_event(s, col);
		return;
	}
	free(s->help_buf);
	s->help_buf = suffix_hint(s);
	evparse__errorf(s, col, s->help_buf, "parser error");
}

/* ---- the scanner's questions ---- */

void evparse__event_start(struct evparse_scan *s, int col)
{
	s->ev_col = col;
	free(s->missing);
	s->missing = NULL;
}

static bool bpf_suffix(const char *text, int n, bool *source)
{
	if (n > 2 && !strncmp(text + n - 2, ".c", 2)) {
		*source = true;
		return true;
	}
	*source = false;
	return (n > 2 && !strncmp(text + n - 2, ".o", 2)) ||
	       (n > 4 && !strncmp(text + n - 4, ".obj", 4));
}

/*
 * The longest prefix of text that ends in .c, .o or .obj, is followed by '/' or nothing,
 * and names something stat() finds; perf's rule for BPF files.
 */
int evparse__bpf_prefix(struct evparse_scan *s, const char *text, int len, bool *source)
{
	struct stat st;
	char *path;
	int n;

	for (n = len; n > 2; n--) {
		if ((n < len && text[n] != '/') || !bpf_suffix(text, n, source))
			continue;
		path = strndup(text, n);
		if (!path) {
			evparse__nomem(s);
			return 0;
		}
		if (stat(path, &st) == 0) {
			free(path);
			free(s->missing);
			s->missing = NULL;
			return n;
		}
		if (!s->missing) {
			s->missing = path;
			s->missing_errno = errno;
		} else {
			free(path);
		}
	}
	return 0;
}

/* ---- terms and indices ---- */

void evparse__index_free(struct evparse_index *idx)
{
	if (!idx)
		return;
	free(idx->ranges);
	free(idx);
}

void evparse__term_free(struct evparse_term *t)
{
	struct evparse_term *next;

	for (; t; t = next) {
		next = t->next;
		free(t->key);
		free(t->str);
		evparse__index_free(t->index);
		free(t);
	}
}

/* ---- what the terms mean ---- */

#define COMMON_TERMS "period,freq,name,inherit,no-inherit,call-graph"

static int want_num(struct evparse_scan *s, const struct evparse_term *t, uint64_t *val)
{
	if (t->kind == EVPARSE_VAL_STR)
		return evparse__errorf(s, t->col_val, NULL, "expected numeric value");
	/* A bare term means 1, as in perf: "no-inherit" is "no-inherit=1". */
	*val = t->kind == EVPARSE_VAL_NUM ? t->num : 1;
	return 0;
}

static int want_str(struct evparse_scan *s, struct evparse_term *t, char **val)
{
	if (t->kind != EVPARSE_VAL_STR)
		return evparse__errorf(s, t->kind == EVPARSE_VAL_NUM ? t->col_val : t->col_key,
				       NULL, "expected string value");
	free(*val);
	*val = t->str;
	t->str = NULL;
	return 0;
}

static bool is_common(const char *key)
{
	static const char *const names[] = {
		"period", "freq", "name", "inherit", "no-inherit", "call-graph",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(key, names[i]))
			return true;
	}
	return false;
}

/* 0 if t is a term every event takes and was applied, 1 if it is not one, or -errno. */
static int apply_common(struct evparse_scan *s, struct evparse_event *ev, struct evparse_term *t)
{
	uint64_t v = 0;
	int err;

	if (!is_common(t->key))
		return 1;
	if (t->index)
		return evparse__errorf(s, t->index->col, NULL,
				       "indices are only valid for map terms");
	if (!strcmp(t->key, "name")) {
		ev->col_evname = t->col_key;
		return want_str(s, t, &ev->evname);
	}
	if (!strcmp(t->key, "call-graph")) {
		ev->col_call_graph = t->col_key;
		return want_str(s, t, &ev->call_graph);
	}
	if (!strcmp(t->key, "period")) {
		err = want_num(s, t, &ev->period);
		ev->has_period = !err;
		ev->col_period = t->col_key;
	} else if (!strcmp(t->key, "freq")) {
		err = want_num(s, t, &ev->freq);
		ev->has_freq = !err;
		ev->col_freq = t->col_key;
	} else {
		err = want_num(s, t, &v);
		ev->inherit = strcmp(t->key, "inherit") ? !v : !!v;
		ev->col_inherit = t->col_key;
	}
	return err;
}

static struct evparse_map_term *map_term_push(struct evparse_scan *s, struct evparse_event *ev)
{
	struct evparse_map_term *m;

	m = reallocarray(ev->maps, ev->nr_maps + 1, sizeof(*m));
	if (!m) {
		evparse__nomem(s);
		return NULL;
	}
	ev->maps = m;
	m += ev->nr_maps;
	memset(m, 0, sizeof(*m));
	m->col_index = m->col_value = -1;
	m->all = true;
	return m;
}

/* Check map:NAME.OPT[INDICES]=VALUE as far as it can be without the object; perf's columns. */
static int check_map_term(struct evparse_scan *s, const struct evparse_term *t, bool *event,
			  int *col_opt)
{
	const char *name = t->key + 4, *dot = strchr(name, '.');
	int col_map = t->col_key + 4;

	if (!dot || !dot[1])
		return objconf_error(s, col_map, LOADERR__OBJCONF_OPT);
	*col_opt = col_map + (dot - name) + 1;
	*event = !strcmp(dot + 1, "event");
	if (!*event && strcmp(dot + 1, "value"))
		return objconf_error(s, *col_opt, LOADERR__OBJCONF_MAP_OPT);
	if (t->kind == EVPARSE_VAL_NONE)
		return objconf_error(s, *col_opt, LOADERR__OBJCONF_CONF);
	if (t->kind != (*event ? EVPARSE_VAL_STR : EVPARSE_VAL_NUM))
		return objconf_error(s, t->col_val, LOADERR__OBJCONF_MAP_VALUE);
	return 0;
}

static int add_map_term(struct evparse_scan *s, struct evparse_event *ev, struct evparse_term *t)
{
	struct evparse_map_term *m;
	int col_opt = -1, err;
	bool event = false;

	err = check_map_term(s, t, &event, &col_opt);
	if (err)
		return err;
	m = map_term_push(s, ev);
	if (!m)
		return -ENOMEM;
	m->map = strndup(t->key + 4, strchr(t->key + 4, '.') - (t->key + 4));
	if (!m->map)
		return evparse__nomem(s);
	ev->nr_maps++;
	m->opt = event ? EVPARSE_MAP_EVENT : EVPARSE_MAP_VALUE;
	m->col_term = t->col_key;
	m->col_map = t->col_key + 4;
	m->col_opt = col_opt;
	m->col_value = t->col_val;
	if (event) {
		m->event = t->str;
		t->str = NULL;
	} else {
		m->value = t->num;
	}
	if (t->index) {
		m->col_index = t->index->col;
		m->all = t->index->all;
		m->nr_ranges = t->index->nr;
		m->ranges = t->index->ranges;
		t->index->ranges = NULL;
	}
	return 0;
}

static int apply_bpf_terms(struct evparse_scan *s, struct evparse_event *ev,
			   struct evparse_term *terms)
{
	struct evparse_term *t;
	int err;

	for (t = terms; t; t = t->next) {
		if (!strncmp(t->key, "map:", 4))
			err = add_map_term(s, ev, t);
		else if (!strncmp(t->key, "global:", 7))
			err = evparse__add_global_term(s, ev, t);
		else if ((err = apply_common(s, ev, t)) == 1)
			err = objconf_error(s, t->col_key, LOADERR__OBJCONF_OPT);
		if (err)
			return err;
	}
	return 0;
}

static int apply_terms(struct evparse_scan *s, struct evparse_event *ev, struct evparse_term *terms)
{
	struct evparse_term *t;
	int err;

	for (t = terms; t; t = t->next) {
		err = apply_common(s, ev, t);
		if (err == 1)
			err = evparse__errorf(s, t->col_key, "valid terms: " COMMON_TERMS,
					      "unknown term");
		if (err)
			return err;
	}
	return 0;
}

/* ---- events ---- */

static struct evparse_event *event_new(struct evparse_scan *s, enum evparse_kind kind, int col)
{
	struct evparse_event *ev = calloc(1, sizeof(*ev));

	if (!ev) {
		evparse__nomem(s);
		return NULL;
	}
	ev->kind = kind;
	ev->str = s->str;
	ev->col = col;
	ev->inherit = -1;
	ev->col_period = ev->col_freq = ev->col_evname = -1;
	ev->col_inherit = ev->col_call_graph = -1;
	ev->list = s->list;
	return ev;
}

/* Queue ev if err is 0, else free it; returns err. */
static int event_done(struct evparse_scan *s, struct evparse_event *ev, int err)
{
	if (err) {
		event_free(ev);
		return err;
	}
	*s->tail = ev;
	s->tail = &ev->next;
	return 0;
}

int evparse__add_bpf(struct evparse_scan *s, int col, char *path, bool source,
		     struct evparse_term *terms)
{
	struct evparse_event *ev;
	int err;

	ev = event_new(s, source ? EVPARSE_BPF_SOURCE : EVPARSE_BPF_OBJECT, col);
	if (!ev) {
		free(path);
		evparse__term_free(terms);
		return -ENOMEM;
	}
	ev->path = path;
	err = apply_bpf_terms(s, ev, terms);
	evparse__term_free(terms);
	return event_done(s, ev, err);
}

struct symbol {
	const char *name;
	enum evparse_kind kind;
	uint32_t type;
	uint64_t config;
};

/* clang-format off */
#define HW(n, c) { n, EVPARSE_HARDWARE, PERF_TYPE_HARDWARE, PERF_COUNT_HW_##c }
#define SW(n, c) { n, EVPARSE_SOFTWARE, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_##c }

static const struct symbol symbols[] = {
	HW("cpu-cycles", CPU_CYCLES), HW("cycles", CPU_CYCLES),
	HW("instructions", INSTRUCTIONS),
	HW("cache-references", CACHE_REFERENCES), HW("cache-misses", CACHE_MISSES),
	HW("branch-instructions", BRANCH_INSTRUCTIONS), HW("branches", BRANCH_INSTRUCTIONS),
	HW("branch-misses", BRANCH_MISSES), HW("bus-cycles", BUS_CYCLES),
	HW("stalled-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("idle-cycles-frontend", STALLED_CYCLES_FRONTEND),
	HW("stalled-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("idle-cycles-backend", STALLED_CYCLES_BACKEND),
	HW("ref-cycles", REF_CPU_CYCLES),
	SW("cpu-clock", CPU_CLOCK), SW("task-clock", TASK_CLOCK),
	SW("page-faults", PAGE_FAULTS), SW("faults", PAGE_FAULTS),
	SW("context-switches", CONTEXT_SWITCHES), SW("cs", CONTEXT_SWITCHES),
	SW("cpu-migrations", CPU_MIGRATIONS), SW("migrations", CPU_MIGRATIONS),
	SW("minor-faults", PAGE_FAULTS_MIN), SW("major-faults", PAGE_FAULTS_MAJ),
	SW("alignment-faults", ALIGNMENT_FAULTS), SW("emulation-faults", EMULATION_FAULTS),
	SW("dummy", DUMMY),
	{ "bpf-output", EVPARSE_BPF_OUTPUT, PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT },
};
/* clang-format on */

/* rNNN: a raw hardware event, NNN its config in hex. */
static bool raw_config(const char *name, uint64_t *config)
{
	char *end;

	if (name[0] != 'r' || !name[1] || !strchr("0123456789abcdefABCDEF", name[1]))
		return false;
	errno = 0;
	*config = strtoull(name + 1, &end, 16);
	return !errno && !*end;
}

static int symbol_init(struct evparse_event *ev, const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(symbols) / sizeof(symbols[0]); i++) {
		if (!strcmp(symbols[i].name, name)) {
			ev->kind = symbols[i].kind;
			ev->type = symbols[i].type;
			ev->config = symbols[i].config;
			return 0;
		}
	}
	if (raw_config(name, &ev->config)) {
		ev->kind = EVPARSE_RAW;
		ev->type = PERF_TYPE_RAW;
		return 0;
	}
	return -ENOENT;
}

int evparse__add_symbol(struct evparse_scan *s, int col, char *name, struct evparse_term *terms)
{
	struct evparse_event *ev;
	int err;

	ev = event_new(s, EVPARSE_HARDWARE, col);
	if (!ev) {
		free(name);
		evparse__term_free(terms);
		return -ENOMEM;
	}
	ev->name = name;
	if (symbol_init(ev, name))
		err = unknown_event(s, col);
	else
		err = apply_terms(s, ev, terms);
	evparse__term_free(terms);
	return event_done(s, ev, err);
}

int evparse__add_tracepoint(struct evparse_scan *s, int col, char *sys, char *name,
			    struct evparse_term *terms)
{
	struct evparse_event *ev;
	int err;

	ev = event_new(s, EVPARSE_TRACEPOINT, col);
	if (!ev) {
		free(sys);
		free(name);
		evparse__term_free(terms);
		return -ENOMEM;
	}
	ev->sys = sys;
	ev->name = name;
	if (!symbol_init(ev, sys))
		err = evparse__errorf(s, col + strlen(sys), NULL,
				      "event modifiers are not supported");
	else if (asprintf(&ev->tp_name, "%s:%s", sys, name) < 0)
		err = evparse__nomem(s);
	else
		err = apply_terms(s, ev, terms);
	ev->kind = EVPARSE_TRACEPOINT;
	ev->type = PERF_TYPE_TRACEPOINT;
	ev->config = 0;
	evparse__term_free(terms);
	return event_done(s, ev, err);
}

/* ---- one -e argument ---- */

static int run_parser(struct evparse_scan *s, const char *str)
{
	YY_BUFFER_STATE buf;
	yyscan_t scanner;
	int ret;

	if (evparse_lex_init_extra(s, &scanner))
		return evparse__nomem(s);
	buf = evparse__scan_string(str, scanner);
	if (!buf) {
		evparse_lex_destroy(scanner);
		return evparse__nomem(s);
	}
	ret = evparse_parse(scanner, s);
	evparse__delete_buffer(buf, scanner);
	evparse_lex_destroy(scanner);
	if (ret == 2)
		return evparse__nomem(s);
	if (ret && !s->err)
		evparse__syntax_error(s, s->col);
	return s->err;
}

int evparse__add(struct evparse_list *list, const char *str)
{
	struct evparse_scan s = { .list = list };
	size_t len = strlen(str);
	struct evparse_strbuf *sb;
	struct evparse_event *ev;
	int err;

	sb = malloc(sizeof(*sb) + len + 1);
	if (!sb)
		return -ENOMEM;
	memcpy(sb->str, str, len + 1);
	s.str = sb->str;
	s.tail = &s.head;
	err = run_parser(&s, str);
	if (err) {
		if (s.err_msg && s.plain)
			fprintf(list->out ? list->out : stderr, "ERROR: %s\n", s.err_msg);
		else if (s.err_msg)
			evparse__print_error(list->out ? list->out : stderr, list->width, str,
					     s.err_col, s.err_msg, s.err_help);
		events_free(s.head);
		free(sb);
	} else {
		sb->next = list->strs;
		list->strs = sb;
		*list->tail = s.head;
		list->tail = s.tail;
		for (ev = s.head; ev; ev = ev->next)
			list->count++;
	}
	free(s.err_msg);
	free(s.help_buf);
	free(s.missing);
	return err;
}
