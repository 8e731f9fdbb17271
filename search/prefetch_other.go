//go:build !amd64 || purego

package search

import "unsafe"

// prefetch does nothing where there is no assembly for it (arm64, purego
// builds): the table probe then simply waits for memory, as it always did.
func prefetch(addr unsafe.Pointer) {}
