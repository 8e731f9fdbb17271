//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels for the net's int16 arithmetic (simd_amd64.go). A row is
// Hidden = 128 int16 lanes, 256 bytes: eight YMM registers. Every lane
// operation wraps modulo 2^16 as Go's int16 does, and the output sums are
// exact int32 sums, so these give bit for bit what the pure-Go path gives.

// func viewAVX2(h *row, cols **row, n int, w *[Hidden]int16) int32
// Adds the n rows cols[0..n-1] to h (in registers; h is not written), then
// returns Σ clamp(x, 0, QA)² × w over the 128 lanes: clamp, multiply by w
// (v·w fits an int16: 255 × 127 < 2^15), then VPMADDWD by v sums pairs of
// v²·w into int32 lanes.
TEXT ·viewAVX2(SB), NOSPLIT, $0-36
	MOVQ h+0(FP), SI
	MOVQ cols+8(FP), BX
	MOVQ n+16(FP), CX
	MOVQ w+24(FP), DI
	VMOVDQU 0(SI), Y0
	VMOVDQU 32(SI), Y1
	VMOVDQU 64(SI), Y2
	VMOVDQU 96(SI), Y3
	VMOVDQU 128(SI), Y4
	VMOVDQU 160(SI), Y5
	VMOVDQU 192(SI), Y6
	VMOVDQU 224(SI), Y7
	TESTQ CX, CX
	JZ    activate

addcols:
	MOVQ   (BX), DX
	VPADDW 0(DX), Y0, Y0
	VPADDW 32(DX), Y1, Y1
	VPADDW 64(DX), Y2, Y2
	VPADDW 96(DX), Y3, Y3
	VPADDW 128(DX), Y4, Y4
	VPADDW 160(DX), Y5, Y5
	VPADDW 192(DX), Y6, Y6
	VPADDW 224(DX), Y7, Y7
	ADDQ   $8, BX
	DECQ   CX
	JNZ    addcols

activate:
	VPXOR        Y8, Y8, Y8
	MOVL         $0x00ff00ff, AX // QA in both halves
	VMOVD        AX, X9
	VPBROADCASTD X9, Y9
	VPXOR        Y10, Y10, Y10

#define SCRELU(Y, off) \
	VPMAXSW  Y8, Y, Y \
	VPMINSW  Y9, Y, Y \
	VPMULLW  off(DI), Y, Y11 \
	VPMADDWD Y11, Y, Y11 \
	VPADDD   Y11, Y10, Y10

	SCRELU(Y0, 0)
	SCRELU(Y1, 32)
	SCRELU(Y2, 64)
	SCRELU(Y3, 96)
	SCRELU(Y4, 128)
	SCRELU(Y5, 160)
	SCRELU(Y6, 192)
	SCRELU(Y7, 224)

	VEXTRACTI128 $1, Y10, X11
	VPADDD       X11, X10, X10
	VPSHUFD      $0x4e, X10, X11
	VPADDD       X11, X10, X10
	VPSHUFD      $0xb1, X10, X11
	VPADDD       X11, X10, X10
	VMOVD        X10, AX
	VZEROUPPER
	MOVL         AX, ret+32(FP)
	RET

// func addSubAVX2(dst, src, a, s *row)
// dst = src + a - s.
TEXT ·addSubAVX2(SB), NOSPLIT, $0-32
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s+24(FP), BX

#define ADDSUB(off) \
	VMOVDQU off(SI), Y0 \
	VPADDW  off(AX), Y0, Y0 \
	VPSUBW  off(BX), Y0, Y0 \
	VMOVDQU Y0, off(DI)

	ADDSUB(0)
	ADDSUB(32)
	ADDSUB(64)
	ADDSUB(96)
	ADDSUB(128)
	ADDSUB(160)
	ADDSUB(192)
	ADDSUB(224)
	VZEROUPPER
	RET

// func addSubSubAVX2(dst, src, a, s1, s2 *row)
// dst = src + a - s1 - s2.
TEXT ·addSubSubAVX2(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ a+16(FP), AX
	MOVQ s1+24(FP), BX
	MOVQ s2+32(FP), DX

#define ADDSUBSUB(off) \
	VMOVDQU off(SI), Y0 \
	VPADDW  off(AX), Y0, Y0 \
	VPSUBW  off(BX), Y0, Y0 \
	VPSUBW  off(DX), Y0, Y0 \
	VMOVDQU Y0, off(DI)

	ADDSUBSUB(0)
	ADDSUBSUB(32)
	ADDSUBSUB(64)
	ADDSUBSUB(96)
	ADDSUBSUB(128)
	ADDSUBSUB(160)
	ADDSUBSUB(192)
	ADDSUBSUB(224)
	VZEROUPPER
	RET
