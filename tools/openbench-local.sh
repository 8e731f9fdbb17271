#!/usr/bin/env bash
# A whole OpenBench instance on this machine's loopback, for Sightline: its
# Django server, a file server for what OpenBench would fetch from GitHub (our
# source archives, fastchess's, the opening book), and its client, which
# builds both commits with `make EXE=...`, runs `bench` and plays the games.
#
#   tools/openbench-local.sh up                 set up (idempotent) and start the servers
#   tools/openbench-local.sh test [DEV [BASE]]  a fixed-games test, DEV vs BASE
#                                               (main vs main~1), played to its end
#   tools/openbench-local.sh shot ID [PNG]      a headless-Chromium screenshot of /test/ID/
#   tools/openbench-local.sh down               stop the servers
#
# The servers stay up after `test` (the page is at /test/ID/); the client and
# /tmp/cores-busy, which marks the cores as taken, last only while it plays.
# Environment: GAMES (32), TC (1.0+0.01), BOOK (an .epd; default the UHO book
# in shared/data/openings), OB_PORT (8000), FILES_PORT (8001), THREADS (2).
#
# Nothing of OpenBench is fetched here. Check it out once beside this
# repository (or name the folders with OB_DIR and FASTCHESS_DIR):
#   git clone https://github.com/AndyGrant/OpenBench ../ob && git -C ../ob checkout 9906bad
#   git clone https://github.com/AndyGrant/fastchess ../fastchess && git -C ../fastchess checkout 1525c4b
# and install Debian's python3-django python3-requests python3-scipy
# python3-psutil python3-cpuinfo g++ make (and chromium for `shot`); as root
# the script installs them. What it changes in the OpenBench checkout (each
# change is made only once): settings.py loses django-htmlmin's middleware
# (not packaged by Debian; it only minifies HTML), Config/config.json gains
# the engine Sightline, the local book and fastchess's loopback address, and
# Engines/Sightline.json is copied from tools/openbench/.
set -euo pipefail

repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
parent=$(dirname "$repo")
OB_DIR=${OB_DIR:-$parent/ob}
FASTCHESS_DIR=${FASTCHESS_DIR:-$parent/fastchess}
BOOK=${BOOK:-$parent/shared/data/openings/UHO_4060_v4.epd}
OB_PORT=${OB_PORT:-8000} FILES_PORT=${FILES_PORT:-8001}
GAMES=${GAMES:-32} TC=${TC:-1.0+0.01} THREADS=${THREADS:-2}
OB_COMMIT=9906bad FASTCHESS_COMMIT=1525c4b
PY=/usr/bin/python3 # Debian's, where python3-django is
state=$OB_DIR/sightline-local www=$OB_DIR/sightline-local/www
server=http://127.0.0.1:$OB_PORT files=http://127.0.0.1:$FILES_PORT
export OB_USER=sightline OB_PASSWORD=sightline-local OB_ENGINE=Sightline

die() { echo "openbench-local: $*" >&2; exit 2; }

checkouts() {
  [[ -f $OB_DIR/manage.py ]] || die "no OpenBench at $OB_DIR; clone it (see the top of $0)"
  [[ -f $FASTCHESS_DIR/makefile || -f $FASTCHESS_DIR/Makefile ]] || die "no fastchess at $FASTCHESS_DIR (see the top of $0)"
  [[ -f $BOOK ]] || die "no opening book $BOOK (set BOOK=)"
  local at
  at=$(git -C "$OB_DIR" rev-parse --short=7 HEAD)
  [[ $at == "$OB_COMMIT" ]] || echo "note: OpenBench is at $at; this was tried at $OB_COMMIT" >&2
}

packages() {
  local mods="django, requests, scipy, psutil, cpuinfo"
  $PY -c "import $mods" 2>/dev/null && command -v g++ >/dev/null && return
  [[ $(id -u) == 0 ]] || die "install python3-django python3-requests python3-scipy python3-psutil python3-cpuinfo g++ make"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-django python3-requests \
    python3-scipy python3-psutil python3-cpuinfo g++ make >/dev/null
}

# The instance's configuration, and the files it will ask for.
configure() {
  sed -i '/htmlmin\.middleware/d' "$OB_DIR/OpenSite/settings.py"
  cp "$repo/tools/openbench/Sightline.json" "$OB_DIR/Engines/Sightline.json"
  local book sha
  book=$(basename "$BOOK")
  sha=$(sha256sum "$BOOK" | cut -d' ' -f1)
  mkdir -p "$www/books" "$www/fastchess/archive" "$www/repos"
  [[ -f $www/books/$book.zip ]] || (cd "$(dirname "$BOOK")" && $PY -m zipfile -c "$www/books/$book.zip" "$book")
  printf '{\n    "sha"    : "%s",\n    "source" : "%s/books/%s.zip"\n}\n' "$sha" "$files" "$book" >"$OB_DIR/Books/$book.json"
  # The client fetches <fastchess_repo_url>/archive/<ref>.zip and builds it.
  git -C "$FASTCHESS_DIR" archive --format=zip --prefix=fastchess-local/ HEAD >"$www/fastchess/archive/local.zip"
  BOOK_NAME=$book FILES=$files $PY - "$OB_DIR/Config/config.json" <<'EOF'
import json, os, sys
path = sys.argv[1]
conf = json.load(open(path))
conf['fastchess_repo_url'] = os.environ['FILES'] + '/fastchess'
conf['fastchess_repo_ref'] = 'local'
for key, name in (('engines', 'Sightline'), ('books', os.environ['BOOK_NAME'])):
    if name not in conf[key]:
        conf[key].append(name)
json.dump(conf, open(path, 'w'), indent=4)
EOF
}

running() { [[ -f $state/$1.pid ]] && kill -0 "$(cat "$state/$1.pid")" 2>/dev/null; }

start() { # name, then the command; its own process group, so that down ends its children too
  running "$1" && return
  local name=$1; shift
  setsid "$@" >"$state/$name.log" 2>&1 &
  echo $! >"$state/$name.pid"
}

wait_http() {
  for _ in $(seq 60); do
    curl -fsS -o /dev/null "$1" 2>/dev/null && return
    sleep 1
  done
  die "$1 did not answer; see $state/*.log"
}

django() { (cd "$OB_DIR" && $PY manage.py "$@"); }
shell() { (cd "$OB_DIR" && $PY manage.py shell <"$repo/tools/openbench/local_test.py"); }

up() {
  checkouts
  packages
  mkdir -p "$state"
  configure
  django migrate --noinput >"$state/migrate.log" 2>&1 || { cat "$state/migrate.log" >&2; exit 1; }
  OB_ACTION=user shell
  # A plain file server, but the client asks for GitHub-style addresses with a
  # slash after the file's name (.../archive/local.zip/), which it ignores.
  start files $PY -c 'import functools, http.server as h, os, sys
class Files(h.SimpleHTTPRequestHandler):
    def translate_path(self, path):
        return super().translate_path(path).rstrip("/")
h.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), functools.partial(Files, directory=sys.argv[1])).serve_forever()' "$www" "$FILES_PORT"
  (cd "$OB_DIR" && start django $PY manage.py runserver --noreload "127.0.0.1:$OB_PORT")
  wait_http "$files/"
  wait_http "$server/index/"
  echo "OpenBench: $server (login $OB_USER / $OB_PASSWORD)"
}

# Serves commit $2's source as GitHub's zipball would be, builds it from that
# archive as the client will, and exports what the test's form needs.
commit() {
  local side=$1 ref=$2 sha dir bench
  sha=$(git -C "$repo" rev-parse "$ref^{commit}")
  local zip=$www/repos/sightline-chess/sightline/zipball/$sha
  mkdir -p "$(dirname "$zip")"
  [[ -f $zip ]] || git -C "$repo" archive --format=zip --prefix="sightline-${sha:0:7}/" "$sha" >"$zip"
  dir=$(mktemp -d)
  (cd "$dir" && $PY -m zipfile -e "$zip" . && cd sightline-* && make -s EXE="$dir/sightline" >/dev/null)
  bench=$("$dir/sightline" bench 2>&1 | tail -1 | cut -d' ' -f1)
  rm -rf "$dir"
  export "OB_${side}_SHA=$sha" "OB_${side}_NAME=$ref" "OB_${side}_BENCH=$bench" \
    "OB_${side}_SOURCE=${zip/#$www/$files}" "OB_${side}_INFO=$(git -C "$repo" log -1 --format=%s "$sha")"
  echo "$side: $ref ${sha:0:8} bench $bench"
}

test_run() {
  local dev=${1:-main} base=${2:-main~1} id
  up
  commit DEV "$dev"
  commit BASE "$base"
  id=$(OB_ACTION=create OB_TC=$TC OB_GAMES=$GAMES OB_BOOK=$(basename "$BOOK") shell | tail -1)
  echo "test $id: $server/test/$id/"
  touch /tmp/cores-busy
  trap 'stop client; rm -f /tmp/cores-busy' EXIT
  (cd "$OB_DIR/Client" && start client $PY client.py -U "$OB_USER" -P "$OB_PASSWORD" -S "$server" \
    --no-client-downloads -T "$THREADS" -N 1 -I local)
  until [[ $(OB_ACTION=status OB_TEST=$id shell) == finished* ]]; do
    running client || die "the client stopped; see $state/client.log"
    sleep 15
  done
  OB_ACTION=status OB_TEST=$id shell | tail -n +2
  grep -i 'warning' "$state/client.log" | sort | uniq -c || true
}

stop() {
  running "$1" || return 0
  kill -- "-$(cat "$state/$1.pid")" 2>/dev/null || true
  rm -f "$state/$1.pid"
}

shot() {
  local id=${1:?test id} png=${2:-$repo/docs/screenshots/openbench-test.png} profile
  command -v chromium >/dev/null || die "install chromium (Debian's package) for screenshots"
  profile=$(mktemp -d)
  chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir="$profile" \
    --hide-scrollbars --window-size=1060,1060 --screenshot="$png" "$server/test/$id/" 2>/dev/null
  rm -rf "$profile"
  # A third of the size, where Debian's pngquant is installed.
  if command -v pngquant >/dev/null; then pngquant --force --strip --quality 60-85 -o "$png" "$png"; fi
  echo "$png"
}

case ${1:-} in
  up) up ;;
  test) shift; test_run "$@" ;;
  shot) shift; shot "$@" ;;
  down) stop django; stop files ;;
  *) sed -n '7,11s/^# //p' "$0" >&2; exit 2 ;;
esac
