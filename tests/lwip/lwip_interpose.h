/* SPDX-License-Identifier: MIT */
/*
 * tests/lwip/lwip_interpose.h - lwIP's own checksum code, run either as
 * Debian built it or with inetcsum_lwip.h's hooks (lwip_interpose.c).
 *
 * Debian's liblwip.so calls lwip_standard_chksum() and lwip_chksum_copy()
 * through its PLT (objdump -d shows "call lwip_standard_chksum@plt" in
 * inet_chksum(), inet_chksum_pbuf(), the pseudo-header sums and
 * lwip_chksum_copy(), and "call lwip_chksum_copy@plt" in
 * pbuf_fill_chksum()), so the definitions that lwip_interpose.c gives
 * those two names in the test program take their place: lwIP's compiled
 * callers then run with whichever 'hook_mode' selects.  Mode 0 forwards to
 * the library's own definitions (dlsym RTLD_NEXT): lwIP exactly as
 * shipped, the oracle.  Mode 1 runs LWIP_CHKSUM and LWIP_CHKSUM_COPY as
 * inetcsum_lwip.h defines them: what a port built with the header does.
 */
#ifndef TESTS_LWIP_INTERPOSE_H
#define TESTS_LWIP_INTERPOSE_H

#include <stddef.h>
#include <stdint.h>

/* 0: lwIP's own algorithm (Debian's liblwip.so); 1: inetcsum's hooks. */
extern int hook_mode;
/* Calls that lwIP's code made to the two functions, per mode: a run in
 * which lwIP did not call them proves nothing, so the tests check these. */
extern unsigned long hook_calls[2];

/* dlsym the library's own definitions; -1 (with a message) if absent. */
int hook_init(void);

/* lwIP's own functions, called directly, whatever the mode. */
uint16_t lwip_own_chksum(const void *dataptr, int len);
uint16_t lwip_own_chksum_copy(void *dst, const void *src, uint16_t len);

/* The header's functions (the macros, expanded in lwip_interpose.c). */
uint16_t hook_chksum(const void *dataptr, int len);
uint16_t hook_chksum_copy(void *dst, const void *src, uint16_t len);

#endif
