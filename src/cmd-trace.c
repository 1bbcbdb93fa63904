// SPDX-License-Identifier: GPL-2.0
#include "cmds.h"
#include "log.h"

/* Placeholder while the command is written; replaced by its real implementation. */
int cmd_trace(int argc, char **argv)
{
	pr_err("'trace' is not built yet");
	return 1;
}
