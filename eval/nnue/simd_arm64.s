//go:build arm64 && !purego

#include "go_asm.h"
#include "textflag.h"

// NEON kernels for the net's int16 arithmetic (kernels_simd.go), the
// AVX2 kernels' counterparts (simd_amd64.s). A row is lanes int16 lanes, a
// positive multiple of 16 (Hidden): each kernel works through it in blocks
// of 64 lanes (128 bytes, eight 16-byte registers) while they last, then
// sixteen lanes (two registers) at a time. Every lane operation wraps
// modulo 2^16 as Go's int16 does, and the output sums are exact, so these
// give bit for bit what the pure-Go path gives.
//
// Go's assembler has no signed maximum or minimum, integer multiply or
// signed widening add on vectors, so those few are written as their
// encodings (Arm A64, "Advanced SIMD three same" and "three different");
// each macro names the instruction in its assembly form. V16 holds zero,
// V17 QA in every lane, V18 and V19 a block's int32 sums, V20 the int64
// sums of the view kernel.

// SMAX8H: Vd.8H = max(Vn.8H, Vm.8H), signed.
#define SMAX8H(d, n, m) WORD $(0x4E606400 | (m)<<16 | (n)<<5 | (d))
// SMIN8H: Vd.8H = min(Vn.8H, Vm.8H), signed.
#define SMIN8H(d, n, m) WORD $(0x4E606C00 | (m)<<16 | (n)<<5 | (d))
// MUL8H: Vd.8H = Vn.8H × Vm.8H, the low 16 bits of each product.
#define MUL8H(d, n, m) WORD $(0x4E609C00 | (m)<<16 | (n)<<5 | (d))
// SMLAL4S: Vd.4S += Vn.4H × Vm.4H (lanes 0-3), widened, signed.
#define SMLAL4S(d, n, m) WORD $(0x0E608000 | (m)<<16 | (n)<<5 | (d))
// SMLAL24S: Vd.4S += Vn.8H × Vm.8H (lanes 4-7), widened, signed.
#define SMLAL24S(d, n, m) WORD $(0x4E608000 | (m)<<16 | (n)<<5 | (d))
// SADDW2D: Vd.2D = Vn.2D + Vm.2S (lanes 0-1), widened, signed.
#define SADDW2D(d, n, m) WORD $(0x0EA01000 | (m)<<16 | (n)<<5 | (d))
// SADDW22D: Vd.2D = Vn.2D + Vm.4S (lanes 2-3), widened, signed.
#define SADDW22D(d, n, m) WORD $(0x4EA01000 | (m)<<16 | (n)<<5 | (d))

// ADD8 adds V8-V15 to V0-V7, lane by lane; SUB8 subtracts them.
#define ADD8 \
	VADD V8.H8, V0.H8, V0.H8   \
	VADD V9.H8, V1.H8, V1.H8   \
	VADD V10.H8, V2.H8, V2.H8  \
	VADD V11.H8, V3.H8, V3.H8  \
	VADD V12.H8, V4.H8, V4.H8  \
	VADD V13.H8, V5.H8, V5.H8  \
	VADD V14.H8, V6.H8, V6.H8  \
	VADD V15.H8, V7.H8, V7.H8

#define SUB8 \
	VSUB V8.H8, V0.H8, V0.H8   \
	VSUB V9.H8, V1.H8, V1.H8   \
	VSUB V10.H8, V2.H8, V2.H8  \
	VSUB V11.H8, V3.H8, V3.H8  \
	VSUB V12.H8, V4.H8, V4.H8  \
	VSUB V13.H8, V5.H8, V5.H8  \
	VSUB V14.H8, V6.H8, V6.H8  \
	VSUB V15.H8, V7.H8, V7.H8

// LOAD8 loads the 64 lanes at R into V8-V15 and moves R past them.
#define LOAD8(R) \
	VLD1.P 64(R), [V8.H8, V9.H8, V10.H8, V11.H8]  \
	VLD1.P 64(R), [V12.H8, V13.H8, V14.H8, V15.H8]

// SCRELU adds ⌊clamp(x, 0, QA)²/2⌋ × w over the eight lanes x of V<x>
// (named twice: by register for Go's instructions, by number for the
// encodings) to V18 (lanes 0-3) and V19 (lanes 4-7), w the lanes of V<w>:
// clamp, square (v² < 2^16, so the low half of the product is all of it),
// halve (logically: v² may pass 2^15) so that it is a non-negative int16,
// then multiply by w and add, widened to int32.
#define SCRELU(V, x, w) \
	SMAX8H(x, x, 16)             \
	SMIN8H(x, x, 17)             \
	MUL8H(x, x, x)               \
	VUSHR $1, V.H8, V.H8         \
	SMLAL4S(18, x, w)            \
	SMLAL24S(19, x, w)

// BLOCKSUM adds V18 and V19, a block's int32 sums, to V20's two int64
// lanes. A block's sums stay far inside an int32: 64 lanes make 16 terms
// to a lane, each at most ⌊QA²/2⌋ × 511 in size.
#define BLOCKSUM \
	VADD V19.S4, V18.S4, V18.S4  \
	SADDW2D(20, 20, 18)          \
	SADDW22D(20, 20, 18)

// func viewSIMD(h, table *uint64, cols *uint16, n int, w *int16, lanes int) int64
// Adds to h the n rows of table numbered cols[0..n-1] (in registers; h is
// not written), then returns Σ ⌊clamp(x, 0, QA)²/2⌋ × w over the lanes.
// Block by block, the columns are walked once per block; COLUMN finds a
// column's block: table + number × the row's bytes (R10) + the block's
// byte offset in a row (R9).
#define COLUMN \
	MOVHU.P 2(R7), R11  \
	MUL     R10, R11, R11 \
	ADD     R1, R11, R11  \
	ADD     R9, R11, R11

TEXT ·viewSIMD(SB), NOSPLIT|NOFRAME, $0-56
	MOVD h+0(FP), R0
	MOVD table+8(FP), R1
	MOVD cols+16(FP), R2
	MOVD n+24(FP), R3
	MOVD w+32(FP), R4
	MOVD lanes+40(FP), R5 // lanes still to do
	LSL  $1, R5, R10
	MOVD ZR, R9
	VEOR V16.B16, V16.B16, V16.B16
	MOVD $const_QA, R6
	VDUP R6, V17.H8
	VEOR V20.B16, V20.B16, V20.B16
	CMP  $64, R5
	BLT  step

block:
	ADD    R9, R0, R6
	VLD1.P 64(R6), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1   (R6), [V4.H8, V5.H8, V6.H8, V7.H8]
	MOVD   R2, R7
	MOVD   R3, R8
	CBZ    R8, activate

cols:
	COLUMN
	LOAD8(R11)
	ADD8
	SUBS $1, R8, R8
	BNE  cols

activate:
	LOAD8(R4)
	VEOR V18.B16, V18.B16, V18.B16
	VEOR V19.B16, V19.B16, V19.B16
	SCRELU(V0, 0, 8)
	SCRELU(V1, 1, 9)
	SCRELU(V2, 2, 10)
	SCRELU(V3, 3, 11)
	SCRELU(V4, 4, 12)
	SCRELU(V5, 5, 13)
	SCRELU(V6, 6, 14)
	SCRELU(V7, 7, 15)
	BLOCKSUM
	ADD  $128, R9, R9
	SUB  $64, R5, R5
	CMP  $64, R5
	BGE  block
	CBZ  R5, done

step:
	ADD  R9, R0, R6
	VLD1 (R6), [V0.H8, V1.H8]
	MOVD R2, R7
	MOVD R3, R8
	CBZ  R8, activate1

cols1:
	COLUMN
	VLD1 (R11), [V8.H8, V9.H8]
	VADD V8.H8, V0.H8, V0.H8
	VADD V9.H8, V1.H8, V1.H8
	SUBS $1, R8, R8
	BNE  cols1

activate1:
	VLD1.P 32(R4), [V8.H8, V9.H8]
	VEOR   V18.B16, V18.B16, V18.B16
	VEOR   V19.B16, V19.B16, V19.B16
	SCRELU(V0, 0, 8)
	SCRELU(V1, 1, 9)
	BLOCKSUM
	ADD    $32, R9, R9
	SUBS   $16, R5, R5
	BNE    step

done:
	VMOV V20.D[0], R6
	VMOV V20.D[1], R7
	ADD  R7, R6, R6
	MOVD R6, ret+48(FP)
	RET

// The update kernels. Each has two entries, as on amd64: the row's
// (addSub, addSubSub: rows of Hidden lanes), which jumps to the pure-Go
// path with its own arguments when useSIMD is off, and the tests'
// (addSubSIMD, addSubSubSIMD), which takes any width; both load the
// arguments into registers and jump to the one body. A body loads each
// block before it stores it, so dst may be src.

// func addSub(dst, src, a, s *row)
TEXT ·addSub(SB), NOSPLIT|NOFRAME, $0-32
	MOVBU ·useSIMD(SB), R5
	CBZ   R5, lanes
	MOVD  dst+0(FP), R0
	MOVD  src+8(FP), R1
	MOVD  a+16(FP), R2
	MOVD  s+24(FP), R3
	MOVD  $const_Hidden, R4
	B     addSubBody<>(SB)

lanes:
	B ·addSubRow(SB)

// func addSubSIMD(dst, src, a, s *uint64, lanes int)
TEXT ·addSubSIMD(SB), NOSPLIT|NOFRAME, $0-40
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD a+16(FP), R2
	MOVD s+24(FP), R3
	MOVD lanes+32(FP), R4
	B    addSubBody<>(SB)

// addSubBody sets the row at R0 to the rows R1 + R2 - R3, R4 lanes (a
// positive multiple of 16), and returns to the entry's caller.
TEXT addSubBody<>(SB), NOSPLIT|NOFRAME, $0-0
	CMP $64, R4
	BLT step

block:
	VLD1.P 64(R1), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R1), [V4.H8, V5.H8, V6.H8, V7.H8]
	LOAD8(R2)
	ADD8
	LOAD8(R3)
	SUB8
	VST1.P [V0.H8, V1.H8, V2.H8, V3.H8], 64(R0)
	VST1.P [V4.H8, V5.H8, V6.H8, V7.H8], 64(R0)
	SUB    $64, R4, R4
	CMP    $64, R4
	BGE    block
	CBZ    R4, done

step:
	VLD1.P 32(R1), [V0.H8, V1.H8]
	VLD1.P 32(R2), [V8.H8, V9.H8]
	VLD1.P 32(R3), [V10.H8, V11.H8]
	VADD   V8.H8, V0.H8, V0.H8
	VADD   V9.H8, V1.H8, V1.H8
	VSUB   V10.H8, V0.H8, V0.H8
	VSUB   V11.H8, V1.H8, V1.H8
	VST1.P [V0.H8, V1.H8], 32(R0)
	SUBS   $16, R4, R4
	BNE    step

done:
	RET

// func addSubSub(dst, src, a, s1, s2 *row)
TEXT ·addSubSub(SB), NOSPLIT|NOFRAME, $0-40
	MOVBU ·useSIMD(SB), R6
	CBZ   R6, lanes
	MOVD  dst+0(FP), R0
	MOVD  src+8(FP), R1
	MOVD  a+16(FP), R2
	MOVD  s1+24(FP), R3
	MOVD  s2+32(FP), R5
	MOVD  $const_Hidden, R4
	B     addSubSubBody<>(SB)

lanes:
	B ·addSubSubRow(SB)

// func addSubSubSIMD(dst, src, a, s1, s2 *uint64, lanes int)
TEXT ·addSubSubSIMD(SB), NOSPLIT|NOFRAME, $0-48
	MOVD dst+0(FP), R0
	MOVD src+8(FP), R1
	MOVD a+16(FP), R2
	MOVD s1+24(FP), R3
	MOVD s2+32(FP), R5
	MOVD lanes+40(FP), R4
	B    addSubSubBody<>(SB)

// addSubSubBody sets the row at R0 to the rows R1 + R2 - R3 - R5, R4
// lanes (a positive multiple of 16), and returns to the entry's caller.
TEXT addSubSubBody<>(SB), NOSPLIT|NOFRAME, $0-0
	CMP $64, R4
	BLT step

block:
	VLD1.P 64(R1), [V0.H8, V1.H8, V2.H8, V3.H8]
	VLD1.P 64(R1), [V4.H8, V5.H8, V6.H8, V7.H8]
	LOAD8(R2)
	ADD8
	LOAD8(R3)
	SUB8
	LOAD8(R5)
	SUB8
	VST1.P [V0.H8, V1.H8, V2.H8, V3.H8], 64(R0)
	VST1.P [V4.H8, V5.H8, V6.H8, V7.H8], 64(R0)
	SUB    $64, R4, R4
	CMP    $64, R4
	BGE    block
	CBZ    R4, done

step:
	VLD1.P 32(R1), [V0.H8, V1.H8]
	VLD1.P 32(R2), [V8.H8, V9.H8]
	VLD1.P 32(R3), [V10.H8, V11.H8]
	VLD1.P 32(R5), [V12.H8, V13.H8]
	VADD   V8.H8, V0.H8, V0.H8
	VADD   V9.H8, V1.H8, V1.H8
	VSUB   V10.H8, V0.H8, V0.H8
	VSUB   V11.H8, V1.H8, V1.H8
	VSUB   V12.H8, V0.H8, V0.H8
	VSUB   V13.H8, V1.H8, V1.H8
	VST1.P [V0.H8, V1.H8], 32(R0)
	SUBS   $16, R4, R4
	BNE    step

done:
	RET
