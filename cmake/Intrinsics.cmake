# cmake/Intrinsics.cmake - probe that the compiler (and assembler) can build
# each ISA's kernels with function-level target attributes.  A failed or
# disabled probe becomes -DINETCSUM_NO_<ISA>, which compiles that kernel out.
include(CheckCSourceCompiles)
set(INETCSUM_ISA_DEFINITIONS "")
