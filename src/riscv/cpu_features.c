/* SPDX-License-Identifier: MIT */
/*
 * src/riscv/cpu_features.c - RISC-V feature probe, from what the kernel
 * reports to user space (no CSR of interest is readable in user mode):
 *
 *   V    AT_HWCAP bit 'V' - 'A' (COMPAT_HWCAP_ISA_V, Linux 6.5 and later):
 *        set only when the CPU has the vector extension and the kernel
 *        saves the vector state on context switch, which is what user
 *        space needs.
 *   Zbb  riscv_hwprobe(2) (system call 258, Linux 6.4 and later), key
 *        RISCV_HWPROBE_KEY_IMA_EXT_0, bit RISCV_HWPROBE_EXT_ZBB (Linux
 *        6.5).  AT_HWCAP has single-letter extensions only.  A kernel
 *        without the call (ENOSYS), or one that does not know the key
 *        (it sets the key to -1), reports no Zbb: the portable kernel.
 *
 * QEMU 7.2 user mode (Debian 12's qemu-user, used by the cross tests)
 * reports V in AT_HWCAP but has no riscv_hwprobe: it returns ENOSYS
 * whatever the emulated CPU.  So in builds with INETCSUM_TEST_SUPPORT only,
 * INETCSUM_TEST_RISCV_ZBB=1 in the environment means "the emulated CPU has
 * Zbb" when, and only when, the call is ENOSYS; tests/suites/50-cross.sh
 * sets it for the runs whose QEMU CPU has zbb=true and leaves it unset for
 * the one without.  Release builds never read it: there a CPU (or a kernel)
 * that does not report Zbb gets the portable kernel.
 */
#define _GNU_SOURCE	/* syscall() under -std=c11 */
#include "cpu_features.h"
#include "../cpu_features_common.h"

#if defined(__riscv) && defined(__linux__)
#include <errno.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>

/* Linux arch/riscv/include/uapi/asm/hwprobe.h and unistd.h, for old libcs. */
#ifndef __NR_riscv_hwprobe
#  define __NR_riscv_hwprobe 258
#endif
#define HWPROBE_KEY_IMA_EXT_0	4
#define HWPROBE_EXT_ZBB		(1ull << 4)
#define HWCAP_ISA_V		(1ul << ('V' - 'A'))

/* struct riscv_hwprobe of the kernel's ABI: a key and its value. */
struct hwprobe_pair {
	long long key;
	unsigned long long value;
};

const struct inetcsum_cpu_feature inetcsum_cpu_feature_table[] = {
	{ INETCSUM_RISCV_ZBB, "zbb" },
	{ INETCSUM_RISCV_V, "v" },
	{ 0, NULL },
};

/* Zbb as the kernel reports it; see the top of the file for the override. */
static int
has_zbb(void)
{
	struct hwprobe_pair pair = { HWPROBE_KEY_IMA_EXT_0, 0 };
	/* All CPUs (cpusetsize 0, cpus NULL): Zbb only if every CPU has it. */
	long r = syscall(__NR_riscv_hwprobe, &pair, 1, 0, NULL, 0);

	if (r == 0)
		return pair.key == HWPROBE_KEY_IMA_EXT_0 &&
		       (pair.value & HWPROBE_EXT_ZBB) != 0;
#ifdef INETCSUM_TEST_SUPPORT
	if (errno == ENOSYS) {
		const char *e = getenv("INETCSUM_TEST_RISCV_ZBB");

		return e != NULL && strcmp(e, "1") == 0;
	}
#endif
	return 0;
}

u32
inetcsum_probe_cpu_features(void)
{
	u32 f = 0;

	if (has_zbb())
		f |= INETCSUM_RISCV_ZBB;
	if (getauxval(AT_HWCAP) & HWCAP_ISA_V)
		f |= INETCSUM_RISCV_V;
	return mask_disabled_cpu_features(f);
}
#endif /* __riscv && __linux__ */
