/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_bench.c - "inetcsum bench": times every kernel and peer.
 * (Placeholder so the tool links; the benchmark lands in the next commit.)
 */
#include <stdio.h>

#include "commands.h"

int
cmd_bench(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "inetcsum bench: not implemented yet\n");
	return 1;
}
