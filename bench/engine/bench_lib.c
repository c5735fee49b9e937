/* SPDX-License-Identifier: MIT */
/*
 * bench/engine/bench_lib.c - loads other builds of libinetcsum for the
 * prefetch sweep (see bench_lib.h).
 *
 * Each build is opened with RTLD_LOCAL, so its symbols do not replace the
 * tool's own library, and with RTLD_DEEPBIND where the C library has it
 * (glibc), so that a call inside the build from one exported function to
 * another also stays inside it.  The builds keep their own dispatch state:
 * selecting a kernel in one does not change the others.  A file is loaded
 * once per path and inode, so every distance needs its own file.
 */
#define _GNU_SOURCE	/* RTLD_DEEPBIND */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "bench_lib.h"

#ifndef RTLD_DEEPBIND
#  define RTLD_DEEPBIND 0
#endif

static struct bench_lib libs[BENCH_MAX_LIBS];
static size_t nlibs;

/* dlsym() into a function pointer of any type, without a cast warning. */
static int
sym(void *handle, const char *name, void *fnptr, size_t size)
{
	void *p = dlsym(handle, name);

	if (p == NULL)
		return -1;
	memcpy(fnptr, &p, size);
	return 0;
}

static int
open_one(struct bench_lib *l, const char *dir, long d)
{
	memset(l, 0, sizeof(*l));
	l->prefetch = d;
	snprintf(l->path, sizeof(l->path), "%s/%ld/libinetcsum.so", dir, d);
	l->handle = dlopen(l->path, RTLD_NOW | RTLD_LOCAL | RTLD_DEEPBIND);
	if (l->handle == NULL) {
		fprintf(stderr, "inetcsum bench: no build for prefetch "
			"distance %ld: %s\n", d, dlerror());
		return -1;
	}
	if (sym(l->handle, "inetcsum_partial", &l->partial,
		sizeof(l->partial)) != 0 ||
	    sym(l->handle, "inetcsum_impl_select", &l->impl_select,
		sizeof(l->impl_select)) != 0 ||
	    sym(l->handle, "inetcsum_impl_get", &l->impl_get,
		sizeof(l->impl_get)) != 0 ||
	    sym(l->handle, "inetcsum_impl_name", &l->impl_name,
		sizeof(l->impl_name)) != 0 ||
	    sym(l->handle, "inetcsum_version", &l->version,
		sizeof(l->version)) != 0) {
		fprintf(stderr, "inetcsum bench: %s lacks libinetcsum's "
			"functions: %s\n", l->path, dlerror());
		dlclose(l->handle);
		l->handle = NULL;
		return -1;
	}
	return 0;
}

int
inetcsum_bench_libs_open(const char *dir, const long *dist, size_t n)
{
	size_t i;

	if (n > BENCH_MAX_LIBS) {
		fprintf(stderr, "inetcsum bench: at most %d prefetch "
			"distances\n", BENCH_MAX_LIBS);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (open_one(&libs[i], dir, dist[i]) != 0) {
			fprintf(stderr, "inetcsum bench: the sweep needs one "
				"build of the library per distance in %s/; "
				"bench/prefetch_sweep.sh makes them and runs "
				"the sweep (docs/bench.md)\n", dir);
			return -1;
		}
	}
	nlibs = n;
	return 0;
}

const struct bench_lib *
inetcsum_bench_lib(size_t i)
{
	return i < nlibs ? &libs[i] : NULL;
}

size_t
inetcsum_bench_libs_count(void)
{
	return nlibs;
}
