//go:build amd64 && !purego

package search

import "unsafe"

// prefetch asks the processor to bring the cache line at addr into its
// caches, without waiting for it (PREFETCHT0, prefetch_amd64.s). A hint:
// it never faults and changes nothing a program can observe but time.
//
//go:noescape
func prefetch(addr unsafe.Pointer)
