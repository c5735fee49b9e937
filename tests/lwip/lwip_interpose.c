/* SPDX-License-Identifier: MIT */
/*
 * tests/lwip/lwip_interpose.c - the two hook names lwIP's library calls,
 * defined here to run lwIP's own code or inetcsum_lwip.h's hooks
 * (lwip_interpose.h says why this works).  This file includes
 * inetcsum_lwip.h first and lwIP's headers after it, in the order of a
 * port whose lwipopts.h includes the header, so the preprocessor checks
 * below see what such a port's lwIP sources see.
 */
#define _GNU_SOURCE	/* RTLD_NEXT */
#include <dlfcn.h>
#include <stdio.h>

#include "inetcsum_lwip.h"

#include <lwip/opt.h>
#include <lwip/inet_chksum.h>

#include "lwip_interpose.h"

/*
 * Debian's lwipopts.h sets LWIP_CHECKSUM_ON_COPY; lwIP's inet_chksum.h then
 * keeps its own lwip_chksum_copy() only if LWIP_CHKSUM_COPY is not
 * defined yet.  With the header in front it must have been.
 */
#if !LWIP_CHECKSUM_ON_COPY || LWIP_CHKSUM_COPY_ALGORITHM != 0
#error "inetcsum_lwip.h did not take the place of lwIP's LWIP_CHKSUM_COPY"
#endif
#ifndef LWIP_CHKSUM
#error "inetcsum_lwip.h did not define LWIP_CHKSUM"
#endif

/* Not declared by lwIP's headers once the hooks are defined. */
u16_t lwip_standard_chksum(const void *dataptr, int len);
u16_t lwip_chksum_copy(void *dst, const void *src, u16_t len);

int hook_mode;
unsigned long hook_calls[2];

static u16_t (*own_std)(const void *, int);
static u16_t (*own_copy)(void *, const void *, u16_t);

int
hook_init(void)
{
	*(void **)&own_std = dlsym(RTLD_NEXT, "lwip_standard_chksum");
	*(void **)&own_copy = dlsym(RTLD_NEXT, "lwip_chksum_copy");
	if (own_std == NULL || own_copy == NULL) {
		fprintf(stderr, "liblwip exports no lwip_standard_chksum or "
			"lwip_chksum_copy (%s): not the library this test "
			"was written for\n", dlerror());
		return -1;
	}
	return 0;
}

u16_t
lwip_standard_chksum(const void *dataptr, int len)
{
	hook_calls[hook_mode != 0]++;
	if (hook_mode)
		return LWIP_CHKSUM(dataptr, len);
	return own_std(dataptr, len);
}

u16_t
lwip_chksum_copy(void *dst, const void *src, u16_t len)
{
	hook_calls[hook_mode != 0]++;
	if (hook_mode)
		return LWIP_CHKSUM_COPY(dst, src, len);
	return own_copy(dst, src, len);
}

/*
 * lwIP's lwip_chksum_copy() calls lwip_standard_chksum() through the PLT,
 * that is, the definition above: mode 0 for the call, so that it is lwIP's
 * code throughout.
 */
uint16_t
lwip_own_chksum(const void *dataptr, int len)
{
	return own_std(dataptr, len);
}

uint16_t
lwip_own_chksum_copy(void *dst, const void *src, uint16_t len)
{
	int mode = hook_mode;
	u16_t r;

	hook_mode = 0;
	r = own_copy(dst, src, len);
	hook_mode = mode;
	return r;
}

uint16_t
hook_chksum(const void *dataptr, int len)
{
	return LWIP_CHKSUM(dataptr, len);
}

uint16_t
hook_chksum_copy(void *dst, const void *src, uint16_t len)
{
	return LWIP_CHKSUM_COPY(dst, src, len);
}
