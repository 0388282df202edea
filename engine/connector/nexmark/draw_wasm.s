#include "go_asm.h"
#include "textflag.h"

// NEXT draws: seed (R0) += gamma (R1), and mix32's 64-bit product of it
// in R5 (its top 32 bits are the draw).
#define NEXT \
	Get R0; Get R1; I64Add; Tee R0; \
	Get R0; I64Const $33; I64ShrU; I64Xor; I64Const $7109453100751455733; I64Mul; Tee R5; \
	Get R5; I64Const $28; I64ShrU; I64Xor; I64Const $-3808689974395783757; I64Mul; Set R5

// func drawSpaced(seed, gamma uint64, n int) (end uint64, first, last int, ok bool)
//
// The loop of stringLength (strings.go) in WebAssembly's own control flow:
// Go's compiler sends every branch of a loop through the function's jump
// table, which made a character cost several indirect jumps. Registers:
// R0 seed, R1 gamma, R2 n, R3 k, R4 first, R9 last, R5 the mix, R7 the
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
	Set R9
	I64Const $1
	Set R8

	Block
	Loop
		// k == n: done.
		Get R3
		Get R2
		I64GeS
		BrIf $1

		// The draw below 13, rejected by nextInt(13) from 2147483637 on:
		// the caller draws the string again, a character at a time.
		NEXT
		Get R5
		I64Const $33
		I64ShrU
		Tee R7
		I64Const $2147483637
		I64GeU
		If
			I64Const $0
			Set R8
			Br $2
		End

		// A letter (not 0 mod 13) draws again, below 26, which
		// rejects from 2147483624 on.
		Get R7
		I64Const $13
		I64RemU
		I64Eqz
		I32Eqz
		If
			NEXT
			Get R5
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
			Set R9
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
	Get R9
	I64Store last+40(FP)
	Get SP
	Get R8
	I64Store8 ok+48(FP)
	RET

// BELOW is splitRandom.below of the positive bound in R2 into R3: a mask
// for a power of two, else the top 31 bits' remainder, drawn again while
// Java rejects it. R4 holds bound - 1.
#define BELOW \
	Get R2; I64Const $1; I64Sub; Set R4; \
	Get R2; Get R4; I64And; I64Eqz; \
	If; \
		NEXT; Get R5; I64Const $32; I64ShrU; Get R4; I64And; Set R3; \
	Else; \
		Loop; \
			NEXT; Get R5; I64Const $33; I64ShrU; Tee R5; Get R2; I64RemU; Set R3; \
			Get R5; Get R3; I64Sub; Get R4; I64Add; I64Const $2147483647; I64GtU; \
			BrIf $0; \
		End; \
	End

#define LOAD32(field) Get R7; I32WrapI64; I64Load32S $field
#define STORE32(field) Set R6; Get R7; I32WrapI64; Get R6; I64Store32 $field

// func drawBid(r *splitRandom, d *bidDraws)
//
// The draws of BidGenerator.nextBid (see generator.bid) in WebAssembly's
// own control flow. Registers: R0 seed, R1 gamma, R2 a bound, R3 a draw,
// R7 d, R8 r, R10 the extra string's size.
TEXT ·drawBid(SB), NOSPLIT, $0-16
	I64Load r+0(FP)
	Set R8
	I64Load d+8(FP)
	Set R7
	Get R8
	I32WrapI64
	I64Load $0
	Set R0
	Get R8
	I32WrapI64
	I64Load $8
	Set R1

	// The auction: hot, or drawn below its bound.
	LOAD32(bidDraws_hotAuctions)
	Set R2
	BELOW
	Get R3
	I64Eqz
	If
		LOAD32(bidDraws_auctionBound)
		Set R2
		BELOW
		Get R3
		STORE32(bidDraws_auction)
	Else
		I64Const $-1
		STORE32(bidDraws_auction)
	End

	// The bidder.
	LOAD32(bidDraws_hotBidders)
	Set R2
	BELOW
	Get R3
	I64Eqz
	If
		LOAD32(bidDraws_bidderBound)
		Set R2
		BELOW
		Get R3
		STORE32(bidDraws_bidder)
	Else
		I64Const $-1
		STORE32(bidDraws_bidder)
	End

	// The price: nextDouble's 53 bits, from mix64.
	Get R7
	I32WrapI64
	Get R0
	Get R1
	I64Add
	Tee R0
	Get R0
	I64Const $30
	I64ShrU
	I64Xor
	I64Const $-4658895280553007687
	I64Mul
	Tee R5
	Get R5
	I64Const $27
	I64ShrU
	I64Xor
	I64Const $-7723592293110705685
	I64Mul
	Tee R5
	Get R5
	I64Const $31
	I64ShrU
	I64Xor
	I64Const $11
	I64ShrU
	I64Store $bidDraws_price

	// The channel: one of the four hot ones (below 4) or another.
	I64Const $2
	Set R2
	BELOW
	Get R3
	I64Eqz
	If
		I64Const $10000
		Set R2
		BELOW
		Get R3
		I64Const $4
		I64Add
		STORE32(bidDraws_channel)
	Else
		I64Const $4
		Set R2
		BELOW
		Get R3
		STORE32(bidDraws_channel)
	End

	// The extra string's size and, when it is shorter than half the
	// reusable one, its place in it (else off is -1: it is made).
	LOAD32(bidDraws_extra)
	I64Eqz
	I32Eqz
	If
		LOAD32(bidDraws_extraMin)
		Set R10
		LOAD32(bidDraws_extraSpread)
		Tee R2
		I64Eqz
		I32Eqz
		If
			BELOW
			Get R10
			Get R3
			I64Add
			Set R10
		End
		Get R10
		STORE32(bidDraws_size)
		I64Const $-1
		STORE32(bidDraws_off)
		Get R10
		I64Const $1
		I64Shl
		LOAD32(bidDraws_extraLen)
		I64LtS
		If
			LOAD32(bidDraws_extraLen)
			Get R10
			I64Sub
			Set R2
			BELOW
			Get R3
			STORE32(bidDraws_off)
		End
	End

	Get R8
	I32WrapI64
	Get R0
	I64Store $0
	RET
