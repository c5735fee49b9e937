#!/bin/sh
# scripts/install-deps.sh - install the Debian packages listed in
# scripts/deps/*.txt (or only scripts/deps/NAME.txt for each NAME given).
# As root, missing packages are installed with apt-get; otherwise the
# missing ones are named and the script fails.
set -eu
cd "$(dirname "$0")/deps"
if [ $# -eq 0 ]; then
	set -- *.txt
else
	files=""
	for n in "$@"; do files="$files $n.txt"; done
	set -- $files
fi
want=$(cat "$@" | sed 's/#.*//' | tr -s ' \t' '\n\n' | grep -v '^$' | sort -u)
missing=""
for p in $want; do
	if ! dpkg-query -W -f '${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing Debian packages:$missing" >&2
	echo "install-deps: run as root, or: apt-get install$missing" >&2
	exit 1
fi
echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
