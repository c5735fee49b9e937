/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog_pcap.c - writes the catalog's Ethernet frames to a
 * pcap file and prints this module's verdicts for each, in tshark's terms,
 * so that tests/suites/25-packet.sh can compare them with tshark's own
 * (an independent implementation of the same RFCs).
 *
 *   catalog_pcap OUT.pcap [LINKTYPE] > verdicts.txt
 *
 * writes the frames of link type LINKTYPE (default 1, Ethernet) only, so
 * that each link type gets a file of its own.
 * One line per frame: the case name, then one ';'-separated column per
 * protocol (ip tcp udp icmp icmpv6 igmp gre pim vrrp ospf rsvp eigrp dccp
 * sctp pgm cdp hip edp nhrp shim6; UDP-Lite goes under udp, as tshark
 * files it, and CARP under vrrp), each a ','-joined list in layer order
 * of tshark's checksum status codes: 0 bad, 1 good, 3 not present (UDP
 * zero over IPv4), 4 illegal (zero over IPv6); P for partial, which
 * tshark calls bad.  Unverified layers are left out: tshark shows those
 * as 2 or not at all.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"

#define NCOLS 20

static void
put32le(FILE *f, uint32_t v)
{
	uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16),
			 (uint8_t)(v >> 24) };

	fwrite(b, 1, 4, f);
}

static const char *
code(enum inetcsum_status s)
{
	switch (s) {
	case INETCSUM_GOOD:	return "1";
	case INETCSUM_BAD:	return "0";
	case INETCSUM_PARTIAL:	return "P";
	case INETCSUM_NONE:	return "3";
	case INETCSUM_ILLEGAL:	return "4";
	default:		return NULL;
	}
}

static int
column(enum inetcsum_proto p)
{
	switch (p) {
	case INETCSUM_PROTO_IPV4:	return 0;
	case INETCSUM_PROTO_TCP:	return 1;
	case INETCSUM_PROTO_UDP:
	case INETCSUM_PROTO_UDPLITE:	return 2;
	case INETCSUM_PROTO_ICMP:	return 3;
	case INETCSUM_PROTO_ICMPV6:	return 4;
	case INETCSUM_PROTO_IGMP:	return 5;
	case INETCSUM_PROTO_GRE:	return 6;
	case INETCSUM_PROTO_ICMP_EXT:	return -1;
	case INETCSUM_PROTO_PIM:	return 7;
	case INETCSUM_PROTO_VRRP:	return 8;	/* vrrp or carp */
	case INETCSUM_PROTO_OSPF:	return 9;
	case INETCSUM_PROTO_RSVP:	return 10;
	case INETCSUM_PROTO_EIGRP:	return 11;
	case INETCSUM_PROTO_DCCP:	return 12;
	case INETCSUM_PROTO_SCTP:	return 13;
	case INETCSUM_PROTO_PGM:	return 14;
	case INETCSUM_PROTO_CDP:	return 15;
	case INETCSUM_PROTO_HIP:	return 16;
	case INETCSUM_PROTO_EDP:	return 17;
	/* No status in tshark 4.0 (mip6.csum is shown, not checked). */
	case INETCSUM_PROTO_MH:		return -1;
	case INETCSUM_PROTO_NHRP:	return 18;
	case INETCSUM_PROTO_SHIM6:	return 19;
	/* No status in tshark 4.0 (FDP's and UDLD's fields not checked). */
	case INETCSUM_PROTO_FDP:
	case INETCSUM_PROTO_UDLD:	return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct tcase *c;
	size_t n = catalog_build(&c), i, j;
	uint32_t frame = 0;
	int lt = argc > 2 ? atoi(argv[2]) : INETCSUM_LINK_ETHERNET;
	FILE *f;

	if (argc < 2 || argc > 3 || (f = fopen(argv[1], "wb")) == NULL) {
		fprintf(stderr, "usage: catalog_pcap OUT.pcap [LINKTYPE]\n");
		return 2;
	}
	/* pcap file header (little-endian): v2.4, snaplen 65535, Ethernet. */
	put32le(f, 0xa1b2c3d4);
	put32le(f, 2 | 4u << 16);
	put32le(f, 0);
	put32le(f, 0);
	put32le(f, 65535);
	put32le(f, (uint32_t)lt);
	for (i = 0; i < n; i++) {
		struct inetcsum_frame_result r;
		char col[NCOLS][64];
		int k;

		if (c[i].linktype != lt)
			continue;
		put32le(f, ++frame);
		put32le(f, 0);
		put32le(f, (uint32_t)c[i].len);
		put32le(f, (uint32_t)c[i].origlen);
		fwrite(c[i].f, 1, c[i].len, f);
		inetcsum_frame_check(lt, c[i].f, c[i].len, c[i].origlen, &r);
		memset(col, 0, sizeof(col));
		for (j = 0; j < r.nlayers; j++) {
			const char *s = code(r.layers[j].status);
			int col_i = column(r.layers[j].proto);
			char *p;

			/* No column: tshark files the RFC 4884 extension
			 * under icmp.ext, compared by tests/tools/pcap/icmp.py. */
			if (col_i < 0)
				continue;
			p = col[col_i];
			if (s == NULL || strlen(p) + 3 > sizeof(col[0]))
				continue;
			if (p[0] != '\0')
				strcat(p, ",");
			strcat(p, s);
		}
		printf("%s", c[i].name);
		for (k = 0; k < NCOLS; k++)
			printf(";%s", col[k]);
		printf("\n");
	}
	return fclose(f) == 0 ? 0 : 1;
}
