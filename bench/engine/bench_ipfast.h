/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_ipfast.h - the baseline of the ipv4 op: an IPv4
 * header sum written the way operating-system kernels write their inline
 * ip_fast_csum() (Linux's x86-64 one is a chain of 32-bit add-with-carry
 * over the header's words, then a fold): inline, so the compiler sees the
 * whole loop of calls.  Written for this benchmark from that description,
 * not copied.  On other CPUs it is the same sum in C.
 */
#ifndef INETCSUM_BENCH_IPFAST_H
#define INETCSUM_BENCH_IPFAST_H

#include <stdint.h>
#include <string.h>

static inline uint16_t
bench_ip_fast_csum(const void *iph, unsigned ihl)
{
	uint32_t sum;

#if defined(__x86_64__) && defined(__GNUC__)
	const uint32_t *w = (const uint32_t *)iph;
	unsigned i;

	/* Words 0-4 in one adc chain; IHL 5..15, as callers guarantee. */
	__asm__("movl (%[p]), %[s]\n\t"
		"addl 4(%[p]), %[s]\n\t"
		"adcl 8(%[p]), %[s]\n\t"
		"adcl 12(%[p]), %[s]\n\t"
		"adcl 16(%[p]), %[s]\n\t"
		"adcl $0, %[s]"
		: [s] "=&r"(sum)
		: [p] "r"(w), "m"(*(const uint8_t (*)[20])iph)
		: "cc");
	for (i = 5; i < ihl; i++) {
		__asm__("addl %[w], %[s]\n\t"
			"adcl $0, %[s]"
			: [s] "+r"(sum)
			: [w] "m"(w[i])
			: "cc");
	}
#else
	const unsigned char *p = (const unsigned char *)iph;
	uint64_t s = 0;
	unsigned i;

	for (i = 0; i < ihl; i++) {
		uint32_t x;

		memcpy(&x, p + 4 * i, 4);
		s += x;
	}
	s = (s & 0xffffffffu) + (s >> 32);
	sum = (uint32_t)s + (uint32_t)(s >> 32);
#endif
	/* 32 to 16 bits: the high half of sum + rol(sum, 16). */
	sum += (sum << 16) | (sum >> 16);
	return (uint16_t)~(sum >> 16);
}

#endif /* INETCSUM_BENCH_IPFAST_H */
