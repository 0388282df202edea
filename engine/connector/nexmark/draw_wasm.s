#include "textflag.h"

// func drawSpaced(seed, gamma uint64, n int) (end uint64, first, last int, ok bool)
//
// The loop of stringLength (strings.go) in WebAssembly's own control flow:
// Go's compiler sends every branch of a loop through the function's jump
// table, which made a character cost several indirect jumps. Registers:
// R0 seed, R1 gamma, R2 n, R3 k, R4 first, R5 last, R6 the mix, R7 the
// draw's top 31 bits, R8 ok.
TEXT ·drawSpaced(SB), NOSPLIT, $0-49
	I64Load seed+0(FP)
	Set R0
	I64Load gamma+8(FP)
	Set R1
	I64Load n+16(FP)
	Set R2
	I64Const $0
	Set R3
	I64Const $-1
	Set R4
	I64Const $-1
	Set R5
	I64Const $1
	Set R8

	Block
	Loop
		// k == n: done.
		Get R3
		Get R2
		I64GeS
		BrIf $1

		// The draw below 13: seed += gamma, then mix32's top 31 bits.
		Get R0
		Get R1
		I64Add
		Tee R0
		Get R0
		I64Const $33
		I64ShrU
		I64Xor
		I64Const $7109453100751455733
		I64Mul
		Tee R6
		Get R6
		I64Const $28
		I64ShrU
		I64Xor
		I64Const $-3808689974395783757
		I64Mul
		I64Const $33
		I64ShrU
		Tee R7

		// Rejected by nextInt(13): the caller draws the string again,
		// a character at a time.
		I64Const $2147483637
		I64GeU
		If
			I64Const $0
			Set R8
			Br $2
		End

		// A letter (not 0 mod 13) draws again, below 26.
		Get R7
		I64Const $13
		I64RemU
		I64Eqz
		I32Eqz
		If
			Get R0
			Get R1
			I64Add
			Tee R0
			Get R0
			I64Const $33
			I64ShrU
			I64Xor
			I64Const $7109453100751455733
			I64Mul
			Tee R6
			Get R6
			I64Const $28
			I64ShrU
			I64Xor
			I64Const $-3808689974395783757
			I64Mul
			I64Const $33
			I64ShrU
			I64Const $2147483624
			I64GeU
			If
				I64Const $0
				Set R8
				Br $3
			End
			Get R3
			Set R5
			Get R4
			I64Const $0
			I64LtS
			If
				Get R3
				Set R4
			End
		End

		Get R3
		I64Const $1
		I64Add
		Set R3
		Br $0
	End
	End

	Get SP
	Get R0
	I64Store end+24(FP)
	Get SP
	Get R4
	I64Store first+32(FP)
	Get SP
	Get R5
	I64Store last+40(FP)
	Get SP
	Get R8
	I64Store8 ok+48(FP)
	RET
