/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/cmd_check.c - "inetcsum check": verify the checksums of
 * every frame in pcap/pcapng captures.  Placeholder until the file layer
 * lands: it says so and fails, so nothing mistakes it for a pass.
 */
#include <stdio.h>

#include "commands.h"

int
cmd_check(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fprintf(stderr, "inetcsum check: not yet implemented\n");
	return 2;
}
