package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShrink(t *testing.T) {
	// A 64 px source: left half opaque blue, right half transparent.
	src := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 0; y < 64; y++ {
		for x := 0; x < 32; x++ {
			src.SetNRGBA(x, y, color.NRGBA{R: 0x2f, G: 0x5b, B: 0xea, A: 0xff})
		}
	}
	cases := []struct {
		name   string
		n      int
		x      int
		want   color.NRGBA
		approx bool
	}{
		{name: "inside the blue half", n: 16, x: 2, want: color.NRGBA{R: 0x2f, G: 0x5b, B: 0xea, A: 0xff}},
		{name: "inside the clear half", n: 16, x: 12, want: color.NRGBA{}},
		{name: "an edge pixel keeps its colour, half covered", n: 3, x: 1, want: color.NRGBA{R: 0x2f, G: 0x5b, B: 0xea, A: 0x7f}, approx: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := shrink(src, c.n)
			assert.Equal(t, image.Rect(0, 0, c.n, c.n), got.Bounds())
			px := got.NRGBAAt(c.x, 0)
			if c.approx {
				assert.Equal(t, c.want.R, px.R)
				assert.Equal(t, c.want.B, px.B)
				assert.InDelta(t, c.want.A, px.A, 12)
				return
			}
			assert.Equal(t, c.want, px)
		})
	}
}

func TestWriteSizesIsReproducible(t *testing.T) {
	src := filepath.Join(t.TempDir(), "icon.png")
	img := image.NewNRGBA(image.Rect(0, 0, 96, 96))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	f, err := os.Create(src)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, img))
	require.NoError(t, f.Close())

	sums := func() []string {
		out := t.TempDir()
		require.NoError(t, writeSizes(src, out, "io.example.App", []int{16, 48}))
		var got []string
		for _, n := range []int{16, 48} {
			data, err := os.ReadFile(filepath.Join(out, fmt.Sprintf("%dx%d", n, n), "apps", "io.example.App.png"))
			require.NoError(t, err)
			decoded, err := png.Decode(bytesReader(data))
			require.NoError(t, err)
			assert.Equal(t, n, decoded.Bounds().Dx())
			got = append(got, fmt.Sprintf("%x", sha256.Sum256(data)))
		}
		return got
	}
	assert.Equal(t, sums(), sums())
	assert.ErrorContains(t, writeSizes(src, t.TempDir(), "x", []int{128}), "too small")
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
