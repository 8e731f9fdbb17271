//go:build windows

package engine

import (
	"syscall"
	"unsafe"
)

// memoryStatusEx is Windows' MEMORYSTATUSEX.
type memoryStatusEx struct {
	length               uint32
	memoryLoad           uint32
	totalPhys            uint64
	availPhys            uint64
	totalPageFile        uint64
	availPageFile        uint64
	totalVirtual         uint64
	availVirtual         uint64
	availExtendedVirtual uint64
}

var globalMemoryStatusEx = syscall.NewLazyDLL("kernel32.dll").NewProc("GlobalMemoryStatusEx")

// usableMemoryMB returns the memory this process may use, in megabytes, or
// 0 if unknown: the machine's RAM, lowered to the memory the process can
// still commit. Windows commits what Go allocates at once, and a refused
// commit is a fatal error Go cannot recover from.
func usableMemoryMB() int {
	st := memoryStatusEx{length: uint32(unsafe.Sizeof(memoryStatusEx{}))}
	if ok, _, _ := globalMemoryStatusEx.Call(uintptr(unsafe.Pointer(&st))); ok == 0 {
		return 0
	}
	return int(min(st.totalPhys, st.availPageFile) >> 20)
}
