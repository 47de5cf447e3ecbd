#!/usr/bin/env sh
# Prints the package version for a `git describe` version: packages want a
# leading digit, so v1.2.0 → 1.2.0 and v1.2.0-3-gabc1234 → 1.2.0-3-gabc1234;
# before the first tag, abc1234 → 0.0.0-dev.gabc1234.
v=${1:?usage: pkg-version.sh VERSION}
case "$v" in
  v[0-9]* | [0-9]*.*) echo "${v#v}" ;;
  *) echo "0.0.0-dev.g$v" ;;
esac
