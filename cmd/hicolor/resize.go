package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
)

// Sizes are the hicolor sizes desktops look up for an application icon.
var Sizes = []int{16, 22, 24, 32, 48, 64, 128, 256, 512}

// writeSizes reads the PNG at src and writes it at every size under out.
func writeSizes(src, out, name string, sizes []int) error {
	f, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("open icon: %w", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("decode %s: %w", src, err)
	}
	b := img.Bounds()
	if b.Dx() != b.Dy() {
		return fmt.Errorf("%s is %dx%d: an icon must be square", src, b.Dx(), b.Dy())
	}
	for _, n := range sizes {
		if n > b.Dx() {
			return fmt.Errorf("%s is %d px: too small for %d px", src, b.Dx(), n)
		}
		dir := filepath.Join(out, fmt.Sprintf("%dx%d", n, n), "apps")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("icon folder: %w", err)
		}
		if err := writePNG(filepath.Join(dir, name+".png"), shrink(img, n)); err != nil {
			return err
		}
	}
	return nil
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create icon: %w", err)
	}
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(f, img); err != nil {
		_ = f.Close()
		return fmt.Errorf("encode %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// shrink scales the square img down to n×n by averaging, for each output
// pixel, the source pixels whose centres fall inside it (an area average in
// premultiplied colour, so transparent edges do not darken).
func shrink(img image.Image, n int) *image.NRGBA {
	b := img.Bounds()
	side := b.Dx()
	dst := image.NewNRGBA(image.Rect(0, 0, n, n))
	for y := 0; y < n; y++ {
		y0, y1 := y*side/n, (y+1)*side/n
		for x := 0; x < n; x++ {
			x0, x1 := x*side/n, (x+1)*side/n
			var r, g, bl, a, count uint64
			for sy := y0; sy < y1; sy++ {
				for sx := x0; sx < x1; sx++ {
					pr, pg, pb, pa := img.At(b.Min.X+sx, b.Min.Y+sy).RGBA()
					r, g, bl, a = r+uint64(pr), g+uint64(pg), bl+uint64(pb), a+uint64(pa)
					count++
				}
			}
			dst.SetNRGBA(x, y, unpremultiply(r/count, g/count, bl/count, a/count))
		}
	}
	return dst
}

// unpremultiply turns a 16-bit premultiplied average into 8-bit straight colour.
func unpremultiply(r, g, b, a uint64) color.NRGBA {
	if a == 0 {
		return color.NRGBA{}
	}
	to8 := func(v uint64) uint8 { return uint8((v*0xff + 0x7fff) / 0xffff) }
	return color.NRGBA{R: to8(r * 0xffff / a), G: to8(g * 0xffff / a), B: to8(b * 0xffff / a), A: to8(a)}
}
