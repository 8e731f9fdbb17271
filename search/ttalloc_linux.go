package search

import (
	"math"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePage is the size of an x86-64 or arm64 transparent huge page.
const hugePage = 2 << 20

// allocBuckets returns n zeroed buckets, and a function that gives their
// memory back. On Linux a table of a huge page or more is mapped by
// itself, aligned to huge pages and marked MADV_HUGEPAGE, so that the
// kernel backs it with 2 MB pages where transparent huge pages are in
// "madvise" mode (Debian's default): the table's probes land on random
// pages far beyond what the TLB maps in 4 kB pages, and each miss costs a
// page walk on top of the memory's own latency.
func allocBuckets(n int) ([]ttBucket, func(), error) {
	size := n * ttBucketBytes
	if size < hugePage || size > math.MaxInt-2*hugePage { // the last: a 32-bit int's end
		return heapBuckets(n)
	}
	mapped := (size + 2*hugePage - 1) &^ (hugePage - 1)
	mem, err := unix.Mmap(-1, 0, mapped, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return heapBuckets(n)
	}
	off := int(-uintptr(unsafe.Pointer(&mem[0])) & (hugePage - 1))
	table := mem[off : off+size]
	_ = unix.Madvise(table, unix.MADV_HUGEPAGE) // a hint: without it, 4 kB pages
	buckets := unsafe.Slice((*ttBucket)(unsafe.Pointer(&table[0])), n)
	return buckets, func() { _ = unix.Munmap(mem) }, nil
}
