/* SPDX-License-Identifier: MIT */
/* bench/peers/linux_shim/asm/errno.h - EFAULT, as Linux numbers it. */
#ifndef INETCSUM_LINUX_SHIM_ERRNO_H
#define INETCSUM_LINUX_SHIM_ERRNO_H

#define EFAULT 14

#endif
