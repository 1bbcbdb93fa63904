// SPDX-License-Identifier: GPL-2.0
/*
 * fd-short: descriptors of a process that is gone before a tracer reads /proc. A child
 * makes a UDP socket, connects it to 127.0.0.1:9 (no packet is sent), dup2()s it to 10,
 * makes an eventfd, closes them all and exits at once; the parent waits for it.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

static int child(void)
{
	struct sockaddr_in sa = { .sin_family = AF_INET, .sin_port = htons(9) };
	int s = socket(AF_INET, SOCK_DGRAM, 0), e;

	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof(sa)) || dup2(s, 10) != 10)
		return 1;
	e = eventfd(0, 0);
	if (e < 0)
		return 1;
	close(e);
	close(10);
	close(s);
	return 0;
}

int main(void)
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return 1;
	if (pid == 0)
		_exit(child());
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return 1;
	return WEXITSTATUS(status);
}
