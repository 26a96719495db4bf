#!/usr/bin/env bash
# Builds f0's OCI image with buildah (no daemon) into an OCI image layout
# directory, tagged with the version; nothing is pushed to a registry.
#
#   release/image.sh OUT [GOARCH]     OUT: the layout directory (made or added to)
#
# VERSION (default: dev) is stamped into the binary and the image's labels.
# The image's registry name comes from server.json. Push the layout with
# `skopeo copy oci:OUT:VERSION docker://REGISTRY/NAME:VERSION`, or load it with
# `podman load -i` on an archive (`skopeo copy oci:OUT:VERSION oci-archive:f0.tar`).
# Needs: Go, buildah, Debian's ca-certificates (the CA bundle copied in).
set -euo pipefail

out="${1:?usage: release/image.sh OUT [GOARCH]}"
arch="${2:-$(go env GOARCH)}"
version="${VERSION:-dev}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cabundle=/etc/ssl/certs/ca-certificates.crt

command -v buildah >/dev/null 2>&1 || { echo "image.sh: buildah not found (Debian: apt-get install buildah)" >&2; exit 1; }
[[ -r "$cabundle" ]] || { echo "image.sh: $cabundle not found (Debian: apt-get install ca-certificates)" >&2; exit 1; }
name="$(sed -n 's/^  "name": "\(.*\)",$/\1/p' "$repo/server.json")"
[[ -n "$name" ]] || { echo "image.sh: no top-level \"name\" in $repo/server.json" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ctx="$work/context"
mkdir -p "$ctx/rootfs/etc/ssl/certs" "$ctx/rootfs/tmp" "$ctx/owned/workspace" "$ctx/owned/home/f0"
chmod 1777 "$ctx/rootfs/tmp"
printf 'root:x:0:0:root:/root:/sbin/nologin\nf0:x:65532:65532:f0:/home/f0:/sbin/nologin\n' >"$ctx/rootfs/etc/passwd"
printf 'root:x:0:\nf0:x:65532:\n' >"$ctx/rootfs/etc/group"
cp "$cabundle" "$ctx/rootfs/etc/ssl/certs/ca-certificates.crt"

commit="$(git -C "$repo" rev-parse HEAD 2>/dev/null || true)"
date="$(git -C "$repo" log -1 --format=%cI 2>/dev/null || true)"
(cd "$repo" && CGO_ENABLED=0 GOOS=linux GOARCH="$arch" go build -trimpath -buildvcs=false \
  -ldflags "-s -w -X main.stampedVersion=$version -X main.stampedCommit=$commit -X main.stampedDate=$date" \
  -o "$ctx/f0" ./cmd/f0)

# buildah keeps its own storage in the work directory, so the build needs no
# daemon, no setup of /var/lib/containers and leaves nothing behind.
stamp="$(git -C "$repo" log -1 --format=%ct 2>/dev/null || echo 0)"
b=(buildah --root "$work/storage" --runroot "$work/run" --storage-driver vfs)
"${b[@]}" build --quiet --isolation chroot --format oci --platform "linux/$arch" --timestamp "$stamp" \
  --build-arg VERSION="$version" --build-arg SERVER_NAME="$name" \
  -f "$repo/release/Containerfile" -t "localhost/f0:$version" "$ctx" >/dev/null
"${b[@]}" push --quiet "localhost/f0:$version" "oci:$out:$version"
echo "image.sh: oci:$out:$version (linux/$arch, $name)"
