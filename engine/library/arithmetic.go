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
				ex("7 % 3", "1"),
				ex("-7 % 3", "-1"),
			},
		},
	}

	fnOpTimes = &Function{
		Spec: funcs.Spec{Name: "*", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 * numeric2"},
			Description: "Multiplies two numbers, in their common type.",
			Examples: []funcs.Example{
				ex("2 * 3", "6"),
			},
		},
	}

	fnOpPlus = &Function{
		Spec: funcs.Spec{Name: "+", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 + numeric2"},
			Description: "Adds two numbers, in their common type; integers wrap around on overflow as in Java.",
			Examples: []funcs.Example{
				ex("1 + 2", "3"),
				ex("2147483647 + 1", "-2147483648"),
			},
		},
	}

	fnOpUnaryPlus = &Function{
		Spec: funcs.Spec{Name: "+ (UNARY)", Category: funcs.Arithmetic,
			Signatures:  []string{"+ numeric"},
			Description: "Returns the number unchanged.",
			Examples: []funcs.Example{
				ex("+5", "5"),
			},
		},
	}

	fnOpMinus = &Function{
		Spec: funcs.Spec{Name: "-", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 - numeric2"},
			Description: "Subtracts numeric2 from numeric1, in their common type.",
			Examples: []funcs.Example{
				ex("5 - 7", "-2"),
			},
		},
	}

	fnOpUnaryMinus = &Function{
		Spec: funcs.Spec{Name: "- (UNARY)", Category: funcs.Arithmetic,
			Signatures:  []string{"- numeric"},
			Description: "Negates a number or an interval; integers wrap around as in Java.",
			Examples: []funcs.Example{
				ex("-(3)", "-3"),
			},
		},
	}

	fnOpDivide = &Function{
		Spec: funcs.Spec{Name: "/", Category: funcs.Arithmetic,
			Signatures:  []string{"numeric1 / numeric2"},
			Description: "Divides numeric1 by numeric2: integer division for two integers, DECIMAL division with Flink's scale rules otherwise.",
			Examples: []funcs.Example{
				ex("7 / 2", "3"),
				ex("7.0 / 2", "3.500000000000"),
			},
		},
	}

	fnAbs = &Function{
		Spec: funcs.Spec{Name: "ABS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ABS(numeric)"},
			Description: "The absolute value, in the argument's type; integers wrap as Java's do.",
			Examples: []funcs.Example{
				ex("ABS(-7)", "7"),
				ex("ABS(-1.50)", "1.50"),
			},
		},
		Min: 1, Max: 1, Build: buildAbs,
	}

	fnAcos = &Function{
		Spec: funcs.Spec{Name: "ACOS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ACOS(numeric)"},
			Description: "The arc cosine in radians, as a DOUBLE; NaN outside [-1, 1].",
			Examples: []funcs.Example{
				ex("ACOS(1)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnAsin = &Function{
		Spec: funcs.Spec{Name: "ASIN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ASIN(numeric)"},
			Description: "The arc sine in radians, as a DOUBLE; NaN outside [-1, 1].",
			Examples: []funcs.Example{
				ex("ASIN(0)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnAtan = &Function{
		Spec: funcs.Spec{Name: "ATAN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ATAN(numeric)"},
			Description: "The arc tangent in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("ATAN(0)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnAtan2 = &Function{
		Spec: funcs.Spec{Name: "ATAN2", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ATAN2(numeric1, numeric2)"},
			Description: "The angle in radians of the point (numeric2, numeric1): the arc tangent of numeric1 / numeric2 in the right quadrant, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("ATAN2(0, -1)", "3.141592653589793"),
			},
		},
		Min: 2, Max: 2, Build: buildDoubleFunc,
	}

	fnBin = &Function{
		Spec: funcs.Spec{Name: "BIN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"BIN(integer)"},
			Description: "The binary digits of the integer, negative numbers as 64-bit two's complement.",
			Examples: []funcs.Example{
				ex("BIN(12)", "1100"),
			},
		},
		Min: 1, Max: 1, Build: buildBinHex,
	}

	fnCeil = &Function{
		Spec: funcs.Spec{Name: "CEIL", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"CEIL(numeric)", "CEILING(numeric)", "CEIL(timepoint TO timeintervalunit)"},
			Description: "Rounds a number up to an integer value, keeping integer and approximate types and giving DECIMAL(p, 0) for DECIMAL(p, s); or rounds a date-time up to the unit.",
			Examples: []funcs.Example{
				ex("CEIL(1.2)", "2"),
				ex("CEIL(-1.5)", "-1"),
				ex("CEIL(TIME '12:44:31' TO MINUTE)", "12:45:00"),
			},
		},
		Min: 1, Max: 2, Build: buildCeilFloor,
	}

	fnCeiling = &Function{
		Spec: funcs.Spec{Name: "CEILING", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"CEILING(numeric)"},
			Description: "Another name for CEIL.",
			Examples: []funcs.Example{
				ex("CEILING(1.2)", "2"),
			},
		},
		Min: 1, Max: 2, Build: buildCeilFloor,
	}

	fnCos = &Function{
		Spec: funcs.Spec{Name: "COS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"COS(numeric)"},
			Description: "The cosine of an angle in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("COS(0)", "1.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnCosh = &Function{
		Spec: funcs.Spec{Name: "COSH", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"COSH(numeric)"},
			Description: "The hyperbolic cosine, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("COSH(0)", "1.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnCot = &Function{
		Spec: funcs.Spec{Name: "COT", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"COT(numeric)"},
			Description: "The cotangent of an angle in radians (1 / TAN), as a DOUBLE.",
			Examples: []funcs.Example{
				ex("COT(1) BETWEEN 0.642 AND 0.643", "TRUE"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnDegrees = &Function{
		Spec: funcs.Spec{Name: "DEGREES", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"DEGREES(numeric)"},
			Description: "Converts radians to degrees, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("DEGREES(PI())", "180.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnE = &Function{
		Spec: funcs.Spec{Name: "E", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"E()"},
			Description: "The DOUBLE closest to e.",
			Examples: []funcs.Example{
				ex("E()", "2.718281828459045"),
			},
		},
		Min: 0, Max: 0, Build: buildConstant,
	}

	fnExp = &Function{
		Spec: funcs.Spec{Name: "EXP", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"EXP(numeric)"},
			Description: "e raised to the power numeric, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("EXP(0)", "1.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnFloor = &Function{
		Spec: funcs.Spec{Name: "FLOOR", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"FLOOR(numeric)", "FLOOR(timepoint TO timeintervalunit)"},
			Description: "Rounds a number down to an integer value (types as for CEIL), or rounds a date-time down to the unit.",
			Examples: []funcs.Example{
				ex("FLOOR(-1.5)", "-2"),
				ex("FLOOR(TIME '12:44:31' TO MINUTE)", "12:44:00"),
				ex("FLOOR(TIMESTAMP '2020-05-17 12:34:56' TO MONTH)", "2020-05-01 00:00:00"),
			},
		},
		Min: 1, Max: 2, Build: buildCeilFloor,
	}

	fnHex = &Function{
		Spec: funcs.Spec{Name: "HEX", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"HEX(integer)", "HEX(string)"},
			Description: "The upper-case hex digits of an integer (64-bit two's complement when negative) or of a string's UTF-8 bytes.",
			Examples: []funcs.Example{
				ex("HEX(100)", "64"),
				ex("HEX('hello,world')", "68656C6C6F2C776F726C64"),
			},
		},
		Min: 1, Max: 1, Build: buildBinHex,
	}

	fnLn = &Function{
		Spec: funcs.Spec{Name: "LN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LN(numeric)"},
			Description: "The natural logarithm, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("LN(1)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnLog = &Function{
		Spec: funcs.Spec{Name: "LOG", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LOG(numeric)", "LOG(base, numeric)"},
			Description: "With one argument the natural logarithm; with two, the logarithm of numeric to the base, computed as ln(numeric) / ln(base).",
			Examples: []funcs.Example{
				ex("LOG(1)", "0.0"),
				ex("LOG(10, 1000)", "2.9999999999999996"),
			},
		},
		Min: 1, Max: 2, Build: buildDoubleFunc,
	}

	fnLog10 = &Function{
		Spec: funcs.Spec{Name: "LOG10", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LOG10(numeric)"},
			Description: "The base-10 logarithm, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("LOG10(1000)", "3.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnLog2 = &Function{
		Spec: funcs.Spec{Name: "LOG2", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"LOG2(numeric)"},
			Description: "The base-2 logarithm, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("LOG2(8)", "3.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnMod = &Function{
		Spec: funcs.Spec{Name: "MOD", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"MOD(numeric1, numeric2)"},
			Description: "The remainder of numeric1 divided by numeric2 (exact numbers only), negative only when numeric1 is; the same as numeric1 % numeric2.",
			Examples: []funcs.Example{
				ex("MOD(7, 3)", "1"),
				ex("MOD(-7, 3)", "-1"),
			},
		},
		Min: 2, Max: 2, Build: buildMod,
	}

	fnPi = &Function{
		Spec: funcs.Spec{Name: "PI", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"PI()"},
			Description: "The DOUBLE closest to pi.",
			Examples: []funcs.Example{
				ex("PI()", "3.141592653589793"),
			},
		},
		Min: 0, Max: 0, Build: buildConstant,
	}

	fnPower = &Function{
		Spec: funcs.Spec{Name: "POWER", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"POWER(numeric1, numeric2)"},
			Description: "numeric1 raised to the power numeric2, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("POWER(2, 10)", "1024.0"),
			},
		},
		Min: 2, Max: 2, Build: buildDoubleFunc,
	}

	fnRadians = &Function{
		Spec: funcs.Spec{Name: "RADIANS", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"RADIANS(numeric)"},
			Description: "Converts degrees to radians, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("RADIANS(180)", "3.141592653589793"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnRand = &Function{
		Spec: funcs.Spec{Name: "RAND", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"RAND()", "RAND(seed)"},
			Description: "A pseudorandom DOUBLE in [0, 1). With a literal seed the rows get the sequence Java's java.util.Random gives for that seed, as on Flink; without one the numbers differ on every run (playground.datagen.seed does not apply).",
			Examples: []funcs.Example{
				ex("RAND(42)", "0.7275636800328681"),
			},
		},
		Min: 0, Max: 1, Build: buildRand,
	}

	fnRandInteger = &Function{
		Spec: funcs.Spec{Name: "RAND_INTEGER", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"RAND_INTEGER(bound)", "RAND_INTEGER(seed, bound)"},
			Description: "A pseudorandom INT in [0, bound), seeded as RAND is.",
			Examples: []funcs.Example{
				ex("RAND_INTEGER(42, 10)", "0"),
			},
		},
		Min: 1, Max: 2, Build: buildRand,
	}

	fnRound = &Function{
		Spec: funcs.Spec{Name: "ROUND", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"ROUND(numeric)", "ROUND(numeric, integer)"},
			Description: "Rounds half away from zero to integer digits after the point (0 when omitted; negative rounds left of the point). DECIMAL(p, s) becomes DECIMAL(p - s + integer + 1, integer) for a literal integer below s; other types are kept. A DOUBLE is rounded as its shortest decimal text.",
			Examples: []funcs.Example{
				ex("ROUND(123.456, 1)", "123.5"),
				ex("ROUND(-2.5)", "-3"),
				ex("ROUND(1234, -2)", "1200"),
				ex("ROUND(2.675E0, 2)", "2.68"),
			},
		},
		Min: 1, Max: 2, Build: buildRound,
	}

	fnSign = &Function{
		Spec: funcs.Spec{Name: "SIGN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SIGN(numeric)"},
			Description: "-1, 0 or 1 by the sign of the number, in the argument's type.",
			Examples: []funcs.Example{
				ex("SIGN(-8)", "-1"),
				ex("SIGN(2.50)", "1.00"),
			},
		},
		Min: 1, Max: 1, Build: buildSign,
	}

	fnSin = &Function{
		Spec: funcs.Spec{Name: "SIN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SIN(numeric)"},
			Description: "The sine of an angle in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("SIN(0)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnSinh = &Function{
		Spec: funcs.Spec{Name: "SINH", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SINH(numeric)"},
			Description: "The hyperbolic sine, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("SINH(0)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnSqrt = &Function{
		Spec: funcs.Spec{Name: "SQRT", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"SQRT(numeric)"},
			Description: "The square root, as a DOUBLE; NaN for a negative number.",
			Examples: []funcs.Example{
				ex("SQRT(16)", "4.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnTan = &Function{
		Spec: funcs.Spec{Name: "TAN", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"TAN(numeric)"},
			Description: "The tangent of an angle in radians, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("TAN(0)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnTanh = &Function{
		Spec: funcs.Spec{Name: "TANH", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"TANH(numeric)"},
			Description: "The hyperbolic tangent, as a DOUBLE.",
			Examples: []funcs.Example{
				ex("TANH(0)", "0.0"),
			},
		},
		Min: 1, Max: 1, Build: buildDoubleFunc,
	}

	fnTruncate = &Function{
		Spec: funcs.Spec{Name: "TRUNCATE", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"TRUNCATE(numeric)", "TRUNCATE(numeric, integer)"},
			Description: "Cuts digits after integer places past the point (toward zero), with the types of ROUND.",
			Examples: []funcs.Example{
				ex("TRUNCATE(123.456, 1)", "123.4"),
				ex("TRUNCATE(123.456, -1)", "120"),
				ex("TRUNCATE(-1.9)", "-1"),
			},
		},
		Min: 1, Max: 2, Build: buildRound,
	}

	fnUnhex = &Function{
		Spec: funcs.Spec{Name: "UNHEX", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"UNHEX(expr)"},
			Description: "The bytes spelled by a string of hex digits (either case), as BYTES; NULL when a character is not a hex digit. An odd number of digits gives a leading zero byte in place of the first digit, as Flink does. Added after Flink 1.20.",
			Examples: []funcs.Example{
				ex("UNHEX('466C696E6B')", "x'466c696e6b'"),
				ex("UNHEX('zz')", "<NULL>"),
			},
		},
		Min: 1, Max: 1, Build: buildUnhex,
	}

	fnUuid = &Function{
		Spec: funcs.Spec{Name: "UUID", Category: funcs.Arithmetic, Call: true,
			Signatures:  []string{"UUID()"},
			Description: "A random (version 4) UUID as CHAR(36), different for every call.",
			Examples: []funcs.Example{
				ex("CHAR_LENGTH(UUID())", "36"),
			},
		},
		Min: 0, Max: 0, Build: buildUUID,
	}
)
