#!/usr/bin/env bash
# The GUI check: builds this checkout's Sightline, adds it to PyChess and to
# Scid as a UCI engine on a virtual screen (Xvfb), and takes the screenshots
# a user would see: each GUI's page of Sightline's options, a game in
# PyChess, an analysis in Scid. Look at the pictures: the script only checks
# that each step's window came up, not what it shows.
#
#   tools/gui-check.sh [--out DIR] [--only pychess|scid] [--keep]
#
#   --out DIR   where the screenshots go (default docs/screenshots)
#   --only GUI  only that GUI's steps
#   --keep      keep the scratch folder (the GUIs' settings, the full-size
#               screenshots of every step, the engine's logs)
#
# Needs Xvfb, openbox, xdotool and ImageMagick (import, convert), and the
# GUIs: on Debian 12 `apt-get install xvfb openbox xdotool imagemagick
# pychess scid`. The clicks are at fixed places, worked out on a 1280x800
# screen with Debian 12's PyChess 1.0.3 and Scid 4.7.4: another version may
# put a button elsewhere, which the step's screenshot then shows.
#
# The GUIs run with HOME in the scratch folder, so the user's own settings
# are neither read nor changed; each GUI finds Sightline already in its
# settings file, written below as the GUI itself writes it when one adds
# the engine by hand (the README's "Playing with a GUI" has the clicks).
set -euo pipefail

out=docs/screenshots
keep=0
only=
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--only) only=$2; shift 2 ;;
	--keep) keep=1; shift ;;
	-h | --help) sed -n '2,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	*) echo "gui-check.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
for tool in Xvfb openbox xdotool import convert md5sum go; do
	command -v "$tool" >/dev/null || { echo "gui-check.sh: $tool is not installed (see --help)" >&2; exit 2; }
done
for gui in /usr/games/pychess /usr/games/scid; do
	[ -x "$gui" ] || { echo "gui-check.sh: $gui is not installed (see --help)" >&2; exit 2; }
done
mkdir -p "$out"
out=$(cd "$out" && pwd)

work=$(mktemp -d /tmp/gui-check.XXXXXX)
pids=()
cleanup() {
	# The programs this script started, newest first, by their ids; the
	# GUIs' engines end when the GUI closes their input.
	for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
		kill "${pids[i]}" 2>/dev/null || true
		wait "${pids[i]}" 2>/dev/null || true
	done
	if [ "$keep" = 1 ]; then
		echo "kept $work"
	else
		rm -rf "$work"
	fi
}
trap cleanup EXIT

step() { echo "== $*"; }
# fail: says why and keeps the scratch folder, whose screenshots show where.
fail() { echo "gui-check.sh: $*" >&2; keep=1; exit 1; }

step "build"
(cd "$root" && go build -o "$work/bin/sightline" .)
bin=$work/bin/sightline

export HOME=$work/home
mkdir -p "$HOME"

step "start Xvfb and openbox"
# -displayfd: Xvfb picks a free display and writes its number.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
pids+=($!)
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.1; done
[ -s "$work/display" ] || fail "Xvfb did not start (see $work/xvfb.log)"
DISPLAY=:$(cat "$work/display")
export DISPLAY
openbox >"$work/openbox.log" 2>&1 &
pids+=($!)
sleep 1

# waitwin TITLE: the id of the first visible window whose title matches,
# waiting up to 30 s for it.
waitwin() {
	local id
	for _ in $(seq 60); do
		id=$(xdotool search --onlyvisible --name "$1" 2>/dev/null | head -1) || true
		if [ -n "$id" ]; then echo "$id"; return; fi
		sleep 0.5
	done
	fail "no window \"$1\" within 30 s (see the screenshots in $work/shots)"
}
click() { xdotool mousemove --sync "$1" "$2" click 1; sleep "${3:-0.7}"; }
# shot NAME: the whole screen, kept in the scratch folder.
mkdir -p "$work/shots"
shot() { import -window root "$work/shots/$1.png"; }
# publish NAME GEOMETRY: crops the last screenshot NAME to GEOMETRY (WxH+X+Y)
# and writes it to the output folder in 64 colours without dithering, which
# keeps text sharp at a fifth of the size.
publish() {
	convert "$work/shots/$1.png" -crop "$2" +repage +dither -colors 64 "PNG8:$out/$1.png"
	echo "   $out/$1.png ($(($(stat -c %s "$out/$1.png") / 1024)) KB)"
}

pychess() {
	step "PyChess: settings"
	mkdir -p "$HOME/.config/pychess"
	md5=$(md5sum "$bin" | cut -d' ' -f1)
	# No tip or download dialog at start; no book moves played for the engine
	# (book_depth_max 0), so Sightline searches from the first move; Sightline
	# as the analyzer of the Hints panel (chosen by the engine's md5); a board
	# of plain colours, which keeps the screenshots small.
	cat >"$HOME/.config/pychess/config" <<-EOF
	[General]
	show_tip_at_startup = False
	dont_show_externals_at_startup = True
	book_depth_max = 0
	analyzer_check = True
	ana_combobox = $md5
	board_style = 0
	board_frame = 0
	EOF
	# What Edit > Engines > New writes for the chosen file (name: the file's
	# name), with the engine's debug log as its parameters; PyChess asks the
	# engine for its options at start (recheck).
	cat >"$HOME/.config/pychess/engines.json" <<-EOF
	[{"name": "sightline", "protocol": "uci", "command": "$bin",
	  "workingDirectory": "$(dirname "$bin")", "country": "unknown", "comment": "",
	  "level": 20, "recheck": true,
	  "args": ["-log-level", "debug", "-log-file", "$work/pychess-engine.log"]}]
	EOF

	step "PyChess: start"
	/usr/games/pychess >"$work/pychess.log" 2>&1 &
	pids+=($!)
	win=$(waitwin "Welcome - PyChess")
	xdotool windowsize --sync "$win" 1270 760 windowmove --sync "$win" 0 0
	sleep 2
	shot pychess-welcome

	step "PyChess: Edit > Engines, Sightline's options"
	click 76 32           # Edit
	click 110 108 2       # Engines
	dlg=$(waitwin "Manage engines")
	xdotool windowsize --sync "$dlg" 560 700 windowmove --sync "$dlg" 360 20
	sleep 1
	click 420 90          # sightline, the second engine in the list
	click 685 69 1.5      # the Options tab
	shot pychess-options
	publish pychess-options 562x722+360+0
	click 820 698 1       # Cancel

	step "PyChess: a game against Sightline"
	# The Welcome page's opponent list: Human Being, PyChess.py, sightline.
	click 420 298         # Opponent
	click 420 362         # sightline
	shot pychess-opponent
	click 395 358 5       # Start Game (a row lower, under the level slider)
	waitwin "Sightline" >/dev/null
	# A square's centre on the board of the 1270x760 window, White at the bottom.
	sq() {
		local f=$(($(printf '%d' "'${1:0:1}") - 97)) r=$((${1:1:1} - 1))
		echo $((260 + f * 386 / 10)) $((468 - r * 386 / 10))
}
move() {
	# shellcheck disable=SC2046 # sq's two words are the coordinates
	click $(sq "${1:0:2}") 0.3
	# shellcheck disable=SC2046
	click $(sq "${1:2:2}") 1
}
# Moves that are legal whatever Black answers: after 1.e4 and 2.Nf3 no
# black piece can stand on d3 or give check, so 3.Bc4 is always possible.
for m in e2e4 g1f3 f1c4; do
	move "$m"
	sleep 15 # Sightline's reply at 5 minutes a game
done
click 180 517 2       # the Engines panel: Sightline's lines as it searched
xdotool mousemove 1200 700 # no tooltip
sleep 1
shot pychess-game
publish pychess-game 1270x640+0+88
click 62 517 5        # the Hints panel: Sightline as the analyzer
shot pychess-hints
kill "${pids[-1]}"
wait "${pids[-1]}" 2>/dev/null || true
unset 'pids[-1]'
}

scid() {
	step "Scid: settings"
	mkdir -p "$HOME/.scid4.7/config"
	# What Tools > Analysis Engine... > New... writes (Name, Command, UCI ticked),
	# with the engine's debug log as its parameters.
	cat >"$HOME/.scid4.7/config/engines.dat" <<-EOF
	engine {
	  Name Sightline
	  Cmd  $bin
	  Args {-log-level debug -log-file $work/scid-engine.log}
	  Dir  .
	  Elo  0
	  Time 0
	  URL  {}
	  UCI 1
	  UCIoptions {}
}
EOF
echo 'set startup(tip) 0' >"$HOME/.scid4.7/config/options.dat"

step "Scid: start"
/usr/games/scid >"$work/scid.log" 2>&1 &
pids+=($!)
win=$(waitwin "^Scid")
sleep 3
shot scid-start

step "Scid: an analysis"
# Scid's first start opens an analysis tab, stopped, with the first engine of
# the list. Board squares are 45 pixels, a1 at (42, 442): 1.e4 e5 2.Nf3 on
# the board, then start the analysis.
for m in e2e4 e7e5 g1f3; do
	f1=$(($(printf '%d' "'${m:0:1}") - 97)) r1=$((${m:1:1} - 1))
	f2=$(($(printf '%d' "'${m:2:1}") - 97)) r2=$((${m:3:1} - 1))
	click $((42 + f1 * 45)) $((442 - r1 * 45)) 0.3
	click $((42 + f2 * 45)) $((442 - r2 * 45)) 1
done
click 500 63          # the Analysis: Sightline tab
click 437 302         # its start button
click 631 297 0.5     # MultiPV up, twice: three lines
click 631 297 12
xdotool mousemove 1200 700
shot scid-analysis
publish scid-analysis 1026x590+0+0

step "Scid: Tools > Analysis Engine..., Edit..., Configure UCI engine"
click 422 35          # Tools
click 480 62 1.5      # Analysis Engine... (closes the analysis tab)
click 422 35
click 480 62 1.5      # Analysis Engine... (the list of engines)
waitwin "Analysis Engine" >/dev/null
click 890 514         # Sightline, the only engine
click 968 767 1.5     # Edit...
click 176 708 4       # Configure UCI engine
waitwin "Configure UCI engine" >/dev/null
shot scid-options
publish scid-options 772x306+508+0
}

case $only in
"") pychess; scid ;;
pychess | scid) "$only" ;;
*) fail "--only $only: pychess or scid" ;;
esac
echo "done: look at the pictures in $out"
