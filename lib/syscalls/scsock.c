// SPDX-License-Identifier: GPL-2.0
/* What -yy says of a socket (syscalls/scsock.h). */
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "syscalls/scsock.h"

/* The /proc/net tables of inet sockets, with the protocol each one's sockets are. */
static const struct {
	const char *file;
	const char *proto;
	int family;
} inet_tables[] = {
	{ "tcp", "TCP", AF_INET },
	{ "tcp6", "TCPv6", AF_INET6 },
	{ "udp", "UDP", AF_INET },
	{ "udp6", "UDPv6", AF_INET6 },
};

static const char *unix_proto(int type)
{
	switch (type) {
	case SOCK_STREAM:
		return "UNIX-STREAM";
	case SOCK_DGRAM:
		return "UNIX-DGRAM";
	case SOCK_SEQPACKET:
		return "UNIX-SEQPACKET";
	default:
		return "UNIX";
	}
}

static const char *inet_proto(int family, int type, int protocol)
{
	bool v6 = family == AF_INET6;

	if (type == SOCK_STREAM && (!protocol || protocol == IPPROTO_TCP))
		return v6 ? "TCPv6" : "TCP";
	if (type == SOCK_DGRAM && (!protocol || protocol == IPPROTO_UDP))
		return v6 ? "UDPv6" : "UDP";
	return "";
}

void scsock__proto(int family, int type, int protocol, struct scfds_sock *k)
{
	const char *p = "";

	type &= 0xf; /* SOCK_CLOEXEC and SOCK_NONBLOCK left out */
	if (family == AF_UNIX)
		p = unix_proto(type);
	else if (family == AF_INET || family == AF_INET6)
		p = inet_proto(family, type, protocol);
	snprintf(k->proto, sizeof(k->proto), "%s", p);
}

/* An address and port: "127.0.0.1:80", "[::1]:53"; "" for port 0: none yet, or the kernel's choice. */
static size_t ip_port(int family, const void *a, unsigned int port, char *buf, size_t size)
{
	char ip[INET6_ADDRSTRLEN];

	if (!port)
		return snprintf(buf, size, "%s", "");
	if (!inet_ntop(family, a, ip, sizeof(ip)))
		return snprintf(buf, size, "%s", "");
	if (family == AF_INET6)
		return snprintf(buf, size, "[%s]:%u", ip, port);
	return snprintf(buf, size, "%s:%u", ip, port);
}

/* A unix path quoted, '@' before an abstract one's name (its first byte a NUL). */
static size_t unix_path(const char *path, size_t len, char *buf, size_t size)
{
	if (!len)
		return snprintf(buf, size, "%s", "");
	if (path[0] == '\0' || path[0] == '@')
		return snprintf(buf, size, "@\"%.*s\"", (int)len - 1, path + 1);
	return snprintf(buf, size, "\"%.*s\"", (int)strnlen(path, len), path);
}

size_t scsock__addr(const void *sa, size_t len, char *buf, size_t size)
{
	sa_family_t family;

	if (len < sizeof(family))
		return snprintf(buf, size, "%s", "");
	memcpy(&family, sa, sizeof(family));
	if (family == AF_INET && len >= sizeof(struct sockaddr_in)) {
		struct sockaddr_in in;

		memcpy(&in, sa, sizeof(in));
		return ip_port(AF_INET, &in.sin_addr, ntohs(in.sin_port), buf, size);
	}
	if (family == AF_INET6 && len >= sizeof(struct sockaddr_in6)) {
		struct sockaddr_in6 in6;

		memcpy(&in6, sa, sizeof(in6));
		return ip_port(AF_INET6, &in6.sin6_addr, ntohs(in6.sin6_port), buf, size);
	}
	if (family == AF_UNIX && len > offsetof(struct sockaddr_un, sun_path)) {
		size_t off = offsetof(struct sockaddr_un, sun_path);

		return unix_path((const char *)sa + off, len - off, buf, size);
	}
	return snprintf(buf, size, "%s", "");
}

/* "0100007F:0035" (the kernel's words in its own byte order) as an address and a port. */
static int parse_hex_addr(const char *s, int family, char *buf, size_t size)
{
	uint32_t words[4];
	int nwords = family == AF_INET ? 1 : 4;
	unsigned int port;

	for (int i = 0; i < nwords; i++) {
		if (sscanf(s + 8 * i, "%8" SCNx32, &words[i]) != 1)
			return -EINVAL;
	}
	if (s[8 * nwords] != ':' || sscanf(s + 8 * nwords + 1, "%x", &port) != 1)
		return -EINVAL;
	ip_port(family, words, port, buf, size);
	return 0;
}

int scsock__parse_inet(const char *line, uint64_t *ino, struct scfds_sock *k)
{
	char local[64], remote[64];
	unsigned long long inode;
	int family;

	if (sscanf(line, " %*s %63s %63s %*s %*s %*s %*s %*s %*s %llu", local, remote, &inode) != 3)
		return -EINVAL;
	family = strlen(local) > 16 ? AF_INET6 : AF_INET;
	if (parse_hex_addr(local, family, k->local, sizeof(k->local)) ||
	    parse_hex_addr(remote, family, k->remote, sizeof(k->remote)))
		return -EINVAL;
	*ino = inode;
	return 0;
}

static int lookup_inet(const char *path, const char *proto, uint64_t ino, struct scfds_sock *k)
{
	struct scfds_sock found = { 0 };
	char line[512];
	uint64_t n;
	FILE *f = fopen(path, "re");
	int err = -ENOENT;

	if (!f)
		return -errno;
	while (err && fgets(line, sizeof(line), f))
		if (!scsock__parse_inet(line, &n, &found) && n == ino)
			err = 0;
	fclose(f);
	if (err)
		return err;
	snprintf(k->proto, sizeof(k->proto), "%s", proto);
	memcpy(k->local, found.local, sizeof(k->local));
	memcpy(k->remote, found.remote, sizeof(k->remote));
	return 0;
}

/* "Num RefCount Protocol Flags Type St Inode Path": a unix socket's type and bound path. */
static int lookup_unix(const char *path, uint64_t ino, struct scfds_sock *k)
{
	char line[512], name[256];
	unsigned long long n;
	unsigned int type;
	FILE *f = fopen(path, "re");
	int err = -ENOENT, fields;

	if (!f)
		return -errno;
	while (err && fgets(line, sizeof(line), f)) {
		name[0] = '\0';
		fields = sscanf(line, "%*s %*s %*s %*s %x %*s %llu %255s", &type, &n, name);
		if (fields < 2 || n != ino)
			continue;
		snprintf(k->proto, sizeof(k->proto), "%s", unix_proto((int)type));
		unix_path(name, strlen(name), k->local, sizeof(k->local));
		err = 0;
	}
	fclose(f);
	return err;
}

int scsock__lookup(uint32_t pid, uint64_t ino, struct scfds_sock *k)
{
	char path[64];

	for (size_t i = 0; i < sizeof(inet_tables) / sizeof(inet_tables[0]); i++) {
		snprintf(path, sizeof(path), "/proc/%" PRIu32 "/net/%s", pid, inet_tables[i].file);
		if (!lookup_inet(path, inet_tables[i].proto, ino, k))
			return 0;
	}
	snprintf(path, sizeof(path), "/proc/%" PRIu32 "/net/unix", pid);
	return lookup_unix(path, ino, k);
}
