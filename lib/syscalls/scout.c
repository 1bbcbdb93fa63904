// SPDX-License-Identifier: GPL-2.0
/* The system-call printers' writer: the pieces too long to inline (syscalls/scout.h). */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <netinet/in.h>

#include "syscalls/scout.h"
#include "syscalls/sysconst.h"

void scout__put_cut(struct scout *o, const char *s, size_t n)
{
	size_t room = o->size > o->len + 1 ? o->size - o->len - 1 : 0;

	if (n > room)
		n = room;
	memcpy(o->p + o->len, s, n);
	o->len += n;
	if (o->size)
		o->p[o->len] = '\0';
}

static void quote_byte(struct scout *o, unsigned char c, unsigned char next)
{
	char n[NUMFMT_MAX], *at;
	static const char esc[] = { ['\n'] = 'n', ['\t'] = 't', ['\r'] = 'r', ['\v'] = 'v',
				    ['\f'] = 'f', ['"'] = '"',	['\\'] = '\\' };

	if (c < sizeof(esc) && esc[c]) {
		char e[2] = { '\\', esc[c] };

		scout__put(o, e, 2);
	} else if (c >= 0x20 && c < 0x7f) {
		scout__put(o, (const char *)&c, 1);
	} else {
		/* a short escape would take an octal digit after it in */
		scout__put(o, "\\", 1);
		at = scout__num_at(o, n);
		scout__num_end(o, at, numfmt__oct(at, c, next >= '0' && next <= '7' ? 3 : 1));
	}
}

void scout__quoted(struct scout *o, const void *p, uint32_t len, unsigned max, bool truncated)
{
	const unsigned char *s = p;
	uint32_t n = len > max ? max : len;

	scout__put(o, "\"", 1);
	for (uint32_t i = 0; i < n; i++)
		quote_byte(o, s[i], i + 1 < n ? s[i + 1] : 0);
	scout__put(o, "\"", 1);
	if (truncated || len > max)
		scout__put(o, "...", 3);
}

void scout__named(struct scout *o, const struct sysconst_table *t, int64_t v, size_t skip)
{
	const char *name = sysconst__name(t, v);

	if (name)
		scout__str(o, name + (strlen(name) > skip ? skip : 0));
	else
		scout__s64(o, v);
}

void scout__flags(struct scout *o, const struct sysconst_table *t, uint64_t v)
{
	char tmp[256];
	int n = sysconst__flags(t, v, tmp, sizeof(tmp));

	scout__put(o, tmp, n < (int)sizeof(tmp) ? (size_t)n : sizeof(tmp) - 1);
}

static void inet4(struct scout *o, const void *addr)
{
	struct sockaddr_in in;
	char ip[INET_ADDRSTRLEN];

	memcpy(&in, addr, sizeof(in));
	inet_ntop(AF_INET, &in.sin_addr, ip, sizeof(ip));
	scout__str(o, ip);
	scout__put(o, ":", 1);
	scout__u64(o, ntohs(in.sin_port));
}

static void inet6(struct scout *o, const void *addr)
{
	struct sockaddr_in6 in6;
	char ip[INET6_ADDRSTRLEN];

	memcpy(&in6, addr, sizeof(in6));
	inet_ntop(AF_INET6, &in6.sin6_addr, ip, sizeof(ip));
	scout__put(o, "[", 1);
	scout__str(o, ip);
	scout__put(o, "]:", 2);
	scout__u64(o, ntohs(in6.sin6_port));
}

void scout__sockaddr(struct scout *o, const void *addr, uint32_t len)
{
	sa_family_t family;

	if (len < sizeof(family)) {
		scout__str(o, "{}");
		return;
	}
	memcpy(&family, addr, sizeof(family));
	if (family == AF_INET && len >= sizeof(struct sockaddr_in)) {
		inet4(o, addr);
	} else if (family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
		inet6(o, addr);
	} else if (family == AF_UNIX) {
		const char *path = (const char *)addr + offsetof(struct sockaddr_un, sun_path);
		uint32_t n = len - offsetof(struct sockaddr_un, sun_path);

		if (n && !path[0]) { /* an abstract name: @ and its bytes */
			scout__put(o, "@", 1);
			scout__quoted(o, path + 1, n - 1, n - 1, false);
		} else {
			scout__quoted(o, path, strnlen(path, n), n, false);
		}
	} else {
		scout__str(o, "{family: ");
		scout__named(o, &sysconst_af, family, 0);
		scout__put(o, "}", 1);
	}
}
