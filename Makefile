# Sightline. `make` builds; `make test` is the README's test command, and CI runs it after `make lint`.
EXE     ?= sightline
GO      ?= go
GOFLAGS ?=

# OpenBench builds with `make -jN EXE=path`, adding CC= or CXX= with the
# compiler it was told the engine needs (for Go, "go"). That is not a C
# compiler, so it is kept away from cgo, which takes CC from the environment.
unexport CC CXX

.PHONY: all build test test-short bench perft perft-full fuzz lint clean

all: build

# -buildvcs=auto: the commit goes into the binary's version (version.go)
# even where the Go environment turns VCS stamping off.
build:
	$(GO) build -buildvcs=auto $(GOFLAGS) -o $(EXE) .

# The tests CI runs (after make lint); stays well under 15 minutes on 2 cores.
test:
	$(GO) vet ./...
	$(GO) test $(GOFLAGS) -timeout 14m ./...
	$(MAKE) test-race test-variants

# The movegen tests again under the magic and rotated-bitboard builds of the
# whole-engine comparison (docs/paper.md), shortened; the tune build's
# tunables (search/tunables.go) as options; the search tests that count
# inside the search, which only the checking build does (search/check_on.go);
# and the network package at the other widths (-tags hidden128 and
# hidden512), which embed no net: their tests write random nets of their
# width (eval/nnue/nets_test.go), and the engine without a net searches
# with the hand-written evaluation and says so (TestNoEmbeddedNet); the
# network package on its pure-Go path alone (-tags purego), and vet of
# the arm64 build, which checks the NEON kernels' frames (make test-arm64
# runs them).
.PHONY: test-variants
test-variants:
	$(GO) vet -tags magic ./... && $(GO) vet -tags rotated ./... && $(GO) vet -tags tune ./...
	$(GO) test -short -tags magic ./movegen/
	$(GO) test -short -tags rotated ./movegen/
	$(GO) test -tags tune -run 'Tunable|LMRTable|SPSA' ./search/ ./engine/ ./internal/cli/
	$(GO) vet -tags searchcheck ./search/
	$(GO) test -tags searchcheck -run 'Singular|NetAccumulators' ./search/
	$(GO) vet -tags hidden128 ./... && $(GO) test -short -tags hidden128 ./eval/nnue/
	$(GO) vet -tags hidden512 ./... && $(GO) test -short -tags hidden512 ./eval/nnue/
	$(GO) test -tags hidden512 -run 'NoEmbeddedNet' ./engine/
	$(GO) vet -tags purego ./... && $(GO) test -short -tags purego ./eval/nnue/
	GOARCH=arm64 $(GO) vet ./... && GOARCH=arm64 $(GO) vet -tags purego ./eval/nnue/

# The network package (the NEON kernels against plain int16 arithmetic and
# against the pure-Go path), movegen and the search, short, built for arm64
# and run under qemu's user-mode emulator (Debian: qemu-user-static).
# Minutes: emulation is slow. It says nothing of arm64's speed
# (docs/speed.md, "The net's kernels").
QEMU_ARM64 ?= qemu-aarch64-static
.PHONY: test-arm64
test-arm64:
	@command -v $(QEMU_ARM64) >/dev/null || { echo "test-arm64: $(QEMU_ARM64) is not installed (Debian: qemu-user-static)" >&2; exit 2; }
	@mkdir -p bin
	@for p in eval/nnue movegen search; do \
	  t=$(CURDIR)/bin/arm64-$$(basename $$p).test; echo "$$p (arm64, $(QEMU_ARM64))"; \
	  GOARCH=arm64 $(GO) test -c -o $$t ./$$p && (cd $$p && $(QEMU_ARM64) $$t -test.short) || exit 1; \
	done

# The tune build: every search tunable a UCI option, for SPSA (cmd/spsa,
# OpenBench); `sightline spsa-params` prints their SPSA input.
.PHONY: tune-build
tune-build:
	$(GO) build $(GOFLAGS) -tags tune -o $(EXE)-tune .

# An SPSA run's values file (cmd/spsa -values, OpenBench: "name, value" a
# line) written into search/tunables.go's defaults, each checked against
# its range, and the generated files rewritten; then `make bench` for the
# commit's new fingerprint.
.PHONY: spsa-apply
spsa-apply:
	@test -n "$(VALUES)" || { echo "usage: make spsa-apply VALUES=FILE" >&2; exit 2; }
	$(GO) run ./search/internal/tunegen -apply $(VALUES) search

test-short:
	$(GO) test -short ./...

# The threaded search, the engine and the protocol loop under the race
# detector (Threads 2, stop and ponder paths, concurrent jobs, and the tune
# build's tunables set after a threaded search; needs cgo's C compiler).
.PHONY: test-race
test-race:
	@if [ "$$($(GO) env CGO_ENABLED)" = 1 ] && command -v "$$($(GO) env CC)" >/dev/null; then \
	  $(GO) test -race -short -run 'Threads|Stop|Ponder|Prepare|TT|HashFull' ./search/ && \
	  $(GO) test -race -short ./engine/ ./uci/ && \
	  $(GO) test -race -tags tune -run 'Tunable' ./engine/; \
	else echo "test-race: skipped: the race detector needs cgo and a C compiler"; fi

# The engine's fingerprint: node count and speed of the fixed bench.
# Progress goes to stderr; the last line is "N nodes M nps".
bench: build
	$(abspath $(EXE)) bench

# Release binaries for every platform GUIs run on, in dist/:
# dist/sightline-<os>-<arch>[.exe], static (no cgo), paths and symbols stripped,
# named by the release and commit they were built from (version.go) or by VERSION=...
VERSION   ?=
PLATFORMS ?= linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64
.PHONY: release
release:
	@mkdir -p dist
	@for p in $(PLATFORMS); do \
	  os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
	  out=dist/sightline-$$os-$$arch$$ext; echo "$$out"; \
	  CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -buildvcs=auto \
	    -ldflags "-s -w $(if $(VERSION),-X 'main.version=$(VERSION)')" -o $$out . || exit 1; \
	done

# Would a profile-guided build or GOAMD64=v3 make the engine faster? Builds
# both and times them against the plain build (docs/speed.md, "A faster build").
.PHONY: pgo-measure
pgo-measure:
	tools/pgo-measure.sh

# Instructions per bench node of this checkout's build, counted by
# callgrind; with BASE=binary, that build's first and the ratio to it
# (tools/instructions.sh; docs/speed.md, "Counting instructions").
.PHONY: instructions
instructions: build
	tools/instructions.sh $(BASE) ./$(EXE)

# Perft of the three suites to a depth that takes seconds.
perft: build
	$(abspath $(EXE)) perft -epd testdata/cpw_perft.epd -max-depth 5
	$(abspath $(EXE)) perft -epd testdata/perftsuite.epd -max-depth 5
	$(abspath $(EXE)) perft -epd testdata/fischer.epd -max-depth 4

# Every listed depth of every suite: hours, not for CI.
perft-full: build
	$(abspath $(EXE)) perft -epd testdata/cpw_perft.epd
	$(abspath $(EXE)) perft -epd testdata/perftsuite.epd
	$(abspath $(EXE)) perft -epd testdata/fischer.epd

FUZZTIME ?= 30s
# Run each fuzz target for FUZZTIME (the seed corpora run in `make test`).
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for t in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "fuzz $$pkg $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

# staticcheck, a well-kept Go linter, at a pinned version: go run fetches
# and builds it once per machine (a minute), then it runs from the cache.
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2

lint:
	@test -z "$$(gofmt -l .)" || { gofmt -l .; echo "gofmt needed"; exit 1; }
	$(GO) vet ./...
	$(GO) run $(STATICCHECK) ./...

clean:
	rm -rf $(EXE) $(EXE)-tune bin

# The paper's Table 1 and the comparisons it leaves as future work
# (docs/paper.md): legal move generation over the 879 ECM positions, 10 times,
# with each slider method; many rounds, medians, a Markdown table and a chart.
# The second run counts each set of moves instead of writing it, which leaves
# the lookups and the rest of generation. paperbench is a tool of its own
# (cmd/paperbench), never linked into the engine.
.PHONY: paper
paper:
	@mkdir -p bin
	$(GO) build $(GOFLAGS) -o bin/paperbench ./cmd/paperbench
	bin/paperbench -epd testdata/ecm.epd -repeat 10 -rounds 51 -svg docs/paper-table1.svg
	bin/paperbench -epd testdata/ecm.epd -repeat 10 -rounds 51 -count
	tools/paper-engine.sh 5
