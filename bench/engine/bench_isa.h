/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_isa.h - instruction sets: what a peer's compiler
 * flags let it use, what this CPU and OS support (bench_isa.c), and how
 * the engine compiles one function for an instruction set above the
 * build's baseline.
 *
 * A peer is compiled as its own users compile it, which for DPDK means
 * -march=native: the object may then hold instructions of the build
 * machine that another CPU lacks, and the tool would die of SIGILL the
 * first time it called the peer there.  So each peer file records, from
 * the compiler's predefined macros under its own flags, the instruction
 * set extensions it was allowed to use (INETCSUM_BENCH_ISA, expanded in
 * the peer's translation unit), and the tool, built for the baseline CPU,
 * checks them with CPUID before it calls the peer
 * (inetcsum_bench_isa_missing() below).  The names are those of the table
 * in bench_isa.c, which knows every name listed here.
 *
 * Only x86-64 is checked: elsewhere the string is empty and every peer
 * runs (an arm64 -march=native build runs on the machine that built it).
 */
#ifndef INETCSUM_BENCH_ISA_H
#define INETCSUM_BENCH_ISA_H

#include <stddef.h>

#if defined(__x86_64__)
#  ifdef __SSE3__
#    define INETCSUM_ISA_SSE3 " sse3"
#  else
#    define INETCSUM_ISA_SSE3 ""
#  endif
#  ifdef __SSSE3__
#    define INETCSUM_ISA_SSSE3 " ssse3"
#  else
#    define INETCSUM_ISA_SSSE3 ""
#  endif
#  ifdef __SSE4_1__
#    define INETCSUM_ISA_SSE41 " sse4.1"
#  else
#    define INETCSUM_ISA_SSE41 ""
#  endif
#  ifdef __SSE4_2__
#    define INETCSUM_ISA_SSE42 " sse4.2"
#  else
#    define INETCSUM_ISA_SSE42 ""
#  endif
#  ifdef __POPCNT__
#    define INETCSUM_ISA_POPCNT " popcnt"
#  else
#    define INETCSUM_ISA_POPCNT ""
#  endif
#  ifdef __MOVBE__
#    define INETCSUM_ISA_MOVBE " movbe"
#  else
#    define INETCSUM_ISA_MOVBE ""
#  endif
#  ifdef __LZCNT__
#    define INETCSUM_ISA_LZCNT " lzcnt"
#  else
#    define INETCSUM_ISA_LZCNT ""
#  endif
#  ifdef __BMI__
#    define INETCSUM_ISA_BMI " bmi"
#  else
#    define INETCSUM_ISA_BMI ""
#  endif
#  ifdef __BMI2__
#    define INETCSUM_ISA_BMI2 " bmi2"
#  else
#    define INETCSUM_ISA_BMI2 ""
#  endif
#  ifdef __ADX__
#    define INETCSUM_ISA_ADX " adx"
#  else
#    define INETCSUM_ISA_ADX ""
#  endif
#  ifdef __AVX__
#    define INETCSUM_ISA_AVX " avx"
#  else
#    define INETCSUM_ISA_AVX ""
#  endif
#  ifdef __AVX2__
#    define INETCSUM_ISA_AVX2 " avx2"
#  else
#    define INETCSUM_ISA_AVX2 ""
#  endif
#  ifdef __FMA__
#    define INETCSUM_ISA_FMA " fma"
#  else
#    define INETCSUM_ISA_FMA ""
#  endif
#  ifdef __F16C__
#    define INETCSUM_ISA_F16C " f16c"
#  else
#    define INETCSUM_ISA_F16C ""
#  endif
#  ifdef __AVXVNNI__
#    define INETCSUM_ISA_AVXVNNI " avxvnni"
#  else
#    define INETCSUM_ISA_AVXVNNI ""
#  endif
#  ifdef __GFNI__
#    define INETCSUM_ISA_GFNI " gfni"
#  else
#    define INETCSUM_ISA_GFNI ""
#  endif
#  ifdef __VAES__
#    define INETCSUM_ISA_VAES " vaes"
#  else
#    define INETCSUM_ISA_VAES ""
#  endif
#  ifdef __VPCLMULQDQ__
#    define INETCSUM_ISA_VPCLMULQDQ " vpclmulqdq"
#  else
#    define INETCSUM_ISA_VPCLMULQDQ ""
#  endif
#  ifdef __SHA__
#    define INETCSUM_ISA_SHA " sha"
#  else
#    define INETCSUM_ISA_SHA ""
#  endif
#  ifdef __AVX512F__
#    define INETCSUM_ISA_AVX512F " avx512f"
#  else
#    define INETCSUM_ISA_AVX512F ""
#  endif
#  ifdef __AVX512DQ__
#    define INETCSUM_ISA_AVX512DQ " avx512dq"
#  else
#    define INETCSUM_ISA_AVX512DQ ""
#  endif
#  ifdef __AVX512CD__
#    define INETCSUM_ISA_AVX512CD " avx512cd"
#  else
#    define INETCSUM_ISA_AVX512CD ""
#  endif
#  ifdef __AVX512BW__
#    define INETCSUM_ISA_AVX512BW " avx512bw"
#  else
#    define INETCSUM_ISA_AVX512BW ""
#  endif
#  ifdef __AVX512VL__
#    define INETCSUM_ISA_AVX512VL " avx512vl"
#  else
#    define INETCSUM_ISA_AVX512VL ""
#  endif
#  ifdef __AVX512IFMA__
#    define INETCSUM_ISA_AVX512IFMA " avx512ifma"
#  else
#    define INETCSUM_ISA_AVX512IFMA ""
#  endif
#  ifdef __AVX512VBMI__
#    define INETCSUM_ISA_AVX512VBMI " avx512vbmi"
#  else
#    define INETCSUM_ISA_AVX512VBMI ""
#  endif
#  ifdef __AVX512VBMI2__
#    define INETCSUM_ISA_AVX512VBMI2 " avx512vbmi2"
#  else
#    define INETCSUM_ISA_AVX512VBMI2 ""
#  endif
#  ifdef __AVX512VNNI__
#    define INETCSUM_ISA_AVX512VNNI " avx512vnni"
#  else
#    define INETCSUM_ISA_AVX512VNNI ""
#  endif
#  ifdef __AVX512BITALG__
#    define INETCSUM_ISA_AVX512BITALG " avx512bitalg"
#  else
#    define INETCSUM_ISA_AVX512BITALG ""
#  endif
#  ifdef __AVX512VPOPCNTDQ__
#    define INETCSUM_ISA_AVX512VPOPCNTDQ " avx512vpopcntdq"
#  else
#    define INETCSUM_ISA_AVX512VPOPCNTDQ ""
#  endif
#  ifdef __AVX512BF16__
#    define INETCSUM_ISA_AVX512BF16 " avx512bf16"
#  else
#    define INETCSUM_ISA_AVX512BF16 ""
#  endif
#  ifdef __AVX512FP16__
#    define INETCSUM_ISA_AVX512FP16 " avx512fp16"
#  else
#    define INETCSUM_ISA_AVX512FP16 ""
#  endif
#  ifdef __AVX512VP2INTERSECT__
#    define INETCSUM_ISA_AVX512VP2INTERSECT " avx512vp2intersect"
#  else
#    define INETCSUM_ISA_AVX512VP2INTERSECT ""
#  endif
/* Space-separated, each name with a leading space ("" for baseline x86-64). */
#  define INETCSUM_BENCH_ISA						\
	INETCSUM_ISA_SSE3 INETCSUM_ISA_SSSE3 INETCSUM_ISA_SSE41		\
	INETCSUM_ISA_SSE42 INETCSUM_ISA_POPCNT INETCSUM_ISA_MOVBE	\
	INETCSUM_ISA_LZCNT INETCSUM_ISA_BMI INETCSUM_ISA_BMI2		\
	INETCSUM_ISA_ADX INETCSUM_ISA_AVX INETCSUM_ISA_AVX2		\
	INETCSUM_ISA_FMA INETCSUM_ISA_F16C INETCSUM_ISA_AVXVNNI		\
	INETCSUM_ISA_GFNI INETCSUM_ISA_VAES INETCSUM_ISA_VPCLMULQDQ	\
	INETCSUM_ISA_SHA INETCSUM_ISA_AVX512F INETCSUM_ISA_AVX512DQ	\
	INETCSUM_ISA_AVX512CD INETCSUM_ISA_AVX512BW			\
	INETCSUM_ISA_AVX512VL INETCSUM_ISA_AVX512IFMA			\
	INETCSUM_ISA_AVX512VBMI INETCSUM_ISA_AVX512VBMI2		\
	INETCSUM_ISA_AVX512VNNI INETCSUM_ISA_AVX512BITALG		\
	INETCSUM_ISA_AVX512VPOPCNTDQ INETCSUM_ISA_AVX512BF16		\
	INETCSUM_ISA_AVX512FP16 INETCSUM_ISA_AVX512VP2INTERSECT
#else
#  define INETCSUM_BENCH_ISA ""
#endif

/* ---- this CPU ------------------------------------------------------------ */

/*
 * Whether this CPU (and its OS, for the AVX and AVX-512 register state)
 * supports the instruction set named by the 'n' bytes at 'name'; a name
 * the table does not know counts as missing.  Outside x86-64, where the
 * table is empty, every name counts as present.
 */
int inetcsum_bench_isa_have(const char *name, size_t n);

/*
 * The names in the space-separated 'isa' (INETCSUM_BENCH_ISA of a peer)
 * that this CPU and OS do not support, written to 'buf' space-separated.
 * Returns how many there are: 0 means the peer may run.
 */
size_t inetcsum_bench_isa_missing(const char *isa, char *buf, size_t size);

/*
 * The names of the table that this CPU and OS support, space-separated,
 * into 'buf' (the header's and JSON's "features"; empty where the table
 * has no entries, i.e. outside x86-64).
 */
void inetcsum_bench_isa_present(char *buf, size_t size);

/* ---- compiling for an instruction set ------------------------------------ */

/*
 * The limit loops and the cache flush are compiled for instruction sets
 * above the build's baseline, one function each, and chosen at run time
 * by CPUID (inetcsum_bench_isa_have(), bench_flush.c): the library's own
 * feature bits are internal to it.  BENCH_NOINLINE keeps each limit loop
 * one call, as a kernel is.
 */
#if defined(__GNUC__) || defined(__clang__)
#  define BENCH_TARGET(isa) __attribute__((target(isa)))
#  define BENCH_NOINLINE __attribute__((noinline))
#else
#  define BENCH_TARGET(isa)
#  define BENCH_NOINLINE
#endif

#endif /* INETCSUM_BENCH_ISA_H */
