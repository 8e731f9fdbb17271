//go:build !linux

package search

// allocBuckets returns n zeroed buckets from the Go heap, and no function
// to free them: the collector does. (On Linux, ttalloc_linux.go asks for
// huge pages.)
func allocBuckets(n int) ([]ttBucket, func(), error) { return heapBuckets(n) }
