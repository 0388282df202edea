package engine

import (
	"io/fs"

	"github.com/flinkplay/flinkplay/engine/connector/faker"
)

// FakerData is where the 'faker' connector reads its data families (the
// word lists of Ruby's Faker): a host that has them installs one with
// SetFakerData, from files (FakerDataFS) or its own fetches.
type FakerData = faker.Loader

// SetFakerData makes the 'faker' connector read its families from d (nil:
// none, and a faker table fails when it needs one).
func SetFakerData(d FakerData) { faker.SetData(d) }

// FakerDataFS reads families from fsys: families.json, which lists them,
// and one <family>.json each.
func FakerDataFS(fsys fs.FS) FakerData { return faker.FSLoader(fsys) }

// DecodeFakerFamilies reads the list of families.json.
func DecodeFakerFamilies(data []byte) ([]string, error) { return faker.DecodeFamilies(data) }
