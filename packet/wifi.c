/* SPDX-License-Identifier: MIT */
/*
 * packet/wifi.c - IEEE 802.11 data frames (LINKTYPE_IEEE802_11 105, and
 * LINKTYPE_IEEE802_11_RADIOTAP 127 behind a radiotap header) and the
 * IEEE 802.2 LLC/SNAP header that they, and 802.3 frames with a length
 * field, put before the ethertype.
 *
 *   radiotap   version 0, little-endian length and present bitmaps
 *              (radiotap.org); the Flags field (present bit 1, after an
 *              8-byte-aligned TSFT) says whether a 4-byte FCS ends the
 *              frame (flag 0x10), which is then left out of every packet
 *   802.11     IEEE 802.11-2020 9.2: frame control, duration, three
 *              addresses, sequence control; a fourth address when To DS
 *              and From DS are both set; QoS control for QoS subtypes and
 *              an HT control field when the +HTC/Order flag is set on one
 *   LLC/SNAP   AA AA 03 and an OUI 00-00-00 or 00-00-F8 (RFC 1042, 802.1H),
 *              then the ethertype; SAP 06 is IPv4 without SNAP; Cisco's
 *              OUI 00-00-0C with CDP and UDLD (checksums verified) and the
 *              protocols without one (cisco_snap()); Extreme's EDP
 *              (00-E0-2B), Foundry's FDP (00-E0-52) and NHRP behind
 *              IANA's 00-00-5E, each with its checksum verified
 *
 * Management and control frames, null data and LLC frames of other SAPs
 * (spanning tree, ...) carry no Internet checksum: parsed to their end, no
 * note.  Protected (encrypted) frames, fragments and A-MSDUs get a note.
 */
#include "packet_internal.h"

#define RT_HLEN		8	/* version, pad, length, first present word */
#define RT_TSFT		0x01
#define RT_FLAGS	0x02
#define RT_EXT		0x80000000u
#define RT_F_FCS	0x10
#define FCS_LEN		4

#define WLAN_HLEN	24
#define WLAN_ADDR	6
#define WLAN_QOS	2
#define WLAN_HTC	4
#define FC_TODS		0x01
#define FC_FROMDS	0x02
#define FC_MOREFRAG	0x04
#define FC_PROTECTED	0x40
#define FC_ORDER	0x80

#define LLC_SNAP_LEN	8	/* DSAP, SSAP, control, OUI, ethertype */

/* Cisco's SNAP protocol ids (OUI 00-00-0c), as Wireshark names them. */
#define CISCO_PID_CDP	0x2000
#define CISCO_PID_VTP	0x2003
#define CISCO_PID_DTP	0x2004
#define CISCO_PID_PAGP	0x0104
#define CISCO_PID_PVSTP	0x010b
#define CISCO_PID_UDLD	0x0111
/* CDP's header, and FDP's and UDLD's alike: version (and opcode), a
 * byte (TTL, hold time, flags), checksum. */
#define CDP_HLEN	4
#define CDP_CSUM_OFF	2
/* Extreme Networks' OUI 00-e0-2b and EDP's protocol id behind it. */
#define EXTREME_PID_EDP	0x00bb
#define EDP_HLEN	6	/* version, reserved, length, checksum */
#define EDP_LEN_OFF	2
#define EDP_CSUM_OFF	4
/* Foundry's (Brocade's, Ruckus's) OUI 00-e0-52 and FDP's protocol id. */
#define FOUNDRY_PID_FDP	0x2000
/* IANA's OUI 00-00-5e and the protocol id of NHRP (and MARS) control. */
#define IANA_PID_NHRP	0x0003

/*
 * CDP carries an Internet checksum over its whole packet (with Cisco's
 * rule for an odd last byte, verdict.c).  Behind SNAP its length is the
 * 802.3 length's; on the other links (Cisco HDLC, PPP, GRE: tshark's and
 * tcpdump's tables) the rest of the packet.
 */
void
inetcsum_pkt_cdp(struct pctx *c, size_t off, size_t end)
{
	struct inetcsum_layer *l;

	l = inetcsum_pkt_layer(c, INETCSUM_PROTO_CDP, off + CDP_CSUM_OFF);
	if (l == NULL)
		return;
	if (off > end || end - off < CDP_HLEN)
		l->reason = "length";
	else	/* 'truncated' unless captured whole */
		inetcsum_pkt_verify_cdp(c, l, off, end - off);
}

/*
 * A protocol behind SNAP whose checksum, RFC 1071's, covers it to the
 * 802.3 length's end, its field at byte 2 of a 4-byte header (FDP,
 * UDLD).  Past the frame (the 802.3 length lies) or shorter than the
 * header: "length".  'odd_unknown': no capture shows how the sender sums
 * an odd last byte, so an odd length is left unverified ("odd length").
 */
static void
snap_whole(struct pctx *c, enum inetcsum_proto proto, size_t off,
	   size_t end, int past, int odd_unknown)
{
	struct inetcsum_layer *l;

	l = inetcsum_pkt_layer(c, proto, off + CDP_CSUM_OFF);
	if (l == NULL)
		return;
	if (past || off > end || end - off < CDP_HLEN)
		l->reason = "length";
	else if (odd_unknown && (end - off) % 2 != 0)
		l->reason = "odd length";
	else	/* 'truncated' unless captured whole */
		inetcsum_pkt_verify(c, l, off, end - off, 0, 0, 0);
}

/*
 * Cisco's protocols behind SNAP: CDP; UDLD, whose checksum is RFC 1071's
 * over the PDU, as the 29 frames of tcpdump's UDLD.pcap show, all of
 * even length (neither tshark nor tcpdump checks it; whether Cisco sums
 * an odd last byte as in CDP is not known, hence "odd length" above);
 * VTP, DTP, PAgP and PVST+ carry no checksum and are parsed to their
 * end, as spanning tree is.  Another id is noted.
 */
static void
cisco_snap(struct pctx *c, unsigned pid, size_t off, size_t end, int past)
{
	struct inetcsum_layer *l;

	switch (pid) {
	case CISCO_PID_CDP:
		if (!past) {
			inetcsum_pkt_cdp(c, off, end);
		} else {
			/* Its extent is the 802.3 length's, past the frame. */
			l = inetcsum_pkt_layer(c, INETCSUM_PROTO_CDP,
					       off + CDP_CSUM_OFF);
			if (l != NULL)
				l->reason = "length";
		}
		return;
	case CISCO_PID_UDLD:
		snap_whole(c, INETCSUM_PROTO_UDLD, off, end, past, 1);
		return;
	case CISCO_PID_VTP:
	case CISCO_PID_DTP:
	case CISCO_PID_PAGP:
	case CISCO_PID_PVSTP:
		return;
	default:
		set_note(c, "Cisco SNAP protocol not parsed");
		return;
	}
}

/*
 * EDP, Extreme Networks' discovery protocol (behind SNAP, OUI 00-e0-2b,
 * protocol id 0x00bb): its header's length counts the EDP packet from
 * its first byte, and an Internet checksum (RFC 1071, an odd last byte
 * padded with zero) covers that many bytes, as Wireshark's
 * packet-extreme.c checks it.  Bytes after them are padding.  A length
 * below the header or past the packet leaves the field "length"; other
 * Extreme ids (ESRP, ...) carry no Internet checksum.
 */
static void
extreme_snap(struct pctx *c, unsigned pid, size_t off, size_t end)
{
	struct inetcsum_layer *l;
	size_t len;

	if (pid != EXTREME_PID_EDP)
		return;
	l = inetcsum_pkt_layer(c, INETCSUM_PROTO_EDP, off + EDP_CSUM_OFF);
	if (l == NULL)
		return;
	if (off > end || end - off < EDP_HLEN) {
		l->reason = "length";
		return;
	}
	if (!have(c, off + EDP_LEN_OFF, 2)) {
		l->reason = "truncated";
		return;
	}
	len = be16(c->f + off + EDP_LEN_OFF);
	if (len < EDP_HLEN || len > end - off)
		l->reason = "length";
	else	/* 'truncated' unless captured whole */
		inetcsum_pkt_verify(c, l, off, len, 0, 0, 0);
}

/*
 * FDP, Foundry's discovery protocol (behind SNAP, OUI 00-e0-52, protocol
 * id 0x2000): CDP's layout, a 4-byte header then TLVs, to the 802.3
 * length's end.  Its checksum is RFC 1071's over that packet, no CDP
 * rule for an odd last byte: ladvd's fdp.c computes it so, and frames
 * of BigIron, RX and MLX switches in ladvd's tests verify (their odd
 * packets end in a zero byte, where the two rules agree).  Neither
 * tshark nor tcpdump checks it.
 */
static void
foundry_snap(struct pctx *c, unsigned pid, size_t off, size_t end, int past)
{
	if (pid == FOUNDRY_PID_FDP)
		snap_whole(c, INETCSUM_PROTO_FDP, off, end, past, 0);
	else
		set_note(c, "Foundry SNAP protocol not parsed");
}

void
inetcsum_pkt_llc(struct pctx *c, size_t off, size_t end)
{
	const u8 *p;
	int past = c->llc_len_past;	/* this LLC's only */

	c->llc_len_past = 0;
	if (off > end || end - off < 3) {
		set_note(c, "LLC header past the end of its packet");
		return;
	}
	if (!have(c, off, 3)) {
		set_note(c, "truncated in the LLC header");
		return;
	}
	p = c->f + off;
	if (p[0] == 0x06 && p[1] == 0x06 && p[2] == 0x03) {
		inetcsum_pkt_ipv4(c, off + 3, end);	/* RFC 1042: SAP 6 */
		return;
	}
	if (p[0] != 0xaa || p[1] != 0xaa || p[2] != 0x03)
		return;		/* STP, NetBIOS, ...: no Internet checksum */
	if (end - off < LLC_SNAP_LEN) {
		set_note(c, "SNAP header past the end of its packet");
		return;
	}
	if (!have(c, off, LLC_SNAP_LEN)) {
		set_note(c, "truncated in the SNAP header");
		return;
	}
	if (p[3] == 0 && p[4] == 0 && p[5] == 0x0c) {
		cisco_snap(c, be16(p + 6), off + LLC_SNAP_LEN, end, past);
		return;
	}
	if (p[3] == 0 && p[4] == 0xe0 && p[5] == 0x2b) {
		extreme_snap(c, be16(p + 6), off + LLC_SNAP_LEN, end);
		return;
	}
	if (p[3] == 0 && p[4] == 0xe0 && p[5] == 0x52) {
		foundry_snap(c, be16(p + 6), off + LLC_SNAP_LEN, end, past);
		return;
	}
	if (p[3] == 0 && p[4] == 0 && p[5] == 0x5e) {
		/* IANA's OUI: protocol id 3 is NHRP (RFC 2332 section 3). */
		if (be16(p + 6) == IANA_PID_NHRP)
			inetcsum_pkt_nhrp(c, off + LLC_SNAP_LEN, end, NULL);
		else
			set_note(c, "SNAP protocol id of IANA's not parsed");
		return;
	}
	if (p[3] != 0 || p[4] != 0 || (p[5] != 0 && p[5] != 0xf8)) {
		set_note(c, "SNAP organization code not parsed");
		return;
	}
	inetcsum_pkt_ethertype(c, be16(p + 6), off + LLC_SNAP_LEN, end);
}

void
inetcsum_pkt_wlan(struct pctx *c, size_t off, size_t end, int swapped_fc)
{
	unsigned fc, flags, type, sub;
	size_t hl = WLAN_HLEN;

	if (!have(c, off, 2) || off > end || end - off < 2) {
		set_note(c, "truncated in the 802.11 header");
		return;
	}
	/* The frame control's two bytes, swapped by some senders (CAPWAP
	 * from Cisco's controllers: tunnel.c). */
	fc = c->f[off + (swapped_fc != 0)];
	flags = c->f[off + (swapped_fc == 0)];
	type = fc >> 2 & 3;
	sub = fc >> 4;
	if ((fc & 3) != 0) {
		set_note(c, "802.11 protocol version not 0");
		return;
	}
	if (type != 2)
		return;		/* management, control, extension: no IP */
	if ((flags & (FC_TODS | FC_FROMDS)) == (FC_TODS | FC_FROMDS))
		hl += WLAN_ADDR;
	if (sub & 8) {
		hl += WLAN_QOS;
		if (flags & FC_ORDER)
			hl += WLAN_HTC;
	}
	if (end - off < hl) {
		set_note(c, "802.11 header past the end of its frame");
		return;
	}
	if (!have(c, off, hl)) {
		set_note(c, "truncated in the 802.11 header");
		return;
	}
	if (sub & 4)
		return;		/* null data, CF-Ack/Poll without data */
	if (flags & FC_PROTECTED) {
		set_note(c, "not parsable (encrypted): 802.11");
		return;
	}
	/*
	 * A fragment with more to come is not reassembled here.  The last
	 * one (a nonzero fragment number, More Fragments clear) is read as
	 * a whole frame, as Wireshark reads it when no other fragment of it
	 * is in the capture: some interfaces reassemble and keep the last
	 * fragment's number (packet-ieee80211.c), and Cisco's CAPWAP frames
	 * carry numbers there too.
	 */
	if (flags & FC_MOREFRAG) {
		set_note(c, "802.11 fragment not reassembled");
		return;
	}
	if ((sub & 8) && (c->f[off + hl - WLAN_QOS -
			  ((flags & FC_ORDER) ? WLAN_HTC : 0)] & 0x80)) {
		set_note(c, "802.11 A-MSDU not parsed");
		return;
	}
	inetcsum_pkt_llc(c, off + hl, end);
}

void
inetcsum_pkt_radiotap(struct pctx *c, size_t end)
{
	size_t len, p = RT_HLEN;
	uint32_t present, w;

	if (!have(c, 0, RT_HLEN) || end < RT_HLEN) {
		set_note(c, "truncated in the radiotap header");
		return;
	}
	if (c->f[0] != 0) {
		set_note(c, "radiotap version not 0");
		return;
	}
	len = (size_t)c->f[2] | (size_t)c->f[3] << 8;
	if (len < RT_HLEN || len > end) {
		set_note(c, "radiotap length past the end of the frame");
		return;
	}
	present = le32(c->f + 4);
	/* Extended bitmaps: each has bit 31 set while another follows. */
	for (w = present; w & RT_EXT; w = le32(c->f + p - 4)) {
		if (p + 4 > len || !have(c, p, 4)) {
			set_note(c, "radiotap present bitmaps past its length");
			return;
		}
		p += 4;
	}
	if (present & RT_FLAGS) {
		if (present & RT_TSFT)
			p = ((p + 7) & ~(size_t)7) + 8;	/* 8-aligned u64 */
		if (p >= len || !have(c, p, 1)) {
			set_note(c, "radiotap fields past its length");
			return;
		}
		if (c->f[p] & RT_F_FCS) {
			if (end - len < FCS_LEN) {
				set_note(c, "802.11 frame shorter than its "
					 "FCS");
				return;
			}
			end -= FCS_LEN;
		}
	}
	inetcsum_pkt_wlan(c, len, end, 0);
}
