/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/l4gen.h - random TCP/UDP packets over IPv4 and IPv6 for the
 * offload and GSO tests and the GSO fuzzer, with everything a naive
 * reference needs recorded as the packet is built (where each header is,
 * the pseudo-header addresses), so the reference never parses; and that
 * reference: segmentation and offload written out the slow, obvious way,
 * every field recomputed from scratch, sums taken one big-endian word at a
 * time into 64 bits with the pseudo-header written out as bytes.  It
 * shares no code with libinetcsum.
 */
#ifndef PACKET_TESTS_L4GEN_H
#define PACKET_TESTS_L4GEN_H

#include <stddef.h>
#include <stdint.h>

#include "bytes.h"	/* put16/get16/put32/get32 */

/* Shapes l4gen_make() may pick from (any subset; 0 means all). */
#define L4GEN_V4	0x01u
#define L4GEN_V6	0x02u
#define L4GEN_TCP	0x04u
#define L4GEN_UDP	0x08u
#define L4GEN_BIG	0x10u	/* BIG TCP: over 64 KiB (payload 'plen' grown) */
#define L4GEN_PLAIN	0x20u	/* no options, no extension headers, l3 14 */

struct l4gen {
	uint8_t *pkt;
	size_t len;		/* the packet, link layer included */
	size_t l3;		/* IP header */
	size_t ip_hlen;		/* IPv4 IHL * 4; 40 for IPv6 */
	size_t jumbo;		/* hop-by-hop jumbo header, or 0 */
	size_t l4, l4_hlen;	/* TCP/UDP header and its length */
	size_t payload;		/* offset of the payload (l4 + l4_hlen) */
	size_t plen;		/* payload bytes */
	int v6, udp, big;
	uint8_t src[16], dst[16];	/* pseudo-header addresses */
	char desc[160];		/* what was built, for messages */
};

/* splitmix64 over '*s'. */
uint64_t l4gen_rand(uint64_t *s);

/*
 * l4gen_make() builds a random packet with 'plen' payload bytes (more
 * with L4GEN_BIG) of one of the 'shapes' into the 'cap' bytes at 'buf',
 * with random link header (0, 14 or 18 bytes), IPv4 options (NOPs, an
 * unknown option, a live or used-up LSRR) or IPv6 extension headers
 * (hop-by-hop, destination options with and without a Home Address,
 * routing type 0 and SRH with and without segments left), TCP options and
 * flags, a random IPv4 ID and TCP sequence number.  The TCP/UDP and IPv4
 * checksums hold junk.  Returns 0, or -1 if 'cap' is too small.
 */
int l4gen_make(struct l4gen *g, uint8_t *buf, size_t cap, uint64_t *rs,
	       size_t plen, unsigned shapes);

/* The naive checksum of 'n' bytes added to 'sum' (host value). */
uint16_t l4gen_csum(const uint8_t *p, size_t n, uint64_t sum);
/* The naive pseudo-header sum of 'g' for an L4 length 'l4len'. */
uint64_t l4gen_pseudo(const struct l4gen *g, size_t l4len);

/*
 * l4gen_ref_gso() segments 'g' for 'mss' into 'out' (capacity 'cap'),
 * writing segment lengths to 'lens' (capacity 'max'); returns the count,
 * or 0 if it does not fit.  With 'partial' the L4 fields hold the folded
 * pseudo-header sum.
 */
size_t l4gen_ref_gso(const struct l4gen *g, size_t mss, int partial,
		     uint8_t *out, size_t cap, size_t *lens, size_t max);
/* The same, with 'fixed_id' every IPv4 segment keeping the input's ID
 * (INETCSUM_GSO_FIXEDID) instead of ID + i. */
size_t l4gen_ref_gso_ids(const struct l4gen *g, size_t mss, int partial,
			 int fixed_id, uint8_t *out, size_t cap, size_t *lens,
			 size_t max);

/* Naive per-field values for the offload tests (network-order values). */
unsigned l4gen_ref_full(const struct l4gen *g);		/* the checksum */
unsigned l4gen_ref_partial(const struct l4gen *g);	/* pseudo sum */

/*
 * l4gen_ref_lengths_lie() is 1 when a length field of the IP packet of
 * 'len' bytes at 'p' (IPv4 or IPv6 from its first byte, IP in IP, IPv6 in
 * IP and GRE tunnels, no IPv6 extension headers) disagrees with the bytes
 * that hold it, whatever the packet carries; 0 otherwise.  The rule of
 * inetcsum_ip_fill()'s INETCSUM_EBADLEN (l4gen.c has the details).
 */
int l4gen_ref_lengths_lie(const uint8_t *p, size_t len);

#endif
