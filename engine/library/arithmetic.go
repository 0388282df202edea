package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the arithmetic operators and functions (Flink's
// "arithmetic" category). The planner builds the operators from their
// syntax (engine/expr's arith.go evaluates them); the functions' code is
// in funcs.go and funcs_math.go.

var (
	fnOpMod = &Function{
		Spec: funcs.Spec{Name: "%", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 % numeric2"},
			Description: "The remainder of numeric1 divided by numeric2, with the sign of numeric1.",
			Examples: []funcs.Example{
				{SQL: "7 % 3", Result: "1"},
				{SQL: "-7 % 3", Result: "-1"},
			},
		},
	}

	fnOpTimes = &Function{
		Spec: funcs.Spec{Name: "*", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 * numeric2"},
			Description: "Multiplies two numbers, in their common type.",
			Examples: []funcs.Example{
				{SQL: "2 * 3", Result: "6"},
			},
		},
	}

	fnOpPlus = &Function{
		Spec: funcs.Spec{Name: "+", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 + numeric2"},
			Description: "Adds two numbers, in their common type; integers wrap around on overflow as in Java.",
			Examples: []funcs.Example{
				{SQL: "1 + 2", Result: "3"},
				{SQL: "2147483647 + 1", Result: "-2147483648"},
			},
		},
	}

	fnOpUnaryPlus = &Function{
		Spec: funcs.Spec{Name: "+ (UNARY)", Category: funcs.Arithmetic,
			Signatures:  []string{"+ numeric"},
			Description: "Returns the number unchanged.",
			Examples: []funcs.Example{
				{SQL: "+5", Result: "5"},
			},
		},
	}

	fnOpMinus = &Function{
		Spec: funcs.Spec{Name: "-", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 - numeric2"},
			Description: "Subtracts numeric2 from numeric1, in their common type.",
			Examples: []funcs.Example{
				{SQL: "5 - 7", Result: "-2"},
			},
		},
	}

	fnOpUnaryMinus = &Function{
		Spec: funcs.Spec{Name: "- (UNARY)", Category: funcs.Arithmetic,
			Signatures:  []string{"- numeric"},
			Description: "Negates a number or an interval; integers wrap around as in Java.",
			Examples: []funcs.Example{
				{SQL: "-(3)", Result: "-3"},
			},
		},
	}

	fnOpDivide = &Function{
		Spec: funcs.Spec{Name: "/", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 / numeric2"},
			Description: "Divides numeric1 by numeric2: integer division for two integers, DECIMAL division with Flink's scale rules otherwise.",
			Examples: []funcs.Example{
				{SQL: "7 / 2", Result: "3"},
				{SQL: "7.0 / 2", Result: "3.500000000000"},
			},
		},
	}

	fnAbs = &Function{
		Spec: funcs.Spec{Name: "ABS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ABS(numeric)"},
			Description: "The absolute value, in the argument's type; integers wrap as Java's do.",
			Examples: []funcs.Example{
				{SQL: "ABS(-7)", Result: "7"},
				{SQL: "ABS(-1.50)", Result: "1.50"},
			},
		},
		Min: 1, Max: 1, Build: buildAbs,
	}

	fnAcos = &Function{
		Spec: funcs.Spec{Name: "ACOS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ACOS(numeric)"},
			Description: "The arc cosine in radians, as a DOUBLE; NaN outside [-1, 1].",
			Examples: []funcs.Example{
				{SQL: "ACOS(1)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnAsin = &Function{
		Spec: funcs.Spec{Name: "ASIN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ASIN(numeric)"},
			Description: "The arc sine in radians, as a DOUBLE; NaN outside [-1, 1].",
			Examples: []funcs.Example{
				{SQL: "ASIN(0)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnAtan = &Function{
		Spec: funcs.Spec{Name: "ATAN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ATAN(numeric)"},
			Description: "The arc tangent in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "ATAN(0)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnAtan2 = &Function{
		Spec: funcs.Spec{Name: "ATAN2", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ATAN2(numeric1, numeric2)"},
			Description: "The angle in radians of the point (numeric2, numeric1): the arc tangent of numeric1 / numeric2 in the right quadrant, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "ATAN2(0, -1)", Result: "3.141592653589793"},
			},
		},
		Min: 2, Max: 2, Build: buildDoubleFunc,
	}

	fnBin = &Function{
		Spec: funcs.Spec{Name: "BIN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"BIN(integer)"},
			Description: "The binary digits of the integer, negative numbers as 64-bit two's complement.",
			Examples: []funcs.Example{
				{SQL: "BIN(12)", Result: "1100"},
			},
		},
		Min: 1, Max: 1, Build: buildBinHex,
	}

	fnCeil = &Function{
		Spec: funcs.Spec{Name: "CEIL", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"CEIL(numeric)", "CEILING(numeric)", "CEIL(timepoint TO timeintervalunit)"},
			Description: "Rounds a number up to an integer value, keeping integer and approximate types and giving DECIMAL(p, 0) for DECIMAL(p, s); or rounds a date-time up to the unit.",
			Examples: []funcs.Example{
				{SQL: "CEIL(1.2)", Result: "2"},
				{SQL: "CEIL(-1.5)", Result: "-1"},
				{SQL: "CEIL(TIME '12:44:31' TO MINUTE)", Result: "12:45:00"},
			},
		},
		Min: 1, Max: 2, Build: buildCeilFloor,
	}

	fnCeiling = &Function{
		Spec: funcs.Spec{Name: "CEILING", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"CEILING(numeric)"},
			Description: "Another name for CEIL.",
			Examples: []funcs.Example{
				{SQL: "CEILING(1.2)", Result: "2"},
			},
		},
		Min: 1, Max: 2, Build: buildCeilFloor,
	}

	fnCos = &Function{
		Spec: funcs.Spec{Name: "COS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"COS(numeric)"},
			Description: "The cosine of an angle in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "COS(0)", Result: "1.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnCosh = &Function{
		Spec: funcs.Spec{Name: "COSH", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"COSH(numeric)"},
			Description: "The hyperbolic cosine, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "COSH(0)", Result: "1.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnCot = &Function{
		Spec: funcs.Spec{Name: "COT", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"COT(numeric)"},
			Description: "The cotangent of an angle in radians (1 / TAN), as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "COT(1) BETWEEN 0.642 AND 0.643", Result: "TRUE"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnDegrees = &Function{
		Spec: funcs.Spec{Name: "DEGREES", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"DEGREES(numeric)"},
			Description: "Converts radians to degrees, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "DEGREES(PI())", Result: "180.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnE = &Function{
		Spec: funcs.Spec{Name: "E", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"E()"},
			Description: "The DOUBLE closest to e.",
			Examples: []funcs.Example{
				{SQL: "E()", Result: "2.718281828459045"},
			},
		},
		Min: 0, Max: 0, Build: buildConstant,
	}

	fnExp = &Function{
		Spec: funcs.Spec{Name: "EXP", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"EXP(numeric)"},
			Description: "e raised to the power numeric, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "EXP(0)", Result: "1.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnFloor = &Function{
		Spec: funcs.Spec{Name: "FLOOR", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"FLOOR(numeric)", "FLOOR(timepoint TO timeintervalunit)"},
			Description: "Rounds a number down to an integer value (types as for CEIL), or rounds a date-time down to the unit.",
			Examples: []funcs.Example{
				{SQL: "FLOOR(-1.5)", Result: "-2"},
				{SQL: "FLOOR(TIME '12:44:31' TO MINUTE)", Result: "12:44:00"},
				{SQL: "FLOOR(TIMESTAMP '2020-05-17 12:34:56' TO MONTH)", Result: "2020-05-01 00:00:00"},
			},
		},
		Min: 1, Max: 2, Build: buildCeilFloor,
	}

	fnHex = &Function{
		Spec: funcs.Spec{Name: "HEX", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"HEX(integer)", "HEX(string)"},
			Description: "The upper-case hex digits of an integer (64-bit two's complement when negative) or of a string's UTF-8 bytes.",
			Examples: []funcs.Example{
				{SQL: "HEX(100)", Result: "64"},
				{SQL: "HEX('hello,world')", Result: "68656C6C6F2C776F726C64"},
			},
		},
		Min: 1, Max: 1, Build: buildBinHex,
	}

	fnLn = &Function{
		Spec: funcs.Spec{Name: "LN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LN(numeric)"},
			Description: "The natural logarithm, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "LN(1)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnLog = &Function{
		Spec: funcs.Spec{Name: "LOG", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LOG(numeric)", "LOG(base, numeric)"},
			Description: "With one argument the natural logarithm; with two, the logarithm of numeric to the base, computed as ln(numeric) / ln(base).",
			Examples: []funcs.Example{
				{SQL: "LOG(1)", Result: "0.0"},
				{SQL: "LOG(10, 1000)", Result: "2.9999999999999996"},
			},
		},
		Min: 1, Max: 2, Build: buildDoubleFunc,
	}

	fnLog10 = &Function{
		Spec: funcs.Spec{Name: "LOG10", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LOG10(numeric)"},
			Description: "The base-10 logarithm, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "LOG10(1000)", Result: "3.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnLog2 = &Function{
		Spec: funcs.Spec{Name: "LOG2", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LOG2(numeric)"},
			Description: "The base-2 logarithm, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "LOG2(8)", Result: "3.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnMod = &Function{
		Spec: funcs.Spec{Name: "MOD", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"MOD(numeric1, numeric2)"},
			Description: "The remainder of numeric1 divided by numeric2 (exact numbers only), negative only when numeric1 is; the same as numeric1 % numeric2.",
			Examples: []funcs.Example{
				{SQL: "MOD(7, 3)", Result: "1"},
				{SQL: "MOD(-7, 3)", Result: "-1"},
			},
		},
		Min: 2, Max: 2, Build: buildMod,
	}

	fnPi = &Function{
		Spec: funcs.Spec{Name: "PI", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"PI()"},
			Description: "The DOUBLE closest to pi.",
			Examples: []funcs.Example{
				{SQL: "PI()", Result: "3.141592653589793"},
			},
		},
		Min: 0, Max: 0, Build: buildConstant,
	}

	fnPower = &Function{
		Spec: funcs.Spec{Name: "POWER", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"POWER(numeric1, numeric2)"},
			Description: "numeric1 raised to the power numeric2, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "POWER(2, 10)", Result: "1024.0"},
			},
		},
		Min: 2, Max: 2, Build: buildDoubleFunc,
	}

	fnRadians = &Function{
		Spec: funcs.Spec{Name: "RADIANS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"RADIANS(numeric)"},
			Description: "Converts degrees to radians, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "RADIANS(180)", Result: "3.141592653589793"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnRand = &Function{
		Spec: funcs.Spec{Name: "RAND", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"RAND()", "RAND(seed)"},
			Description: "A pseudorandom DOUBLE in [0, 1). With a literal seed the rows get the sequence Java's java.util.Random gives for that seed, as on Flink; without one the numbers differ on every run (playground.datagen.seed does not apply).",
			Examples: []funcs.Example{
				{SQL: "RAND(42)", Result: "0.7275636800328681"},
			},
		},
		Min: 0, Max: 1, Build: buildRand,
	}

	fnRandInteger = &Function{
		Spec: funcs.Spec{Name: "RAND_INTEGER", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"RAND_INTEGER(bound)", "RAND_INTEGER(seed, bound)"},
			Description: "A pseudorandom INT in [0, bound), seeded as RAND is.",
			Examples: []funcs.Example{
				{SQL: "RAND_INTEGER(42, 10)", Result: "0"},
			},
		},
		Min: 1, Max: 2, Build: buildRand,
	}

	fnRound = &Function{
		Spec: funcs.Spec{Name: "ROUND", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ROUND(numeric)", "ROUND(numeric, integer)"},
			Description: "Rounds half away from zero to integer digits after the point (0 when omitted; negative rounds left of the point). DECIMAL(p, s) becomes DECIMAL(p - s + integer + 1, integer) for a literal integer below s; other types are kept. A DOUBLE is rounded as its shortest decimal text.",
			Examples: []funcs.Example{
				{SQL: "ROUND(123.456, 1)", Result: "123.5"},
				{SQL: "ROUND(-2.5)", Result: "-3"},
				{SQL: "ROUND(1234, -2)", Result: "1200"},
				{SQL: "ROUND(2.675E0, 2)", Result: "2.68"},
			},
		},
		Min: 1, Max: 2, Build: buildRound,
	}

	fnSign = &Function{
		Spec: funcs.Spec{Name: "SIGN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SIGN(numeric)"},
			Description: "-1, 0 or 1 by the sign of the number, in the argument's type.",
			Examples: []funcs.Example{
				{SQL: "SIGN(-8)", Result: "-1"},
				{SQL: "SIGN(2.50)", Result: "1.00"},
			},
		},
		Min: 1, Max: 1, Build: buildSign,
	}

	fnSin = &Function{
		Spec: funcs.Spec{Name: "SIN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SIN(numeric)"},
			Description: "The sine of an angle in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "SIN(0)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnSinh = &Function{
		Spec: funcs.Spec{Name: "SINH", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SINH(numeric)"},
			Description: "The hyperbolic sine, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "SINH(0)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnSqrt = &Function{
		Spec: funcs.Spec{Name: "SQRT", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SQRT(numeric)"},
			Description: "The square root, as a DOUBLE; NaN for a negative number.",
			Examples: []funcs.Example{
				{SQL: "SQRT(16)", Result: "4.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnTan = &Function{
		Spec: funcs.Spec{Name: "TAN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"TAN(numeric)"},
			Description: "The tangent of an angle in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "TAN(0)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnTanh = &Function{
		Spec: funcs.Spec{Name: "TANH", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"TANH(numeric)"},
			Description: "The hyperbolic tangent, as a DOUBLE.",
			Examples: []funcs.Example{
				{SQL: "TANH(0)", Result: "0.0"},
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnTruncate = &Function{
		Spec: funcs.Spec{Name: "TRUNCATE", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"TRUNCATE(numeric)", "TRUNCATE(numeric, integer)"},
			Description: "Cuts digits after integer places past the point (toward zero), with the types of ROUND.",
			Examples: []funcs.Example{
				{SQL: "TRUNCATE(123.456, 1)", Result: "123.4"},
				{SQL: "TRUNCATE(123.456, -1)", Result: "120"},
				{SQL: "TRUNCATE(-1.9)", Result: "-1"},
			},
		},
		Min: 1, Max: 2, Build: buildRound,
	}

	fnUnhex = &Function{
		Spec: funcs.Spec{Name: "UNHEX", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"UNHEX(expr)"},
			Description: "The bytes spelled by a string of hex digits (either case), as BYTES; NULL when a character is not a hex digit. An odd number of digits gives a leading zero byte in place of the first digit, as Flink does. Added after Flink 1.20.",
			Examples: []funcs.Example{
				{SQL: "UNHEX('466C696E6B')", Result: "x'466c696e6b'"},
				{SQL: "UNHEX('zz')", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildUnhex,
	}

	fnUuid = &Function{
		Spec: funcs.Spec{Name: "UUID", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"UUID()"},
			Description: "A random (version 4) UUID as CHAR(36), different for every call.",
			Examples: []funcs.Example{
				{SQL: "CHAR_LENGTH(UUID())", Result: "36"},
			},
		},
		Min: 0, Max: 0, Build: buildUUID,
	}
)
