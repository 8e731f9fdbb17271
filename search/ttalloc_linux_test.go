package search

import (
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestTTHugePageAligned: a table of a huge page or more starts on a huge
// page's boundary (the kernel can back only whole aligned 2 MB pages) and
// works as a table; a smaller one comes from the Go heap.
func TestTTHugePageAligned(t *testing.T) {
	tt := NewTT(16)
	if a := uintptr(unsafe.Pointer(&tt.buckets[0])); a%hugePage != 0 || tt.free == nil {
		t.Errorf("a 16 MB table at %#x (free %v), want it mapped on a %d-byte boundary", a, tt.free != nil, hugePage)
	}
	if got, want := len(tt.buckets), 16<<20/ttBucketBytes; got != want {
		t.Errorf("a 16 MB table has %d buckets, want %d", got, want)
	}
	tt.NewSearch()
	tt.Store(0x0123_4567_89ab_cdef, 0, 0, 25, 30, 5, Lower, false)
	if e, ok := tt.Probe(0x0123_4567_89ab_cdef, 0); !ok || e.score != 25 || e.depth != 5 {
		t.Errorf("Probe = %+v, %v; want the stored entry", e, ok)
	}
	if small := NewTT(1); small.free != nil {
		t.Error("a 1 MB table was mapped apart; want it on the Go heap")
	}
}

// TestTTMappingsFreed: tables mapped apart from the Go heap are given back,
// by Resize and when their TT is collected. Forty 64 MB tables, each
// written through, would hold 2.5 GB if either leaked.
func TestTTMappingsFreed(t *testing.T) {
	if testing.Short() {
		t.Skip("writes 5 GB of tables")
	}
	tt := NewTT(64)
	for range 40 {
		if err := tt.Resize(64); err != nil {
			t.Fatal(err)
		}
		tt.Clear()
		NewTT(64).Clear()
		runtime.GC()
	}
	if rss := residentMB(t); rss > 1024 {
		t.Errorf("after 80 tables of 64 MB, %d MB resident: freed tables still held", rss)
	}
}

// residentMB reads the process's resident memory from /proc/self/status.
func residentMB(t *testing.T) int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmRSS:" {
			kb, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatal(err)
			}
			return kb >> 10
		}
	}
	t.Skip("no VmRSS in /proc/self/status")
	return 0
}
