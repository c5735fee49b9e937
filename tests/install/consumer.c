/* SPDX-License-Identifier: MIT */
/*
 * tests/install/consumer.c - a program that uses an installed libinetcsum
 * as any outside user would (only <inetcsum.h>), built by
 * tests/suites/45-install.sh with pkg-config and with CMake.
 */
#include <inetcsum.h>
#include <stdio.h>
#include <string.h>

int
main(void)
{
	/* RFC 1071 section 3: these bytes sum to 0xddf2, checksum 0x220d. */
	static const unsigned char data[8] = { 0x00, 0x01, 0xf2, 0x03,
					       0xf4, 0xf5, 0xf6, 0xf7 };
	uint16_t check = inetcsum_fold(inetcsum_partial(data, sizeof(data), 0));
	unsigned char wire[2];

	memcpy(wire, &check, 2);
	printf("libinetcsum %s (kernel %s): RFC 1071 example checksum "
	       "%02x %02x\n", inetcsum_version(), inetcsum_impl_name(),
	       wire[0], wire[1]);
	return wire[0] == 0x22 && wire[1] == 0x0d ? 0 : 1;
}
