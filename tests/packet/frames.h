/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/frames.h - a frame builder for the packet module's tests:
 * append headers front to back, then fb_finish() fills in every length and
 * checksum from the innermost layer outwards with a naive reference
 * checksum that does not use libinetcsum, so the module is checked against
 * an independent computation.  Also: guard-paged buffers and the result
 * comparison used by every test.
 */
#ifndef PACKET_TESTS_FRAMES_H
#define PACKET_TESTS_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"
#include "bytes.h"	/* put16/get16/put32/get32 */

#define FB_MAX		4096
#define FB_MAX_RECS	24

enum fb_kind {
	FB_IPV4, FB_IPV6, FB_TCP, FB_UDP, FB_UDPLITE, FB_ICMP, FB_ICMPV6,
	FB_IGMP, FB_GRE, FB_LEN16,
	/* l4_other.c's protocols, headers given whole by fb_proto(). */
	FB_PIM, FB_VRRP, FB_OSPF, FB_RSVP, FB_EIGRP, FB_DCCP, FB_SCTP, FB_PGM,
	FB_HIP,
	/* CDP behind LLC/SNAP: no IP around it. */
	FB_CDP,
};

/* One header to finish: where it starts and what its checksum needs. */
struct fb_rec {
	enum fb_kind kind;
	size_t off;
	uint8_t src[16];	/* IP: pseudo-header source (home address) */
	uint8_t dst[16];	/* IP: pseudo-header destination (final) */
	unsigned coverage;	/* UDP-Lite coverage field; OSPF, RSVP: the
				 * length field if not 0 (else to the end) */
	size_t lenoff, lensub;	/* FB_LEN16: field offset, bytes not counted */
};

struct fb {
	uint8_t b[FB_MAX];
	size_t len;
	size_t nrec;
	struct fb_rec rec[FB_MAX_RECS];
};

void fb_init(struct fb *fb);
void fb_raw(struct fb *fb, const void *p, size_t n);
void fb_payload(struct fb *fb, size_t n, unsigned seed);
/* Ethernet with 'ntags' VLAN tags whose TPIDs are 'tpids'. */
void fb_eth(struct fb *fb, const unsigned *tpids, size_t ntags,
	    unsigned type);
/* The returned record may be edited (dst, src) before fb_finish(). */
struct fb_rec *fb_ipv4(struct fb *fb, unsigned proto, const char *src,
		       const char *dst, const void *opts, size_t optlen);
struct fb_rec *fb_ipv6(struct fb *fb, unsigned nh, const char *src,
		       const char *dst);
struct fb_rec *fb_tcp(struct fb *fb);
struct fb_rec *fb_udp(struct fb *fb, int lite);
struct fb_rec *fb_icmp(struct fb *fb, unsigned type, unsigned code, int v6);
struct fb_rec *fb_igmp(struct fb *fb);
/* GRE with 'flags' (C, K, S bits) and protocol 'type'. */
struct fb_rec *fb_gre(struct fb *fb, unsigned flags, unsigned type);
/*
 * A 16-bit length field at 'lenoff' of the header about to be appended
 * (PPPoE, GTP-U, L2TP): fb_finish() sets it to the bytes from the header's
 * start to the end of the frame, less 'lensub'.
 */
struct fb_rec *fb_len16(struct fb *fb, size_t lenoff, size_t lensub);
/*
 * The 'n'-byte header 'hdr' of a protocol of l4_other.c (FB_PIM ...
 * FB_SCTP), as given, with its checksum field zero; fb_finish() sets
 * the OSPF and RSVP length fields and the checksum by the protocol's RFC
 * (SCTP's CRC32c by the bitwise reference, tests/lib/ref_crc32c.c).
 */
struct fb_rec *fb_proto(struct fb *fb, enum fb_kind kind, const void *hdr,
			size_t n);
void fb_finish(struct fb *fb);
/* The reference sum of the pseudo-header of 'ip' for 'proto' and 'len'. */
uint64_t fb_pseudo(const struct fb_rec *ip, unsigned proto, size_t len);

/* Naive RFC 1071 checksum of 'n' bytes plus 'sum' (host value). */
uint16_t ref_csum(const uint8_t *p, size_t n, uint64_t sum);
uint64_t ref_sum(const uint8_t *p, size_t n);
/* Writes 4 or 16 bytes at 'out' and sets '*v6' accordingly. */
void parse_addr(const char *s, uint8_t *out, int *v6);

/*
 * guard_copy() copies 'n' bytes into a buffer that ends exactly at an
 * unmapped page, so any read or write past it faults; guard_free() frees.
 */
uint8_t *guard_copy(const void *src, size_t n);
void guard_free(uint8_t *p, size_t n);

/*
 * field_width() is the size of layer 'l's checksum field: 4 for SCTP's
 * CRC32c, else 2.  is_field_byte() is 1 if frame offset 'off' is a byte of
 * a checksum field of 'r': the only bytes a fix may change.
 */
size_t field_width(const struct inetcsum_layer *l);
int is_field_byte(const struct inetcsum_frame_result *r, size_t off);

/* What a layer must look like; reason NULL means "any". */
struct want {
	enum inetcsum_proto proto;
	enum inetcsum_status status;
	const char *reason;
};

/*
 * expect() checks 'r' against 'w' (and, if 'note' is not NULL, that the
 * note contains it; "" requires no note) and prints everything on a
 * mismatch.  Returns 0 if it matched.
 */
int expect(const char *name, const struct inetcsum_frame_result *r,
	   const struct want *w, size_t n, const char *note);
void print_result(const struct inetcsum_frame_result *r);
/*
 * 1 if two results are the same field by field: the layers (protocol,
 * verdict, stored and expected values, field offset, reason) and the note.
 * frame_check() and frame_fix() must agree so (issue 23: 'expected' is
 * always the computed value).
 */
int frame_results_equal(const struct inetcsum_frame_result *a,
			const struct inetcsum_frame_result *b);

extern int test_failures;
#define CHECK_FAILURES test_failures
#include "check.h"

#endif /* PACKET_TESTS_FRAMES_H */
