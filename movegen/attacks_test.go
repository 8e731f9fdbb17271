package movegen

import (
	"testing"
	"unsafe"
)

// TestSquareLinesLayout checks what the lookups' speed rests on (see
// squareLines): every square has its own record, and each of its four rows
// starts on a 64-byte cache line.
func TestSquareLinesLayout(t *testing.T) {
	if size := unsafe.Sizeof(squareLines{}); size%64 != 0 {
		t.Errorf("squareLines is %d bytes, want a multiple of 64", size)
	}
	seen := map[*squareLines]Square{}
	for s := Square(0); s < 64; s++ {
		l := bySquare[s]
		if other, dup := seen[l]; dup {
			t.Fatalf("bySquare[%s] and bySquare[%s] share a record", s, other)
		}
		seen[l] = s
		for k := lineRank; k <= lineNW; k++ {
			if _, row := k.parts(s); uintptr(unsafe.Pointer(row))%64 != 0 {
				t.Errorf("row %d of %s starts at %p, not on a cache line", k, s, row)
			}
		}
	}
}
