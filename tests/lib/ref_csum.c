/* SPDX-License-Identifier: MIT */
/*
 * tests/lib/ref_csum.c - the naive reference Internet checksum (see
 * ref_csum.h).  Every function is the most literal reading of RFC 1071,
 * RFC 1624 and the pseudo-header RFCs that could be written; speed is no
 * goal, so nothing here is clever.
 */
#include <stdlib.h>
#include <string.h>

#include "ref_csum.h"

int
inetcsum_ref_little_endian(void)
{
	const uint16_t one = 1;
	unsigned char first;

	memcpy(&first, &one, 1);
	return first == 1;
}

uint16_t
inetcsum_ref_swap16(uint16_t v)
{
	return (uint16_t)((v >> 8) | (v << 8));
}

uint16_t
inetcsum_ref_to_mem(uint16_t net)
{
	return inetcsum_ref_little_endian() ? inetcsum_ref_swap16(net) : net;
}

uint16_t
inetcsum_ref_to_net(uint16_t mem)
{
	/* The conversion is its own inverse. */
	return inetcsum_ref_to_mem(mem);
}

/* Fold a 64-bit sum to 16 bits, one end-around carry at a time. */
static uint16_t
fold64(uint64_t s)
{
	while (s > 0xffff)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

uint16_t
inetcsum_ref_add16(uint16_t a, uint16_t b)
{
	return fold64((uint64_t)a + b);
}

uint16_t
inetcsum_ref_fold16(uint32_t sum)
{
	return fold64(sum);
}

uint16_t
inetcsum_ref_sum_net(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t s = 0;
	size_t i;

	/*
	 * One word per step.  Each word is below 2^16, so the 64-bit
	 * accumulator cannot overflow before 2^48 words (512 TiB of data).
	 */
	for (i = 0; i + 1 < len; i += 2)
		s += ((uint64_t)p[i] << 8) | p[i + 1];
	if (len & 1)
		s += (uint64_t)p[len - 1] << 8;	/* padded with a zero byte */
	return fold64(s);
}

uint16_t
inetcsum_ref_sum(const void *data, size_t len, uint32_t sum)
{
	/*
	 * The initial partial sum is in memory order; fold it, move it to
	 * network order and add it to the data's network-order sum.  Byte
	 * swapping a 16-bit ones' complement value multiplies it by 256
	 * modulo 0xffff, so moving between orders before or after adding
	 * is the same (RFC 1071 section 2(B)).
	 */
	uint16_t init = inetcsum_ref_to_net(inetcsum_ref_fold16(sum));

	return inetcsum_ref_to_mem(
		inetcsum_ref_add16(init, inetcsum_ref_sum_net(data, len)));
}

uint16_t
inetcsum_ref_sum_at(const void *data, size_t len, size_t offset)
{
	const unsigned char *p = data;
	uint64_t s = 0;
	size_t i;

	/*
	 * Byte i of the block is byte offset + i of the message: the high
	 * half of a network-order word at an even message offset, the low
	 * half at an odd one.  No overflow before 2^48 bytes.
	 */
	for (i = 0; i < len; i++) {
		if (((offset + i) & 1) == 0)
			s += (uint64_t)p[i] << 8;
		else
			s += p[i];
	}
	return inetcsum_ref_to_mem(fold64(s));
}

uint16_t
inetcsum_ref_csum(const void *data, size_t len, uint32_t sum)
{
	return (uint16_t)~inetcsum_ref_sum(data, len, sum);
}

uint16_t
inetcsum_ref_fold(uint32_t sum)
{
	return (uint16_t)~inetcsum_ref_fold16(sum);
}

uint16_t
inetcsum_ref_add(uint32_t a, uint32_t b)
{
	return inetcsum_ref_add16(inetcsum_ref_fold16(a),
				  inetcsum_ref_fold16(b));
}

uint16_t
inetcsum_ref_sub(uint32_t a, uint32_t b)
{
	/* Subtracting is adding the ones' complement (negation). */
	return inetcsum_ref_add16(inetcsum_ref_fold16(a),
				  (uint16_t)~inetcsum_ref_fold16(b));
}

uint16_t
inetcsum_ref_block_add(uint32_t sum, uint32_t part, size_t offset)
{
	uint16_t p16 = inetcsum_ref_fold16(part);

	/* A block at an odd offset has its bytes in the other word halves. */
	if (offset & 1)
		p16 = inetcsum_ref_swap16(p16);
	return inetcsum_ref_add16(inetcsum_ref_fold16(sum), p16);
}

uint16_t
inetcsum_ref_ipv4_header(const void *hdr, unsigned ihl)
{
	return inetcsum_ref_csum(hdr, (size_t)ihl * 4, 0);
}

uint16_t
inetcsum_ref_pseudo_ipv4(const void *saddr, const void *daddr,
			 uint8_t proto, uint32_t len)
{
	unsigned char ph[12];

	/* RFC 9293 section 3.1: source, destination, zero, PTCL, length. */
	memcpy(ph, saddr, 4);
	memcpy(ph + 4, daddr, 4);
	ph[8] = 0;
	ph[9] = proto;
	ph[10] = (unsigned char)(len >> 8);
	ph[11] = (unsigned char)len;
	return inetcsum_ref_sum(ph, sizeof(ph), 0);
}

uint16_t
inetcsum_ref_pseudo_ipv6(const void *saddr, const void *daddr,
			 uint8_t next_header, uint32_t len)
{
	unsigned char ph[40];

	/*
	 * RFC 8200 section 8.1: source, destination, 32-bit upper-layer
	 * packet length, three zero bytes, next header.
	 */
	memcpy(ph, saddr, 16);
	memcpy(ph + 16, daddr, 16);
	ph[32] = (unsigned char)(len >> 24);
	ph[33] = (unsigned char)(len >> 16);
	ph[34] = (unsigned char)(len >> 8);
	ph[35] = (unsigned char)len;
	ph[36] = ph[37] = ph[38] = 0;
	ph[39] = next_header;
	return inetcsum_ref_sum(ph, sizeof(ph), 0);
}

uint16_t
inetcsum_ref_update(const void *pkt, size_t len, size_t check_off,
		    size_t change_off, const void *new_bytes, size_t n)
{
	unsigned char *copy = malloc(len ? len : 1);
	uint16_t check;

	if (copy == NULL)
		abort();
	memcpy(copy, pkt, len);
	memcpy(copy + change_off, new_bytes, n);
	copy[check_off] = copy[check_off + 1] = 0;
	check = inetcsum_ref_csum(copy, len, 0);
	free(copy);
	return check;
}
