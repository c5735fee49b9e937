/* SPDX-License-Identifier: MIT */
/*
 * fuzz/standalone_runner.c - replays fuzzer inputs without libFuzzer, so
 * the corpora run under CTest with any compiler: each argument is a file or
 * a directory of files, and each file is passed once to
 * LLVMFuzzerTestOneInput().  Fails if no input was found, so an empty or
 * misplaced corpus cannot pass unnoticed.
 */
/* 32-bit builds on 64-bit kernels (and under QEMU) need 64-bit readdir offsets. */
#define _FILE_OFFSET_BITS 64
#define _GNU_SOURCE	/* DT_* names, though only stat() is relied on */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static unsigned long ninputs;

static int
run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (f == NULL) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			unsigned char *nb;

			cap = cap ? 2 * cap : 4096;
			nb = realloc(buf, cap);
			if (nb == NULL) {
				free(buf);
				fclose(f);
				return -1;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n != 0);
	if (ferror(f)) {
		perror(path);
		free(buf);
		fclose(f);
		return -1;
	}
	fclose(f);
	/* An exact-size copy lets ASan see reads past the input's end. */
	{
		unsigned char *exact = malloc(len ? len : 1);

		if (exact == NULL) {
			free(buf);
			return -1;
		}
		if (len)
			memcpy(exact, buf, len);
		free(buf);
		LLVMFuzzerTestOneInput(exact, len);
		free(exact);
	}
	ninputs++;
	return 0;
}

static int
cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run every regular file of 'dir', in name order for repeatable runs. */
static int
run_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, i;
	int rc = 0;

	if (d == NULL) {
		perror(dir);
		return -1;
	}
	while ((e = readdir(d)) != NULL) {
		char **nn;

		if (e->d_name[0] == '.')
			continue;
		nn = realloc(names, (n + 1) * sizeof(*names));
		if (nn == NULL)
			break;
		names = nn;
		names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (names[n] == NULL)
			break;
		sprintf(names[n], "%s/%s", dir, e->d_name);
		n++;
	}
	closedir(d);
	if (n != 0)
		qsort(names, n, sizeof(*names), cmp_names);
	for (i = 0; i < n; i++) {
		struct stat st;

		if (rc == 0 && stat(names[i], &st) == 0 &&
		    S_ISREG(st.st_mode))
			rc = run_file(names[i]);
		free(names[i]);
	}
	free(names);
	return rc;
}

int
main(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st) != 0) {
			perror(argv[i]);
			return 1;
		}
		if ((S_ISDIR(st.st_mode) ? run_dir(argv[i])
					 : run_file(argv[i])) != 0)
			return 1;
	}
	printf("%s: %lu inputs replayed\n", argv[0], ninputs);
	if (ninputs == 0) {
		fprintf(stderr, "%s: no inputs found\n", argv[0]);
		return 1;
	}
	return 0;
}
