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
