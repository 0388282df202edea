package dist

import (
	"testing"
	"testing/fstest"
)

func TestBuilt(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  bool
	}{
		{"fresh clone", []string{".keep"}, false},
		{"no engine", []string{".keep", "index.html", "app.wasm"}, false},
		{"built", []string{"index.html", "app.wasm", "engine.wasm"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for _, f := range tt.files {
				fsys[f] = &fstest.MapFile{Data: []byte("x")}
			}
			if got := Built(fsys); got != tt.want {
				t.Errorf("Built = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestFilesHasKeep(t *testing.T) {
	if _, err := Files().Open(".keep"); err != nil {
		t.Fatalf("embedded files lack .keep: %v", err)
	}
}
