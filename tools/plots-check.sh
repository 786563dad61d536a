#!/bin/sh
# make plots-check: the pages of stats --html and compare --html (and the trace and stats
# SVGs inside a page) in headless Chromium (Debian's chromium): each must load without a
# console message (a JavaScript error shows as one), and the sorting script must run (a
# click on every column head marks it in the DOM). Skips, saying so, without chromium.
set -u
SIMTEMU=${SIMTEMU:-./simtemu}
CHROMIUM=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$CHROMIUM" ]; then
	echo "plots-check: skipped (no chromium; Debian: apt-get install chromium)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
"$SIMTEMU" stats --html "$tmp/stats.html" --by pc examples/breakcont.sass >/dev/null &&
"$SIMTEMU" compare --html "$tmp/compare.html" examples/ifblock_ssy.sass examples/ifblock_pred.sass >/dev/null &&
"$SIMTEMU" compare --html "$tmp/compare3.html" examples/ifblock_ssy.sass examples/ifblock_pred.sass \
	examples/ifblock_ssy.sass >/dev/null &&
"$SIMTEMU" trace --plot "$tmp/trace.svg" tests/volta/ifelse.sass >/dev/null || { echo "plots-check: simtemu failed"; exit 1; }
{ echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"/><title>trace</title></head><body>'
  cat "$tmp/trace.svg"; echo '</body></html>'; } >"$tmp/trace.html"
for page in stats compare compare3 trace; do
	# the page as written, then with every column head clicked once (sorting each table)
	sed 's#</body>#<script>document.querySelectorAll("th").forEach(function(h){h.click();});</script></body>#' \
		"$tmp/$page.html" >"$tmp/$page-click.html"
	for f in "$page" "$page-click"; do
		"$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run --enable-logging=stderr --v=0 \
			--dump-dom "file://$tmp/$f.html" >"$tmp/$f.dom" 2>"$tmp/$f.log"
		if grep -q 'CONSOLE' "$tmp/$f.log"; then
			fail=$((fail + 1)); echo "FAIL $f: console messages:"; grep 'CONSOLE' "$tmp/$f.log"
		elif ! grep -q '<svg' "$tmp/$f.dom"; then
			fail=$((fail + 1)); echo "FAIL $f: no chart in the rendered DOM"
		else pass=$((pass + 1)); fi
	done
	if [ "$page" != trace ]; then
		if grep -q 'data-dir="asc"' "$tmp/$page-click.dom"; then pass=$((pass + 1)); else
			fail=$((fail + 1)); echo "FAIL $page: the sorting script did not run"; fi
	fi
done
echo "plots-check: $pass passed, $fail failed ($CHROMIUM)"
[ "$fail" -eq 0 ]
