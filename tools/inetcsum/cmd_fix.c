/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_fix.c - "inetcsum fix": repair wrong checksums in a
 * capture.  Placeholder until the file layer lands: it says so and fails.
 */
#include <stdio.h>

#include "commands.h"

int
cmd_fix(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "inetcsum fix: not yet implemented\n");
	return 2;
}
