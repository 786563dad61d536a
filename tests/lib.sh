# What the command-line test scripts share (sourced by tests/*.sh): the counters, a
# scratch folder removed on exit, and the checks. Each script prints its own summary.
#   check NAME STATUS CMD...   run CMD (stdout to $tmp/out, stderr to $tmp/err); its exit
#                              status must be STATUS
#   contains NAME FILE TEXT    $tmp/FILE holds TEXT (a fixed string)
#   lacks NAME FILE TEXT       $tmp/FILE does not hold TEXT
pass=0 fail=0 skip=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

check() { # name expected-status command...
	name=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ]; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $name: exit $got, want $want"; cat "$tmp/err"; fi
}
contains() { # name file text
	if grep -qF -- "$3" "$tmp/$2"; then pass=$((pass + 1)); else
		fail=$((fail + 1)); echo "FAIL $1: '$3' not in $2:"; cat "$tmp/$2"; fi
}
lacks() { # name file text
	if grep -qF -- "$3" "$tmp/$2"; then
		fail=$((fail + 1)); echo "FAIL $1: '$3' in $2:"; cat "$tmp/$2"; else pass=$((pass + 1)); fi
}
