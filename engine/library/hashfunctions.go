package library

import "github.com/flinkplay/flinkplay/engine/funcs"

// The specs of the hash functions (Flink's "hashfunctions" category);
// their code is in funcs_hash.go.

var (
	fnMd5 = &Function{
		Spec: funcs.Spec{Name: "MD5", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"MD5(string)"},
			Description: "The MD5 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				{SQL: "MD5('')", Result: "d41d8cd98f00b204e9800998ecf8427e"},
				{SQL: "MD5('abc')", Result: "900150983cd24fb0d6963f7d28e17f72"},
				{SQL: "MD5(CAST(NULL AS STRING))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha1 = &Function{
		Spec: funcs.Spec{Name: "SHA1", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA1(string)"},
			Description: "The SHA-1 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				{SQL: "SHA1('')", Result: "da39a3ee5e6b4b0d3255bfef95601890afd80709"},
				{SQL: "SHA1('abc')", Result: "a9993e364706816aba3e25717850c26c9cd0d89d"},
				{SQL: "SHA1(CAST(NULL AS STRING))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha2 = &Function{
		Spec: funcs.Spec{Name: "SHA2", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA2(string, hashLength)"},
			Description: "The SHA-2 digest of the string, as lower-case hex, with hashLength 224, 256, 384 or 512 bits; another literal length is an error, and NULL for a NULL argument.",
			Examples: []funcs.Example{
				{SQL: "SHA2('abc', 256)", Result: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
				{SQL: "SHA2('', 224)", Result: "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
			},
		},
		Min: 2, Max: 2, Build: buildSHA2,
	}

	fnSha224 = &Function{
		Spec: funcs.Spec{Name: "SHA224", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA224(string)"},
			Description: "The SHA-224 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				{SQL: "SHA224('')", Result: "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
				{SQL: "SHA224('abc')", Result: "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
				{SQL: "SHA224(CAST(NULL AS STRING))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha256 = &Function{
		Spec: funcs.Spec{Name: "SHA256", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA256(string)"},
			Description: "The SHA-256 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				{SQL: "SHA256('')", Result: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
				{SQL: "SHA256('abc')", Result: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
				{SQL: "SHA256(CAST(NULL AS STRING))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha384 = &Function{
		Spec: funcs.Spec{Name: "SHA384", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA384(string)"},
			Description: "The SHA-384 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				{SQL: "SHA384('')", Result: "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"},
				{SQL: "SHA384('abc')", Result: "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"},
				{SQL: "SHA384(CAST(NULL AS STRING))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha512 = &Function{
		Spec: funcs.Spec{Name: "SHA512", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA512(string)"},
			Description: "The SHA-512 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				{SQL: "SHA512('')", Result: "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"},
				{SQL: "SHA512('abc')", Result: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
				{SQL: "SHA512(CAST(NULL AS STRING))", Result: "<NULL>"},
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}
)
