/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Grammar of one -e argument: events separated by ',', each optionally followed by
 * /term,term,.../. The actions hand everything to lib/event/evparse.c, which gives the
 * tokens their meaning and owns what it is given.
 */
%define api.pure full
%define api.prefix {evparse_}
%locations
%expect 0
%lex-param {void *scanner}
%parse-param {void *scanner}
%parse-param {struct evparse_scan *scan}

%code requires {
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "event/evparse-int.h"
}

%code {
int evparse_lex(EVPARSE_STYPE *lval, EVPARSE_LTYPE *lloc, void *scanner);
static void evparse_error(EVPARSE_LTYPE *loc, void *scanner, struct evparse_scan *scan,
			  const char *msg);

#define COL(loc) ((loc).first_column)

static struct evparse_index *index_new(struct evparse_scan *s, bool all, int col);
/* One range first...last starting at col; an error if last < first. */
static struct evparse_index *index_range(struct evparse_scan *s, int col, uint64_t first,
					 uint64_t last);
/* Move the ranges of from to the end of idx and free from; on error idx is freed too. */
static int index_join(struct evparse_scan *s, struct evparse_index *idx,
		      struct evparse_index *from);
/* A term key[index]; the caller sets the value. Owns key and idx, even on error. */
static struct evparse_term *term_new(struct evparse_scan *s, char *key, int col_key,
				     struct evparse_index *idx);
static struct evparse_term *term_append(struct evparse_term *list, struct evparse_term *t);
}

%union {
	char *str;
	uint64_t num;
	struct evparse_term *term;
	struct evparse_index *index;
}

%token <str> PE_NAME PE_TNAME PE_BPF_SOURCE PE_BPF_OBJECT
%token <num> PE_NUM
%token PE_ALL PE_RANGE PE_ERROR

%type <term> opt_terms terms term
%type <index> opt_index index index_terms index_term

%destructor { free($$); } <str>
%destructor { evparse__term_free($$); } <term>
%destructor { evparse__index_free($$); } <index>

%%

events:
	event
|	events ',' event
;

event:
	PE_BPF_SOURCE opt_terms
	{
		if (evparse__add_bpf(scan, COL(@1), $1, true, $2))
			YYABORT;
	}
|	PE_BPF_OBJECT opt_terms
	{
		if (evparse__add_bpf(scan, COL(@1), $1, false, $2))
			YYABORT;
	}
|	PE_NAME opt_terms
	{
		if (evparse__add_symbol(scan, COL(@1), $1, $2))
			YYABORT;
	}
|	PE_NAME ':' PE_NAME opt_terms
	{
		if (evparse__add_tracepoint(scan, COL(@1), $1, $3, $4))
			YYABORT;
	}
;

opt_terms:
	%empty			{ $$ = NULL; }
|	'/' '/'			{ $$ = NULL; }
|	'/' terms '/'		{ $$ = $2; }
;

terms:
	term			{ $$ = $1; }
|	terms ',' term		{ $$ = term_append($1, $3); }
;

term:
	PE_TNAME opt_index
	{
		$$ = term_new(scan, $1, COL(@1), $2);
		if (!$$)
			YYABORT;
	}
|	PE_TNAME opt_index '=' PE_NUM
	{
		$$ = term_new(scan, $1, COL(@1), $2);
		if (!$$)
			YYABORT;
		$$->kind = EVPARSE_VAL_NUM;
		$$->num = $4;
		$$->col_val = COL(@4);
	}
|	PE_TNAME opt_index '=' PE_TNAME
	{
		$$ = term_new(scan, $1, COL(@1), $2);
		if (!$$) {
			free($4);
			YYABORT;
		}
		$$->kind = EVPARSE_VAL_STR;
		$$->str = $4;
		$$->col_val = COL(@4);
	}
;

opt_index:
	%empty			{ $$ = NULL; }
|	index			{ $$ = $1; }
;

index:
	PE_ALL
	{
		$$ = index_new(scan, true, COL(@1));
		if (!$$)
			YYABORT;
	}
|	'[' index_terms ']'	{ $$ = $2; $$->col = COL(@1); }
;

index_terms:
	index_term		{ $$ = $1; }
|	index_terms ',' index_term
	{
		$$ = $1;
		if (index_join(scan, $$, $3))
			YYABORT;
	}
;

index_term:
	PE_NUM
	{
		$$ = index_range(scan, COL(@1), $1, $1);
		if (!$$)
			YYABORT;
	}
|	PE_NUM PE_RANGE PE_NUM
	{
		$$ = index_range(scan, COL(@1), $1, $3);
		if (!$$)
			YYABORT;
	}
;

%%

static void evparse_error(EVPARSE_LTYPE *loc, void *scanner, struct evparse_scan *scan,
			  const char *msg)
{
	(void)scanner;
	(void)msg;
	evparse__syntax_error(scan, loc->first_column);
}

static struct evparse_index *index_new(struct evparse_scan *s, bool all, int col)
{
	struct evparse_index *idx = calloc(1, sizeof(*idx));

	if (!idx) {
		evparse__nomem(s);
		return NULL;
	}
	idx->all = all;
	idx->col = col;
	return idx;
}

static struct evparse_index *index_range(struct evparse_scan *s, int col, uint64_t first,
					   uint64_t last)
{
	struct evparse_index *idx;

	if (last < first) {
		evparse__errorf(s, col, EVPARSE_HELP_OBJCONF,
				"Expected '%llu' to be less-than '%llu'", (unsigned long long)first,
				(unsigned long long)last);
		return NULL;
	}
	idx = index_new(s, false, col);
	if (!idx)
		return NULL;
	idx->ranges = malloc(sizeof(*idx->ranges));
	if (!idx->ranges) {
		free(idx);
		evparse__nomem(s);
		return NULL;
	}
	idx->ranges[0].first = first;
	idx->ranges[0].last = last;
	idx->nr = 1;
	return idx;
}

static int index_join(struct evparse_scan *s, struct evparse_index *idx,
			struct evparse_index *from)
{
	struct evparse_range *r;

	r = reallocarray(idx->ranges, idx->nr + from->nr, sizeof(*r));
	if (!r) {
		evparse__index_free(idx);
		evparse__index_free(from);
		return evparse__nomem(s);
	}
	memcpy(r + idx->nr, from->ranges, from->nr * sizeof(*r));
	idx->ranges = r;
	idx->nr += from->nr;
	evparse__index_free(from);
	return 0;
}

static struct evparse_term *term_new(struct evparse_scan *s, char *key, int col_key,
				       struct evparse_index *idx)
{
	struct evparse_term *t = calloc(1, sizeof(*t));

	if (!t) {
		free(key);
		evparse__index_free(idx);
		evparse__nomem(s);
		return NULL;
	}
	t->key = key;
	t->col_key = col_key;
	t->index = idx;
	t->col_val = -1;
	return t;
}

static struct evparse_term *term_append(struct evparse_term *list, struct evparse_term *t)
{
	struct evparse_term *p = list;

	while (p->next)
		p = p->next;
	p->next = t;
	return list;
}
