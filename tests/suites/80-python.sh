#!/bin/bash
# tests/suites/80-python.sh - the Python module (python/): installed the
# way a user installs it, with pip into a virtual environment that sees
# Debian's packages (--system-site-packages: setuptools, pytest, scapy),
# offline (--no-build-isolation: pip fetches nothing), from the sources of
# this checkout; then its pytest suite (python/tests) against scapy's own
# checksum() and scapy-built packets and captures, and inetcsum.cluster on
# a LocalCluster of two workers (python/tests/test_cluster.py), with the inetcsum
# command built here for check()/fix(); then python/bench.py --quick, so
# the benchmark cannot rot.  A test that pytest skips is recorded as a
# skip, never passed.
set -u
. tests/suites/common.sh
ROOT=$PWD
PY=/usr/bin/python3	# Debian's: a pyenv python3 on PATH lacks its packages
O=$BUILD_ROOT/python
V=$O/venv
rm -rf "$O"
mkdir -p "$O"

for m in setuptools wheel pip venv pytest scapy distributed; do
	if ! $PY -c "import $m" 2>/dev/null; then
		echo "FAIL: $PY cannot import $m (scripts/deps/tests.txt lists" \
			"its Debian package: run scripts/install-deps.sh tests)"
		exit 1
	fi
done
inc=$($PY -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
if [ ! -f "$inc/Python.h" ]; then
	echo "FAIL: no $inc/Python.h (python3-dev, scripts/deps/tests.txt)"
	exit 1
fi

echo "--- the inetcsum command, for check()/fix()"
configure "$O/cmake" -DCMAKE_BUILD_TYPE=Release -DINETCSUM_BUILD_TESTS=OFF \
	-DINETCSUM_BUILD_BENCH=OFF -DINETCSUM_BUILD_FUZZERS=OFF &&
	build "$O/cmake" inetcsum_tool || exit 1
export INETCSUM_CLI=$O/cmake/tools/inetcsum

echo "--- pip install into a virtual environment (offline)"
quiet $PY -m venv --system-site-packages "$V" || exit 1
quiet "$V/bin/python" -m pip install --no-build-isolation --no-deps \
	--disable-pip-version-check --no-index ./python || exit 1
# Imported from the venv, not from the source folder (which has no .so).
where=$(cd / && "$V/bin/python" -c 'import inetcsum; print(inetcsum.__file__)') ||
	{ echo "FAIL: the installed module does not import"; exit 1; }
case $where in
"$V"/*) echo "imports from $where" ;;
*) echo "FAIL: inetcsum imported from $where, not the venv"; exit 1 ;;
esac

echo "--- pytest python/tests"
rc=0
(cd / && "$V/bin/python" -m pytest -p no:cacheprovider -rs -q \
	"$ROOT/python/tests") >"$O/pytest.log" 2>&1 || rc=$?
cat "$O/pytest.log"
# "SKIPPED [2] path:line: reason": each a skip of this suite.
while IFS= read -r l; do
	skip "pytest: ${l#SKIPPED }"
done < <(grep '^SKIPPED ' "$O/pytest.log")
if [ $rc -ne 0 ]; then
	echo "FAIL: pytest (exit $rc)"
	exit 1
fi
grep -Eq '^[0-9]+ passed' "$O/pytest.log" ||
	{ echo "FAIL: pytest ran no test"; exit 1; }

echo "--- python/bench.py --quick"
(cd / && "$V/bin/python" "$ROOT/python/bench.py" --quick) ||
	{ echo "FAIL: python/bench.py"; exit 1; }
