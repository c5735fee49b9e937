/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_cpu.h - which CPU the benchmark runs on and keeping
 * it there (bench_cpu.c).
 */
#ifndef INETCSUM_BENCH_CPU_H
#define INETCSUM_BENCH_CPU_H

#include <stddef.h>

/* The CPU model name (e.g. from /proc/cpuinfo) into 'buf'. */
void inetcsum_bench_cpu_model(char *buf, size_t size);

/* Pin the process to CPU 'cpu'; 0 on success, -1 with errno otherwise. */
int inetcsum_bench_pin(int cpu);

#endif /* INETCSUM_BENCH_CPU_H */
