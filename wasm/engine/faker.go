//go:build js && wasm

package main

import (
	"errors"

	"github.com/flinkplay/flinkplay/engine"
)

// fakerLoader reads the faker connector's data families that build-web.sh
// writes next to engine.wasm (faker/families.json, faker/<family>.json),
// each on first use. Like zoneLoader's, its fetches block the statement's
// goroutine while the promise resolves.
type fakerLoader struct{}

func (fakerLoader) Families() ([]string, error) {
	data, found, err := fetchBytes("faker/families.json")
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, errors.New("this build has no faker data families")
	}
	return engine.DecodeFakerFamilies(data)
}

func (fakerLoader) Family(name string) ([]byte, bool, error) {
	for i := 0; i < len(name); i++ {
		if c := name[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return nil, false, nil
		}
	}
	return fetchBytes("faker/" + name + ".json")
}

func init() { engine.SetFakerData(fakerLoader{}) }
