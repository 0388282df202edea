// Command fakerdata writes the word lists of the 'faker' connector's data
// families (harry_potter, rick_and_morty, space, superhero, ...) as one
// JSON file per family, from Ruby Faker's English locale files: the data
// set Datafaker's lists are copies of, so that '#{harry_potter.spells}'
// draws from the list it draws from in flink-faker.
//
// The lists are not part of the playground's source. They come from Ruby
// Faker 2.21.0 (MIT license) as Debian packages it (ruby-faker 2.21.0-1):
// the installed package if there is one, else the package file, which
// `apt-get download` fetches into the cache folder without installing
// anything (no root needed) and `dpkg-deb -x` unpacks there. A locale
// folder elsewhere can be named with FLINKPLAY_RUBY_FAKER.
//
// Output: OUT/<family>.json ({"spells": ["Accio", ...], "user_agent.chrome":
// [...]}), OUT/families.json (the sorted family names) and OUT/LICENSE
// (Ruby Faker's copyright notice). Exit status 3 means no data set could
// be found or fetched; the build goes on without the data families.
//
// Usage: go run ./scripts/fakerdata -out DIR [-cache DIR]
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// The pinned data set.
const (
	debPackage = "ruby-faker"
	debVersion = "2.21.0-1"
	gemDir     = "usr/share/rubygems-integration/all/gems/faker-2.21.0"
	copyright  = "usr/share/doc/ruby-faker/copyright"
)

func main() {
	out := flag.String("out", "", "folder to write the families into")
	cache := flag.String("cache", ".cache/fakerdata", "folder for the downloaded package")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: fakerdata -out DIR [-cache DIR]")
		os.Exit(2)
	}
	locales, license, err := findLocales(*cache)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakerdata:", err)
		os.Exit(3)
	}
	n, err := convert(locales, license, *out)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fakerdata:", err)
		os.Exit(1)
	}
	fmt.Printf("fakerdata: %d families from %s into %s\n", n, locales, *out)
}

// findLocales returns Ruby Faker's lib/locales/en folder and its
// copyright file.
func findLocales(cache string) (string, string, error) {
	if dir := os.Getenv("FLINKPLAY_RUBY_FAKER"); dir != "" {
		return dir, "", nil
	}
	if dir := filepath.Join("/", gemDir, "lib/locales/en"); isDir(dir) {
		return dir, filepath.Join("/", copyright), nil
	}
	root := filepath.Join(cache, debPackage+"_"+debVersion)
	dir := filepath.Join(root, gemDir, "lib/locales/en")
	if isDir(dir) {
		return dir, filepath.Join(root, copyright), nil
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", "", err
	}
	deb := filepath.Join(cache, debPackage+"_"+debVersion+"_all.deb")
	if _, err := os.Stat(deb); err != nil {
		if _, err := exec.LookPath("apt-get"); err != nil {
			return "", "", errors.New("Ruby Faker's data set is not here and apt-get is not available to fetch Debian's " + debPackage + " " + debVersion)
		}
		cmd := exec.Command("apt-get", "download", debPackage+"="+debVersion)
		cmd.Dir = cache
		if b, err := cmd.CombinedOutput(); err != nil {
			return "", "", fmt.Errorf("apt-get download %s=%s: %v\n%s", debPackage, debVersion, err, b)
		}
	}
	tmp := root + ".tmp"
	os.RemoveAll(tmp)
	if b, err := exec.Command("dpkg-deb", "-x", deb, tmp).CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("dpkg-deb -x %s: %v\n%s", deb, err, b)
	}
	if err := os.Rename(tmp, root); err != nil {
		return "", "", err
	}
	return dir, filepath.Join(root, copyright), nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// convert reads every en/*.yml and writes the families.
func convert(locales, license, out string) (int, error) {
	files, err := filepath.Glob(filepath.Join(locales, "*.yml"))
	if err != nil {
		return 0, err
	}
	fams := map[string]map[string][]string{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			return 0, err
		}
		var doc map[string]any
		if err := yaml.Unmarshal(raw, &doc); err != nil {
			return 0, fmt.Errorf("%s: %v", f, err)
		}
		en, _ := doc["en"].(map[string]any)
		faker, _ := en["faker"].(map[string]any)
		for name, node := range faker {
			walk(fams, name, node)
		}
	}
	if len(fams) == 0 {
		return 0, fmt.Errorf("no families in %s", locales)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return 0, err
	}
	names := make([]string, 0, len(fams))
	for name, m := range fams {
		names = append(names, name)
		if err := writeJSON(filepath.Join(out, name+".json"), m); err != nil {
			return 0, err
		}
	}
	sort.Strings(names)
	if err := writeJSON(filepath.Join(out, "families.json"), names); err != nil {
		return 0, err
	}
	notice := "The word lists in this folder are Ruby Faker 2.21.0's (lib/locales/en), as Debian's ruby-faker " + debVersion + " packages them.\n"
	if b, err := os.ReadFile(license); err == nil {
		notice += "\n" + string(b)
	}
	return len(names), os.WriteFile(filepath.Join(out, "LICENSE"), []byte(notice), 0o644)
}

// walk registers name as a family when its node holds lists or strings,
// and as a category of families (games: {zelda: ...}) when it holds only
// maps. The lists of a family's nested maps get dotted keys.
func walk(fams map[string]map[string][]string, name string, node any) {
	m, ok := node.(map[string]any)
	if !ok {
		return
	}
	leaves := false
	for _, v := range m {
		if _, isMap := v.(map[string]any); !isMap {
			leaves = true
		}
	}
	if !leaves {
		for k, v := range m {
			walk(fams, k, v)
		}
		return
	}
	if _, dup := fams[name]; dup {
		return // the first family of a name wins
	}
	fam := map[string][]string{}
	flatten(fam, "", m)
	fams[name] = fam
}

func flatten(fam map[string][]string, prefix string, m map[string]any) {
	for k, v := range m {
		key := prefix + k
		switch x := v.(type) {
		case map[string]any:
			flatten(fam, key+".", x)
		default:
			if vals := strs(x); len(vals) > 0 {
				fam[key] = vals
			}
		}
	}
}

// strs flattens a YAML value into its strings.
func strs(v any) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, strs(e)...)
		}
		return out
	case map[string]any:
		return nil
	default:
		return []string{strings.TrimSpace(fmt.Sprint(x))}
	}
}

func writeJSON(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
