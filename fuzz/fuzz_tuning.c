/* SPDX-License-Identifier: MIT */
/*
 * fuzz/fuzz_tuning.c - the tuning record's parser (src/tuning_record.c) on
 * any bytes, as a corrupt or hostile record file would hold them.  The
 * input is parsed twice: as given, and with its "cpu" line (if any) made
 * this CPU's and the check line recomputed, so that mutations reach the
 * fields past the CPU and check tests.  Either parse must refuse or give
 * a row whose fields are within the format's limits; ASan and UBSan
 * (tests/suites/35-fuzz.sh) catch any read past the input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"
#include "ref_csum.h"
#include "tuning.h"

int LLVMFuzzerTestOneInput(const uint8_t *in, size_t size);

static void
judge(char *text, size_t len, const struct inetcsum_cpu_ident *id,
      u32 features)
{
	struct inetcsum_tuning_row row;
	char why[256];

	memset(&row, 0, sizeof(row));
	if (inetcsum_tuning_record_parse(text, len, id, features, &row, why,
					 sizeof(why)) != 0) {
		if (why[0] == '\0')
			abort();	/* a refusal always says why */
		return;
	}
	if (row.partial == NULL || row.copy == NULL || row.evidence == NULL ||
	    strlen(row.partial) > 31 || strlen(row.copy) > 31 ||
	    strlen(row.evidence) > 200 || row.prefetch < -1 ||
	    row.prefetch > (1 << 20) ||
	    (row.partial_large == NULL && row.partial_large_min != 0) ||
	    row.gro_far > 1024 || row.gso_prefetch_l2 < 0 ||
	    row.gso_prefetch_l2 > 1)
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *in, size_t size)
{
	static char a[2048], b[2048 + 128];
	struct inetcsum_cpu_ident id;
	u32 features;
	const char *l2, *l3, *chk;
	size_t n, k;

	if (size > sizeof(a))
		size = sizeof(a);
	inetcsum_tuning_ident(&id);
	features = inetcsum_cpu_features();
	memcpy(a, in, size);
	judge(a, size, &id, features);

	/* This CPU's cpu line and a right check line, then again. */
	memcpy(a, in, size);
	l2 = memchr(a, '\n', size);
	chk = NULL;
	for (k = size; k > 0; k--)
		if (k + 6 <= size && memcmp(a + k, "check ", 6) == 0 &&
		    a[k - 1] == '\n') {
			chk = a + k;
			break;
		}
	if (l2 == NULL || chk == NULL || chk <= l2 + 1)
		return 0;
	l2++;
	l3 = memchr(l2, '\n', (size_t)(chk - l2));
	if (l3 == NULL)
		return 0;
	l3++;
	n = (size_t)(l2 - a);
	memcpy(b, a, n);
	n += (size_t)snprintf(b + n, sizeof(b) - n, "cpu %s %u %u 0x%x\n",
			      id.vendor == INETCSUM_VENDOR_INTEL ? "intel" :
			      id.vendor == INETCSUM_VENDOR_AMD ? "amd" :
			      "other", (unsigned)id.family,
			      (unsigned)id.model, (unsigned)features);
	memcpy(b + n, l3, (size_t)(chk - l3));
	n += (size_t)(chk - l3);
	n += (size_t)snprintf(b + n, sizeof(b) - n, "check %04x\n",
			      (unsigned)(uint16_t)~inetcsum_ref_sum_net(b, n));
	judge(b, n, &id, features);
	return 0;
}
