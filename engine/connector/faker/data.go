package faker

import (
	"encoding/json"
	"errors"
	"io/fs"
	"strings"
	"sync"
	"time"
)

// Data is a data set of word lists under dotted keys, family.key, as
// Ruby Faker's locale files (and Datafaker's copies of them) hold them:
// harry_potter.spells, superhero.name (whose entries are templates,
// "#{Superhero.prefix} #{Superhero.descriptor}"). The playground does not
// ship such lists itself: the build takes them from Ruby Faker's data set
// (see scripts/fakerdata), and the host hands them over with SetData.
type Data interface {
	// Values returns the entries under key.
	Values(key string) ([]string, bool)
	// Method maps a Datafaker provider method onto its key: the family
	// HitchhikersGuideToTheGalaxy and method starship are the key
	// hitchhikers_guide_to_the_galaxy.starships.
	Method(family, method string) (fam, key string, ok bool)
}

// Loader returns the JSON of one family's lists ({"spells": ["Accio",
// ...]}), found=false when the data set has no such family; index lists
// the families the data set has.
type Loader interface {
	Families() ([]string, error)
	Family(name string) (data []byte, found bool, err error)
}

var (
	dataMu sync.Mutex
	data   *loadedData
)

// SetData installs the data set the host found (nil for none).
func SetData(l Loader) {
	dataMu.Lock()
	defer dataMu.Unlock()
	if l == nil {
		data = nil
		return
	}
	data = &loadedData{l: l, fams: map[string]map[string][]string{}}
}

func currentData() Data {
	dataMu.Lock()
	defer dataMu.Unlock()
	if data == nil {
		return nil
	}
	return data
}

// HasData reports whether a data set is installed.
func HasData() bool { return currentData() != nil }

// nowForCheck is the clock of the one evaluation that checks an
// expression when the table is planned.
func nowForCheck() time.Time { return time.Now() }

// loadedData reads families on first use and keeps them.
type loadedData struct {
	l     Loader
	mu    sync.Mutex
	index map[string]string // normalized family name -> family
	fams  map[string]map[string][]string
}

func (d *loadedData) family(name string) map[string][]string {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.index == nil {
		d.index = map[string]string{}
		if names, err := d.l.Families(); err == nil {
			for _, n := range names {
				d.index[normalize(n)] = n
			}
		}
	}
	fam, ok := d.index[normalize(name)]
	if !ok {
		return nil
	}
	if m, ok := d.fams[fam]; ok {
		return m
	}
	var m map[string][]string
	if raw, found, err := d.l.Family(fam); err == nil && found {
		if json.Unmarshal(raw, &m) != nil {
			m = nil
		}
	}
	d.fams[fam] = m
	return m
}

func (d *loadedData) Values(key string) ([]string, bool) {
	dot := strings.IndexByte(key, '.')
	if dot <= 0 {
		return nil, false
	}
	m := d.family(key[:dot])
	if m == nil {
		return nil, false
	}
	v, ok := m[key[dot+1:]]
	return v, ok
}

func (d *loadedData) Method(family, method string) (string, string, bool) {
	m := d.family(family)
	if m == nil {
		return "", "", false
	}
	d.mu.Lock()
	fam := d.index[normalize(family)]
	d.mu.Unlock()
	want := normalize(method)
	// Datafaker's methods are mostly the keys' names, or their singulars:
	// spell() reads spells, character() characters, category() categories.
	for _, cand := range []string{want, want + "s", want + "es", strings.TrimSuffix(want, "y") + "ies"} {
		for k := range m {
			if normalize(k) == cand {
				return fam, k, true
			}
		}
	}
	return "", "", false
}

// FSLoader reads a data set from a folder that scripts/fakerdata wrote:
// families.json and one <family>.json per family.
func FSLoader(fsys fs.FS) Loader { return fsLoader{fsys} }

type fsLoader struct{ fsys fs.FS }

func (l fsLoader) Families() ([]string, error) {
	b, err := fs.ReadFile(l.fsys, "families.json")
	if err != nil {
		return nil, err
	}
	return DecodeFamilies(b)
}

func (l fsLoader) Family(name string) ([]byte, bool, error) {
	if !fs.ValidPath(name) || strings.ContainsAny(name, "/\\") {
		return nil, false, nil
	}
	b, err := fs.ReadFile(l.fsys, name+".json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	return b, err == nil, err
}

// DecodeFamilies reads a families.json.
func DecodeFamilies(b []byte) ([]string, error) {
	var names []string
	return names, json.Unmarshal(b, &names)
}
