/* SPDX-License-Identifier: MIT */
/*
 * bench/peers/linux_shim/linux/export.h - EXPORT_SYMBOL(), which makes a
 * kernel symbol available to modules, means nothing in user space.
 */
#ifndef INETCSUM_LINUX_SHIM_EXPORT_H
#define INETCSUM_LINUX_SHIM_EXPORT_H

#define EXPORT_SYMBOL(sym)	extern int inetcsum_linux_shim_unused_

#endif
