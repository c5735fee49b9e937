# SPDX-License-Identifier: MIT
# python/setup.py - builds the CPython extension inetcsum._inetcsum with
# libinetcsum compiled into it from the sources of this repository (src/,
# packet/ and include/ one folder up), so "pip install ./python" needs only
# a C compiler, Python's headers (Debian: python3-dev) and setuptools: no
# CMake and no installed libinetcsum.  The library is meant to build as
# plain "cc -std=c11" with no per-file flags (tests/suites/12-plain-cc.sh
# proves it), which is what lets setuptools compile it unchanged.
#
# There is no pyproject.toml on purpose: without one, pip (Debian's 23.0)
# builds with the setuptools already installed, so "pip install ./python"
# works offline; with one, pip would first fetch setuptools into an
# isolated environment.  --no-build-isolation says the same to any pip:
#     python3 -m pip install --no-build-isolation ./python
import glob
import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def rel(path):
    # setuptools wants source paths relative to setup.py's folder.
    return os.path.relpath(path, HERE)


def library_sources():
    srcs = []
    for pattern in ("src/*.c", "src/*/*.c", "packet/*.c"):
        srcs += sorted(glob.glob(os.path.join(ROOT, pattern)))
    if not os.path.isfile(os.path.join(ROOT, "include", "inetcsum.h")) or \
            not any(s.endswith(os.path.join("src", "csum.c")) for s in srcs):
        sys.exit("python/setup.py: libinetcsum's sources were not found in "
                 f"{ROOT} (src/, packet/, include/): build the module from "
                 "a checkout of the inetcsum repository, with pip run on "
                 "the python/ folder inside it")
    return [rel(s) for s in srcs]


def library_headers():
    # setuptools rebuilds the extension only when a file it knows of is
    # newer than it: without the headers, a change to one would leave a
    # stale module (pip builds in python/build/, kept between runs).
    hdrs = []
    for pattern in ("include/*.h", "src/*.h", "src/*/*.h", "packet/*.h"):
        hdrs += sorted(glob.glob(os.path.join(ROOT, pattern)))
    return [rel(h) for h in hdrs]


def library_version():
    # The version lives in one place, the public header (as for CMake).
    with open(os.path.join(ROOT, "include", "inetcsum.h")) as f:
        for line in f:
            if line.startswith("#define INETCSUM_VERSION_STRING"):
                return line.split('"')[1]
    sys.exit("python/setup.py: no INETCSUM_VERSION_STRING in "
             "include/inetcsum.h")


class BuildExt(build_ext):
    # Two jobs by default: about 30 C files, most of them ISA kernels.
    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = int(os.environ.get("INETCSUM_BUILD_JOBS", "2"))


ext = Extension(
    "inetcsum._inetcsum",
    sources=["inetcsum/_inetcsum.c"] + library_sources(),
    include_dirs=[rel(os.path.join(ROOT, "include"))],
    depends=library_headers(),
    # -std=c11 as the plain-cc build; -O2 over Python's CFLAGS (which may
    # say -O0 in a debug interpreter), for the kernels' sake.
    extra_compile_args=["-std=c11", "-O2", "-fvisibility=hidden"],
)

setup(
    name="inetcsum",
    version=library_version(),
    description="The Internet checksum (RFC 1071/1624) over libinetcsum",
    license="MIT",
    packages=["inetcsum"],
    ext_modules=[ext],
    cmdclass={"build_ext": BuildExt},
    python_requires=">=3.9",
)
