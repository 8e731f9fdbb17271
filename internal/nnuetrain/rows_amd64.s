//go:build amd64 && !purego

#include "textflag.h"

// AVX2 kernels of the trainer's first layer (rows.go). width is a multiple
// of 64: each pass holds 64 float32 lanes in Y0-Y7 and walks every feature,
// so every lane adds the rows in the features' order, as the Go loops do.

// LOAD8 loads the 64 lanes at base into Y0-Y7.
#define LOAD8(base) \
	VMOVUPS (base), Y0 \
	VMOVUPS 32(base), Y1 \
	VMOVUPS 64(base), Y2 \
	VMOVUPS 96(base), Y3 \
	VMOVUPS 128(base), Y4 \
	VMOVUPS 160(base), Y5 \
	VMOVUPS 192(base), Y6 \
	VMOVUPS 224(base), Y7

// func sumRowsAVX2(h, p *float32, feats *uint16, n, width int)
TEXT ·sumRowsAVX2(SB), NOSPLIT, $0-40
	MOVQ h+0(FP), DI
	MOVQ p+8(FP), SI
	MOVQ feats+16(FP), BX
	MOVQ n+24(FP), CX
	MOVQ width+32(FP), R8
	SHLQ $2, R8 // a row's bytes
	XORQ R9, R9 // the pass's byte offset within a row

pass:
	LEAQ    (DI)(R9*1), R12
	LOAD8(R12)
	MOVQ    BX, R11
	MOVQ    CX, R10

feature:
	MOVWQZX (R11), AX
	IMULQ   R8, AX
	ADDQ    SI, AX
	ADDQ    R9, AX
	VADDPS  (AX), Y0, Y0
	VADDPS  32(AX), Y1, Y1
	VADDPS  64(AX), Y2, Y2
	VADDPS  96(AX), Y3, Y3
	VADDPS  128(AX), Y4, Y4
	VADDPS  160(AX), Y5, Y5
	VADDPS  192(AX), Y6, Y6
	VADDPS  224(AX), Y7, Y7
	ADDQ    $2, R11
	DECQ    R10
	JNZ     feature

	VMOVUPS Y0, (R12)
	VMOVUPS Y1, 32(R12)
	VMOVUPS Y2, 64(R12)
	VMOVUPS Y3, 96(R12)
	VMOVUPS Y4, 128(R12)
	VMOVUPS Y5, 160(R12)
	VMOVUPS Y6, 192(R12)
	VMOVUPS Y7, 224(R12)
	ADDQ    $256, R9
	CMPQ    R9, R8
	JB      pass
	VZEROUPPER
	RET

// func addToRowsAVX2(rows *float32, feats *uint16, n int, d *float32, width int)
TEXT ·addToRowsAVX2(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), SI
	MOVQ feats+8(FP), BX
	MOVQ n+16(FP), CX
	MOVQ d+24(FP), DI
	MOVQ width+32(FP), R8
	SHLQ $2, R8
	XORQ R9, R9

#define ADDTO(off, Yd) \
	VADDPS  off(AX), Yd, Y8 \
	VMOVUPS Y8, off(AX)

pass2:
	LEAQ    (DI)(R9*1), R12
	LOAD8(R12)
	MOVQ    BX, R11
	MOVQ    CX, R10

feature2:
	MOVWQZX (R11), AX
	IMULQ   R8, AX
	ADDQ    SI, AX
	ADDQ    R9, AX
	ADDTO(0, Y0)
	ADDTO(32, Y1)
	ADDTO(64, Y2)
	ADDTO(96, Y3)
	ADDTO(128, Y4)
	ADDTO(160, Y5)
	ADDTO(192, Y6)
	ADDTO(224, Y7)
	ADDQ    $2, R11
	DECQ    R10
	JNZ     feature2

	ADDQ $256, R9
	CMPQ R9, R8
	JB   pass2
	VZEROUPPER
	RET
