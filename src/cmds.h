/* SPDX-License-Identifier: GPL-2.0 */
/* One handler per subcommand, in src/cmd-<name>.c. Each returns the process exit status. */
#ifndef PERF_BPF_CMDS_H
#define PERF_BPF_CMDS_H

int cmd_compile(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_script(int argc, char **argv);
int cmd_trace(int argc, char **argv);

#endif
