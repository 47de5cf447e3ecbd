// Command hicolor writes an app icon at the freedesktop hicolor theme's
// sizes, for the Linux packages (`make dist`):
//
//	go run ./cmd/hicolor -src build/appicon.png -name APP_ID -out DIR
//
// writes DIR/<n>x<n>/apps/APP_ID.png for each size. The output depends only
// on the source image, so two builds of a commit give the same files.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	src := flag.String("src", "build/appicon.png", "the square source icon (PNG, 512 px or more)")
	name := flag.String("name", "", "the icon's name: the app id (required)")
	out := flag.String("out", "", "the hicolor folder to write into (required)")
	flag.Parse()
	if *name == "" || *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := writeSizes(*src, *out, *name, Sizes); err != nil {
		fmt.Fprintln(os.Stderr, "hicolor:", err)
		os.Exit(1)
	}
}
