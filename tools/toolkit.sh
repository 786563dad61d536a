#!/bin/sh
# make toolkit: fetch NVIDIA's CUDA 11.8 command-line tools (ptxas, cuobjdump, nvdisasm)
# from the non-free component of the Debian archive this machine already uses, through a
# private apt configuration under $BUILD/cuda-apt (sources, lists, cache, state), and
# extract them with dpkg -x into $BUILD/cuda (tools in $BUILD/cuda/usr/bin). Nothing is
# installed and the system's apt configuration is not touched: the script checks that no
# file under /etc/apt changed. Quick when already done.
set -eu
: "${BUILD:=build}"
PKGS=${SIMTEMU_CUDA_PKGS:-nvidia-cuda-toolkit}   # the one binary package holding the three tools
dest=$BUILD/cuda
apt=$BUILD/cuda-apt

report() {
	bin=$dest/usr/bin
	for t in ptxas cuobjdump nvdisasm; do
		printf '%-10s %s\n' "$t" "$("$bin/$t" --version | sed -n 's/^Cuda compilation tools, //p')"
	done
	sed 's/^/package    /' "$dest/PACKAGES"
	echo "tools in $bin (the default; elsewhere: SIMTEMU_CUDA=DIR with the tools in DIR/bin)"
}

if [ -f "$dest/PACKAGES" ] && [ -x "$dest/usr/bin/ptxas" ] && [ -x "$dest/usr/bin/cuobjdump" ] &&
	[ -x "$dest/usr/bin/nvdisasm" ]; then
	echo "toolkit: already in $dest"
	report
	exit 0
fi

command -v apt-get >/dev/null && command -v dpkg >/dev/null ||
	{ echo "toolkit: needs apt-get and dpkg (Debian)" >&2; exit 1; }

etc_sum() { find /etc/apt -type f -print0 | sort -z | xargs -0 sha256sum; }
before=$(etc_sum)

# The archive and suites of the system's Debian entry (deb822 or one-line format),
# without the security archive.
sources=$(
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		awk '
			function flush() {
				if (uris != "" && suites != "" && uris !~ /security/ && types ~ /(^| )deb( |$)/)
					for (i = 1; i <= split(suites, s, " "); i++)
						printf "deb [signed-by=%s] %s %s non-free\n", (key != "" ? key : "/usr/share/keyrings/debian-archive-keyring.gpg"), uris, s[i]
				uris = suites = key = types = ""
			}
			/^[[:space:]]*$/ { flush(); next }
			/^#/ { next }
			/^Types:/ { sub(/^Types:[[:space:]]*/, ""); types = $0 }
			/^URIs:/ { sub(/^URIs:[[:space:]]*/, ""); split($0, u, " "); uris = u[1] }
			/^Suites:/ { sub(/^Suites:[[:space:]]*/, ""); suites = $0 }
			/^Signed-By:/ { sub(/^Signed-By:[[:space:]]*/, ""); key = $0 }
			END { flush() }' "$f"
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		awk '$1 == "deb" && $0 !~ /security/ && $0 ~ /debian/ {
			i = 2; if ($2 ~ /^\[/) { while ($i !~ /\]$/) i++; i++ }
			printf "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] %s %s non-free\n", $i, $(i + 1) }' "$f"
	done | sort -u
)
[ -n "$sources" ] || { echo "toolkit: no Debian archive found in /etc/apt sources" >&2; exit 1; }

rm -rf "$apt"
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/state" "$apt/debs"
printf '%s\n' "$sources" >"$apt/sources.list"
: >"$apt/status"
echo "toolkit: private apt sources ($apt/sources.list):"
sed 's/^/  /' "$apt/sources.list"
set -- -o Dir::Etc::SourceList="$PWD/$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null \
	-o Dir::State="$PWD/$apt/state" -o Dir::State::Lists="$PWD/$apt/lists" \
	-o Dir::State::status="$PWD/$apt/status" -o Dir::Cache="$PWD/$apt/cache" \
	-o Debug::NoLocking=1
[ "$(id -u)" = 0 ] && set -- "$@" -o APT::Sandbox::User=root

apt-get -q "$@" update >"$apt/update.log" 2>&1 ||
	{ cat "$apt/update.log" >&2; echo "toolkit: apt-get update failed" >&2; exit 1; }
(cd "$apt/debs" && apt-get -q "$@" download $PKGS) >"$apt/download.log" 2>&1 ||
	{ cat "$apt/download.log" >&2; echo "toolkit: apt-get download $PKGS failed" >&2; exit 1; }

rm -rf "$dest.new"
mkdir -p "$dest.new"
for deb in "$apt"/debs/*.deb; do
	dpkg -x "$deb" "$dest.new"
	dpkg-deb -f "$deb" Package Version | paste -sd' ' | sed 's/^Package: \(.*\) Version: /\1 /' \
		>>"$dest.new/PACKAGES"
done
rm -rf "$dest" && mv "$dest.new" "$dest"
rm -rf "$apt/debs"   # the extracted tree is what is kept

after=$(etc_sum)
[ "$before" = "$after" ] || { echo "toolkit: a file under /etc/apt changed (it must not)" >&2; exit 1; }
echo "toolkit: /etc/apt unchanged"
report
