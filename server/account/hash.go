package account

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/crypto/argon2"
)

// HashSecret returns what the store keeps of a device secret or a pairing code: its SHA-256,
// hex. A fast hash is right here, unlike for a password: a secret holds 128 random bits or more,
// so nobody holding the hashes can find a secret by trying (2¹²⁸ tries), and a salt would add
// nothing since no two secrets are alike; the hash being the same every time lets the store look
// the secret up by it (an index), in one step. A pairing code is short (about 50 bits) but lives
// 10 minutes and is used once, and guessing it online is rate limited.
func HashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}

// Params are Argon2id's parameters for a password hash.
type Params struct {
	Time    uint32 // passes over the memory
	Memory  uint32 // KiB
	Threads uint8
}

// DefaultParams are the parameters of new password hashes: OWASP's recommended minimum for
// Argon2id (19 MiB, 2 passes, 1 thread; 47 ms of CPU a hash, docs/privacy.md). One thread, since the
// server's cores are shared by its rooms; at most maxHashing hashes at once bound the memory.
var DefaultParams = Params{Time: 2, Memory: 19 * 1024, Threads: 1}

const (
	saltBytes = 16
	keyBytes  = 32
)

// maxHashing is how many password hashes a process computes at once (each takes Params.Memory).
const maxHashing = 2

var hashing = make(chan struct{}, maxHashing)

// HashPassword returns the password's Argon2id hash with a random salt, as the PHC string
// "$argon2id$v=19$m=M,t=T,p=P$SALT$HASH" (base64 without padding), which names its parameters
// so that a hash made under other parameters still checks.
func HashPassword(password string, p Params) (string, error) {
	salt := make([]byte, saltBytes)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	key := derive(password, salt, p, keyBytes)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

func derive(password string, salt []byte, p Params, n uint32) []byte {
	hashing <- struct{}{}
	defer func() { <-hashing }()
	return argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, n)
}

// errHash is a stored hash this package did not write.
var errHash = errors.New("account: not an Argon2id hash")

// CheckPassword reports whether password is the one hashed, comparing in constant time.
func CheckPassword(hash, password string) (bool, error) {
	f := strings.Split(hash, "$")
	if len(f) != 6 || f[1] != "argon2id" || f[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return false, errHash
	}
	var p Params
	if _, err := fmt.Sscanf(f[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil || p.Time == 0 || p.Threads == 0 || p.Memory > 1<<20 {
		return false, errHash
	}
	b64 := base64.RawStdEncoding
	salt, err := b64.DecodeString(f[4])
	if err != nil {
		return false, errHash
	}
	want, err := b64.DecodeString(f[5])
	if err != nil || len(want) == 0 || len(want) > 64 {
		return false, errHash
	}
	got := derive(password, salt, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1, nil
}

// dummyOnce makes the hash checked for a handle nobody has, so that a missing account takes as
// long to refuse as a wrong password.
var (
	dummyOnce sync.Once
	dummy     string
)

func dummyHash(p Params) string {
	dummyOnce.Do(func() { dummy, _ = HashPassword("not a password of anyone", p) })
	return dummy
}
