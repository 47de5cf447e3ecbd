#!/usr/bin/env bash
# The Linux artefacts of `make dist`, from the built page (frontend/dist):
# a reproducible binary, the desktop files checked with the freedesktop
# tools, then nfpm's .deb and .rpm and a .tar.gz of the same tree.
# Usage: VERSION=… PKG_VERSION=… SOURCE_DATE_EPOCH=… dist-linux.sh OUT_DIR
# (make dist sets them; PKG_VERSION is VERSION without the leading v).
set -euo pipefail
out=${1:?usage: dist-linux.sh OUT_DIR}
: "${VERSION:?}" "${PKG_VERSION:?}" "${SOURCE_DATE_EPOCH:?}" "${NFPM_VERSION:?}"
# DIST_ARCH, not GOARCH: `go run` of the tools below is for this machine.
export DIST_ARCH=${DIST_ARCH:-amd64} SOURCE_DATE_EPOCH
app_id=io.github.clusterdeck.Clusterdeck
stage=build/stage/linux_$DIST_ARCH
tree=clusterdeck_${PKG_VERSION}_linux_${DIST_ARCH}
export CLUSTERDECK_MAINTAINER=${CLUSTERDECK_MAINTAINER:-Clusterdeck maintainers <maintainers@clusterdeck.invalid>}

rm -rf "$stage" && mkdir -p "$stage/bin" "$out"
# Reproducible: no paths of this machine (-trimpath), no VCS stamp (the
# version is given), no build id; the same commit gives the same bytes.
CGO_ENABLED=1 GOARCH=$DIST_ARCH go build -trimpath -buildvcs=false -tags webkit2_41,desktop,production \
  -ldflags "-w -s -buildid= -X main.version=$VERSION" -o "$stage/bin/clusterdeck" .

install -Dm644 "build/package/$app_id.desktop" "$stage/share/applications/$app_id.desktop"
install -Dm644 "build/package/$app_id.metainfo.xml" "$stage/share/metainfo/$app_id.metainfo.xml"
install -Dm644 README.md "$stage/share/doc/clusterdeck/README.md"
install -Dm644 CHANGELOG.md "$stage/share/doc/clusterdeck/CHANGELOG.md"
go run ./cmd/hicolor -src build/appicon.png -name "$app_id" -out "$stage/share/icons/hicolor"

desktop-file-validate "$stage/share/applications/$app_id.desktop"
appstreamcli validate --no-net "$stage/share/metainfo/$app_id.metainfo.xml"

nfpm=(go run "github.com/goreleaser/nfpm/v2/cmd/nfpm@$NFPM_VERSION")
"${nfpm[@]}" package --config build/package/nfpm.yaml --packager deb --target "$out/clusterdeck_${PKG_VERSION}_${DIST_ARCH}.deb"
"${nfpm[@]}" package --config build/package/nfpm.yaml --packager rpm --target "$out/clusterdeck_${PKG_VERSION}_${DIST_ARCH}.rpm"

# The tarball: the same tree under one folder, ordered, owned by root and
# dated at the commit, so it too is the same for the same commit.
tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  --transform "s|^\.|$tree|" -C "$stage" -cf - . | gzip -9n >"$out/$tree.tar.gz"
echo "dist: Linux packages in $out"
