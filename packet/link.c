/* SPDX-License-Identifier: MIT */
/*
 * packet/link.c - link-layer headers: find where the IP packet starts for
 * each supported pcap link type (https://www.tcpdump.org/linktypes.html),
 * and the ethertype dispatch with its VLAN tag stacks.  802.11 is wifi.c's,
 * PPP, PPPoE and MPLS tunnel.c's, NSH nsh.c's, the capture devices' own
 * headers (netANALYZER, IPoIB, Prism, AVS, PPI, ERF, Juniper)
 * link_pseudo.c's, the older link layers (Token Ring, FDDI, ATM, Frame
 * Relay, IP over Fibre Channel and IEEE 1394) link_legacy.c's.
 *
 * Unknown link types and ethertypes are reported in the result's note, never
 * guessed: reading an unknown header as IP would produce verdicts about
 * bytes that are not checksummed at all.
 *
 * The same walk tells where the IP packet starts (the result's 'l3', enum
 * inetcsum_l3) for the link layers it owns and whose header holds no
 * length: programs that split or reassemble IP packets (the reassembly
 * driver in capture/, "inetcsum segment") ask the parser instead of
 * walking the link layer again, so that every caller agrees on VLAN tags
 * after SLL, on loopback families and on version nibbles.  Only the first
 * network layer of such a frame is recorded (network()); one inside a
 * tunnel never is, as the walk has left link.c's framings before it.
 */
#include "packet_internal.h"

/* Ethernet: two 6-byte addresses, then the 2-byte type (IEEE 802.3). */
#define ETH_HLEN	14
/* A VLAN tag: 2-byte TCI, then the next 2-byte type (IEEE 802.1Q). */
#define VLAN_TAG_LEN	4
/* Values up to 1500 are an 802.3 length, not a type (IEEE 802.3 3.2.6). */
#define ETH_MAX_LENGTH	1500
/* A switch's tag in a Linux DSA capture: Broadcom's and Marvell's DSA tag
 * 4 bytes, Marvell's EDSA tag 8 (see ether_tagged()). */
#define DSA_TAG_LEN	4
#define EDSA_TAG_LEN	8

/* Linux cooked captures v1 and v2 (LINKTYPE_LINUX_SLL, _SLL2). */
#define SLL_HLEN	16
#define SLL_PROTO_OFF	14
#define SLL2_HLEN	20
#define SLL2_PROTO_OFF	0
#define SLL_P_802_2	4	/* Linux's ETH_P_802_2: LLC follows */

/* BSD loopback and OpenBSD loop: a 4-byte address family. */
#define LOOP_HLEN	4
#define BSD_AF_INET	2
/* AF_INET6 differs per BSD: NetBSD/OpenBSD 24, FreeBSD 28, Darwin 30. */
#define BSD_AF_INET6_NETBSD	24
#define BSD_AF_INET6_FREEBSD	28
#define BSD_AF_INET6_DARWIN	30

/*
 * The frame's network layer: 'l3' at 'off', recorded once, when the walk
 * of one of the link layers of enum inetcsum_l3 first reaches it (or
 * finds its header cut).  A no-op for every other link layer and for any
 * later network layer, such as one inside a tunnel.
 */
static void
network(struct pctx *c, enum inetcsum_l3 l3, size_t off)
{
	if (!c->l3_open)
		return;
	c->l3_open = 0;
	c->out->l3 = l3;
	c->out->l3_offset = l3 == INETCSUM_L3_CUT ? 0 : off;
}

/*
 * IPV4 or IPV6 ('v' 4 or 6, as the link layer says) at 'off' when the
 * version nibble agrees or was not captured; OTHER when it disagrees (the
 * IP parser notes that).
 */
static enum inetcsum_l3
ip_version(const struct pctx *c, size_t off, unsigned v)
{
	if (have(c, off, 1) && c->f[off] >> 4 != v)
		return INETCSUM_L3_OTHER;
	return v == 4 ? INETCSUM_L3_IPV4 : INETCSUM_L3_IPV6;
}

/*
 * Solaris ipnet (LINKTYPE_IPNET, 226): a 24-byte header whose second byte
 * is the address family, AF_INET 2 or Solaris's AF_INET6 26, then the IP
 * packet.
 */
#define IPNET_HLEN		24
#define IPNET_FAMILY_OFF	1
#define IPNET_AF_INET		2
#define IPNET_AF_INET6		26

static void
ipnet(struct pctx *c, size_t end)
{
	unsigned af;

	if (!hdr_at(c, 0, IPNET_HLEN, end, "truncated in the ipnet header"))
		return;
	af = c->f[IPNET_FAMILY_OFF];
	if (af != IPNET_AF_INET && af != IPNET_AF_INET6) {
		set_note(c, "ipnet family not parsed");
		return;
	}
	inetcsum_pkt_raw_ip(c, IPNET_HLEN, end, af == IPNET_AF_INET ? 4 : 6);
}

/*
 * Linux NFLOG (LINKTYPE_NFLOG, 239): a 4-byte header (address family:
 * AF_INET 2, AF_INET6 10; version; resource id), then TLVs of a 2-byte
 * length (the header's 4 bytes included) and a 2-byte type, each padded to
 * 4 bytes.  The IP packet is the value of type NFULA_PAYLOAD (9).  The
 * TLV fields are in the byte order of the host that captured: read
 * little-endian, as nearly every such host is, and big-endian only if
 * that reading does not walk the frame exactly (libpcap swaps them when
 * the file's byte order is not the reader's; this parser sees no file).
 */
#define NFLOG_HLEN		4
#define NFLOG_TLV_HLEN		4
#define NFLOG_AF_INET		2
#define NFLOG_AF_INET6		10
#define NFULA_PAYLOAD		9
#define NFLOG_TYPE_MASK		0x3fff	/* less the netlink attribute flags */

static unsigned
nflog16(const u8 *p, int big)
{
	return big ? (unsigned)p[0] << 8 | p[1] : (unsigned)p[1] << 8 | p[0];
}

/*
 * 1 if the TLVs from NFLOG_HLEN, read in that byte order, tile the frame
 * of 'end' bytes of which 'len' were captured: each at least its header
 * long and none past the frame (the last may run past the capture).
 */
static int
nflog_walks(const struct pctx *c, size_t len, size_t end, int big)
{
	size_t off = NFLOG_HLEN;

	while (off < len) {
		size_t l;

		if (len - off < NFLOG_TLV_HLEN)
			return len < end;	/* cut in a TLV header */
		l = nflog16(c->f + off, big);
		if (l < NFLOG_TLV_HLEN || l > end - off)
			return 0;
		if (l > len - off)
			return 1;		/* the capture ends in it */
		off += (l + 3) & ~(size_t)3;
	}
	return 1;
}

static void
nflog(struct pctx *c, size_t end)
{
	size_t len = c->caplen < end ? c->caplen : end, off = NFLOG_HLEN;
	unsigned af;
	int big;

	if (len < NFLOG_HLEN) {
		set_note(c, "truncated in the NFLOG header");
		return;
	}
	af = c->f[0];
	if (af != NFLOG_AF_INET && af != NFLOG_AF_INET6) {
		set_note(c, "NFLOG family not parsed");
		return;
	}
	big = !nflog_walks(c, len, end, 0) && nflog_walks(c, len, end, 1);
	while (len - off >= NFLOG_TLV_HLEN) {
		size_t l = nflog16(c->f + off, big);
		unsigned type = nflog16(c->f + off + 2, big) & NFLOG_TYPE_MASK;

		if (l < NFLOG_TLV_HLEN || l > end - off)
			break;
		if (type == NFULA_PAYLOAD) {
			inetcsum_pkt_raw_ip(c, off + NFLOG_TLV_HLEN, off + l,
					    af == NFLOG_AF_INET ? 4 : 6);
			return;
		}
		off += (l + 3) & ~(size_t)3;
		if (off >= len)
			break;
	}
	set_note(c, "NFLOG frame without a payload TLV");
}

/*
 * MACsec (IEEE 802.1AE): after the ethertype a SecTAG of 6 bytes (TCI/AN,
 * short length, packet number) or 14 with the SC bit (0x20, an 8-byte SCI
 * follows), the secure data, and a 16-byte ICV at the end of the frame.
 * With E (0x08) or C (0x04) set the data is encrypted: its checksums
 * cannot be read, which is counted, not passed over in silence.  Without,
 * the data is the original ethertype and its payload in clear, as tshark
 * decodes it.  Either way the frame is not IP to the programs that split
 * or reassemble IP packets: that would break the ICV.
 *
 * The short length (the low 6 bits of the SecTAG's second byte, section
 * 9.7) is the secure data's length when it is under 48 bytes, and 0
 * otherwise: where it is set, it bounds the data, so padding of a short
 * frame is not taken for data, whatever the ICV's length (tcpdump reads
 * it; tshark takes the frame less 16 bytes).
 */
#define MACSEC_TAG_LEN		6
#define MACSEC_SCI_LEN		8
#define MACSEC_ICV_LEN		16
#define MACSEC_TCI_SC		0x20
#define MACSEC_TCI_E		0x08
#define MACSEC_TCI_C		0x04
#define MACSEC_SL_MASK		0x3f

static void
macsec(struct pctx *c, size_t off, size_t end)
{
	size_t tag, sl, dend;

	network(c, INETCSUM_L3_OTHER, off);
	if (off > end || end - off < MACSEC_TAG_LEN ||
	    !have(c, off, MACSEC_TAG_LEN)) {
		set_note(c, "truncated in the MACsec SecTAG");
		return;
	}
	if (c->f[off] & (MACSEC_TCI_E | MACSEC_TCI_C)) {
		set_note(c, "not parsable (encrypted): MACsec");
		return;
	}
	tag = MACSEC_TAG_LEN + (c->f[off] & MACSEC_TCI_SC ? MACSEC_SCI_LEN : 0);
	sl = c->f[off + 1] & MACSEC_SL_MASK;
	if (sl != 0) {
		if (sl < 2 || end - off < tag + sl) {
			set_note(c, "MACsec short length outside its frame");
			return;
		}
		dend = off + tag + sl;
	} else {
		if (end - off < tag + 2 + MACSEC_ICV_LEN) {
			set_note(c, "truncated in the MACsec secure data");
			return;
		}
		dend = end - MACSEC_ICV_LEN;
	}
	if (!have(c, off + tag, 2)) {
		set_note(c, "truncated in the MACsec secure data");
		return;
	}
	/* A level of its own: MACsec inside MACsec would recurse, a level
	 * per 24 bytes of frame, without the limit. */
	if (!inetcsum_pkt_enter(c))
		return;
	inetcsum_pkt_ethertype(c, be16(c->f + off + tag), off + tag + 2, dend);
	c->depth--;
}

/*
 * Tags that an ethertype announces and that end in the next ethertype,
 * with their length up to and including it:
 *   - VLAN tags: 802.1Q C-tag, 802.1ad S-tag, the pre-standard QinQ
 *     0x9100 (a 2-byte TCI);
 *   - Cisco's VN-Tag (0x8926: 4 bytes of direction, pointer and virtual
 *     interface ids);
 *   - the 802.1BR E-Tag (0x893f: 6 bytes of priority and channel ids);
 * each as tshark decodes it, on to the ethertype behind.
 */
static const struct eth_tag {
	unsigned type;
	size_t len;
	const char *past, *cut;	/* the notes where it does not fit */
} eth_tags[] = {
	{ 0x8100, VLAN_TAG_LEN, "VLAN tag past the end of its packet",
	  "truncated in a VLAN tag" },
	{ 0x88a8, VLAN_TAG_LEN, "VLAN tag past the end of its packet",
	  "truncated in a VLAN tag" },
	{ 0x9100, VLAN_TAG_LEN, "VLAN tag past the end of its packet",
	  "truncated in a VLAN tag" },
	{ 0x8926, 6, "VN-Tag past the end of its packet",
	  "truncated in a VN-Tag" },
	{ 0x893f, 8, "E-Tag past the end of its packet",
	  "truncated in an E-Tag" },
};

static const struct eth_tag *
eth_tag(unsigned type)
{
	size_t i;

	for (i = 0; i < sizeof(eth_tags) / sizeof(eth_tags[0]); i++)
		if (eth_tags[i].type == type)
			return &eth_tags[i];
	return NULL;
}

/*
 * need() for a header before the network layer: where it does not fit,
 * the frame's network layer is recorded as cut there.
 */
static int
need_l2(struct pctx *c, size_t off, size_t n, size_t end, const char *past,
	const char *cut)
{
	if (need(c, off, n, end, past, cut))
		return 1;
	network(c, INETCSUM_L3_CUT, off);
	return 0;
}

/*
 * Arista's vendor-specific ethertype (AVSP, 0xd28b, IEEE-assigned in
 * 2016), which its switches insert after the source address to carry a
 * hardware timestamp: a 2-byte subtype (0x0001, timestamp), a 2-byte
 * version that says the timestamp's size (0x0010 and 0x0110: 64 bits,
 * 0x0020 and 0x0120: 48 bits; TAI and UTC), the timestamp, and then the
 * original ethertype.  These are the forms Wireshark's AVSP dissector
 * reads on to the inner ethertype; its other subtype (0xcafe, Arista's
 * traffic generator) carries no IP, and an unknown version has no known
 * length, so either is counted as not parsed.
 */
#define AVSP_ETHERTYPE		0xd28b
#define AVSP_HLEN		4	/* subtype, version */
#define AVSP_SUBTYPE_TIMESTAMP	0x0001
#define AVSP_PAST	"Arista (AVSP) header past the end of its packet"
#define AVSP_CUT	"truncated in the Arista (AVSP) header"

/* The timestamp's length for AVSP version 'ver' (0: not known). */
static size_t
avsp_ts_len(unsigned ver)
{
	switch (ver) {
	case 0x0010:
	case 0x0110:
		return 8;	/* 32-bit seconds, 32-bit nanoseconds */
	case 0x0020:
	case 0x0120:
		return 6;	/* 16-bit seconds, 32-bit nanoseconds */
	}
	return 0;
}

/*
 * The AVSP header at 'off' with the ethertype behind it: its length, or 0
 * (noted) where it cannot be stepped over.
 */
static size_t
avsp_len(struct pctx *c, size_t off, size_t end)
{
	size_t len;

	if (!need_l2(c, off, AVSP_HLEN, end, AVSP_PAST, AVSP_CUT))
		return 0;
	if (be16(c->f + off) != AVSP_SUBTYPE_TIMESTAMP) {
		network(c, INETCSUM_L3_OTHER, off);
		set_note(c, "Arista (AVSP) subtype not parsed");
		return 0;
	}
	len = avsp_ts_len(be16(c->f + off + 2));
	if (len == 0) {
		network(c, INETCSUM_L3_OTHER, off);
		set_note(c, "Arista (AVSP) timestamp version not parsed");
		return 0;
	}
	len += AVSP_HLEN + 2;
	return need_l2(c, off, len, end, AVSP_PAST, AVSP_CUT) ? len : 0;
}

/*
 * Ethertypes that put a tag of 'len' bytes, then a whole Ethernet frame,
 * behind their own header, as tshark decodes them:
 *   - Provider Backbone Bridging (IEEE 802.1ah, 0x88e7): a 4-byte I-TAG
 *     (priority, flags and the 24-bit service id);
 *   - Cisco FabricPath (0x8903, behind the outer switch addresses and
 *     perhaps a VLAN tag): the 2-byte FTag and TTL.  Wireshark takes the
 *     frame's last 4 bytes for an FCS and cuts them from the inner frame;
 *     here the inner frame runs to the frame's end (its IP length bounds
 *     the packet, so an FCS is trailing bytes), since captures of it
 *     (nDPI's ajp.pcap) carry none.
 * The inner frame is a level of its own, as Ethernet inside GRE or MPLS
 * is.
 */
#define PBB_ITAG_LEN		4
#define FABRICPATH_TAG_LEN	2

static void
inner_ether(struct pctx *c, size_t off, size_t len, size_t end,
	    const char *past, const char *cut)
{
	if (!need_l2(c, off, len, end, past, cut) || !inetcsum_pkt_enter(c))
		return;
	inetcsum_pkt_ether(c, off + len, end);
	c->depth--;
}

/*
 * An IEEE 802.3 length 'len' (up to 1500) where an ethertype would be: LLC
 * at 'off', bounded by it, padding after.  Not IP behind the header
 * itself, and the length field would be wrong in front of any piece of
 * the packet: the network layer is OTHER.
 *
 * A length past the frame is treated as an IPv4 total length past its
 * packet (ip.c): what is there is parsed, as tshark parses it, and a
 * layer whose extent that length gives (CDP) is unverified ("length"),
 * where tshark sums what is there.  When no layer says so, the lie is the
 * note.
 */
static void
ieee8023(struct pctx *c, unsigned len, size_t off, size_t end)
{
	const char *note0 = c->out->note;
	size_t n0 = c->out->nlayers;

	network(c, INETCSUM_L3_OTHER, off);
	if (len <= end - off) {
		inetcsum_pkt_llc(c, off, off + len);
		return;
	}
	c->llc_len_past = 1;
	inetcsum_pkt_llc(c, off, end);
	c->llc_len_past = 0;
	inetcsum_pkt_report_lie(c, "length",
				"802.3 length past the end of its frame", n0,
				note0);
}

/*
 * Ethertypes of protocols that end the frame: no IP packet and no
 * Internet checksum inside, whatever they carry, so a frame that ends in
 * one is parsed to its end (no note).  Those that may carry IP somewhere
 * inside stay noted: AppleTalk (MacIP), IPX, FCoE (IP over Fibre
 * Channel), EtherCAT (Ethernet over EtherCAT), GeoNetworking (IPv6 over
 * GN6ASL).
 */
static int
no_ip_inside(unsigned type)
{
	static const uint16_t t[] = {
		0x0806,	/* ARP */
		0x0842,	/* Wake-on-LAN */
		0x22f0,	/* IEEE 1722 AVTP */
		0x6001, 0x6002,	/* DEC MOP */
		0x6003,	/* DECnet Phase IV */
		0x6004,	/* DEC LAT */
		0x8035,	/* RARP */
		0x80f3,	/* AppleTalk ARP */
		0x8808,	/* Ethernet flow control (PAUSE, PFC) */
		0x8809,	/* slow protocols (LACP) */
		0x8863,	/* PPPoE discovery */
		0x886d,	/* Intel ANS probes (NIC teaming) */
		0x886f,	/* Microsoft NLB heartbeat */
		0x888e,	/* 802.1X */
		0x8892,	/* PROFINET real time */
		0x8899,	/* Realtek RRCP, loop detection */
		0x88a2,	/* ATA over Ethernet */
		0x88ab,	/* Ethernet Powerlink */
		0x88b8, 0x88ba,	/* IEC 61850 GOOSE, sampled values */
		0x88c7,	/* 802.11i pre-authentication */
		0x88ca,	/* TIPC */
		0x88cc,	/* LLDP */
		0x88cd,	/* SERCOS III */
		0x88d9,	/* Microsoft LLTD */
		0x88e1,	/* HomePlug AV */
		0x88e3,	/* media redundancy (IEC 62439-2) */
		0x88f5, 0x88f6,	/* MVRP, MMRP */
		0x88f7,	/* PTP */
		0x8902,	/* CFM, Y.1731 OAM */
		0x890d,	/* 802.11 TDLS */
		0x8912,	/* HomePlug Green PHY (Mediaxtream) */
		0x893a,	/* IEEE 1905.1 */
		0x9000,	/* Ethernet configuration testing (loopback) */
	};
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (t[i] == type)
			return 1;
	return 0;
}

void
inetcsum_pkt_ethertype(struct pctx *c, unsigned type, size_t off, size_t end)
{
	const struct eth_tag *t;
	size_t len;
	int tagged = 0;

	/*
	 * Any number of tags and AVSP headers, stepped over in a loop, not
	 * by recursion; each is bounded by the frame, so this ends.
	 */
	for (;;) {
		if (type == AVSP_ETHERTYPE) {
			len = avsp_len(c, off, end);
			if (len == 0)
				return;
			tagged = 0;
		} else if ((t = eth_tag(type)) != NULL) {
			len = t->len;
			if (!need_l2(c, off, len, end, t->past, t->cut))
				return;
			tagged = 1;
		} else {
			break;
		}
		type = be16(c->f + off + len - 2);
		off += len;
	}
	if (tagged && type <= ETH_MAX_LENGTH) {
		/*
		 * A tag's next field may be an 802.3 length, as in the
		 * Ethernet header (IEEE 802.1Q 9.5): LLC follows, padding
		 * after it.  Spanning tree and IS-IS on a trunk are sent so.
		 */
		ieee8023(c, type, off, end);
		return;
	}
	network(c, type == 0x0800 ? ip_version(c, off, 4) :
		   type == 0x86dd ? ip_version(c, off, 6) : INETCSUM_L3_OTHER,
		off);
	switch (type) {
	case 0x0800:
		inetcsum_pkt_ipv4(c, off, end);
		return;
	case 0x86dd:
		inetcsum_pkt_ipv6(c, off, end);
		return;
	case 0x8847:
	case 0x8848:
		inetcsum_pkt_mpls(c, off, end);
		return;
	case 0x8864:
		inetcsum_pkt_pppoe(c, off, end);
		return;
	case 0x88e5:
		macsec(c, off, end);
		return;
	case 0x88e7:
		inner_ether(c, off, PBB_ITAG_LEN, end, "802.1ah I-TAG past the "
			    "end of its packet", "truncated in the 802.1ah "
			    "I-TAG");
		return;
	case 0x8903:
		inner_ether(c, off, FABRICPATH_TAG_LEN, end, "FabricPath tag "
			    "past the end of its packet", "truncated in the "
			    "FabricPath tag");
		return;
	case 0x894f:
		inetcsum_pkt_nsh(c, off, end);
		return;
	}
	if (no_ip_inside(type))
		return;	/* complete packets without an Internet checksum */
	if (type <= ETH_MAX_LENGTH)
		set_note(c, "802.3 length field outside an Ethernet header");
	else
		set_note(c, "ethertype not parsed");
}

/*
 * An Ethernet header at 'off' with 'tag' bytes of a switch's tag between
 * the source address and the ethertype (0 for plain Ethernet).  Linux's
 * DSA drivers capture a switch's CPU port so: Broadcom's tag is 4 bytes
 * there (LINKTYPE_DSA_TAG_BRCM) or in front of the header (..._PREPEND),
 * Marvell's DSA tag 4 bytes and its EDSA tag 8 (EDSA's own ethertype
 * first), as tcpdump's print-brcmtag.c and print-dsa.c read them.  None of
 * them holds a length or a checksum: they are stepped over whole.
 */
/*
 * Cisco ISL (Inter-Switch Link), as Wireshark's packet-eth.c tells it and
 * packet-isl.c reads it: where an 802.3 frame's destination would be, the
 * first 5 bytes are 01-00-0c-00-00 (or 0c-00-0c-00-00), and the 26-byte
 * header has its length field where 802.3's is.  That length counts from
 * byte 14 (aa aa 03, the sender's OUI, VLAN, index, reserved: 12 bytes)
 * to the end of the frame carried, which keeps its own FCS; 0 means the
 * rest of the frame, and one past it is treated as 802.3's (the frame
 * parsed as far as it goes, as Wireshark does).  Frame type 0 carries
 * Ethernet, a level of its own as in PBB; Token Ring and the others are
 * noted.
 */
#define ISL_HLEN	26
#define ISL_LEN_BASE	14	/* where the length starts counting */

static int
is_isl(const u8 *da)
{
	return (da[0] == 0x01 || da[0] == 0x0c) && da[1] == 0x00 &&
	       da[2] == 0x0c && da[3] == 0x00 && da[4] == 0x00;
}

static void
isl(struct pctx *c, size_t off, unsigned len, size_t end)
{
	const char *note0 = c->out->note;
	size_t e = end, n0 = c->out->nlayers;

	if (len != 0 && len < ISL_HLEN - ISL_LEN_BASE) {
		network(c, INETCSUM_L3_OTHER, off + ISL_LEN_BASE);
		set_note(c, "ISL length below its header");
		return;
	}
	if (len != 0 && len <= end - off - ISL_LEN_BASE)
		e = off + ISL_LEN_BASE + len;
	if (c->f[off + 5] >> 4 != 0) {
		network(c, INETCSUM_L3_OTHER, off + ISL_LEN_BASE);
		set_note(c, "ISL frame type not Ethernet (not parsed)");
		return;
	}
	inner_ether(c, off, ISL_HLEN, e, "ISL header past the end of its "
		    "frame", "truncated in the ISL header");
	if (len > end - off - ISL_LEN_BASE)
		inetcsum_pkt_report_lie(c, "length",
					"ISL length past the end of its frame",
					n0, note0);
}

static void
ether_tagged(struct pctx *c, size_t off, size_t tag, size_t end)
{
	size_t hlen = ETH_HLEN + tag;
	unsigned type;

	/* 'end' matters inside GRE (TEB), where the packet ends first. */
	if (!need_l2(c, off, hlen, end, tag ? "Ethernet header and switch "
		     "tag past the end of the packet" : "Ethernet header past "
		     "the end of its packet", tag ? "truncated in the Ethernet "
		     "header or its switch tag" : "truncated in the Ethernet "
		     "header"))
		return;
	type = be16(c->f + off + hlen - 2);
	if (type <= ETH_MAX_LENGTH && tag == 0 && is_isl(c->f + off)) {
		isl(c, off, type, end);
		return;
	}
	if (type <= ETH_MAX_LENGTH) {
		ieee8023(c, type, off + hlen, end);
		return;
	}
	inetcsum_pkt_ethertype(c, type, off + hlen, end);
}

void
inetcsum_pkt_ether(struct pctx *c, size_t off, size_t end)
{
	ether_tagged(c, off, 0, end);
}

/* IPv4 or IPv6 by the version nibble (raw IP link types). */
void
inetcsum_pkt_raw_ip(struct pctx *c, size_t off, size_t end, int want)
{
	unsigned v;

	if (!have(c, off, 1)) {
		network(c, want != 0 ? ip_version(c, off, (unsigned)want) :
			INETCSUM_L3_OTHER, off);
		set_note(c, "truncated before the IP header");
		return;
	}
	v = c->f[off] >> 4;
	network(c, want != 0 && (int)v != want ? INETCSUM_L3_OTHER :
		   v == 4 ? INETCSUM_L3_IPV4 :
		   v == 6 ? INETCSUM_L3_IPV6 : INETCSUM_L3_OTHER, off);
	if (want != 0 && (int)v != want) {
		set_note(c, "IP version does not match the link type");
		return;
	}
	if (v == 4)
		inetcsum_pkt_ipv4(c, off, end);
	else if (v == 6)
		inetcsum_pkt_ipv6(c, off, end);
	else
		set_note(c, "not an IP packet (version)");
}

/* 4 for AF_INET, 6 for any BSD's AF_INET6, 0 otherwise. */
static int
bsd_af(uint32_t af)
{
	if (af == BSD_AF_INET)
		return 4;
	if (af == BSD_AF_INET6_NETBSD || af == BSD_AF_INET6_FREEBSD ||
	    af == BSD_AF_INET6_DARWIN)
		return 6;
	return 0;
}

/* The 32-bit word at 'p', big-endian or little-endian. */
static uint32_t
word32(const u8 *p, int big)
{
	return big ? be32(p) : le32(p);
}

/*
 * The IP version of the 4-byte BSD address family at 'p' (0: not IP),
 * read big-endian, and with 'any_order' little-endian too.  A family in
 * the capturing host's byte order (LINKTYPE_NULL, enc) is not recorded in
 * the file; the valid values are all below 256, so at most one of the two
 * readings can be one of them.
 */
static int
host_af(const u8 *p, int any_order)
{
	int v = bsd_af(word32(p, 1));

	return v == 0 && any_order ? bsd_af(word32(p, 0)) : v;
}

static void
loopback(struct pctx *c, size_t off, size_t end, int any_order)
{
	int v;

	if (!need_l2(c, off, LOOP_HLEN, end, "truncated in the loopback header",
		     "truncated in the loopback header"))
		return;
	v = host_af(c->f + off, any_order);
	if (v == 0) {
		network(c, INETCSUM_L3_OTHER, off + LOOP_HLEN);
		set_note(c, "loopback address family not IP");
		return;
	}
	inetcsum_pkt_raw_ip(c, off + LOOP_HLEN, end, v);
}

/*
 * OpenBSD enc (LINKTYPE_ENC 109): a 12-byte header, the address family
 * (host byte order, as DLT_NULL's), the SPI and flags, then the IP packet
 * as it was before IPsec or after it was undone.
 */
#define ENC_HLEN		12

static void
enc(struct pctx *c, size_t end)
{
	int v;

	if (!hdr_at(c, 0, ENC_HLEN, end, "truncated in the enc header"))
		return;
	v = host_af(c->f, 1);
	if (v == 0) {
		set_note(c, "enc address family not IP");
		return;
	}
	inetcsum_pkt_raw_ip(c, ENC_HLEN, end, v);
}

/*
 * OpenBSD pflog (LINKTYPE_PFLOG 117): the header's length in its first
 * byte (padded to 4 bytes on the wire), the address family in its second
 * (BSD values, one byte), then the IP packet.
 */
#define PFLOG_MIN_HLEN		4

static void
pflog(struct pctx *c, size_t end)
{
	size_t hl;
	int v;

	if (!have(c, 0, 2) || end < PFLOG_MIN_HLEN) {
		set_note(c, "truncated in the pflog header");
		return;
	}
	hl = ((size_t)c->f[0] + 3) & ~(size_t)3;
	v = bsd_af(c->f[1]);
	if (hl < PFLOG_MIN_HLEN || hl > end) {
		set_note(c, "pflog header length out of range");
		return;
	}
	if (v == 0) {
		set_note(c, "pflog address family not IP");
		return;
	}
	inetcsum_pkt_raw_ip(c, hl, end, v);
}

/*
 * Linux ARCNET (LINKTYPE_ARCNET_LINUX 129): source and destination ids
 * (a byte each), a 2-byte offset field, the protocol id; for the RFC 1201
 * encapsulation a split flag (and, for an exception packet, flag 0xff, 4
 * more bytes) and a 2-byte sequence number follow, for RFC 1051 nothing.
 * IPv4 is 212 (RFC 1201) or 240 (RFC 1051), IPv6 196 (the RFC 1201 form).
 * Packets split across frames are not reassembled: the first piece (an odd
 * split flag) starts with the IP header, which is parsed (its length then
 * runs past the frame, so what it covers is unverified, as tshark has it
 * too); a later piece (even, nonzero) holds no header and is noted.
 * BSD's ARCNET (LINKTYPE_ARCNET_BSD 7) is the same without the offset
 * field: the protocol id is the third byte.
 */
#define ARC_HLEN		5
#define ARC_BSD_HLEN		3
#define ARC_IP_1201		212
#define ARC_IP_1051		240
#define ARC_IPV6		196
#define ARC_SPLIT_EXCEPTION	0xff

static void
arcnet(struct pctx *c, size_t end, size_t hl)
{
	size_t off = hl;
	unsigned proto;

	if (!hdr_at(c, 0, hl, end, "truncated in the ARCNET header"))
		return;
	proto = c->f[hl - 1];
	if (proto != ARC_IP_1201 && proto != ARC_IP_1051 &&
	    proto != ARC_IPV6) {
		set_note(c, "ARCNET protocol not parsed");
		return;
	}
	if (proto != ARC_IP_1051) {
		if (!have(c, off, 1) || end - off < 3) {
			set_note(c, "truncated in the ARCNET header");
			return;
		}
		if (c->f[off] == ARC_SPLIT_EXCEPTION)
			off += 4;
		if (off > end || end - off < 3 || !have(c, off, 1)) {
			set_note(c, "truncated in the ARCNET header");
			return;
		}
		if (c->f[off] != 0 && (c->f[off] & 1) == 0) {
			set_note(c, "ARCNET split packet: a later piece, not "
				 "reassembled");
			return;
		}
		off += 3;	/* split flag, 2-byte sequence number */
	}
	inetcsum_pkt_raw_ip(c, off, end, proto == ARC_IPV6 ? 6 : 4);
}

/*
 * Apple's PKTAP (LINKTYPE_PKTAP 258; Darwin's DLT_PKTAP 149, which older
 * macOS wrote into files): a header of pth_length bytes whose first words
 * are pth_length, pth_type_next (1: a packet follows) and pth_dlt, the
 * DLT of the packet after it, all in the capturing host's byte order
 * (little-endian on every Mac since 2006; big-endian read only where the
 * little-endian length cannot be one).  The packets of DLT_NULL, Ethernet
 * and raw IP (DLT_RAW 12 on Darwin, LINKTYPE_RAW 101) are parsed.
 */
#define PKTAP_MIN_HLEN		36	/* length, type, DLT, 24-byte name */
#define PKTAP_TYPE_PACKET	1

static void
pktap(struct pctx *c, size_t end)
{
	uint32_t hl, type, dlt;
	int big = 0;

	if (!hdr_at(c, 0, PKTAP_MIN_HLEN, end, "truncated in the PKTAP header"))
		return;
	hl = word32(c->f, 0);
	if (hl < PKTAP_MIN_HLEN || hl > end) {
		big = 1;
		hl = word32(c->f, 1);
	}
	if (hl < PKTAP_MIN_HLEN || hl > end) {
		set_note(c, "PKTAP header length out of range");
		return;
	}
	type = word32(c->f + 4, big);
	dlt = word32(c->f + 8, big);
	if (type != PKTAP_TYPE_PACKET) {
		set_note(c, "PKTAP record without a packet");
		return;
	}
	switch (dlt) {
	case INETCSUM_LINK_NULL:
		loopback(c, hl, end, 1);
		return;
	case INETCSUM_LINK_ETHERNET:
		inetcsum_pkt_ether(c, hl, end);
		return;
	case 12:			/* Darwin's DLT_RAW */
	case INETCSUM_LINK_RAW:
		inetcsum_pkt_raw_ip(c, hl, end, 0);
		return;
	}
	set_note(c, "PKTAP packet of a link type not parsed");
}

/*
 * A Linux cooked capture's protocol: an ethertype, or one of Linux's own
 * values below 1536 (include/uapi/linux/if_ether.h): ETH_P_802_2 (4) is
 * an 802.2 LLC frame, as tshark's SLL dissector reads it.
 */
static void
sll_protocol(struct pctx *c, unsigned proto, size_t off, size_t end)
{
	if (proto == SLL_P_802_2) {
		network(c, INETCSUM_L3_OTHER, off);
		inetcsum_pkt_llc(c, off, end);
		return;
	}
	inetcsum_pkt_ethertype(c, proto, off, end);
}

/*
 * A PPP link (9, 50, 204; ERF's PoS records) that may carry Cisco HDLC
 * instead: its frames start with the address 0x0f or 0x8f, PPP's with
 * 0xff or the protocol.  Wireshark's PPP dissector looks at the first
 * byte for all of them (routers' serial captures are saved as PPP either
 * way).
 */
void
inetcsum_pkt_ppp_or_chdlc(struct pctx *c, size_t off, size_t end)
{
	if (have(c, off, 1) && off < end && (c->f[off] & 0x7f) == 0x0f)
		inetcsum_pkt_chdlc(c, off, end);
	else
		inetcsum_pkt_ppp(c, off, end);
}

int
inetcsum_pkt_link(struct pctx *c, int linktype, size_t end)
{
	/* The link layers of enum inetcsum_l3: their network layer is
	 * recorded (network()). */
	c->l3_open = linktype == INETCSUM_LINK_ETHERNET ||
		     linktype == INETCSUM_LINK_LINUX_SLL ||
		     linktype == INETCSUM_LINK_LINUX_SLL2 ||
		     linktype == INETCSUM_LINK_RAW ||
		     linktype == INETCSUM_LINK_DLT_RAW_12 ||
		     linktype == INETCSUM_LINK_DLT_RAW_14 ||
		     linktype == INETCSUM_LINK_IPV4 ||
		     linktype == INETCSUM_LINK_IPV6 ||
		     linktype == INETCSUM_LINK_NULL ||
		     linktype == INETCSUM_LINK_LOOP ||
		     linktype == INETCSUM_LINK_DSA_TAG_BRCM ||
		     linktype == INETCSUM_LINK_DSA_TAG_BRCM_PREPEND ||
		     linktype == INETCSUM_LINK_DSA_TAG_DSA ||
		     linktype == INETCSUM_LINK_DSA_TAG_EDSA;
	switch (linktype) {
	case INETCSUM_LINK_ETHERNET:
		inetcsum_pkt_ether(c, 0, end);
		return 0;
	case INETCSUM_LINK_DSA_TAG_BRCM:
	case INETCSUM_LINK_DSA_TAG_DSA:
		ether_tagged(c, 0, DSA_TAG_LEN, end);
		return 0;
	case INETCSUM_LINK_DSA_TAG_EDSA:
		ether_tagged(c, 0, EDSA_TAG_LEN, end);
		return 0;
	case INETCSUM_LINK_DSA_TAG_BRCM_PREPEND:
		if (need_l2(c, 0, DSA_TAG_LEN, end, "Broadcom tag past the end "
			    "of the packet", "truncated in the Broadcom tag"))
			inetcsum_pkt_ether(c, DSA_TAG_LEN, end);
		return 0;
	case INETCSUM_LINK_LINUX_SLL:
		if (!have(c, 0, SLL_HLEN)) {
			network(c, INETCSUM_L3_CUT, 0);
			set_note(c, "truncated in the SLL header");
			return 0;
		}
		sll_protocol(c, be16(c->f + SLL_PROTO_OFF), SLL_HLEN, end);
		return 0;
	case INETCSUM_LINK_LINUX_SLL2:
		if (!have(c, 0, SLL2_HLEN)) {
			network(c, INETCSUM_L3_CUT, 0);
			set_note(c, "truncated in the SLL2 header");
			return 0;
		}
		sll_protocol(c, be16(c->f + SLL2_PROTO_OFF), SLL2_HLEN, end);
		return 0;
	case INETCSUM_LINK_RAW:
	case INETCSUM_LINK_DLT_RAW_12:
	case INETCSUM_LINK_DLT_RAW_14:
		inetcsum_pkt_raw_ip(c, 0, end, 0);
		return 0;
	case INETCSUM_LINK_IPV4:
		inetcsum_pkt_raw_ip(c, 0, end, 4);
		return 0;
	case INETCSUM_LINK_IPV6:
		inetcsum_pkt_raw_ip(c, 0, end, 6);
		return 0;
	case INETCSUM_LINK_NULL:
		loopback(c, 0, end, 1);
		return 0;
	case INETCSUM_LINK_LOOP:
		loopback(c, 0, end, 0);
		return 0;
	case INETCSUM_LINK_PKTAP:
	case INETCSUM_LINK_PKTAP_DARWIN:
		pktap(c, end);
		return 0;
	case INETCSUM_LINK_ARCNET_BSD:
	case INETCSUM_LINK_ARCNET_LINUX:
		arcnet(c, end, linktype == INETCSUM_LINK_ARCNET_BSD ?
		       ARC_BSD_HLEN : ARC_HLEN);
		return 0;
	case INETCSUM_LINK_ENC:
	case INETCSUM_LINK_DLT_ENC_13:
		enc(c, end);
		return 0;
	case INETCSUM_LINK_PFLOG:
		pflog(c, end);
		return 0;
	/* A fixed prefix before a framing parsed elsewhere. */
	case INETCSUM_LINK_ATM_RFC1483:		/* LLC/SNAP first */
		inetcsum_pkt_llc(c, 0, end);
		return 0;
	case INETCSUM_LINK_PPP_WITH_DIR:	/* a direction byte first */
	case INETCSUM_LINK_C_HDLC_WITH_DIR:
		if (!have(c, 0, 1) || end < 1) {
			set_note(c, "truncated before the direction byte's "
				 "frame");
			return 0;
		}
		if (linktype == INETCSUM_LINK_PPP_WITH_DIR)
			inetcsum_pkt_ppp_or_chdlc(c, 1, end);
		else
			inetcsum_pkt_chdlc(c, 1, end);
		return 0;
	case INETCSUM_LINK_MPLS:
		inetcsum_pkt_mpls(c, 0, end);
		return 0;

	case INETCSUM_LINK_PPP:
	case INETCSUM_LINK_PPP_HDLC:
		inetcsum_pkt_ppp_or_chdlc(c, 0, end);
		return 0;
	case INETCSUM_LINK_C_HDLC:
		inetcsum_pkt_chdlc(c, 0, end);
		return 0;
	case INETCSUM_LINK_PPP_ETHER:
		inetcsum_pkt_pppoe(c, 0, end);
		return 0;
	case INETCSUM_LINK_IEEE802_11:
		inetcsum_pkt_wlan(c, 0, end, 0);
		return 0;
	case INETCSUM_LINK_RADIOTAP:
		inetcsum_pkt_radiotap(c, end);
		return 0;
	case INETCSUM_LINK_IPNET:
		ipnet(c, end);
		return 0;
	case INETCSUM_LINK_NFLOG:
		nflog(c, end);
		return 0;
	}
	if (inetcsum_pkt_link_pseudo(c, linktype, end) == 0 ||
	    inetcsum_pkt_link_legacy(c, linktype, end) == 0)
		return 0;
	set_note(c, "unknown link type");
	return -1;
}
