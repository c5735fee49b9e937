/* SPDX-License-Identifier: MIT */
/*
 * packet/ip_proto.h - the IP protocol numbers and IPv6 next-header values
 * the packet layer knows (IANA "Assigned Internet Protocol Numbers"), in
 * one place for every file of packet/.  Defined here rather than taken from
 * <netinet/in.h>, which is POSIX, not C, and not on every system the
 * library builds for.
 */
#ifndef INETCSUM_PACKET_IP_PROTO_H
#define INETCSUM_PACKET_IP_PROTO_H

#define IPPROTO_ICMP	1
#define IPPROTO_IGMP	2
#define IPPROTO_IPIP	4	/* IPv4 in IP */
#define IPPROTO_TCP	6
#define IPPROTO_UDP	17
#define IPPROTO_DCCP	33
#define IPPROTO_IPV6	41	/* IPv6 in IP (6in4) */
#define IPPROTO_RSVP	46
#define IPPROTO_GRE	47
#define IPPROTO_ICMPV6	58
#define IPPROTO_ESP	50	/* encrypted payload (RFC 4303) */
#define IPPROTO_AH	51	/* authentication header (RFC 4302) */
#define IPPROTO_NHRP	54	/* NHRP (RFC 2332; NARP's number) */
#define IPPROTO_EIGRP	88
#define IPPROTO_OSPF	89
#define IPPROTO_ETHERIP	97	/* Ethernet in IP (RFC 3378) */
#define IPPROTO_PIM	103
#define IPPROTO_VRRP	112	/* also CARP (OpenBSD) */
#define IPPROTO_PGM	113	/* RFC 3208 */
#define IPPROTO_SCTP	132
#define IPPROTO_UDPLITE	136
#define IPPROTO_MH	135	/* IPv6 Mobility Header (RFC 6275) */
#define IPPROTO_HIP	139	/* Host Identity Protocol (RFC 7401) */
#define IPPROTO_MPLS	137	/* MPLS in IP (RFC 4023) */
#define IPPROTO_ETHERNET 143	/* Ethernet (RFC 8986 End.DX2) */

/* IPv6 extension headers and the end of the chain (RFC 8200). */
#define IP6_HOPOPTS	0
#define IP6_ROUTING	43
#define IP6_FRAGMENT	44
#define IP6_ESP		50
#define IP6_AH		51
#define IP6_NONE	59
#define IP6_DSTOPTS	60
#define IP6_SHIM6	140	/* RFC 5533: Shim6, an extension header */

/* Options of the hop-by-hop and destination options headers (IANA
 * "Destination Options and Hop-by-Hop Options"). */
#define IP6OPT_PAD1	0	/* RFC 8200 section 4.2: one byte, no length */
#define IP6OPT_JUMBO	0xc2	/* RFC 2675 section 2: 4-byte payload length */
#define IP6OPT_HOME	201	/* RFC 6275 section 6.3: 16-byte address */

#endif /* INETCSUM_PACKET_IP_PROTO_H */
