/* SPDX-License-Identifier: MIT */
/*
 * tests/packet/catalog.h - the hand-built frames every packet test runs:
 * one per rule of docs/packet.md, each with the verdicts it must get.
 */
#ifndef PACKET_TESTS_CATALOG_H
#define PACKET_TESTS_CATALOG_H

#include "frames.h"

#define NO_MUT ((size_t)-1)

struct tcase {
	const char *name;
	int linktype;
	uint8_t f[FB_MAX];
	size_t len;		/* bytes captured */
	size_t origlen;		/* bytes on the wire */
	struct want w[INETCSUM_MAX_LAYERS];
	size_t n;
	const char *note;	/* NULL: any; "": none; else a substring */
	int ret;		/* inetcsum_frame_check()'s return value */
	size_t mut;		/* a covered byte to corrupt, or NO_MUT */
	/* A GOOD field in a form the fixer keeps but does not write (a PIM
	 * Register summed whole): corrupted, it is expected in the RFC's. */
	int alt_form;
};

/* Builds the catalog (static storage) and returns the number of cases. */
size_t catalog_build(struct tcase **cases);

/* For the files that fill the catalog (catalog.c, catalog_ip.c). */
#define A4 "192.0.2.1"
#define B4 "198.51.100.2"
#define A6 "2001:db8::1"
#define B6 "2001:db8::2"
#define LAST ((size_t)-2)	/* corrupt the frame's last byte */

#define W(p, s, r) { INETCSUM_PROTO_##p, INETCSUM_##s, r }
#define ADD(name, lt, fb, note, mut, ...)				\
	catalog_add(name, lt, fb, note, mut,				\
		    (const struct want[]){ __VA_ARGS__ },		\
		    sizeof((const struct want[]){ __VA_ARGS__ }) /	\
		    sizeof(struct want))
#define ADD0(name, lt, fb, note)					\
	catalog_add(name, lt, fb, note, NO_MUT, NULL, 0)

/* Appends a case for the frame in 'fb' with the verdicts 'w'. */
struct tcase *catalog_add(const char *name, int lt, const struct fb *fb,
			  const char *note, size_t mut, const struct want *w,
			  size_t n);
/* Recomputes an IPv4 header checksum after a case edits the header. */
void catalog_ipv4_recsum(uint8_t *h);
/* Starts an Ethernet frame with an IPv4 (IPv6) header for 'proto'. */
struct fb_rec *catalog_eth4(struct fb *fb, unsigned proto);
struct fb_rec *catalog_eth6(struct fb *fb, unsigned nh);
/* Sets the UDP ports of the header at 'off' (tshark tries the lower). */
void catalog_udp_ports(struct fb *fb, size_t off, unsigned sport,
		       unsigned dport);
/* Recomputes the UDP checksum at 'off' (over 'ip') after an inner field
 * was broken on purpose. */
void catalog_udp_recsum(struct fb *fb, const struct fb_rec *ip, size_t off);
/* Appends an inner IPv4 TCP segment with 24 bytes of payload. */
void catalog_inner_tcp4(struct fb *fb, unsigned seed);
void catalog_lengths(void);
void catalog_ipv4(void);
void catalog_ipv6(void);
void catalog_tunnels(void);
void catalog_encap(void);
void catalog_overlay(void);
void catalog_links(void);
void catalog_other(void);
void catalog_nhrp(void);

#endif /* PACKET_TESTS_CATALOG_H */
