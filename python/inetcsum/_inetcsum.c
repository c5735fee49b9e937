/* SPDX-License-Identifier: MIT */
/*
 * python/inetcsum/_inetcsum.c - the CPython extension module
 * inetcsum._inetcsum: libinetcsum (include/inetcsum.h) and its packet
 * layer (include/inetcsum_packet.h) for Python, in the manner of xxhash,
 * google-crc32c and isal: C functions over the buffer protocol, so bytes,
 * bytearray, memoryview (slices included), array and mmap objects are
 * summed where they lie, never copied.  inetcsum/__init__.py is the thin
 * Python layer on top (result types, capture files).
 *
 * Byte order.  The C library keeps 16-bit checksums in memory order (the
 * value a native store puts on the wire), which is the right convention
 * for C but means nothing to a Python program, where a checksum is an int
 * written with struct.pack("!H") or int.to_bytes(2, "big").  So every
 * 16-bit checksum and every update16/update32 operand this module takes or
 * returns is the network-order value, 0x1c46 for the bytes 1c 46: the
 * value of scapy's checksum() and of a packet's "chksum" field in scapy.
 * Partial sums (partial(), copy(), pseudo_ipv4(), pseudo_ipv6()) stay the
 * library's opaque 32-bit accumulators: pass them back to partial(),
 * fold() and add(), do not interpret them.
 *
 * The GIL is released for buffers of GIL_RELEASE_MIN bytes and more, so
 * threads can sum large buffers in parallel.  Releasing it costs about as
 * much as summing a few hundred bytes, so short buffers keep it.  While the
 * GIL is released the buffer stays exported, so it cannot be resized or
 * freed (a bytearray refuses to resize while a view of it is held).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdint.h>
#include <string.h>

#include "inetcsum.h"
#include "inetcsum_packet.h"

/* 4 KiB: from here the sum (about 100 ns at 40 GB/s) outweighs the two
 * atomic operations of releasing and taking back the GIL. */
#define GIL_RELEASE_MIN 4096

static PyObject *PacketError;

/* ---- byte order: network-order ints <-> the library's memory order ---- */

static unsigned
net16(uint16_t m)
{
	unsigned char b[2];

	memcpy(b, &m, 2);
	return (unsigned)b[0] << 8 | b[1];
}

static uint16_t
mem16(unsigned v)
{
	unsigned char b[2] = { (unsigned char)(v >> 8), (unsigned char)v };
	uint16_t m;

	memcpy(&m, b, 2);
	return m;
}

static uint32_t
mem32(uint32_t v)
{
	unsigned char b[4] = { (unsigned char)(v >> 24),
			       (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };
	uint32_t m;

	memcpy(&m, b, 4);
	return m;
}

/* ---- arguments ---------------------------------------------------------- */

/*
 * get_uint() reads 'o' as an int in 0..max into *out, or raises ValueError
 * (TypeError for a non-integer) naming the function and argument, so a
 * caller who passes a negative sum or a 17-bit checksum learns which.
 */
static int
get_uint(PyObject *o, const char *fn, const char *arg, unsigned long long max,
	 unsigned long long *out)
{
	PyObject *i;
	int overflow;
	long long v;

	i = PyNumber_Index(o);
	if (i == NULL) {
		PyErr_Format(PyExc_TypeError, "%s(): %s must be an int, not %.100s",
			     fn, arg, Py_TYPE(o)->tp_name);
		return -1;
	}
	v = PyLong_AsLongLongAndOverflow(i, &overflow);
	Py_DECREF(i);
	if (v == -1 && PyErr_Occurred())
		return -1;
	if (overflow || v < 0 || (unsigned long long)v > max) {
		char range[32];

		/* PyErr_Format() has no %llx. */
		PyOS_snprintf(range, sizeof(range), "0..0x%llx", max);
		PyErr_Format(PyExc_ValueError, "%s(): %s must be in %s, got %S",
			     fn, arg, range, o);
		return -1;
	}
	*out = (unsigned long long)v;
	return 0;
}

/*
 * get_buf() exports the buffer of 'o', read-only or writable, contiguous
 * (a memoryview with a step is refused by the buffer protocol itself).
 * The errors say what was wanted: a read-only object given where a
 * writable one is needed is a TypeError that names its type.
 */
static int
get_buf(PyObject *o, Py_buffer *view, int writable, const char *fn,
	const char *arg)
{
	if (!PyObject_CheckBuffer(o)) {
		PyErr_Format(PyExc_TypeError,
			     "%s(): %s must be a bytes-like object (bytes, "
			     "bytearray, memoryview), not %.100s", fn, arg,
			     Py_TYPE(o)->tp_name);
		return -1;
	}
	if (PyObject_GetBuffer(o, view, writable ? PyBUF_WRITABLE :
			       PyBUF_SIMPLE) == 0)
		return 0;
	if (writable && PyErr_ExceptionMatches(PyExc_BufferError) &&
	    PyObject_GetBuffer(o, view, PyBUF_SIMPLE) == 0) {
		/* It exports, only not writably: say so. */
		PyBuffer_Release(view);
		PyErr_Format(PyExc_TypeError,
			     "%s(): %s must be a writable buffer (bytearray, "
			     "writable memoryview), not read-only %.100s", fn,
			     arg, Py_TYPE(o)->tp_name);
	}
	return -1;
}

static int
check_nargs(const char *fn, Py_ssize_t n, Py_ssize_t min, Py_ssize_t max)
{
	if (n >= min && n <= max)
		return 0;
	if (min == max)
		PyErr_Format(PyExc_TypeError,
			     "%s() takes %zd positional arguments (%zd given)",
			     fn, min, n);
	else
		PyErr_Format(PyExc_TypeError,
			     "%s() takes %zd to %zd positional arguments "
			     "(%zd given)", fn, min, max, n);
	return -1;
}

/* Optional partial-sum argument number 'i' (0 when absent). */
static int
opt_sum(const char *fn, PyObject *const *args, Py_ssize_t n, Py_ssize_t i,
	uint32_t *sum)
{
	unsigned long long v = 0;

	if (i < n && get_uint(args[i], fn, "sum", 0xffffffffu, &v) < 0)
		return -1;
	*sum = (uint32_t)v;
	return 0;
}

/* ---- partial sums ------------------------------------------------------- */

static uint32_t
sum_buf(const Py_buffer *b, uint32_t sum)
{
	if (b->len >= GIL_RELEASE_MIN) {
		Py_BEGIN_ALLOW_THREADS
		sum = inetcsum_partial(b->buf, (size_t)b->len, sum);
		Py_END_ALLOW_THREADS
	} else {
		sum = inetcsum_partial(b->buf, (size_t)b->len, sum);
	}
	return sum;
}

static PyObject *
py_partial(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	Py_buffer b;
	uint32_t sum;

	(void)self;
	if (check_nargs("partial", n, 1, 2) < 0 ||
	    opt_sum("partial", args, n, 1, &sum) < 0 ||
	    get_buf(args[0], &b, 0, "partial", "data") < 0)
		return NULL;
	sum = sum_buf(&b, sum);
	PyBuffer_Release(&b);
	return PyLong_FromUnsignedLong(sum);
}

static PyObject *
py_checksum(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	Py_buffer b;
	uint32_t sum;

	(void)self;
	if (check_nargs("checksum", n, 1, 2) < 0 ||
	    opt_sum("checksum", args, n, 1, &sum) < 0 ||
	    get_buf(args[0], &b, 0, "checksum", "data") < 0)
		return NULL;
	sum = sum_buf(&b, sum);
	PyBuffer_Release(&b);
	return PyLong_FromUnsignedLong(net16(inetcsum_fold(sum)));
}

static PyObject *
py_fold(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	uint32_t sum;

	(void)self;
	if (check_nargs("fold", n, 1, 1) < 0 ||
	    opt_sum("fold", args, n, 0, &sum) < 0)
		return NULL;
	return PyLong_FromUnsignedLong(net16(inetcsum_fold(sum)));
}

/* add(a, b), sub(a, b): two partial sums. */
static PyObject *
two_sums(const char *fn, PyObject *const *args, Py_ssize_t n,
	 uint32_t (*op)(uint32_t, uint32_t))
{
	uint32_t a, b;

	if (check_nargs(fn, n, 2, 2) < 0 || opt_sum(fn, args, n, 0, &a) < 0 ||
	    opt_sum(fn, args, n, 1, &b) < 0)
		return NULL;
	return PyLong_FromUnsignedLong(op(a, b));
}

static PyObject *
py_add(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	(void)self;
	return two_sums("add", args, n, inetcsum_add);
}

static PyObject *
py_sub(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	(void)self;
	return two_sums("sub", args, n, inetcsum_sub);
}

static PyObject *
py_block_add(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	uint32_t sum, part;
	unsigned long long off;

	(void)self;
	if (check_nargs("block_add", n, 3, 3) < 0 ||
	    opt_sum("block_add", args, n, 0, &sum) < 0 ||
	    opt_sum("block_add", args, n, 1, &part) < 0 ||
	    get_uint(args[2], "block_add", "offset", PY_SSIZE_T_MAX, &off) < 0)
		return NULL;
	return PyLong_FromUnsignedLong(inetcsum_block_add(sum, part,
							  (size_t)off));
}

/*
 * copy(dst, src, sum=0): the fused copy and checksum.  'dst' must hold
 * len(src) bytes; the library requires buffers that do not overlap, and a
 * memoryview of the same bytearray easily does, so that is checked.
 */
static PyObject *
py_copy(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	Py_buffer d, s;
	uint32_t sum;
	const char *dp, *sp;

	(void)self;
	if (check_nargs("copy", n, 2, 3) < 0 ||
	    opt_sum("copy", args, n, 2, &sum) < 0)
		return NULL;
	if (get_buf(args[0], &d, 1, "copy", "dst") < 0)
		return NULL;
	if (get_buf(args[1], &s, 0, "copy", "src") < 0) {
		PyBuffer_Release(&d);
		return NULL;
	}
	dp = d.buf;
	sp = s.buf;
	if (d.len < s.len) {
		PyErr_Format(PyExc_ValueError,
			     "copy(): dst holds %zd bytes, src %zd", d.len,
			     s.len);
		goto fail;
	}
	if (s.len > 0 && dp < sp + s.len && sp < dp + s.len) {
		PyErr_SetString(PyExc_ValueError,
				"copy(): dst and src overlap");
		goto fail;
	}
	if (s.len >= GIL_RELEASE_MIN) {
		Py_BEGIN_ALLOW_THREADS
		sum = inetcsum_copy(d.buf, s.buf, (size_t)s.len, sum);
		Py_END_ALLOW_THREADS
	} else {
		sum = inetcsum_copy(d.buf, s.buf, (size_t)s.len, sum);
	}
	PyBuffer_Release(&s);
	PyBuffer_Release(&d);
	return PyLong_FromUnsignedLong(sum);
fail:
	PyBuffer_Release(&s);
	PyBuffer_Release(&d);
	return NULL;
}

/* ---- incremental update (RFC 1624) -------------------------------------- */

static PyObject *
py_update16(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	unsigned long long c, o, w;

	(void)self;
	if (check_nargs("update16", n, 3, 3) < 0 ||
	    get_uint(args[0], "update16", "check", 0xffff, &c) < 0 ||
	    get_uint(args[1], "update16", "old", 0xffff, &o) < 0 ||
	    get_uint(args[2], "update16", "new", 0xffff, &w) < 0)
		return NULL;
	return PyLong_FromUnsignedLong(net16(inetcsum_update16(
		mem16((unsigned)c), mem16((unsigned)o), mem16((unsigned)w))));
}

static PyObject *
py_update32(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	unsigned long long c, o, w;

	(void)self;
	if (check_nargs("update32", n, 3, 3) < 0 ||
	    get_uint(args[0], "update32", "check", 0xffff, &c) < 0 ||
	    get_uint(args[1], "update32", "old", 0xffffffffu, &o) < 0 ||
	    get_uint(args[2], "update32", "new", 0xffffffffu, &w) < 0)
		return NULL;
	return PyLong_FromUnsignedLong(net16(inetcsum_update32(
		mem16((unsigned)c), mem32((uint32_t)o), mem32((uint32_t)w))));
}

static PyObject *
py_update(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	unsigned long long c;
	Py_buffer o, w;
	uint16_t r;

	(void)self;
	if (check_nargs("update", n, 3, 3) < 0 ||
	    get_uint(args[0], "update", "check", 0xffff, &c) < 0)
		return NULL;
	if (get_buf(args[1], &o, 0, "update", "old") < 0)
		return NULL;
	if (get_buf(args[2], &w, 0, "update", "new") < 0) {
		PyBuffer_Release(&o);
		return NULL;
	}
	if (o.len != w.len) {
		PyErr_Format(PyExc_ValueError,
			     "update(): old is %zd bytes, new %zd: a range "
			     "changes, it does not grow", o.len, w.len);
		PyBuffer_Release(&o);
		PyBuffer_Release(&w);
		return NULL;
	}
	r = inetcsum_update(mem16((unsigned)c), o.buf, w.buf, (size_t)o.len);
	PyBuffer_Release(&o);
	PyBuffer_Release(&w);
	return PyLong_FromUnsignedLong(net16(r));
}

/* ---- protocol helpers --------------------------------------------------- */

/*
 * ipv4_header(hdr, ihl=None): the IHL defaults to the header's own low
 * nibble; the buffer must hold 4 * IHL bytes, since the C function reads
 * that many without a length to check against.
 */
static PyObject *
py_ipv4_header(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	Py_buffer b;
	unsigned long long ihl = 0;
	uint16_t r;

	(void)self;
	if (check_nargs("ipv4_header", n, 1, 2) < 0)
		return NULL;
	if (n > 1 && args[1] != Py_None &&
	    get_uint(args[1], "ipv4_header", "ihl", 15, &ihl) < 0)
		return NULL;
	if (get_buf(args[0], &b, 0, "ipv4_header", "hdr") < 0)
		return NULL;
	if (n < 2 || args[1] == Py_None) {
		if (b.len < 1) {
			PyErr_SetString(PyExc_ValueError,
					"ipv4_header(): hdr is empty");
			goto fail;
		}
		ihl = ((const unsigned char *)b.buf)[0] & 0x0f;
	}
	if (ihl < 5) {
		PyErr_Format(PyExc_ValueError,
			     "ipv4_header(): IHL %llu cannot describe an IPv4 "
			     "header (at least 5 words of 4 bytes)", ihl);
		goto fail;
	}
	if ((unsigned long long)b.len < 4 * ihl) {
		PyErr_Format(PyExc_ValueError,
			     "ipv4_header(): IHL %llu means %llu bytes, hdr "
			     "holds %zd", ihl, 4 * ihl, b.len);
		goto fail;
	}
	r = inetcsum_ipv4_header(b.buf, (unsigned)ihl);
	PyBuffer_Release(&b);
	return PyLong_FromUnsignedLong(net16(r));
fail:
	PyBuffer_Release(&b);
	return NULL;
}

/* An address argument: exactly 'len' bytes (4 for IPv4, 16 for IPv6). */
static int
get_addr(PyObject *o, Py_buffer *b, Py_ssize_t len, const char *fn,
	 const char *arg)
{
	if (get_buf(o, b, 0, fn, arg) < 0)
		return -1;
	if (b->len != len) {
		PyErr_Format(PyExc_ValueError,
			     "%s(): %s must be %zd bytes (packed, network "
			     "order: socket.inet_pton or ipaddress .packed), "
			     "got %zd", fn, arg, len, b->len);
		PyBuffer_Release(b);
		return -1;
	}
	return 0;
}

static PyObject *
pseudo(const char *fn, PyObject *const *args, Py_ssize_t n, Py_ssize_t alen,
       uint32_t (*f)(const void *, const void *, uint8_t, uint32_t))
{
	Py_buffer s, d;
	unsigned long long proto, len;
	uint32_t r;

	if (check_nargs(fn, n, 4, 4) < 0 ||
	    get_uint(args[2], fn, "proto", 255, &proto) < 0 ||
	    get_uint(args[3], fn, "length", 0xffffffffu, &len) < 0)
		return NULL;
	if (get_addr(args[0], &s, alen, fn, "saddr") < 0)
		return NULL;
	if (get_addr(args[1], &d, alen, fn, "daddr") < 0) {
		PyBuffer_Release(&s);
		return NULL;
	}
	r = f(s.buf, d.buf, (uint8_t)proto, (uint32_t)len);
	PyBuffer_Release(&s);
	PyBuffer_Release(&d);
	return PyLong_FromUnsignedLong(r);
}

static PyObject *
py_pseudo_ipv4(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	(void)self;
	return pseudo("pseudo_ipv4", args, n, 4, inetcsum_pseudo_ipv4);
}

static PyObject *
py_pseudo_ipv6(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	(void)self;
	return pseudo("pseudo_ipv6", args, n, 16, inetcsum_pseudo_ipv6);
}

/* ---- IP packets: check and fill ----------------------------------------- */

/* The layers of 'r' as a list of tuples, for inetcsum.Layer. */
static PyObject *
layers_list(const struct inetcsum_frame_result *r)
{
	PyObject *list = PyList_New((Py_ssize_t)r->nlayers);
	size_t i;

	if (list == NULL)
		return NULL;
	for (i = 0; i < r->nlayers; i++) {
		const struct inetcsum_layer *l = &r->layers[i];
		PyObject *t = Py_BuildValue(
			"(ssIInz)", inetcsum_proto_name(l->proto),
			inetcsum_status_name(l->status), (unsigned)l->stored,
			(unsigned)l->expected, (Py_ssize_t)l->field_offset,
			l->reason);

		if (t == NULL) {
			Py_DECREF(list);
			return NULL;
		}
		PyList_SET_ITEM(list, (Py_ssize_t)i, t);
	}
	return list;
}

/*
 * Raise inetcsum.PacketError for the negative code 'err' of fn() on the
 * 'len'-byte packet whose first byte is 'b0', with what the code means for
 * that function (the header's words), and the code as .code and .name.
 */
static void
raise_packet_error(const char *fn, int err, Py_ssize_t len, int b0)
{
	const char *name = "INETCSUM_E?", *why = inetcsum_pkt_strerror(err);
	PyObject *msg, *exc, *code, *cname;

	switch (err) {
	case INETCSUM_EINVAL:
		name = "INETCSUM_EINVAL";
		break;
	case INETCSUM_EBADLEN:
		name = "INETCSUM_EBADLEN";
		why = len == 0 ? "the packet is empty" :
		      "a length field, the IHL or the UDP-Lite coverage does "
		      "not fit the packet, or a header is cut short";
		break;
	case INETCSUM_EPROTO:
		name = "INETCSUM_EPROTO";
		break;
	case INETCSUM_EUNSUPP:
		name = "INETCSUM_EUNSUPP";
		why = "its checksums cannot be computed (a fragment, malformed "
		      "IP or destination options, an unknown routing header "
		      "with segments left, a jumbogram, or too many layers)";
		break;
	}
	if (err == INETCSUM_EPROTO)
		msg = PyUnicode_FromFormat(
			"%s(): not an IP packet: version %d (want 4 or 6) in "
			"the first byte 0x%02x [%s]", fn, b0 >> 4, b0, name);
	else
		msg = PyUnicode_FromFormat("%s(): %zd-byte packet: %s [%s]",
					   fn, len, why, name);
	if (msg == NULL)
		return;
	exc = PyObject_CallOneArg(PacketError, msg);
	Py_DECREF(msg);
	if (exc == NULL)
		return;
	code = PyLong_FromLong(err);
	cname = PyUnicode_FromString(name);
	if (code != NULL && cname != NULL &&
	    PyObject_SetAttrString(exc, "code", code) == 0 &&
	    PyObject_SetAttrString(exc, "name", cname) == 0)
		PyErr_SetObject(PacketError, exc);
	Py_XDECREF(code);
	Py_XDECREF(cname);
	Py_DECREF(exc);
}

static PyObject *
py_ip_check(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	struct inetcsum_frame_result r;
	PyObject *layers, *res;
	Py_buffer b;
	int rc, b0;

	(void)self;
	if (check_nargs("ip_check", n, 1, 1) < 0 ||
	    get_buf(args[0], &b, 0, "ip_check", "pkt") < 0)
		return NULL;
	b0 = b.len > 0 ? ((const unsigned char *)b.buf)[0] : 0;
	if (b.len >= GIL_RELEASE_MIN) {
		Py_BEGIN_ALLOW_THREADS
		rc = inetcsum_ip_check(b.buf, (size_t)b.len, &r);
		Py_END_ALLOW_THREADS
	} else {
		rc = inetcsum_ip_check(b.buf, (size_t)b.len, &r);
	}
	if (rc < 0) {
		raise_packet_error("ip_check", rc, b.len, b0);
		PyBuffer_Release(&b);
		return NULL;
	}
	PyBuffer_Release(&b);
	layers = layers_list(&r);
	if (layers == NULL)
		return NULL;
	res = Py_BuildValue("(iNz)", rc, layers, r.note);
	return res;
}

static PyObject *
py_ip_fill(PyObject *self, PyObject *const *args, Py_ssize_t n)
{
	struct inetcsum_frame_result r;
	unsigned long long flags = 0;
	PyObject *layers;
	Py_buffer b;
	Py_ssize_t len;
	int rc, b0;

	(void)self;
	if (check_nargs("ip_fill", n, 1, 2) < 0 ||
	    (n > 1 && get_uint(args[1], "ip_fill", "flags",
			       INETCSUM_FILL_KEEP_UDP_NONE, &flags) < 0) ||
	    get_buf(args[0], &b, 1, "ip_fill", "pkt") < 0)
		return NULL;
	b0 = b.len > 0 ? ((const unsigned char *)b.buf)[0] : 0;
	if (b.len >= GIL_RELEASE_MIN) {
		Py_BEGIN_ALLOW_THREADS
		rc = inetcsum_ip_fill(b.buf, (size_t)b.len, (unsigned)flags,
				      &r);
		Py_END_ALLOW_THREADS
	} else {
		rc = inetcsum_ip_fill(b.buf, (size_t)b.len, (unsigned)flags,
				      &r);
	}
	len = b.len;
	PyBuffer_Release(&b);
	if (rc < 0) {
		raise_packet_error("ip_fill", rc, len, b0);
		return NULL;
	}
	layers = layers_list(&r);
	if (layers == NULL)
		return NULL;
	return Py_BuildValue("(iNz)", rc, layers, r.note);
}

/* ---- kernels ------------------------------------------------------------ */

static PyObject *
py_impl_name(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	return PyUnicode_FromString(inetcsum_impl_name());
}

static PyObject *
py_impl_select(PyObject *self, PyObject *name)
{
	const char *s;

	(void)self;
	if (name == Py_None) {
		s = NULL;
	} else {
		s = PyUnicode_AsUTF8(name);
		if (s == NULL)
			return NULL;
	}
	if (inetcsum_impl_select(s) < 0) {
		PyErr_Format(PyExc_ValueError,
			     "impl_select(): kernel %R is not built in or this "
			     "CPU cannot run it (impl_list() names them)", name);
		return NULL;
	}
	Py_RETURN_NONE;
}

static PyObject *
py_impl_list(PyObject *self, PyObject *unused)
{
	PyObject *list = PyList_New(0);
	const char *name;
	size_t i;
	int ok;

	(void)self;
	(void)unused;
	if (list == NULL)
		return NULL;
	for (i = 0; (name = inetcsum_impl_get(i, &ok)) != NULL; i++) {
		PyObject *t = Py_BuildValue("(sO)", name,
					    ok ? Py_True : Py_False);

		if (t == NULL || PyList_Append(list, t) < 0) {
			Py_XDECREF(t);
			Py_DECREF(list);
			return NULL;
		}
		Py_DECREF(t);
	}
	return list;
}

#define FAST(name, doc) \
	{ #name, (PyCFunction)(void (*)(void))py_##name, METH_FASTCALL, doc }

static PyMethodDef methods[] = {
	FAST(partial, "partial(data, sum=0, /) -> int\n\n"
	     "Add the ones' complement sum of 'data' (any bytes-like object) "
	     "to the\npartial sum 'sum' and return the new partial sum (an "
	     "opaque 32-bit\naccumulator).  An odd length is padded with a "
	     "zero byte."),
	FAST(checksum, "checksum(data, sum=0, /) -> int\n\n"
	     "fold(partial(data, sum)): the Internet checksum of 'data' as a "
	     "network-\norder int (the value of scapy's checksum())."),
	FAST(fold, "fold(sum, /) -> int\n\n"
	     "Fold the partial sum to 16 bits and complement it: the value "
	     "to store in\na checksum field that was zero while summed, as a "
	     "network-order int;\n0 when summed with a correct field in "
	     "place."),
	FAST(add, "add(a, b, /) -> int\n\nThe ones' complement sum of two "
	     "partial sums."),
	FAST(sub, "sub(a, b, /) -> int\n\nPartial sum 'a' minus partial sum "
	     "'b'."),
	FAST(block_add, "block_add(sum, part, offset, /) -> int\n\n"
	     "Combine 'part', summed as if it started at an even offset, into "
	     "'sum'\nwhere it really starts 'offset' bytes into the message."),
	FAST(copy, "copy(dst, src, sum=0, /) -> int\n\n"
	     "Copy src into the writable buffer dst (not overlapping) and "
	     "return\npartial(src, sum), reading the data once."),
	FAST(update16, "update16(check, old, new, /) -> int\n\n"
	     "RFC 1624 eqn. 3: the new checksum field after a 16-bit word at "
	     "an even\noffset changes from 'old' to 'new' (all network-order "
	     "ints)."),
	FAST(update32, "update32(check, old, new, /) -> int\n\n"
	     "update16() for a 32-bit value at an even offset, e.g. an IPv4 "
	     "address as\nint.from_bytes(addr, 'big')."),
	FAST(update, "update(check, old, new, /) -> int\n\n"
	     "update16() for a range of bytes at an even offset: 'old' and "
	     "'new' are\nits bytes before and after the change."),
	FAST(ipv4_header, "ipv4_header(hdr, ihl=None, /) -> int\n\n"
	     "The checksum of the IPv4 header 'hdr' (4 * IHL bytes, IHL from "
	     "its first\nbyte unless given): 0 for a valid header, else with "
	     "the field zeroed the\nvalue to store there (network order)."),
	FAST(pseudo_ipv4, "pseudo_ipv4(saddr, daddr, proto, length, /) -> int"
	     "\n\nThe partial sum of the IPv4 pseudo-header; addresses are 4 "
	     "packed bytes."),
	FAST(pseudo_ipv6, "pseudo_ipv6(saddr, daddr, next_header, length, /) "
	     "-> int\n\nThe partial sum of the IPv6 pseudo-header; addresses "
	     "are 16 packed bytes."),
	FAST(ip_check, "ip_check(pkt, /) -> (nbad, layers, note)\n\n"
	     "Raw form of inetcsum.ip_check()."),
	FAST(ip_fill, "ip_fill(pkt, flags=0, /) -> (nstored, layers, note)\n\n"
	     "Raw form of inetcsum.ip_fill()."),
	{ "impl_name", py_impl_name, METH_NOARGS,
	  "impl_name() -> str\n\nThe kernel in use, e.g. 'x86_avx512'." },
	{ "impl_select", py_impl_select, METH_O,
	  "impl_select(name, /)\n\nUse kernel 'name' (None or 'auto': the "
	  "best for this CPU)." },
	{ "impl_list", py_impl_list, METH_NOARGS,
	  "impl_list() -> [(name, supported)]\n\nThe kernels built in." },
	{ NULL, NULL, 0, NULL },
};

static struct PyModuleDef module = {
	PyModuleDef_HEAD_INIT,
	"inetcsum._inetcsum",
	"libinetcsum, the Internet checksum (RFC 1071/1624), for Python; "
	"use the package inetcsum.",
	-1,
	methods,
	NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__inetcsum(void)
{
	PyObject *m = PyModule_Create(&module);

	if (m == NULL)
		return NULL;
	PacketError = PyErr_NewExceptionWithDoc(
		"inetcsum.PacketError",
		"An IP packet that ip_check() or ip_fill() cannot handle; "
		".code is the\nlibrary's INETCSUM_E* code, .name its name.",
		PyExc_ValueError, NULL);
	if (PacketError == NULL ||
	    PyModule_AddObjectRef(m, "PacketError", PacketError) < 0 ||
	    PyModule_AddStringConstant(m, "LIBRARY_VERSION",
				       inetcsum_version()) < 0 ||
	    PyModule_AddIntConstant(m, "FILL_KEEP_UDP_NONE",
				    INETCSUM_FILL_KEEP_UDP_NONE) < 0 ||
	    PyModule_AddIntConstant(m, "GIL_RELEASE_MIN", GIL_RELEASE_MIN) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
