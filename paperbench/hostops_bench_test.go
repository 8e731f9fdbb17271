package paperbench

import "testing"

// BenchmarkHostOps measures what the queen-query benchmarks are made of on
// the machine at hand: how fast it runs the instructions that set direct
// lookup and magic apart. Each op is eight independent operations (eight
// chains, so throughput, not latency, is timed), except "imul-latency", which
// is four multiplies in one chain. Divide ns/op by 8 (or 4) for one
// instruction, from cpu-ns/op on a shared machine; docs/paper.md compares
// the figures with the core's clock.
//
// A direct-lookup queen costs three multiplies, three shifts by a constant
// and one shift by a count held in a register (the rank's index); a
// fancy-magic queen, two multiplies and two shifts by a count. Where a multiply costs more than its nominal one per cycle (a busy
// sibling hyperthread, for one), direct lookup loses more than magic.
//
// The eight values are separate variables, not an array: Go keeps only
// scalars in registers, and an array would time loads and stores instead.
func BenchmarkHostOps(b *testing.B) {
	b.Run("imul", func(b *testing.B) {
		a0, a1, a2, a3, a4, a5, a6, a7 := seeds()
		m := hostOpsZero | 0x9E3779B97F4A7C15
		defer cpuTimer(b)()
		for range b.N {
			a0 *= m
			a1 *= m
			a2 *= m
			a3 *= m
			a4 *= m
			a5 *= m
			a6 *= m
			a7 *= m
		}
		keep(a0, a1, a2, a3, a4, a5, a6, a7)
	})
	b.Run("imul-latency", func(b *testing.B) {
		a0, a1, a2, a3, a4, a5, a6, a7 := seeds()
		m := hostOpsZero | 0x9E3779B97F4A7C15
		defer cpuTimer(b)()
		for range b.N {
			a0 *= m
			a0 *= m
			a0 *= m
			a0 *= m
		}
		keep(a0, a1, a2, a3, a4, a5, a6, a7)
	})
	b.Run("shift-constant", func(b *testing.B) {
		a0, a1, a2, a3, a4, a5, a6, a7 := seeds()
		defer cpuTimer(b)()
		for range b.N {
			a0 >>= 3
			a1 >>= 3
			a2 >>= 3
			a3 >>= 3
			a4 >>= 3
			a5 >>= 3
			a6 >>= 3
			a7 >>= 3
		}
		keep(a0, a1, a2, a3, a4, a5, a6, a7)
	})
	b.Run("shift-variable", func(b *testing.B) {
		a0, a1, a2, a3, a4, a5, a6, a7 := seeds()
		c := hostOpsZero | 3
		defer cpuTimer(b)()
		for range b.N {
			a0 >>= c & 63
			a1 >>= c & 63
			a2 >>= c & 63
			a3 >>= c & 63
			a4 >>= c & 63
			a5 >>= c & 63
			a6 >>= c & 63
			a7 >>= c & 63
		}
		keep(a0, a1, a2, a3, a4, a5, a6, a7)
	})
	b.Run("add", func(b *testing.B) {
		a0, a1, a2, a3, a4, a5, a6, a7 := seeds()
		m := hostOpsZero | 0x9E3779B97F4A7C15
		defer cpuTimer(b)()
		for range b.N {
			a0 += m
			a1 += m
			a2 += m
			a3 += m
			a4 += m
			a5 += m
			a6 += m
			a7 += m
		}
		keep(a0, a1, a2, a3, a4, a5, a6, a7)
	})
}

// hostOpsZero is always zero; reading it keeps the compiler from folding the
// benchmarks' operands into constants.
var hostOpsZero uint64

// seeds returns eight distinct odd starting values.
func seeds() (a0, a1, a2, a3, a4, a5, a6, a7 uint64) { return 3, 5, 7, 9, 11, 13, 15, 17 }

// keep stores the results where the compiler cannot drop the loops.
func keep(a0, a1, a2, a3, a4, a5, a6, a7 uint64) {
	benchSink = a0 ^ a1 ^ a2 ^ a3 ^ a4 ^ a5 ^ a6 ^ a7
}
