# cmake/Intrinsics.cmake - probe that the compiler (and assembler) can build
# each ISA's kernels with function-level target attributes.  A failed or
# disabled probe becomes -DINETCSUM_NO_<ISA>, which compiles that kernel out.
#
# Each probe is a tiny function compiled with the same target attribute as
# the kernels (no -m flags: the tree builds with baseline flags) that uses
# one intrinsic or instruction of the ISA.  The probes assemble and link, so
# an old assembler behind a new compiler also fails them.
include(CheckCSourceCompiles)
include(FeatureSummary)
set(INETCSUM_ISA_DEFINITIONS "")

# inetcsum_isa_probe(<ISA> <enable option> <source>); INETCSUM_ISA_ARCH
# names the architecture in the feature summary.
set(INETCSUM_ISA_ARCH x86)
function(inetcsum_isa_probe isa option src)
  set(_var INETCSUM_HAVE_${isa})
  if(NOT ${option})
    set(_ok OFF)
    set(_why "disabled by ${option}=OFF")
  else()
    set(CMAKE_REQUIRED_QUIET ON)
    check_c_source_compiles("${src}" ${_var})
    if(${_var})
      set(_ok ON)
      set(_why "compiler and assembler support it")
    else()
      set(_ok OFF)
      set(_why "the compiler or assembler cannot build it")
    endif()
  endif()
  add_feature_info("${INETCSUM_ISA_ARCH} ${isa} kernel" _ok "${_why}")
  if(NOT _ok)
    set(INETCSUM_ISA_DEFINITIONS ${INETCSUM_ISA_DEFINITIONS}
      -DINETCSUM_NO_${isa} PARENT_SCOPE)
  endif()
endfunction()

if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$"
    AND CMAKE_SIZEOF_VOID_P EQUAL 8)
  inetcsum_isa_probe(ADX INETCSUM_ENABLE_ADX "
#include <stdint.h>
int main(void)
{
	uint64_t a = 1, b = 2;
	__asm__(\"adcxq %1, %0; adoxq %1, %0\"
		: \"+r\"(a) : \"r\"(b) : \"cc\");
	return (int)a;
}")
  inetcsum_isa_probe(AVX2 INETCSUM_ENABLE_AVX2 "
#include <immintrin.h>
__attribute__((target(\"avx2\"))) static int f(const void *p)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)p);
	v = _mm256_madd_epi16(v, v);
	return _mm256_extract_epi32(v, 0);
}
int main(void) { static const char b[32]; return f(b); }")
  inetcsum_isa_probe(AVX512 INETCSUM_ENABLE_AVX512 "
#include <immintrin.h>
__attribute__((target(\"avx512f,avx512bw,avx512vl\")))
static int f(const void *p, unsigned long long n)
{
	__m512i v = _mm512_maskz_loadu_epi8((__mmask64)n, p);
	__m256i w = _mm256_maskz_loadu_epi8((__mmask32)n, p);
	v = _mm512_madd_epi16(v, v);
	return _mm_cvtsi128_si32(_mm512_castsi512_si128(v)) +
	       _mm256_extract_epi32(w, 0);
}
int main(void) { static const char b[64]; return f(b, 3); }")
  # AVX-VNNI (VEX, 256-bit) has its own kernel file; it is an AVX2-class
  # kernel, so INETCSUM_ENABLE_AVX2=OFF turns it off too.
  option(INETCSUM_ENABLE_AVXVNNI "Build the x86-64 AVX-VNNI (256-bit) kernel" ON)
  if(INETCSUM_ENABLE_AVX2 AND INETCSUM_ENABLE_AVXVNNI)
    set(_avxvnni_opt ON)
  else()
    set(_avxvnni_opt OFF)
  endif()
  inetcsum_isa_probe(AVXVNNI _avxvnni_opt "
#include <immintrin.h>
__attribute__((target(\"avx2,avxvnni\")))
static int f(const void *p)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)p);
	v = _mm256_dpwssd_avx_epi32(v, v, v);
#if defined(__GNUC__) && !defined(__clang__)
	/* The kernel's gcc workaround uses the {vex} form in asm. */
	__asm__(\"%{vex%} vpdpwssd %2, %1, %0\"
		: \"+x\"(v) : \"x\"(v), \"x\"(v));
#endif
	return _mm256_extract_epi32(v, 0);
}
int main(void) { static const char b[32]; return f(b); }")
  # VNNI rides on the AVX-512 kernel file: probe it only if that is built.
  if(INETCSUM_ENABLE_AVX512 AND INETCSUM_HAVE_AVX512)
    set(_vnni_opt ON)
  else()
    set(_vnni_opt OFF)
  endif()
  inetcsum_isa_probe(AVX512VNNI _vnni_opt "
#include <immintrin.h>
__attribute__((target(\"avx512f,avx512bw,avx512vl,avx512vnni\")))
static int f(const void *p)
{
	__m512i v = _mm512_loadu_si512(p);
	v = _mm512_dpwssd_epi32(v, v, v);
#if defined(__GNUC__) && !defined(__clang__)
	{
		/* The gcc workaround of the 256-bit kernel uses {evex} in asm. */
		__m256i w = _mm512_castsi512_si256(v);
		__asm__(\"%{evex%} vpdpwssd %2, %1, %0\"
			: \"+v\"(w) : \"v\"(w), \"v\"(w));
		v = _mm512_castsi256_si512(w);
	}
#endif
	return _mm_cvtsi128_si32(_mm512_castsi512_si128(v));
}
int main(void) { static const char b[64]; return f(b); }")
endif()

# CRC32c (src/x86/crc32c_sse42.c): the SSE4.2 crc32 instruction, and with
# it PCLMULQDQ, which joins the three streams of the faster kernel.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$"
    AND CMAKE_SIZEOF_VOID_P EQUAL 8)
  option(INETCSUM_ENABLE_SSE42 "Build the x86-64 SSE4.2 CRC32c kernels" ON)
  inetcsum_isa_probe(SSE42 INETCSUM_ENABLE_SSE42 "
#include <immintrin.h>
__attribute__((target(\"sse4.2,pclmul\")))
static unsigned f(unsigned long long x)
{
	__m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)x),
					 _mm_cvtsi64_si128(3), 0);
	return (unsigned)_mm_crc32_u64(x, (unsigned long long)
				       _mm_cvtsi128_si64(p));
}
int main(void) { return (int)f(7); }")
endif()

# riscv64: the Zbb and RVV kernels are inline assembly under ".option arch"
# (src/riscv/), so only the assembler is probed: binutils 2.38 or later, or
# an LLVM integrated assembler that knows the directive.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^riscv64$")
  set(INETCSUM_ISA_ARCH riscv64)
  inetcsum_isa_probe(RISCV_ZBB INETCSUM_ENABLE_RISCV_ZBB "
int main(void)
{
	unsigned long r, x = 1;
	__asm__(\".option push; .option arch, +zbb; rori %0, %1, 32; .option pop\"
		: \"=r\"(r) : \"r\"(x));
	return (int)r;
}")
  inetcsum_isa_probe(RISCV_RVV INETCSUM_ENABLE_RISCV_RVV "
int main(void)
{
	unsigned long vl;
	__asm__ volatile(\".option push; .option arch, +v; \"
		\"vsetvli %0, zero, e64, m8, ta, ma; vle8.v v0, (%0); \"
		\"vwaddu.wv v16, v16, v0; vredsum.vs v8, v16, v8; .option pop\"
		: \"=r\"(vl));
	return (int)vl;
}")
endif()

# Build-time software prefetch distances of the x86 and arm64 NEON kernels
# in bytes (empty: the defaults in src/x86/csum_x86_scalar.h and
# src/arm/csum_neon.c; 0: off).  bench/prefetch_sweep.sh builds the library
# once per distance and times the builds side by side on the target CPU.
set(INETCSUM_X86_PREFETCH_DISTANCE "" CACHE STRING
  "Software prefetch distance of the x86 vector kernels in bytes (empty: default)")
set(INETCSUM_X86_ADX_PREFETCH_DISTANCE "" CACHE STRING
  "Software prefetch distance of the x86 ADX kernel in bytes (empty: default)")
set(INETCSUM_NEON_PREFETCH_DISTANCE "" CACHE STRING
  "Software prefetch distance of the arm64 NEON kernel in bytes (empty: default, 0)")
foreach(_pf INETCSUM_X86_PREFETCH_DISTANCE INETCSUM_X86_ADX_PREFETCH_DISTANCE
    INETCSUM_NEON_PREFETCH_DISTANCE)
  if(NOT "${${_pf}}" STREQUAL "")
    if(NOT "${${_pf}}" MATCHES "^[0-9]+$")
      message(FATAL_ERROR "${_pf} must be a number of bytes")
    endif()
    list(APPEND INETCSUM_ISA_DEFINITIONS -D${_pf}=${${_pf}})
  endif()
endforeach()

# arm64: NEON is baseline, so there is nothing to probe; the option only
# compiles the kernel out.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$" AND NOT INETCSUM_ENABLE_NEON)
  list(APPEND INETCSUM_ISA_DEFINITIONS -DINETCSUM_NO_NEON)
endif()

# arm64 CRC32 (src/arm/crc32c_arm.c): the ACLE __crc32cd under
# target("+crc"), optional in ARMv8.0 and mandatory from ARMv8.1.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(INETCSUM_ISA_ARCH arm64)
  option(INETCSUM_ENABLE_ARM_CRC32 "Build the arm64 CRC32c kernel" ON)
  inetcsum_isa_probe(ARM_CRC32 INETCSUM_ENABLE_ARM_CRC32 "
#include <arm_acle.h>
__attribute__((target(\"+crc\")))
static unsigned f(unsigned c, unsigned long long x) { return __crc32cd(c, x); }
int main(void) { return (int)f(1, 2); }")
endif()

# arm64 SVE2: the kernel's own way of enabling it (a target pragma, which
# gcc 12 accepts with baseline flags; clang 14 needs -march=...+sve2 on the
# command line) with one ACLE intrinsic, src/arm/csum_sve2.c.
if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(aarch64|arm64|ARM64)$")
  set(INETCSUM_ISA_ARCH arm64)
  option(INETCSUM_ENABLE_SVE2 "Build the arm64 SVE2 kernel" ON)
  inetcsum_isa_probe(SVE2 INETCSUM_ENABLE_SVE2 "
#ifndef __ARM_FEATURE_SVE2
#pragma GCC target(\"+sve2\")
#endif
#include <arm_sve.h>
static unsigned long long f(const unsigned char *p, unsigned long long n)
{
	svbool_t pg = svwhilelt_b8_u64(0, n);
	svuint32_t a = svadalp_u32_x(svptrue_b32(), svdup_n_u32(0),
				     svreinterpret_u16_u8(svld1_u8(pg, p)));
	return svaddv_u32(svptrue_b32(), a);
}
int main(void) { static const unsigned char b[16]; return (int)f(b, 3); }")
endif()
