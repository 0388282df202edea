package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/flinkplay/flinkplay/engine/diag"
)

// The zone loader hook resolves region ids only; UTC, GMT and fixed
// offsets are parsed in Go so the browser never fetches them.
func TestConfigLoadZone(t *testing.T) {
	fake := time.FixedZone("Fake/Zone", 5*3600)
	tests := []struct {
		name     string
		set      string
		wantOff  int    // the session zone's offset at the epoch, seconds
		wantName string // the session zone's name
		wantErr  bool
		wantAsk  []string // the names the loader was asked for
	}{
		{name: "region id goes to the loader", set: "Fake/Zone", wantOff: 5 * 3600, wantName: "Fake/Zone", wantAsk: []string{"Fake/Zone", "Fake/Zone"}},
		{name: "unknown region is a validation error", set: "Nowhere/Land", wantErr: true, wantOff: 0, wantName: "UTC", wantAsk: []string{"Nowhere/Land"}},
		{name: "UTC stays in Go", set: "UTC", wantName: "UTC"},
		{name: "fixed offset stays in Go", set: "GMT+03:00", wantOff: 3 * 3600, wantName: "GMT+03:00"},
		{name: "default is the config zone", set: "default", wantName: "UTC"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var asked []string
			s := NewSession(Config{Zone: time.UTC, LoadZone: func(name string) (*time.Location, error) {
				asked = append(asked, name)
				if name == "Fake/Zone" {
					return fake, nil
				}
				return nil, errors.New("unknown time zone " + name)
			}})
			_, err := s.Execute(context.Background(), "SET 'table.local-time-zone' = '"+tc.set+"'")
			var de *diag.Error
			if tc.wantErr != (err != nil) || (err != nil && (!errors.As(err, &de) || de.Class != diag.ValidationException)) {
				t.Fatalf("SET: err %v, want error %v", err, tc.wantErr)
			}
			loc := s.Zone()
			if _, off := time.Unix(0, 0).In(loc).Zone(); off != tc.wantOff || loc.String() != tc.wantName {
				t.Errorf("zone %s (offset %d), want %s (offset %d)", loc, off, tc.wantName, tc.wantOff)
			}
			if len(asked) != len(tc.wantAsk) {
				t.Errorf("loader asked for %q, want %q", asked, tc.wantAsk)
			}
		})
	}
}

// Without a loader, region ids come from Go's zone database.
func TestConfigLoadZoneNil(t *testing.T) {
	if _, err := time.LoadLocation("Asia/Tokyo"); err != nil {
		t.Skip("no zone database:", err)
	}
	s := NewSession(Config{Zone: time.UTC})
	if _, err := s.Execute(context.Background(), "SET 'table.local-time-zone' = 'Asia/Tokyo'"); err != nil {
		t.Fatal(err)
	}
	if got := s.Zone().String(); got != "Asia/Tokyo" {
		t.Errorf("zone %s", got)
	}
}
