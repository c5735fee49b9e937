# cmake/toolchains/i686-linux-gnu.cmake - 32-bit x86.
# Tests run under qemu-i386 (the host may lack a 32-bit loader and libc).
#   cmake -S . -B build-i686 \
#     -DCMAKE_TOOLCHAIN_FILE=cmake/toolchains/i686-linux-gnu.cmake
# Needs Debian's gcc-i686-linux-gnu and qemu-user (scripts/deps/cross.txt).
set(INETCSUM_CROSS_TRIPLET i686-linux-gnu)
set(CMAKE_SYSTEM_PROCESSOR i686)
set(INETCSUM_QEMU_NAME qemu-i386)
include(${CMAKE_CURRENT_LIST_DIR}/linux-gnu-cross.cmake)
