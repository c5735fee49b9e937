/* SPDX-License-Identifier: MIT */
/*
 * tools/inetcsum/main.c - the inetcsum command: dispatches to subcommands.
 */
#include <stdio.h>
#include <string.h>

#include "inetcsum.h"
#include "commands.h"

static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "bench", cmd_bench, "measure every kernel and peer (hot/cold, sizes, prefetch)" },
	{ "sum", cmd_sum, "print the Internet checksum of files" },
	{ "check", cmd_check, "verify the checksums in pcap/pcapng captures" },
	{ "fix", cmd_fix, "repair wrong checksums in a capture, changing nothing else" },
	{ "segment", cmd_segment, "split TCP packets over the MTU (GSO), fragment other IP" },
	{ "tune", cmd_tune, "measure this CPU and save a tuning record the library uses" },
};

static void
usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: inetcsum COMMAND [ARGS...]\n\ncommands:\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-7s %s\n", commands[i].name, commands[i].help);
	fprintf(f, "\n'inetcsum COMMAND --help' describes a command; "
		"'inetcsum --version' names the kernel in use.\n");
}

int
main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("inetcsum %s (kernel: %s)\n", inetcsum_version(),
		       inetcsum_impl_name());
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return 0;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
		if (strcmp(argv[1], commands[i].name) == 0)
			return commands[i].run(argc - 1, argv + 1);
	}
	fprintf(stderr, "inetcsum: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
