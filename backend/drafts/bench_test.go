package drafts

import (
	"fmt"
	"testing"
)

// BenchmarkAutosave measures a save that changed something (fsync, keep
// previous) and one that did not (autosave with no edit: no write).
func BenchmarkAutosave(b *testing.B) {
	s, err := Open(b.TempDir(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	d, err := s.Create(NewDraft{Name: "bench", Spec: versionSpec(0)})
	if err != nil {
		b.Fatal(err)
	}
	b.Run("changed", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			d.Notes = fmt.Sprint(i)
			if d, err = s.Save(d); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("unchanged", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if d, err = s.Save(d); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkList500 lists a store of 500 drafts.
func BenchmarkList500(b *testing.B) {
	s, err := Open(b.TempDir(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < 500; i++ {
		if _, err := s.Create(NewDraft{Name: fmt.Sprint("d", i), Spec: versionSpec(i)}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		list, _, err := s.List()
		if err != nil || len(list) != 500 {
			b.Fatal(len(list), err)
		}
	}
}
