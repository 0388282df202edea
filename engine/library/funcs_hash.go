package library

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"hash"

	"github.com/flinkplay/flinkplay/engine/diag"
	"github.com/flinkplay/flinkplay/engine/expr"
	"github.com/flinkplay/flinkplay/engine/funcs"
	"github.com/flinkplay/flinkplay/engine/types"
)

// The hash functions digest the UTF-8 bytes of a string (or the bytes of a
// byte string) and return the digest as lower-case hex: CHAR(2 * digest
// size) for the fixed algorithms, VARCHAR(128) for SHA2.

var hashAlgorithms = map[string]struct {
	newHash func() hash.Hash
	size    int
}{
	"MD5":    {md5.New, md5.Size},
	"SHA1":   {sha1.New, sha1.Size},
	"SHA224": {sha256.New224, sha256.Size224},
	"SHA256": {sha256.New, sha256.Size},
	"SHA384": {sha512.New384, sha512.Size384},
	"SHA512": {sha512.New, sha512.Size},
}

// hexDigest writes the hex digest of b into the arena; h is reset first.
func hexDigest(c *expr.Ctx, h hash.Hash, b []byte) []byte {
	h.Reset()
	h.Write(b)
	var sum [sha512.Size]byte
	d := h.Sum(sum[:0])
	out := c.Alloc(2 * len(d))
	hex.Encode(out, d)
	return out
}

func buildHash(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{name + "(<STRING>)"}, []func(types.Type) bool{isStrOrNull}); err != nil {
		return nil, err
	}
	alg := hashAlgorithms[name]
	h := alg.newHash()
	t := expr.NullableIf(types.Type{Kind: types.Char, Length: 2 * alg.size}, args...)
	return strictFn(name, args, t, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		return types.BytesValue(hexDigest(c, h, v[0].B)), nil
	}), nil
}

// sha2Hash is the digest SHA2(x, bits) names: Java's "SHA-<bits>".
func sha2Hash(bits int64) hash.Hash {
	switch bits {
	case 224:
		return sha256.New224()
	case 256:
		return sha256.New()
	case 384:
		return sha512.New384()
	case 512:
		return sha512.New()
	}
	return nil
}

func buildSHA2(name string, args []expr.Expr, pos int) (expr.Expr, error) {
	if err := checkFamilies(name, args, pos, []string{"SHA2(<STRING>, <INTEGER>)"}, []func(types.Type) bool{isStrOrNull, isIntOrNull}); err != nil {
		return nil, err
	}
	t := expr.NullableIf(types.Type{Kind: types.Varchar, Length: 128}, args...)
	var fixed hash.Hash
	if v, ok := expr.LiteralValue(args[1]); ok && !v.Null {
		if fixed = sha2Hash(v.I); fixed == nil {
			// Flink's generated code fails when it is set up.
			return nil, diag.Errorf(pos, diag.RuntimeException, "Unsupported algorithm.")
		}
	}
	hashes := map[int64]hash.Hash{}
	return strictFn(name, args, t, func(c *expr.Ctx, v []types.Value) (types.Value, error) {
		h := fixed
		if h == nil {
			if h = hashes[v[1].I]; h == nil {
				if h = sha2Hash(v[1].I); h == nil {
					return types.NullValue, expr.RuntimeErr(diag.RuntimeException, "java.security.NoSuchAlgorithmException: SHA-%d MessageDigest not available", v[1].I)
				}
				hashes[v[1].I] = h
			}
		}
		return types.BytesValue(hexDigest(c, h, v[0].B)), nil
	}), nil
}

// The specs of the functions and operators this file implements (the
// registry, registry.go, lists them).
var (
	fnMd5 = &Function{
		Spec: funcs.Spec{Name: "MD5", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"MD5(string)"},
			Description: "The MD5 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				ex("MD5('')", "d41d8cd98f00b204e9800998ecf8427e"),
				ex("MD5('abc')", "900150983cd24fb0d6963f7d28e17f72"),
				ex("MD5(CAST(NULL AS STRING))", "<NULL>"),
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha1 = &Function{
		Spec: funcs.Spec{Name: "SHA1", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA1(string)"},
			Description: "The SHA-1 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				ex("SHA1('')", "da39a3ee5e6b4b0d3255bfef95601890afd80709"),
				ex("SHA1('abc')", "a9993e364706816aba3e25717850c26c9cd0d89d"),
				ex("SHA1(CAST(NULL AS STRING))", "<NULL>"),
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha2 = &Function{
		Spec: funcs.Spec{Name: "SHA2", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA2(string, hashLength)"},
			Description: "The SHA-2 digest of the string, as lower-case hex, with hashLength 224, 256, 384 or 512 bits; another literal length is an error, and NULL for a NULL argument.",
			Examples: []funcs.Example{
				ex("SHA2('abc', 256)", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
				ex("SHA2('', 224)", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"),
			},
		},
		Min: 2, Max: 2, Build: buildSHA2,
	}

	fnSha224 = &Function{
		Spec: funcs.Spec{Name: "SHA224", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA224(string)"},
			Description: "The SHA-224 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				ex("SHA224('')", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"),
				ex("SHA224('abc')", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"),
				ex("SHA224(CAST(NULL AS STRING))", "<NULL>"),
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha256 = &Function{
		Spec: funcs.Spec{Name: "SHA256", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA256(string)"},
			Description: "The SHA-256 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				ex("SHA256('')", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
				ex("SHA256('abc')", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
				ex("SHA256(CAST(NULL AS STRING))", "<NULL>"),
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha384 = &Function{
		Spec: funcs.Spec{Name: "SHA384", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA384(string)"},
			Description: "The SHA-384 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				ex("SHA384('')", "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"),
				ex("SHA384('abc')", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
				ex("SHA384(CAST(NULL AS STRING))", "<NULL>"),
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}

	fnSha512 = &Function{
		Spec: funcs.Spec{Name: "SHA512", Category: funcs.HashFunctions, Call: true,
			Signatures:  []string{"SHA512(string)"},
			Description: "The SHA-512 digest of the string's UTF-8 bytes (or of a byte string), as lower-case hex; NULL for NULL.",
			Examples: []funcs.Example{
				ex("SHA512('')", "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"),
				ex("SHA512('abc')", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"),
				ex("SHA512(CAST(NULL AS STRING))", "<NULL>"),
			},
		},
		Min: 1, Max: 1, Build: buildHash,
	}
)
