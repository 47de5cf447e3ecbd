#!/usr/bin/env bash
# Installs the pinned Wails CLI into GOPATH/bin unless that exact version is there.
set -euo pipefail
version="$1"
wails="$(go env GOPATH)/bin/wails"
if [ -x "$wails" ] && [ "$("$wails" version 2>/dev/null | head -1)" = "$version" ]; then
  exit 0
fi
echo "wails: installing CLI $version"
go install "github.com/wailsapp/wails/v2/cmd/wails@$version"
