// SPDX-License-Identifier: GPL-2.0
#include "cmds.h"
#include "log.h"

/* Placeholder while the command is written; replaced by its real implementation. */
int cmd_record(int argc, char **argv)
{
	pr_err("'record' is not built yet");
	return 1;
}
