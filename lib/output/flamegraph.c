// SPDX-License-Identifier: GPL-2.0
/*
 * The flame graph's SVG, drawn in one walk over the sorted stacks: the frames of the path
 * being walked are open; a frame closes (and is drawn) when the next stack leaves it. A
 * narrow frame is not drawn but added to its row's pending run of narrow siblings, which is
 * drawn as one frame when a wide sibling or the parent closes (and dropped, with the rest
 * of the narrow parent, when the parent is narrow too).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "output/flamegraph.h"

#define FG_WIDTH 1200.0
#define FG_PAD 10.0
#define FG_ROW 16
#define FG_TOP 60 /* the title, the search box */
#define FG_BOTTOM 40 /* the details line */
#define FG_FONT 12
#define FG_CHAR (FG_FONT * 0.59) /* an average glyph's width */
/* the rows past the stacks: the "all" frame */
#define FG_ALL_ID UINT32_MAX

/* A frame as the walk has it: open (on the current path) or one run of merged siblings. */
struct fg_frame {
	uint32_t id; /* FG_ALL_ID: the "all" frame */
	uint64_t start, weight;
	uint32_t merged; /* narrow siblings in the run */
};

struct fg {
	const struct fold *f;
	FILE *out;
	const char *count_name;
	uint64_t total, min_weight;
	unsigned rows; /* the deepest stack, and "all" */
	struct fg_frame open[FOLD_MAX_DEPTH + 1];
	struct fg_frame pend[FOLD_MAX_DEPTH + 2]; /* per depth: narrow siblings waiting */
	unsigned depth; /* frames open */
	uint64_t drawn; /* frames drawn */
};

/* XML text: markup escaped; control bytes and bytes past ASCII as '?' (the file stays UTF-8). */
static void put_xml(FILE *out, const char *s, size_t max)
{
	for (size_t i = 0; s[i] && i < max; i++) {
		unsigned char c = s[i];

		if (c == '&')
			fputs("&amp;", out);
		else if (c == '<')
			fputs("&lt;", out);
		else if (c == '>')
			fputs("&gt;", out);
		else if (c == '"')
			fputs("&quot;", out);
		else
			putc(c < 0x20 || c >= 0x7f ? '?' : c, out);
	}
}

static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* The fill of a frame: its kind's hue, varied by its name. */
static void put_fill(FILE *out, const char *name, enum fold_kind kind, bool is_all)
{
	uint32_t h = name_hash(name);
	unsigned a = h & 0xff, b = h >> 8 & 0xff, c = h >> 16 & 0xff;

	if (is_all || kind == FOLD_COMM || kind == FOLD_OTHER)
		fprintf(out, "rgb(%u,%u,%u)", 180 + a % 40, 180 + a % 40, 190 + a % 40);
	else if (kind == FOLD_KERNEL)
		fprintf(out, "rgb(%u,%u,%u)", 60 + a % 50, 170 + b % 50, 140 + c % 50);
	else if (kind == FOLD_BPF)
		fprintf(out, "rgb(%u,%u,%u)", 90 + a % 50, 120 + b % 50, 215 + c % 40);
	else
		fprintf(out, "rgb(%u,%u,%u)", 205 + a % 50, b * 230 / 255, c * 55 / 255);
}

static double x_of(const struct fg *g, uint64_t at)
{
	return FG_PAD + (double)at * (FG_WIDTH - 2 * FG_PAD) / (double)g->total;
}

static double y_of(const struct fg *g, unsigned depth)
{
	return FG_TOP + (double)(g->rows - 1 - depth) * FG_ROW;
}

/* As much of the name as the frame holds, ".." where it is cut. */
static void put_label(FILE *out, const char *name, double width)
{
	size_t fits = width > 6 ? (size_t)((width - 6) / FG_CHAR) : 0;
	size_t len = strlen(name);

	if (fits < 3)
		return;
	if (len <= fits) {
		put_xml(out, name, len);
		return;
	}
	put_xml(out, name, fits - 2);
	fputs("..", out);
}

static void draw(struct fg *g, const struct fg_frame *fr, unsigned depth)
{
	bool is_all = fr->id == FG_ALL_ID;
	char merged[48];
	const char *name = is_all ? "all" : fold__name(g->f, fr->id);
	enum fold_kind kind = is_all ? FOLD_OTHER : fold__kind(g->f, fr->id);
	double x = x_of(g, fr->start), w = x_of(g, fr->start + fr->weight) - x;

	if (fr->merged > 1) {
		snprintf(merged, sizeof(merged), "[%u frames]", fr->merged);
		name = merged;
		kind = FOLD_OTHER;
	}
	fputs("<g class=\"f\" data-name=\"", g->out);
	put_xml(g->out, name, SIZE_MAX);
	fprintf(g->out, "\" data-x=\"%llu\" data-w=\"%llu\" data-d=\"%u\" data-k=\"%d\"><title>",
		(unsigned long long)fr->start, (unsigned long long)fr->weight, depth, kind);
	put_xml(g->out, name, SIZE_MAX);
	fprintf(g->out,
		" (%llu %s, %.2f%%)</title><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%d\" rx=\"2\" fill=\"",
		(unsigned long long)fr->weight, g->count_name, 100.0 * fr->weight / g->total, x,
		y_of(g, depth), w, FG_ROW - 1);
	put_fill(g->out, name, kind, is_all);
	fprintf(g->out, "\"/><text x=\"%.1f\" y=\"%.1f\">", x + 3, y_of(g, depth) + FG_ROW - 4.5);
	put_label(g->out, name, w);
	fputs("</text></g>\n", g->out);
	g->drawn++;
}

/* The run of narrow frames waiting at depth d, drawn as one. */
static void draw_pending(struct fg *g, unsigned d)
{
	if (g->pend[d].merged)
		draw(g, &g->pend[d], d);
	g->pend[d].merged = 0;
}

/* Frame open[d] ends: drawn, or added to its row's narrow run. */
static void close_frame(struct fg *g, unsigned d)
{
	struct fg_frame *fr = &g->open[d], *run = &g->pend[d];

	if (fr->weight < g->min_weight) {
		g->pend[d + 1].merged = 0; /* nothing above a merged frame is drawn */
		if (!run->merged)
			*run = (struct fg_frame){ .id = fr->id, .start = fr->start };
		run->weight += fr->weight;
		run->merged++;
		return;
	}
	draw_pending(g, d + 1);
	draw_pending(g, d);
	draw(g, fr, d);
}

/* Close the open frames down to depth keep. */
static void close_to(struct fg *g, unsigned keep)
{
	while (g->depth > keep)
		close_frame(g, --g->depth);
}

/* One stack: the path leaves the open frames it does not share, then opens its own. */
static void walk(struct fg *g, const uint32_t *ids, uint32_t nr, uint64_t w, uint64_t at)
{
	unsigned same = 1; /* open[0] is "all" */

	while (same < g->depth && same - 1 < nr && g->open[same].id == ids[same - 1])
		same++;
	close_to(g, same);
	for (; g->depth < nr + 1; g->depth++)
		g->open[g->depth] = (struct fg_frame){ .id = ids[g->depth - 1], .start = at };
	for (unsigned d = 0; d < g->depth; d++)
		g->open[d].weight += w;
}

static int walk_all(struct fg *g)
{
	uint32_t *order = fold__sorted(g->f);
	uint64_t at = 0;

	if (!order)
		return -errno;
	g->open[0] = (struct fg_frame){ .id = FG_ALL_ID };
	g->depth = 1;
	for (size_t i = 0; i < fold__nr(g->f); i++) {
		uint32_t nr;
		uint64_t w;
		const uint32_t *ids = fold__stack(g->f, order[i], &nr, &w);

		walk(g, ids, nr, w, at);
		at += w;
	}
	g->min_weight = 0; /* "all" is drawn however light */
	close_to(g, 0);
	free(order);
	return 0;
}

static unsigned deepest(const struct fold *f)
{
	unsigned max = 0;

	for (size_t i = 0; i < fold__nr(f); i++) {
		uint32_t nr;
		uint64_t w;

		fold__stack(f, i, &nr, &w);
		if (nr > max)
			max = nr;
	}
	return max;
}

static const char fg_style[] =
	"<style>\n"
	"text { font-family: Verdana, sans-serif; font-size: 12px; fill: #000; }\n"
	"g.f text { pointer-events: none; }\n"
	"g.f:hover rect { stroke: #000; stroke-width: 0.5; cursor: pointer; }\n"
	"#title { font-size: 17px; text-anchor: middle; }\n"
	"#reset, #matched { cursor: pointer; }\n"
	"</style>\n";

/*
 * The script: frames are read once from their data-* attributes; zoom and search change
 * only positions, visibility and fills.
 */
static const char fg_script[] =
	"<script type=\"text/ecmascript\"><![CDATA[\n"
	"'use strict';\n"
	"var W = 1200, PAD = 10, CH = 12 * 0.59, frames = [], total = 1, zoomed = null;\n"
	"function label(f, w) {\n"
	"  var n = Math.floor((w - 6) / CH), s = f.name;\n"
	"  if (n < 3) return '';\n"
	"  return s.length <= n ? s : s.substring(0, n - 2) + '..';\n"
	"}\n"
	"function place(f, x, w) {\n"
	"  f.rect.setAttribute('x', x.toFixed(1));\n"
	"  f.rect.setAttribute('width', w.toFixed(1));\n"
	"  f.text.setAttribute('x', (x + 3).toFixed(1));\n"
	"  f.text.textContent = label(f, w);\n"
	"  f.g.style.display = '';\n"
	"}\n"
	"function zoom(z) {\n"
	"  var span = W - 2 * PAD;\n"
	"  zoomed = z;\n"
	"  frames.forEach(function (f) {\n"
	"    if (f.d >= z.d && f.x >= z.x && f.x + f.w <= z.x + z.w)\n"
	"      place(f, PAD + (f.x - z.x) * span / z.w, f.w * span / z.w);\n"
	"    else if (f.d < z.d && f.x <= z.x && f.x + f.w >= z.x + z.w)\n"
	"      place(f, PAD, span);\n"
	"    else\n"
	"      f.g.style.display = 'none';\n"
	"  });\n"
	"  document.getElementById('reset').style.display = z.d ? '' : 'none';\n"
	"}\n"
	"function search(term) {\n"
	"  var re = null, spans = [], sum = 0, end = -1, m = document.getElementById('matched');\n"
	"  try { re = term ? new RegExp(term) : null; } catch (e) { re = null; }\n"
	"  frames.forEach(function (f) {\n"
	"    var hit = re !== null && f.d > 0 && re.test(f.name);\n"
	"    f.g.setAttribute('data-match', hit ? '1' : '0');\n"
	"    f.rect.setAttribute('fill', hit ? 'rgb(230,0,230)' : f.fill);\n"
	"    if (hit) spans.push([f.x, f.x + f.w]);\n"
	"  });\n"
	"  spans.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });\n"
	"  spans.forEach(function (s) {\n"
	"    if (s[0] >= end) { sum += s[1] - s[0]; end = s[1]; }\n"
	"    else if (s[1] > end) { sum += s[1] - end; end = s[1]; }\n"
	"  });\n"
	"  m.textContent = re ? 'Matched: ' + (100 * sum / total).toFixed(2) + '%' : '';\n"
	"  m.setAttribute('data-share', re ? (sum / total).toFixed(6) : '');\n"
	"}\n"
	"function init() {\n"
	"  var gs = document.querySelectorAll('g.f'), box = document.getElementById('term');\n"
	"  var details = document.getElementById('details'), h;\n"
	"  for (var i = 0; i < gs.length; i++) {\n"
	"    var g = gs[i], f = { g: g, name: g.getAttribute('data-name'),\n"
	"      x: +g.getAttribute('data-x'), w: +g.getAttribute('data-w'),\n"
	"      d: +g.getAttribute('data-d'), rect: g.querySelector('rect'),\n"
	"      text: g.querySelector('text') };\n"
	"    f.fill = f.rect.getAttribute('fill');\n"
	"    g.onclick = zoom.bind(null, f);\n"
	"    g.onmouseover = (function (t) { return function () { details.textContent = t; };\n"
	"    })(g.querySelector('title').textContent);\n"
	"    g.onmouseout = function () { details.textContent = ' '; };\n"
	"    if (f.d === 0) total = f.w || 1;\n"
	"    frames.push(f);\n"
	"  }\n"
	"  document.getElementById('reset').onclick = function () { zoom(frames[frames.length - 1]); };\n"
	"  if (box) box.oninput = function () { search(box.value); };\n"
	"  h = /[#&]search=([^&]*)/.exec(location.hash);\n"
	"  if (h) { if (box) box.value = decodeURIComponent(h[1]); search(decodeURIComponent(h[1])); }\n"
	"}\n"
	"window.addEventListener('keydown', function (e) {\n"
	"  var box = document.getElementById('term');\n"
	"  if (!box || document.activeElement === box) return;\n"
	"  if (e.ctrlKey && e.key === 'f' || e.key === '/') { e.preventDefault(); box.focus(); }\n"
	"});\n"
	"]]></script>\n";

/* What the colours mean, at the bottom right. */
static void put_legend(struct fg *g, double y)
{
	static const char *const names[] = { "user", "kernel", "BPF" };
	static const enum fold_kind kinds[] = { FOLD_USER, FOLD_KERNEL, FOLD_BPF };
	double x = FG_WIDTH - FG_PAD - 3 * 80;

	for (int i = 0; i < 3; i++, x += 80) {
		fprintf(g->out, "<rect x=\"%.0f\" y=\"%.0f\" width=\"12\" height=\"12\" fill=\"", x,
			y);
		put_fill(g->out, names[i], kinds[i], false);
		fprintf(g->out, "\"/><text x=\"%.0f\" y=\"%.0f\">%s</text>\n", x + 16, y + 10,
			names[i]);
	}
}

static void put_head(struct fg *g, const char *title, double height)
{
	fprintf(g->out,
		"<?xml version=\"1.0\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"onload=\"init()\" xmlns=\"http://www.w3.org/2000/svg\">\n",
		FG_WIDTH, height, FG_WIDTH, height);
	fputs(fg_style, g->out);
	fputs(fg_script, g->out);
	fprintf(g->out, "<rect x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\" fill=\"#f8f8f0\"/>\n",
		FG_WIDTH, height);
	fprintf(g->out, "<text id=\"title\" x=\"%.0f\" y=\"24\">", FG_WIDTH / 2);
	put_xml(g->out, title, SIZE_MAX);
	fprintf(g->out,
		"</text>\n<text id=\"reset\" x=\"%.0f\" y=\"48\" style=\"display:none\">Reset Zoom"
		"</text>\n<text id=\"matched\" x=\"%.0f\" y=\"48\" text-anchor=\"end\"></text>\n"
		"<foreignObject x=\"%.0f\" y=\"32\" width=\"200\" height=\"22\">"
		"<input xmlns=\"http://www.w3.org/1999/xhtml\" id=\"term\" type=\"search\" "
		"placeholder=\"Search (regex)\" style=\"width:190px;font-size:12px\"/>"
		"</foreignObject>\n"
		"<text id=\"details\" x=\"%.0f\" y=\"%.0f\"> </text>\n",
		FG_PAD, FG_WIDTH - FG_PAD - 210, FG_WIDTH - FG_PAD - 200, FG_PAD, height - 14);
	put_legend(g, height - 26);
}

int flamegraph__write(const struct fold *f, FILE *out, const struct flamegraph_opts *o)
{
	struct fg *g = calloc(1, sizeof(*g));
	double share = o->min_share > 0 ? o->min_share : 0.001;
	int err;

	if (!g)
		return -ENOMEM;
	*g = (struct fg){ .f = f, .out = out, .count_name = o->count_name ?: "samples" };
	g->total = fold__total(f) ?: 1;
	g->min_weight = (uint64_t)(share * (double)g->total);
	g->rows = deepest(f) + 1;
	put_head(g, o->title ?: "Flame Graph", FG_TOP + (double)g->rows * FG_ROW + FG_BOTTOM);
	err = walk_all(g);
	fputs("</svg>\n", out);
	free(g);
	if (err)
		return err;
	fflush(out);
	return ferror(out) ? -EIO : 0;
}
