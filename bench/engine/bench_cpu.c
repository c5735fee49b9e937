/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_cpu.c - the CPU's name for the report's header, from
 * /proc/cpuinfo (uname() where it has none), and pinning to one CPU.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>

#include "bench_cpu.h"

/* The value of the first "key<spaces>: value" line of /proc/cpuinfo. */
static int
cpuinfo(const char *key, char *buf, size_t size)
{
	char line[256];
	size_t n = strlen(key);
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		char *colon = strchr(line, ':');

		/* Exact key: "model" must not match "model name". */
		if (colon == NULL || strncmp(line, key, n) != 0 ||
		    strspn(line + n, " \t") != (size_t)(colon - line) - n)
			continue;
		colon++;
		colon += strspn(colon, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(buf, size, "%s", colon);
		fclose(f);
		return 0;
	}
	fclose(f);
	return -1;
}

void
inetcsum_bench_cpu_model(char *buf, size_t size)
{
	/* x86 names the model; arm64 kernels often give only "CPU part". */
	static const char *const keys[] = { "model name", "Hardware",
					    "cpu model", "CPU part", "cpu" };
	char fam[32], model[32];
	size_t k;

	for (k = 0; k < sizeof(keys) / sizeof(keys[0]); k++) {
		if (cpuinfo(keys[k], buf, size) != 0)
			continue;
		/* Virtual machines often hide the name: add the numbers. */
		if (cpuinfo("cpu family", fam, sizeof(fam)) == 0 &&
		    cpuinfo("model", model, sizeof(model)) == 0) {
			size_t len = strlen(buf);

			snprintf(buf + len, size - len,
				 " (family %s, model %s)", fam, model);
		}
		return;
	}
	{
		struct utsname u;

		snprintf(buf, size, "%s", uname(&u) == 0 ? u.machine :
			 "unknown");
	}
}

int
inetcsum_bench_pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		errno = EINVAL;
		return -1;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}
