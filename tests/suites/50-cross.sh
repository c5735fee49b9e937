#!/bin/bash
# SPDX-License-Identifier: MIT
# tests/suites/50-cross.sh - cross-architecture builds, with the test suite
# run under QEMU user-mode emulation.
#
# Byte order, word size, alignment and missing instructions are where
# checksum code breaks, so each run below builds the library and its tests
# with a Debian cross gcc and the toolchain file from cmake/toolchains/
# (which makes ctest prefix every test with qemu-<arch> -L /usr/<triplet>),
# then runs ctest with INETCSUM_TEST_QUICK=1:
#
#   aarch64      arm64, QEMU's newest CPU ("max") without SVE: arm_neon
#   aarch64-a53  the same binaries on a plain ARMv8.0 core (QEMU_CPU)
#   aarch64-sve2-128, aarch64-sve2-512
#                the same binaries on "max" with SVE2 at a vector length
#                of 128 and 512 bits: arm_sve2 (whose strides and chunks
#                follow the vector length, tests/core/kernel_facts.h); the probe
#                must see that length (prctl(PR_SVE_GET_VL)), and the 512
#                run also runs the probe at 256, 384, 1024 and 2048 bits
#   aarch64-ubsan  arm64 again, built with -fsanitize=undefined (any report
#                is fatal), on "max" with SVE2 at QEMU's default vector
#                length: the NEON and SVE2 kernels' undefined behaviour,
#                which no x86 sanitizer run can see
#   powerpc      32-bit big-endian, QEMU's default CPU (no AltiVec): the
#                portable kernel only; also checks that the portable kernel's
#                main loops issue one dcbt per 32-byte cache line (and the
#                fused copy a dcbtst per destination line)
#   alpha-ev4    -mcpu=ev4 on an EV4 (no byte/word loads and stores, BWX);
#                also checks that the library has no BWX instruction and
#                that QEMU really rejects them on that CPU
#   alpha-ev67   -mcpu=ev67 on an EV67
#   s390x        64-bit big-endian, QEMU's default CPU (vector facility):
#                s390_vx and the portable kernel; built with
#                -DINETCSUM_S390_SOFT_VCKSM, because QEMU 7.2 computes VCKSM
#                wrongly (src/s390/csum_vx.c)
#   s390x-novx   the same binaries on a CPU without the vector facility
#                (-cpu qemu,vx=off, as a zEC12): the portable kernel only
#   powerpc-7400 the powerpc binaries on a G4 (7400, AltiVec): ppc_altivec
#   ppc64le      64-bit little-endian PowerPC on a POWER9: ppc_vsx
#   ppc64le-power8  the same binaries on a POWER8.  A ppc64le CPU without
#                VSX cannot run ppc64le programs at all (POWER8 is the
#                ABI's baseline; glibc dies of SIGILL on -cpu power7), so
#                the dispatch without it is tested by masking
#                (test_dispatch's rows, INETCSUM_DISABLE_CPU_FEATURES)
#   riscv64      64-bit RISC-V (rv64gc build) on a CPU with Zbb and no
#                vector unit (-cpu rv64,v=false,zbb=true): riscv_zbb; also
#                checks that the same binaries on an rv64gc CPU without
#                Zbb find only the portable kernel, and that QEMU really
#                rejects Zbb there (check_riscv_gc)
#   riscv64-v128 the same binaries with RVV 1.0 at VLEN 128 and without
#                Zbb: riscv_rvv, which needs nothing but V
#   riscv64-v512 RVV at VLEN 512 with Zbb: riscv_rvv and riscv_zbb.
#                QEMU 7.2 has no riscv_hwprobe (ENOSYS), so the runs with
#                zbb=true set INETCSUM_TEST_RISCV_ZBB=1, which the
#                test-support build believes only when the call is ENOSYS
#                (src/riscv/cpu_features.c); the others leave it unset
#   i686         32-bit x86: natively through the cross libc's loader where
#                the host kernel executes 32-bit x86 programs (probed with
#                a static one), else under qemu-i386 with static test
#                programs (dynamically linked ones hang after fork() under
#                qemu-i386 7.2); the x86 vector kernels are x86-64 only
#   armv7        32-bit Arm, hard float (portable kernel only)
#   x86_64-nehalem, x86_64-haswell, x86_64-broadwell
#                the host's x86-64 build under qemu-x86_64 as CPUs without
#                AVX2 (portable kernel only), with AVX2 but no ADX, and with
#                both: the CPUID/XGETBV probe must find exactly the kernels
#                listed in EXPECT below, which the host's own CPU (with
#                AVX-512) cannot show without masking
#   defaults     every toolchain file in cmake/toolchains/, configured with
#                nothing else and built whole (library, tools, bench, tests),
#                as a distribution or Yocto builder runs it; nothing is run.
#                A run's build that adds nothing to a toolchain file but
#                -DINETCSUM_TEST_SUPPORT=ON (and -Werror, which every build
#                has) is built whole as well, tools and bench included, and
#                stands for that file's default tree: the option changes
#                only the library's objects and two tests, so for that file
#                "defaults" builds the library alone, without the option.
#                It runs last, after the builds that stand for it.
#
# Every build has -Werror (CMAKE_COMPILE_WARNING_AS_ERROR), so a warning from
# any cross compiler fails the suite.  Beside ctest, a small probe program
# (written below) lists the kernels, checks each one that the emulated CPU
# supports on the RFC 1071 example and against a naive sum over many lengths
# and offsets, and checks that dispatch picks the first supported kernel of
# the registry; on aarch64 that must be a NEON kernel once src/arm/ has one.
#
# test_csum's >4 GiB test (4 GiB summed by each kernel: under QEMU most of
# a run's time) runs once per kernel of each build: a run of binaries that
# an earlier run already tested passes INETCSUM_TEST_HUGE only the kernels
# that have not had it (aarch64-a53, say, none; aarch64-sve2-128 arm_sve2).
# The x86-64 runs need none: they test the CPUID probe, and the native
# suite runs the test on every kernel of the host's own x86-64 build.
# Likewise only a build's first run runs every test; the later runs of
# the same binaries run the tests labelled core (kernels, dispatch, API),
# since the packet and capture tests depend on the CPU only through the
# sums that test_csum checks kernel by kernel.
#
# A run fails if ctest finds no test at all, and every test has ctest's
# --timeout, so a hang (QEMU after fork, say) is a failure, never a pass.
# A test that exits 77 (a kernel it could not run) is recorded as a skip
# (tests/suites/skip.sh) with the program's reason; where EXPECT below fixes
# the supported kernels and the probe has confirmed them, the others are
# not applicable (INETCSUM_TEST_UNSUPPORTED_OK=1), not skipped.  Each run
# prints "RUN: N tests passed", and the slowest tests with their times.
#
# Environment: BUILD_ROOT and JOBS (from tests/run_tests.sh); CROSS_RUNS
# picks runs by name (default: all of the above).
set -u
cd "$(dirname "$0")/../.." || exit 1
SRC=$PWD
OUT=${BUILD_ROOT:-$PWD/build-tests}/cross
JOBS=${JOBS:-2}
ALL_RUNS="aarch64 aarch64-a53 aarch64-sve2-128 aarch64-sve2-512
	aarch64-ubsan powerpc powerpc-7400
	ppc64le ppc64le-power8 riscv64 riscv64-v128 riscv64-v512 alpha-ev4
	alpha-ev67 s390x s390x-novx i686
	armv7 x86_64-nehalem x86_64-haswell x86_64-broadwell defaults"
CROSS_RUNS=${CROSS_RUNS:-$ALL_RUNS}
mkdir -p "$OUT"
. "$SRC/tests/suites/skip.sh"
# Only this script decides which CPU QEMU emulates and where its libc is.
unset QEMU_CPU QEMU_LD_PREFIX

# run name -> "build triplet runner qemu-cpu cflags" (- for none), where
# runner is the QEMU emulator, or loader:FILE to run natively through the
# target's dynamic loader /usr/<triplet>/lib/FILE (as the toolchain file
# does).  Runs that share a build name share its binaries.
declare -A RUN=(
	[aarch64]="aarch64 aarch64-linux-gnu qemu-aarch64 max,sve=off -"
	[aarch64-a53]="aarch64 aarch64-linux-gnu qemu-aarch64 cortex-a53 -"
	[aarch64-sve2-128]="aarch64 aarch64-linux-gnu qemu-aarch64 max,sve128=on -"
	[aarch64-sve2-512]="aarch64 aarch64-linux-gnu qemu-aarch64 max,sve512=on,sve-default-vector-length=64 -"
	[aarch64-ubsan]="aarch64-ubsan aarch64-linux-gnu qemu-aarch64 - -fsanitize=undefined,-fno-sanitize-recover=all"
	[powerpc]="powerpc powerpc-linux-gnu qemu-ppc - -"
	[powerpc-7400]="powerpc powerpc-linux-gnu qemu-ppc 7400 -"
	[ppc64le]="ppc64le powerpc64le-linux-gnu qemu-ppc64le power9 -"
	[ppc64le-power8]="ppc64le powerpc64le-linux-gnu qemu-ppc64le power8 -"
	[riscv64]="riscv64 riscv64-linux-gnu qemu-riscv64 rv64,v=false,zbb=true -"
	[riscv64-v128]="riscv64 riscv64-linux-gnu qemu-riscv64 rv64,v=true,vext_spec=v1.0,vlen=128,zbb=false -"
	[riscv64-v512]="riscv64 riscv64-linux-gnu qemu-riscv64 rv64,v=true,vext_spec=v1.0,vlen=512,zbb=true -"
	[alpha-ev4]="alpha-ev4 alpha-linux-gnu qemu-alpha ev4 -mcpu=ev4"
	[alpha-ev67]="alpha-ev67 alpha-linux-gnu qemu-alpha ev67 -mcpu=ev67"
	[s390x]="s390x s390x-linux-gnu qemu-s390x - -DINETCSUM_S390_SOFT_VCKSM"
	[s390x-novx]="s390x s390x-linux-gnu qemu-s390x qemu,vx=off -DINETCSUM_S390_SOFT_VCKSM"
	[i686]="i686 i686-linux-gnu loader:ld-linux.so.2 - -"
	[armv7]="armv7 arm-linux-gnueabihf qemu-arm - -"
	[x86_64-nehalem]="x86_64 x86_64-linux-gnu qemu-x86_64 Nehalem -"
	[x86_64-haswell]="x86_64 x86_64-linux-gnu qemu-x86_64 Haswell -"
	[x86_64-broadwell]="x86_64 x86_64-linux-gnu qemu-x86_64 Broadwell -"
)
# Extra environment of the probe and ctest, per run name.
declare -A RUN_ENV=(
	[riscv64]="INETCSUM_TEST_RISCV_ZBB=1"
	[riscv64-v512]="INETCSUM_TEST_RISCV_ZBB=1"
)
# Extra configure arguments per build name.
declare -A BUILD_ARGS=(
	[i686-qemu]="-DINETCSUM_I686_QEMU=ON"
)
# Extra link flags for the probe, per build name (as the toolchain file
# gives the tests).
declare -A PROBE_LDFLAGS=(
	[i686-qemu]="-static"
)
# Toolchain file per triplet, where it is not cmake/toolchains/TRIPLET.cmake.
declare -A TOOLCHAIN=(
	[x86_64-linux-gnu]=x86_64-linux-gnu-qemu
)
# Exactly the kernels the probe must find supported, where the emulated CPU
# fixes them.  QEMU 7.2 has no AVX-512, so those kernels must be rejected;
# Nehalem has neither AVX2 nor ADX, Haswell AVX2 only, Broadwell both.
# QEMU's default 32-bit PowerPC has no AltiVec, the 7400 has it; POWER8 and
# POWER9 have VSX and ISA 2.07; QEMU's default s390x CPU has the vector
# facility, and vx=off takes it away.  QEMU's arm64 "max" has SVE2 (and
# user mode runs it at 512 bits unless told otherwise); sve=off takes it
# away, and a Cortex-A53 never had it.  The RISC-V runs name their Zbb and V.
declare -A EXPECT=(
	[aarch64]="arm_neon generic"
	[aarch64-a53]="arm_neon generic"
	[aarch64-sve2-128]="arm_sve2 arm_neon generic"
	[aarch64-sve2-512]="arm_sve2 arm_neon generic"
	[aarch64-ubsan]="arm_sve2 arm_neon generic"
	[riscv64]="riscv_zbb generic"
	[riscv64-v128]="riscv_rvv generic"
	[riscv64-v512]="riscv_rvv riscv_zbb generic"
	[powerpc]="generic"
	[powerpc-7400]="ppc_altivec generic"
	[ppc64le]="ppc_vsx generic"
	[ppc64le-power8]="ppc_vsx generic"
	[s390x]="s390_vx generic"
	[s390x-novx]="generic"
	[x86_64-nehalem]="generic"
	[x86_64-haswell]="x86_avx2 generic"
	[x86_64-broadwell]="x86_avx2 x86_adx generic"
)

# SVE vector length in bytes that the probe must report, per run, and the
# further lengths at which the probe alone runs (QEMU user mode's
# sve-default-vector-length; 48 bytes, 384 bits, is not a power of two,
# which SVE allows).
declare -A SVE_VL=(
	[aarch64-sve2-128]=16
	[aarch64-sve2-512]=64
)
declare -A SVE_PROBE_VLS=(
	[aarch64-sve2-512]="32 48 128 256"
)

failures=""
fail() {
	echo "FAIL: $*"
	failures="$failures
  $*"
}

# The probe: independent of tests/, so it also catches a library that was
# built for the wrong CPU even before any test exists.  RFC 1071 section 3
# sums the words 0001 f203 f4f5 f6f7 to ddf2; the checksum field is its
# complement, 220d, in memory (network) order whatever the host order.
cat > "$OUT/probe.c" <<'EOF'
#include <stdio.h>
#include <string.h>
#include "inetcsum.h"
#if defined(__aarch64__)
#include <sys/prctl.h>
#endif

static const unsigned char rfc1071[8] = {
	0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7
};
static const size_t longer[] = { 1500, 4103, 9001, 65539, 70000 };
static unsigned char buf[70000 + 8];

/* Naive big-endian word sum, folded and complemented: the wire value. */
static unsigned
ref(const unsigned char *p, size_t len)
{
	unsigned long long s = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		s += (unsigned)p[i] << 8 | p[i + 1];
	if (len & 1)
		s += (unsigned)p[len - 1] << 8;
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return ~s & 0xffff;
}

/* The library's checksum of 'len' bytes at 'p', as a wire value. */
static unsigned
lib(const unsigned char *p, size_t len)
{
	uint16_t c = inetcsum_fold(inetcsum_partial(p, len, 0));
	unsigned char f[2];

	memcpy(f, &c, 2);
	return (unsigned)f[0] << 8 | f[1];
}

/* Lengths 0..300 and a few long ones, at offsets 0..7, against ref(). */
static int
sweep(const char *name)
{
	size_t off, i, n;

	for (off = 0; off < 8; off++) {
		for (i = 0; i < 301 + sizeof(longer) / sizeof(longer[0]); i++) {
			n = i < 301 ? i : longer[i - 301];
			if (lib(buf + off, n) != ref(buf + off, n)) {
				printf("kernel %s: len %zu off %zu: %04x, "
				       "expected %04x\n", name, n, off,
				       lib(buf + off, n), ref(buf + off, n));
				return 1;
			}
		}
	}
	return 0;
}

int
main(void)
{
	unsigned char field[2], whole[10];
	unsigned long long x = 88172645463325252ull;
	const char *name, *best = NULL;
	int supported, bad = 0;
	size_t i;
	uint16_t c;

	/* xorshift64 data, with a run of 0xff bytes for carries. */
	for (i = 0; i < sizeof(buf); i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = i >= 1000 && i < 5000 ? 0xff : (unsigned char)x;
	}
#if defined(__aarch64__)
	/* PR_SVE_GET_VL (51): the SVE vector length in bytes, if any. */
	if (prctl(51, 0, 0, 0, 0) > 0)
		printf("sve vector length: %d bytes\n",
		       prctl(51, 0, 0, 0, 0) & 0xffff);
	else
		printf("sve vector length: none\n");
#endif
	for (i = 0; (name = inetcsum_impl_get(i, &supported)) != NULL; i++) {
		if (!supported) {
			printf("kernel %s: not supported by this CPU\n", name);
			continue;
		}
		if (best == NULL)
			best = name;	/* the registry lists the best first */
		if (inetcsum_impl_select(name) != 0) {
			printf("kernel %s: cannot be selected\n", name);
			bad = 1;
			continue;
		}
		c = inetcsum_fold(inetcsum_partial(rfc1071, 8, 0));
		memcpy(field, &c, 2);
		memcpy(whole, rfc1071, 8);
		memcpy(whole + 8, field, 2);
		c = inetcsum_fold(inetcsum_partial(whole, sizeof(whole), 0));
		printf("kernel %s: RFC 1071 example %02x%02x, verify %04x\n",
		       name, field[0], field[1], c);
		if (field[0] != 0x22 || field[1] != 0x0d || c != 0)
			bad = 1;
		else if (sweep(name))
			bad = 1;
		else
			printf("kernel %s: 2448 lengths x offsets match\n",
			       name);
	}
	inetcsum_impl_select(NULL);
	printf("dispatch: %s\n", inetcsum_impl_name());
	if (best == NULL || strcmp(inetcsum_impl_name(), best) != 0) {
		printf("dispatch should pick %s\n", best ? best : "(none)");
		bad = 1;
	}
	return bad;
}
EOF

# A program with a byte store, built for EV67: under QEMU_CPU=ev4 it must
# die of SIGILL, or the ev4 run would prove nothing.
cat > "$OUT/bwx.c" <<'EOF'
int
main(int argc, char **argv)
{
	(void)argc;
	volatile char c = argv[0][0];
	return c == 0;
}
EOF

# i686 natively only if the host kernel executes 32-bit x86 programs: some
# x86-64 kernels are built without IA32 emulation ("Exec format error").
# The test program is static, so only the kernel is asked, not a libc.
i686_native() {
	command -v i686-linux-gnu-gcc >/dev/null || return 0
	printf 'int main(void) { return 0; }\n' >"$OUT/i686-exec.c"
	i686-linux-gnu-gcc -static "$OUT/i686-exec.c" -o "$OUT/i686-exec" \
		2>/dev/null || return 0	# the run reports the broken compiler
	"$OUT/i686-exec" 2>/dev/null
}
if [[ " $CROSS_RUNS " == *[[:space:]]i686[[:space:]]* ]] && ! i686_native; then
	echo "i686: this host cannot execute 32-bit x86 programs" \
		"(Exec format error): running i686 under qemu-i386"
	RUN[i686]="i686-qemu i686-linux-gnu qemu-i386 - -"
fi

# build NAME TRIPLET CFLAGS: configure and build once per build name.
# A build with no CFLAGS and no BUILD_ARGS is the toolchain file's default
# tree with test support: built whole, it stands for that file in
# "defaults" (WHOLE).
declare -A BUILT=() WHOLE=() HUGE_DONE=() FULL_DONE=()
# Builds whose kernels get test_csum's >4 GiB test outside this suite.
declare -A HUGE_ELSEWHERE=(
	[x86_64]="the host's own build of the same sources with the same gcc runs it natively (suite native)"
)
build() {
	local b=$1 triplet=$2 cflags=$3 dir=$OUT/$1 t0 whole=
	local tcn=${TOOLCHAIN[$triplet]:-$triplet}
	local tc=$SRC/cmake/toolchains/$tcn.cmake
	local -a parts=(-DINETCSUM_BUILD_TOOLS=OFF -DINETCSUM_BUILD_BENCH=OFF)
	[ -n "${BUILT[$b]-}" ] && return "${BUILT[$b]}"
	if [ -z "$cflags" ] && [ -z "${BUILD_ARGS[$b]-}" ]; then
		whole=1
		parts=()
	fi
	t0=$(date +%s)
	rm -rf "$dir"
	if cmake -S "$SRC" -B "$dir" \
		-DCMAKE_TOOLCHAIN_FILE="$tc" \
		${cflags:+"-DCMAKE_BUILD_TYPE=Release"} \
		${cflags:+"-DCMAKE_C_FLAGS=$cflags"} \
		${BUILD_ARGS[$b]-} \
		-DCMAKE_COMPILE_WARNING_AS_ERROR=ON \
		-DINETCSUM_TEST_SUPPORT=ON ${parts[@]+"${parts[@]}"} \
		>"$OUT/$b-build.log" 2>&1 &&
	   cmake --build "$dir" -j "$JOBS" >>"$OUT/$b-build.log" 2>&1 &&
	   { [ -z "$whole" ] || { [ -x "$dir/tools/inetcsum" ] &&
				  [ -x "$dir/bench/packet_jobs_bench" ]; }; }; then
		BUILT[$b]=0
		[ -n "$whole" ] && WHOLE[$tcn]=$b
		echo "$b: built in $(($(date +%s) - t0)) s" \
			"($triplet-gcc${cflags:+ $cflags}, -Werror)${whole:+:" \
			"the whole default tree with test support}"
	else
		BUILT[$b]=1
		tail -n 30 "$OUT/$b-build.log"
		fail "$b: cross build failed (log: $OUT/$b-build.log)"
	fi
	return "${BUILT[$b]}"
}

# PowerPC: the portable kernel must prefetch with dcbt (data cache block
# touch) once per 32-byte cache line of the default 32-bit build, in the
# main loops of the dispatcher's entry (the only partial sum: other
# distances are measured with builds of their own) and the fused copy,
# which also touches each destination line for store (dcbtst).
# One dcbt per 64 bytes of loads, as before, would leave every other line
# unfetched on a core with no hardware prefetcher.  Only the archive member
# built from src/generic/csum_generic.c is searched.
PPC_LINE=32
check_dcbt() {
	local dis=$OUT/powerpc-generic.dis f r lb d dw
	powerpc-linux-gnu-objdump -d -M ppc "$OUT/powerpc/libinetcsum.a" \
		>"$OUT/powerpc-lib.dis" 2>&1 || {
		fail "powerpc: objdump -d -M ppc libinetcsum.a failed"
		return
	}
	awk '/file format/ { on = $1 == "csum_generic.c.o:" } on' \
		"$OUT/powerpc-lib.dis" >"$dis"
	for f in csum_generic csum_copy_generic; do
		r=$(awk -v F="$f" -f "$SRC/tests/suites/loop_prefetch.awk" "$dis")
		read -r lb d dw <<<"${r:-0 0 0}"
		if ! grep -q "<$f>:" "$dis"; then
			fail "powerpc: no function $f in csum_generic.c.o"
		elif [ "$d" -eq 0 ]; then
			fail "powerpc: $f has no loop with a dcbt" \
				"(software prefetch lost)"
		elif [ $((lb / d)) -ne $PPC_LINE ] || [ $((lb % d)) -ne 0 ]; then
			fail "powerpc: $f's main loop loads $lb bytes per" \
				"$d dcbt, not one dcbt per $PPC_LINE bytes"
		elif [ "$f" = csum_copy_generic ] && [ "$dw" -ne "$d" ]; then
			fail "powerpc: $f's main loop has $dw dcbtst for $d" \
				"dcbt (destination lines not touched)"
		else
			echo "powerpc: $f main loop: $lb bytes loaded, $d dcbt," \
				"$dw dcbtst per iteration (one per $PPC_LINE-byte line)"
		fi
	done
}

# Alpha EV4: no BWX instruction anywhere in the library, and QEMU's EV4
# must trap one.
check_ev4() {
	local n
	n=$(alpha-linux-gnu-objdump -d "$OUT/alpha-ev4/libinetcsum.a" |
		awk -F'\t' '$3 ~ /^(ldbu|ldwu|stb|stw|sextb|sextw)$/ { n++ }
			END { print n + 0 }')
	if [ "$n" -ne 0 ]; then
		fail "alpha-ev4: libinetcsum.a has $n BWX instruction(s)"
	else
		echo "alpha-ev4: libinetcsum.a has no BWX instruction"
	fi
	if ! alpha-linux-gnu-gcc -O2 -mcpu=ev67 "$OUT/bwx.c" -o "$OUT/bwx"; then
		fail "alpha-ev4: cannot build the BWX control program"
		return
	fi
	# An inner shell, so that its "Illegal instruction" report is muted.
	QEMU_CPU=ev4 bash -c 'qemu-alpha -L /usr/alpha-linux-gnu "$1"; exit $?' _ \
		"$OUT/bwx" 2>/dev/null
	if [ $? -eq $((128 + 4)) ]; then	# 4 is SIGILL
		echo "alpha-ev4: QEMU's ev4 rejects BWX (SIGILL), as it must"
	else
		fail "alpha-ev4: QEMU_CPU=ev4 ran a BWX instruction"
	fi
}

# s390x: the runs above test s390_vx with INETCSUM_S390_SOFT_VCKSM (QEMU
# 7.2's VCKSM is wrong), so check what a production build really has: the
# kernel compiled without it must sum 256 bytes per iteration with one
# VLM, sixteen VCKSM, LA and BRCTG (19 instructions, the count in
# docs/other-arch-kernels.md), and its copy the same plus VSTM and LA.
check_s390_vx() {
	local o=$OUT/s390x-csum_vx.o f r
	if ! s390x-linux-gnu-gcc -O2 -std=c11 -Werror -Wall -I"$SRC/src" \
		-c "$SRC/src/s390/csum_vx.c" -o "$o"; then
		fail "s390x: src/s390/csum_vx.c does not build without" \
			"INETCSUM_S390_SOFT_VCKSM"
		return
	fi
	for f in csum_s390_vx:19 csum_copy_s390_vx:21; do
		r=$(s390x-linux-gnu-objdump -d "$o" | awk -v F="${f%:*}" '
			$2 == "<" F ">:" { on = 1; n = 0; next }
			/^[0-9a-f]+ <.*>:$/ { on = 0 }
			on && /^ +[0-9a-f]+:\t/ {
				split($0, c, "\t"); a = c[1]; gsub(/[ :]/, "", a)
				n++; A[n] = a; OP[n] = c[3]
				if (c[3] == "brctg") { split(c[4], w, " "); t = w[1]
					sub(/^%r[0-9]+,/, "", t); T = t; E = n }
			}
			END {
				for (i = 1; i <= E; i++) if (A[i] == T) break
				k = 0
				for (j = i; j <= E; j++) { ins++; if (OP[j] == "vcksm") k++ }
				print ins + 0, k + 0
			}')
		if [ "$r" != "${f#*:} 16" ]; then
			fail "s390x: ${f%:*}'s main loop is '$r' (instructions," \
				"vcksm), expected '${f#*:} 16'"
		else
			echo "s390x: ${f%:*} main loop (production build):" \
				"${f#*:} instructions per 256 bytes, 16 vcksm"
		fi
	done
}

# RISC-V: the riscv64 binaries on an rv64gc CPU (no Zbb, no V) must find
# only the portable kernel, and must die of SIGILL when told that Zbb is
# there after all (INETCSUM_TEST_RISCV_ZBB=1 with QEMU's ENOSYS), or the
# zbb=false runs would prove nothing about the feature check.
RV_GC_CPU=rv64,v=false,zbb=false
check_riscv_gc() {
	local probe=$OUT/probe-riscv64 log=$OUT/riscv64-gc-probe.log names
	local -a q=(qemu-riscv64 -L /usr/riscv64-linux-gnu)
	if ! QEMU_CPU=$RV_GC_CPU "${q[@]}" "$probe" >"$log" 2>&1; then
		cat "$log"
		fail "riscv64: the probe failed on $RV_GC_CPU"
	fi
	names=$(sed -n 's/^kernel \([^:]*\): RFC 1071.*/\1/p' "$log" |
		tr '\n' ' ')
	if [ "${names% }" != generic ]; then
		fail "riscv64: on $RV_GC_CPU the supported kernels are" \
			"'${names% }', expected 'generic'"
	else
		echo "riscv64: on $RV_GC_CPU only the portable kernel is" \
			"supported, and dispatch picks it"
	fi
	# An inner shell, so that its "Illegal instruction" report is muted.
	QEMU_CPU=$RV_GC_CPU INETCSUM_TEST_RISCV_ZBB=1 bash -c \
		'"$@" >/dev/null 2>&1; exit $?' _ "${q[@]}" "$probe" 2>/dev/null
	if [ $? -eq $((128 + 4)) ]; then	# 4 is SIGILL
		echo "riscv64: QEMU's $RV_GC_CPU rejects riscv_zbb's Zbb" \
			"instructions (SIGILL), as it must"
	else
		fail "riscv64: riscv_zbb ran on $RV_GC_CPU (QEMU emulated Zbb" \
			"or the kernel has none)"
	fi
}

# sve_probes RUN PROBE RUNNER...: the probe saw the run's SVE vector
# length, and passes at the run's further lengths (SVE_PROBE_VLS), each
# with exactly the run's kernels supported and an SVE2 kernel chosen.
sve_probes() {
	local r=$1 probe=$2 v log names
	shift 2
	if ! grep -qx "sve vector length: ${SVE_VL[$r]} bytes" \
		"$OUT/$r-probe.log"; then
		fail "$r: the probe did not run at an SVE vector length of" \
			"${SVE_VL[$r]} bytes"
		return 1
	fi
	for v in ${SVE_PROBE_VLS[$r]-}; do
		log=$OUT/$r-probe-vl$v.log
		if ! env QEMU_CPU="max,sve-default-vector-length=$v" "$@" \
			"$probe" >"$log" 2>&1; then
			cat "$log"
			fail "$r: probe failed at an SVE vector length of $v bytes"
			continue
		fi
		names=$(sed -n 's/^kernel \([^:]*\): RFC 1071.*/\1/p' "$log" |
			tr '\n' ' ')
		if ! grep -qx "sve vector length: $v bytes" "$log" ||
		   [ "${names% }" != "${EXPECT[$r]}" ] ||
		   ! grep -q '^dispatch: arm_sve2$' "$log"; then
			cat "$log"
			fail "$r: probe at $v bytes: wrong vector length, kernels" \
				"or choice"
		else
			echo "$r: probe at SVE vector length $((v * 8)) bits:" \
				"${names% } match, dispatch arm_sve2"
		fi
	done
}

# run NAME: probe, then ctest.
run() {
	local r=$1 b triplet runner cpu cflags dir n t0 t names on huge k why scope
	local -a sel
	local -a cmd
	read -r b triplet runner cpu cflags <<<"${RUN[$r]}"
	[ "$cpu" = - ] && cpu=
	[ "$cflags" = - ] && cflags=
	cflags=${cflags//,-f/ -f}	# the table's fields cannot hold spaces
	dir=$OUT/$b
	case $runner in
	loader:*)
		cmd=("/usr/$triplet/lib/${runner#loader:}"
		     --library-path "/usr/$triplet/lib")
		on="natively via ${cmd[0]}" ;;
	*)
		# No target libc folder: the target is the host's own ABI.
		cmd=("$runner")
		[ -d "/usr/$triplet" ] && cmd+=(-L "/usr/$triplet")
		on="under $runner${cpu:+ -cpu $cpu}" ;;
	esac
	if ! command -v "$triplet-gcc" >/dev/null ||
	   ! command -v "${cmd[0]}" >/dev/null; then
		fail "$r: $triplet-gcc or ${cmd[0]} missing" \
			"(scripts/install-deps.sh cross)"
		return
	fi
	build "$b" "$triplet" "$cflags" || return

	# The probe, with the same compiler flags as the library.
	# shellcheck disable=SC2086 # cflags is a list of flags, maybe empty
	if ! "$triplet-gcc" -O2 $cflags -I"$SRC/include" "$OUT/probe.c" \
		"$dir/libinetcsum.a" ${PROBE_LDFLAGS[$b]-} -o "$OUT/probe-$b"; then
		fail "$r: cannot build the probe"
		return
	fi
	# shellcheck disable=SC2086 # RUN_ENV is a list of assignments
	if ! env ${cpu:+QEMU_CPU=$cpu} ${RUN_ENV[$r]-} "${cmd[@]}" "$OUT/probe-$b" \
		>"$OUT/$r-probe.log" 2>&1; then
		cat "$OUT/$r-probe.log"
		fail "$r: probe failed $on"
	fi
	# QEMU warns about CPU model features that it cannot emulate (pcid...).
	grep -v '^qemu-[a-z0-9_]*: warning:' "$OUT/$r-probe.log" |
		sed "s/^/$r: /"
	unsupported_ok=
	if [ -n "${EXPECT[$r]-}" ]; then
		names=$(sed -n 's/^kernel \([^:]*\): RFC 1071.*/\1/p' \
			"$OUT/$r-probe.log" | tr '\n' ' ')
		if [ "${names% }" != "${EXPECT[$r]}" ]; then
			fail "$r: supported kernels are '${names% }'," \
				"expected '${EXPECT[$r]}'"
		else
			# Exactly the expected kernels: the others cannot run on
			# this emulated CPU, and run natively elsewhere.
			unsupported_ok=1
		fi
	fi
	names=$(ls "$SRC"/src/arm/*neon*.c 2>/dev/null)
	if [ "$b" = aarch64 ] && [ -n "$names" ] &&
	   ! grep -q '^dispatch: .*\(neon\|sve2\)' "$OUT/$r-probe.log"; then
		fail "$r: src/arm has a NEON kernel but dispatch did not pick" \
			"a vector kernel"
	fi
	if [ -n "${SVE_VL[$r]-}" ]; then
		sve_probes "$r" "$OUT/probe-$b" "${cmd[@]}" || return
	fi

	# test_csum's >4 GiB test once per kernel of each build: 4 GiB
	# through an emulated vector unit is most of a run's time, and the
	# same binaries on another emulated CPU run the same instructions.
	huge=
	why=${HUGE_ELSEWHERE[$b]-"each kernel had it in an earlier run of build $b"}
	for k in $(sed -n 's/^kernel \([^:]*\): RFC 1071.*/\1/p' \
		"$OUT/$r-probe.log"); do
		[ -z "${HUGE_ELSEWHERE[$b]-}" ] || break
		[[ " ${HUGE_DONE[$b]-} " == *" $k "* ]] || huge="$huge $k"
	done
	huge=${huge# }
	echo "$r: test_csum's >4 GiB test for: ${huge:-none ($why)}"

	# A build's first run runs every test; a later run of the same
	# binaries on another emulated CPU only those labelled core (the
	# kernels, dispatch, the API): the packet and capture tests do not
	# depend on the kernel beyond its sums, which test_csum checks.
	sel=()
	[ -n "${FULL_DONE[$b]-}" ] && sel=(-L core)
	n=$(ctest --test-dir "$dir" -N ${sel[@]+"${sel[@]}"} 2>/dev/null |
		sed -n 's/^Total Tests: //p')
	if [ "${n:-0}" -eq 0 ]; then
		fail "$r: ctest found no tests"
		return
	fi
	t0=$(date +%s)
	# shellcheck disable=SC2086 # RUN_ENV is a list of assignments
	if env INETCSUM_TEST_QUICK=1 ${cpu:+QEMU_CPU=$cpu} ${RUN_ENV[$r]-} \
		${unsupported_ok:+INETCSUM_TEST_UNSUPPORTED_OK=1} \
		INETCSUM_TEST_HUGE="${huge:-none}" \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --test-dir "$dir" --output-on-failure -j "$JOBS" \
		${sel[@]+"${sel[@]}"} \
		--timeout 300 >"$OUT/$r-ctest.log" 2>&1; then
		t=$(($(date +%s) - t0))
		scope=
		[ -n "${sel[0]-}" ] &&
			scope="; label core only, the others ran in ${FULL_DONE[$b]}"
		echo "$r: $n tests passed ($t s $on)$scope"
		HUGE_DONE[$b]="${HUGE_DONE[$b]-} $huge"
		[ -n "${sel[0]-}" ] || FULL_DONE[$b]=$r
	else
		cat "$OUT/$r-ctest.log"
		fail "$r: ctest failed $on"
	fi
	ctest_skips "$dir" "$OUT/$r-ctest.log" "$r"
	# The three slowest tests, so the budget is visible.
	grep -E 'Test +#[0-9]+:' "$OUT/$r-ctest.log" |
		sed -E 's/.*Test +#[0-9]+: ([^ ]+) .* ([0-9.]+) sec.*/\2 \1/' |
		sort -rn | head -n 3 | sed "s/^/$r: slowest: /; s/\$/ s/"
}

# defaults: each toolchain file (each that names its target CPU: not the
# shared part that the others include) builds the whole default tree with no option given, so that a
# flag meant for the build machine's CPU (-march=native) cannot reach a
# cross compiler again.  The test runs below turn the tools and the bench
# off to save time; this is where they are built for every target.
defaults() {
	local tc n dir t0 nfiles=0 what
	local -a targets
	for tc in "$SRC"/cmake/toolchains/*.cmake; do
		grep -q '^set(CMAKE_SYSTEM_PROCESSOR ' "$tc" || continue
		n=$(basename "$tc" .cmake)
		nfiles=$((nfiles + 1))
		dir=$OUT/defaults-$n
		targets=()
		what="whole default tree built"
		if [ -n "${WHOLE[$n]-}" ]; then
			# The run's build was this tree whole, with test
			# support; the library is what the option changes.
			targets=(--target inetcsum_static inetcsum_shared)
			what="library built (the rest: build ${WHOLE[$n]})"
		fi
		t0=$(date +%s)
		rm -rf "$dir"
		if cmake -S "$SRC" -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$tc" \
			-DCMAKE_COMPILE_WARNING_AS_ERROR=ON \
			>"$dir.log" 2>&1 &&
		   cmake --build "$dir" -j "$JOBS" ${targets[@]+"${targets[@]}"} \
			>>"$dir.log" 2>&1 &&
		   { [ -n "${WHOLE[$n]-}" ] ||
		     { [ -x "$dir/tools/inetcsum" ] &&
		       [ -x "$dir/bench/packet_jobs_bench" ]; }; }; then
			echo "defaults: $n: $what ($(($(date +%s) - t0)) s)"
			rm -rf "$dir"
		else
			tail -n 20 "$dir.log"
			fail "defaults: $n: the default build failed (log: $dir.log)"
		fi
	done
	[ $nfiles -gt 0 ] || fail "defaults: no toolchain file found"
}

start=$(date +%s)
for r in $CROSS_RUNS; do
	if [ "$r" = defaults ]; then
		defaults
		continue
	fi
	if [ -z "${RUN[$r]-}" ]; then
		fail "unknown run $r (known: ${!RUN[*]})"
		continue
	fi
	run "$r"
	case $r in
	powerpc) [ "${BUILT[powerpc]-1}" = 0 ] && check_dcbt ;;
	alpha-ev4) [ "${BUILT[alpha-ev4]-1}" = 0 ] && check_ev4 ;;
	s390x) [ "${BUILT[s390x]-1}" = 0 ] && check_s390_vx ;;
	riscv64) [ "${BUILT[riscv64]-1}" = 0 ] && check_riscv_gc ;;
	esac
done
echo "cross: $(($(date +%s) - start)) s in all"
if [ -n "$failures" ]; then
	echo "cross failures:$failures"
	exit 1
fi
