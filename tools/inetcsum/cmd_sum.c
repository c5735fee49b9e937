/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_sum.c - "inetcsum sum": Internet checksum of files.
 * (Placeholder so the tool links; the command lands in the next commit.)
 */
#include <stdio.h>

#include "commands.h"

int
cmd_sum(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "inetcsum sum: not implemented yet\n");
	return 1;
}
