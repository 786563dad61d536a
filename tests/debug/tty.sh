#!/bin/sh
# The debugger's interactive prompt on a real terminal (tmux): readline line editing and
# history. Prints "tty: N passed, M failed"; skipped (and says so) without tmux.
SIMTEMU=${SIMTEMU:-./simtemu}
if ! command -v tmux >/dev/null 2>&1; then
	echo "tty: tmux is not installed; the terminal test was not run"
	exit 0
fi
sock=simtemu-test-$$
sess=t
out=$(mktemp)
spin=$(mktemp --suffix=.sass)
cleanup() { tmux -L "$sock" kill-server >/dev/null 2>&1; rm -f "$out" "$spin"; }
trap cleanup EXIT
tmux -L "$sock" new-session -d -s t -x 160 -y 60 "$SIMTEMU debug examples/walk.sass; sleep 5"
wait_for() { # text: poll the pane for up to 5 s
	i=0
	while [ $i -lt 50 ]; do
		tmux -L "$sock" capture-pane -t "$sess" -p >"$out"
		grep -qF -- "$1" "$out" && return 0
		sleep 0.1
		i=$((i + 1))
	done
	return 1
}
pass=0 fail=0
ok() { if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL tty: $*"; cat "$out"; fi; }
ok wait_for "(simtemu)"
# type "sep", move left twice, insert "t": line editing turns it into "step"
tmux -L "$sock" send-keys -t t 'sep' Left Left 't' Enter
ok wait_for "stopped: step; CTA 0 warp 0"
tmux -L "$sock" send-keys -t t 'stack' Enter
ok wait_for "SIMT stack of warp 0: empty"
# history: two lines up is "step" again
tmux -L "$sock" send-keys -t t Up Up Enter
ok wait_for "     3  0x0010  MOV R5, RZ"
tmux -L "$sock" send-keys -t t 'quit' Enter
ok wait_for "quit before the kernel finished"
# Ctrl-C during continue stops the kernel at the prompt (as gdb does); at the prompt it
# drops the half-typed line: "garbage" then Ctrl-C then "info warps" runs "info warps"
printf '.target sm_20\n.block 32\nL:\n  IADD R0, R0, 0x1;\n  BRA L;\n' >"$spin"
tmux -L "$sock" new-session -d -s u -x 160 -y 60 "$SIMTEMU debug $spin; sleep 5"
sess=u
ok wait_for "(simtemu)"
tmux -L "$sock" send-keys -t u 'continue' Enter
sleep 0.5
tmux -L "$sock" send-keys -t u C-c
ok wait_for "stopped: interrupted; CTA 0 warp 0"
tmux -L "$sock" send-keys -t u 'garbage'
ok wait_for "(simtemu) garbage"
tmux -L "$sock" send-keys -t u C-c
sleep 0.3
tmux -L "$sock" send-keys -t u 'info warps' Enter
ok wait_for "* warp 0   pc 0x00"
tmux -L "$sock" send-keys -t u 'quit' Enter
ok wait_for "quit before the kernel finished"
if grep -qF "unknown command" "$out"; then fail=$((fail + 1)); echo "FAIL tty: the line before Ctrl-C was kept"; cat "$out"; else pass=$((pass + 1)); fi
echo "tty: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
