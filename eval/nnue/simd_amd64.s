//go:build amd64 && !purego

#include "go_asm.h"
#include "textflag.h"

// AVX2 kernels for the net's int16 arithmetic (kernels_simd.go). A row is
// lanes int16 lanes, a positive multiple of 16 (Hidden): each kernel works
// through it in blocks of 128 lanes (256 bytes, eight YMM registers) while
// they last, then sixteen lanes (one register) at a time. Every lane
// operation wraps modulo 2^16 as Go's int16 does, and the output sums are
// exact, so these give bit for bit what the pure-Go path gives.

// LOAD8 loads the 128 lanes at p into Y0-Y7.
#define LOAD8(p) \
	VMOVDQU 0(p), Y0 \
	VMOVDQU 32(p), Y1 \
	VMOVDQU 64(p), Y2 \
	VMOVDQU 96(p), Y3 \
	VMOVDQU 128(p), Y4 \
	VMOVDQU 160(p), Y5 \
	VMOVDQU 192(p), Y6 \
	VMOVDQU 224(p), Y7

// ADD8 adds the 128 lanes at p to Y0-Y7.
#define ADD8(p) \
	VPADDW 0(p), Y0, Y0 \
	VPADDW 32(p), Y1, Y1 \
	VPADDW 64(p), Y2, Y2 \
	VPADDW 96(p), Y3, Y3 \
	VPADDW 128(p), Y4, Y4 \
	VPADDW 160(p), Y5, Y5 \
	VPADDW 192(p), Y6, Y6 \
	VPADDW 224(p), Y7, Y7

// SCRELU adds Σ ⌊clamp(x, 0, QA)²/2⌋ × w over the sixteen lanes x of Y to
// the eight int32 lanes of Y10 (Y8: zero, Y9: QA in every lane, DI: w):
// clamp, square (v² < 2^16, so the low half of the product is all of it),
// halve (logically: v² may pass 2^15) so that it fits an int16, then
// VPMADDWD by w sums pairs of ⌊v²/2⌋·w into int32 lanes.
#define SCRELU(Y, off) \
	VPMAXSW  Y8, Y, Y \
	VPMINSW  Y9, Y, Y \
	VPMULLW  Y, Y, Y \
	VPSRLW   $1, Y, Y \
	VPMADDWD off(DI), Y, Y11 \
	VPADDD   Y11, Y10, Y10

// SCRELU8 sets Y10 to the sum of Y0-Y7's 128 lanes' activations times w.
#define SCRELU8 \
	VPXOR Y10, Y10, Y10 \
	SCRELU(Y0, 0) \
	SCRELU(Y1, 32) \
	SCRELU(Y2, 64) \
	SCRELU(Y3, 96) \
	SCRELU(Y4, 128) \
	SCRELU(Y5, 160) \
	SCRELU(Y6, 192) \
	SCRELU(Y7, 224)

// REDUCE sums the eight int32 lanes of Y10 into AX, sign-extended. They
// sum the terms of at most 128 lanes, each at most ⌊QA²/2⌋ × 511 in size,
// so even the int32 sum is exact (network.go checks it); the kernel adds
// the blocks' sums in int64.
#define REDUCE \
	VEXTRACTI128 $1, Y10, X11 \
	VPADDD       X11, X10, X10 \
	VPSHUFD      $0x4e, X10, X11 \
	VPADDD       X11, X10, X10 \
	VPSHUFD      $0xb1, X10, X11 \
	VPADDD       X11, X10, X10 \
	VMOVD        X10, AX \
	MOVLQSX      AX, AX

// func viewSIMD(h, table *uint64, cols *uint16, n int, w *int16, lanes int) int64
// Adds to h the n rows of table numbered cols[0..n-1] (in registers; h is
// not written), then returns Σ ⌊clamp(x, 0, QA)²/2⌋ × w over the lanes, in
// R10 until the end. COLUMN finds a row: R8 + number × lanes × 2 bytes.
// Block by block, the columns are walked once per block. The first block
// is written apart, so that at Hidden = 128 (the whole row) the kernel does
// little more than a kernel of exactly 128 lanes: its columns need no
// offset, and the loops of the blocks after it read their arguments again.
#define COLUMN(list) \
	MOVWQZX (list), DX          \
	IMULQ   lanes+40(FP), DX    \
	LEAQ    (R8)(DX*2), DX

TEXT ·viewSIMD(SB), NOSPLIT, $0-56
	MOVQ         h+0(FP), SI
	MOVQ         table+8(FP), R8
	MOVQ         cols+16(FP), BX
	MOVQ         n+24(FP), CX
	MOVQ         w+32(FP), DI
	MOVQ         lanes+40(FP), R11 // lanes still to do
	VPXOR        Y8, Y8, Y8
	MOVL         $0x00ff00ff, AX   // QA in both halves
	VMOVD        AX, X9
	VPBROADCASTD X9, Y9
	CMPQ         R11, $128
	JB           narrow

	LOAD8(SI)
	TESTQ CX, CX
	JZ    activate0

cols0:
	COLUMN(BX)
	ADD8(DX)
	ADDQ $2, BX
	DECQ CX
	JNZ  cols0

activate0:
	SCRELU8
	REDUCE
	MOVQ AX, R10 // the sum
	SUBQ $128, R11
	JZ   done
	XORQ R9, R9  // the lanes' byte offset in a row

blocks:
	ADDQ  $256, SI
	ADDQ  $256, DI
	ADDQ  $256, R9
	CMPQ  R11, $128
	JB    steps
	LOAD8(SI)
	MOVQ  cols+16(FP), R12
	MOVQ  n+24(FP), R13
	TESTQ R13, R13
	JZ    activate

cols:
	COLUMN(R12)
	ADDQ R9, DX
	ADD8(DX)
	ADDQ $2, R12
	DECQ R13
	JNZ  cols

activate:
	SCRELU8
	REDUCE
	ADDQ AX, R10
	SUBQ $128, R11
	JNZ  blocks
	JMP  done

narrow: // fewer than 128 lanes in all
	XORQ R10, R10
	XORQ R9, R9

steps:
	VPXOR Y10, Y10, Y10

step:
	VMOVDQU (SI), Y0
	MOVQ    cols+16(FP), R12
	MOVQ    n+24(FP), R13
	TESTQ   R13, R13
	JZ      activate1

cols1:
	COLUMN(R12)
	VPADDW (DX)(R9*1), Y0, Y0
	ADDQ   $2, R12
	DECQ   R13
	JNZ    cols1

activate1:
	SCRELU(Y0, 0)
	ADDQ $32, SI
	ADDQ $32, DI
	ADDQ $32, R9
	SUBQ $16, R11
	JNZ  step
	REDUCE
	ADDQ AX, R10

done:
	VZEROUPPER
	MOVQ R10, ret+48(FP)
	RET

// The update kernels. Each has two entries: the row's (addSub, addSubSub:
// rows of Hidden lanes, kernels_simd.go), which takes the pure-Go path,
// jumping to it with its own arguments, when useSIMD is off, and the tests'
// (addSubSIMD, addSubSubSIMD), which takes any width; both load the
// arguments into registers and jump to the one body.

// func addSub(dst, src, a, s *row)
TEXT ·addSub(SB), NOSPLIT, $0-32
	CMPB ·useSIMD(SB), $0
	JEQ  lanes
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX
	MOVQ $const_Hidden, CX
	JMP  addSubBody<>(SB)

lanes:
	JMP ·addSubRow(SB)

// func addSubSIMD(dst, src, a, s *uint64, lanes int)
TEXT ·addSubSIMD(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX
	MOVQ lanes+32(FP), CX
	JMP  addSubBody<>(SB)

// addSubBody sets the row at DI to the rows SI + AX - BX, CX lanes (a
// positive multiple of 16), and returns to the entry's caller.
TEXT addSubBody<>(SB), NOSPLIT|NOFRAME, $0-0
#define ADDSUB(off) \
	VMOVDQU off(SI), Y0 \
	VPADDW  off(AX), Y0, Y0 \
	VPSUBW  off(BX), Y0, Y0 \
	VMOVDQU Y0, off(DI)

	CMPQ CX, $128
	JB   step

block:
	ADDSUB(0)
	ADDSUB(32)
	ADDSUB(64)
	ADDSUB(96)
	ADDSUB(128)
	ADDSUB(160)
	ADDSUB(192)
	ADDSUB(224)
	SUBQ $128, CX
	JZ   done
	ADDQ $256, DI
	ADDQ $256, SI
	ADDQ $256, AX
	ADDQ $256, BX
	CMPQ CX, $128
	JAE  block

step:
	ADDSUB(0)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, AX
	ADDQ $32, BX
	SUBQ $16, CX
	JNZ  step

done:
	VZEROUPPER
	RET

// func addSubSub(dst, src, a, s1, s2 *row)
TEXT ·addSubSub(SB), NOSPLIT, $0-40
	CMPB ·useSIMD(SB), $0
	JEQ  lanes
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ s2+32(FP), DX
	MOVQ $const_Hidden, CX
	JMP  addSubSubBody<>(SB)

lanes:
	JMP ·addSubSubRow(SB)

// func addSubSubSIMD(dst, src, a, s1, s2 *uint64, lanes int)
TEXT ·addSubSubSIMD(SB), NOSPLIT, $0-48
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ s2+32(FP), DX
	MOVQ lanes+40(FP), CX
	JMP  addSubSubBody<>(SB)

// addSubSubBody sets the row at DI to the rows SI + AX - BX - DX, CX lanes
// (a positive multiple of 16), and returns to the entry's caller.
TEXT addSubSubBody<>(SB), NOSPLIT|NOFRAME, $0-0
#define ADDSUBSUB(off) \
	VMOVDQU off(SI), Y0 \
	VPADDW  off(AX), Y0, Y0 \
	VPSUBW  off(BX), Y0, Y0 \
	VPSUBW  off(DX), Y0, Y0 \
	VMOVDQU Y0, off(DI)

	CMPQ CX, $128
	JB   step

block:
	ADDSUBSUB(0)
	ADDSUBSUB(32)
	ADDSUBSUB(64)
	ADDSUBSUB(96)
	ADDSUBSUB(128)
	ADDSUBSUB(160)
	ADDSUBSUB(192)
	ADDSUBSUB(224)
	SUBQ $128, CX
	JZ   done
	ADDQ $256, DI
	ADDQ $256, SI
	ADDQ $256, AX
	ADDQ $256, BX
	ADDQ $256, DX
	CMPQ CX, $128
	JAE  block

step:
	ADDSUBSUB(0)
	ADDQ $32, DI
	ADDQ $32, SI
	ADDQ $32, AX
	ADDQ $32, BX
	ADDQ $32, DX
	SUBQ $16, CX
	JNZ  step

done:
	VZEROUPPER
	RET
