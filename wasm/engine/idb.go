//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"strings"
	"syscall/js"

	"github.com/flinkplay/flinkplay/engine/vfs"
	"github.com/flinkplay/flinkplay/wasm/engine/storage"
)

// idb is storage.KV over IndexedDB, through self.flinkplayStorage
// (static/engine-worker.js). Its calls block their goroutine until the
// promise settles, which lets the JS event loop run: they must never run
// inside a js.FuncOf callback (statements and file requests run on
// goroutines of their own, and the start-up load runs in main).
type idb struct{ api js.Value }

var _ storage.KV = idb{}

// openIDB returns the browser storage, or an error when there is none
// (IndexedDB disabled, a private window that refuses it).
func openIDB() (idb, error) {
	api := js.Global().Get("flinkplayStorage")
	if api.IsNull() {
		return idb{}, errNoStorage
	}
	if api.Type() != js.TypeObject {
		return idb{}, errors.New("engine-worker.js has no storage")
	}
	s := idb{api: api}
	if _, err := s.All(storage.BucketCatalog); err != nil {
		return idb{}, err
	}
	return s, nil
}

// errNoStorage is the embed page's choice: no persistent storage.
var errNoStorage = errors.New("no storage wanted")

func (idb) Where() string { return "this browser's storage (IndexedDB)" }

// await blocks until p settles.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	ch := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		ch <- result{v: v}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "unknown error"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		msg = strings.TrimPrefix(msg, "Error: ")
		err := errors.New(msg)
		if strings.HasPrefix(msg, "QuotaExceededError") {
			err = fmt.Errorf("%s: %w", msg, vfs.ErrQuota)
		}
		ch <- result{err: err}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	r := <-ch
	return r.v, r.err
}

func (s idb) All(bucket string) (map[string][]byte, error) {
	v, err := await(s.api.Call("all", bucket))
	if err != nil {
		return nil, err
	}
	keys, values := v.Index(0), v.Index(1)
	out := make(map[string][]byte, keys.Length())
	u8 := js.Global().Get("Uint8Array")
	for i := 0; i < keys.Length(); i++ {
		k, val := keys.Index(i), values.Index(i)
		if k.Type() != js.TypeString {
			continue
		}
		if val.InstanceOf(u8) {
			b := make([]byte, val.Length())
			js.CopyBytesToGo(b, val)
			out[k.String()] = b
		} else {
			// Not ours: the loaders report it as corrupt.
			out[k.String()] = nil
		}
	}
	return out, nil
}

func (s idb) Put(bucket, key string, value []byte) error {
	a := js.Global().Get("Uint8Array").New(len(value))
	js.CopyBytesToJS(a, value)
	_, err := await(s.api.Call("put", bucket, key, a))
	return err
}

func (s idb) Delete(bucket, key string) error {
	_, err := await(s.api.Call("delete", bucket, key))
	return err
}

// quota returns the bytes the browser may still grant, -1 when unknown.
func (s idb) quota() int64 {
	v, err := await(s.api.Call("quota"))
	if err != nil || v.Type() != js.TypeNumber {
		return -1
	}
	return int64(v.Float())
}

// maxFileBytes bounds the virtual file system when the browser does not
// say how much it grants.
const maxFileBytes = 512 << 20

// openStorage loads the playground's persistent state: the catalog store
// and the file system. Without browser storage, files live in memory and
// playground catalogs are unavailable; a warning says so.
func openStorage() (vfs.FS, *storage.CatalogStore, []string) {
	kv, err := openIDB()
	if err == errNoStorage {
		return vfs.NewMem(), nil, nil
	}
	if err != nil {
		return vfs.NewMem(), nil, []string{"Browser storage is not available (" + err.Error() + "): files live in this tab's memory, and catalogs of type 'playground' cannot be created."}
	}
	limit := int64(maxFileBytes)
	if q := kv.quota(); q > 0 {
		limit = min(limit, q)
	}
	fsys, warnings := storage.LoadFS(kv, limit)
	return fsys, storage.NewCatalogStore(kv), warnings
}
