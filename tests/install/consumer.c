/* SPDX-License-Identifier: MIT */
/*
 * tests/install/consumer.c - a program that uses an installed libinetcsum
 * as any outside user would (only the installed headers), built by
 * tests/suites/45-install.sh with pkg-config, with CMake's find_package,
 * and from the source tree with add_subdirectory and FetchContent.
 */
#include <inetcsum.h>
#include <inetcsum_packet.h>
#include <stdio.h>
#include <string.h>

int
main(void)
{
	/* RFC 1071 section 3: these bytes sum to 0xddf2, checksum 0x220d. */
	static const unsigned char data[8] = { 0x00, 0x01, 0xf2, 0x03,
					       0xf4, 0xf5, 0xf6, 0xf7 };
	/* An IPv4 header (RFC 791) with a wrong checksum field, 0x0000. */
	static const unsigned char ip[20] = {
		0x45, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x40, 0xff,
		0x00, 0x00, 0xc0, 0x00, 0x02, 0x01, 0xc0, 0x00, 0x02, 0x02 };
	uint16_t check = inetcsum_fold(inetcsum_partial(data, sizeof(data), 0));
	struct inetcsum_frame_result r;
	unsigned char wire[2];

	memcpy(wire, &check, 2);
	printf("libinetcsum %s (kernel %s): RFC 1071 example checksum "
	       "%02x %02x\n", inetcsum_version(), inetcsum_impl_name(),
	       wire[0], wire[1]);
	/* The packet layer, from the same library: that header is bad. */
	if (inetcsum_frame_check(INETCSUM_LINK_RAW, ip, sizeof(ip), sizeof(ip),
				 &r) != 0 || r.nlayers != 1 ||
	    r.layers[0].status != INETCSUM_BAD) {
		printf("inetcsum_frame_check: wrong verdict\n");
		return 1;
	}
	printf("packet layer: IPv4 header %s, expected %04x\n",
	       inetcsum_status_name(r.layers[0].status), r.layers[0].expected);
	return wire[0] == 0x22 && wire[1] == 0x0d ? 0 : 1;
}
