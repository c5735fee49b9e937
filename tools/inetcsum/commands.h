/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/commands.h - the subcommands of the inetcsum tool.  Each
 * takes the arguments after its name (argv[0] is the subcommand's name) and
 * returns the process exit status.
 */
#ifndef INETCSUM_TOOL_COMMANDS_H
#define INETCSUM_TOOL_COMMANDS_H

int cmd_bench(int argc, char **argv);	/* cmd_bench.c */
int cmd_sum(int argc, char **argv);	/* cmd_sum.c */
int cmd_check(int argc, char **argv);	/* cmd_check.c */
int cmd_fix(int argc, char **argv);	/* cmd_fix.c */
int cmd_segment(int argc, char **argv);	/* cmd_segment.c */
int cmd_tune(int argc, char **argv);	/* cmd_tune.c */

#endif
