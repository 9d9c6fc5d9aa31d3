#!/usr/bin/env bash
# A base image for jrss's container image, made from this machine's JDK 17+ when no registry is reachable
# (air-gapped hosts, and the machines jrss is built on): a jlink'd runtime with the modules jrss uses, the shared
# libraries it links (ldd), a POSIX sh (dash; jrss sends SIGQUIT with its builtin kill when there is no kill(1), as in
# Ubuntu-based images), /etc/passwd and a /tmp, saved as a Docker image tarball (docker save format).
# Then: mvn -Pimage -pl jrss-cli -am package -DskipTests -Djrss.image.base=tar://$PWD/jrss-base.tar
# Usage: deploy/image/local-base.sh [OUT.tar]   (default: jrss-base.tar; needs jlink, ldd, tar, sha256sum)
set -euo pipefail
out="$(realpath -m "${1:-jrss-base.tar}")"
java_home="${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}"
[ -d "$java_home/jmods" ] || { echo "local-base.sh: no $java_home/jmods: jlink needs a full JDK (set JAVA_HOME)" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root/opt" "$root/lib64" "$root/tmp" "$root/etc" "$root/proc" "$root/bin"
cp -L "$(command -v dash)" "$root/bin/sh"
# the modules jdeps finds in jrss.jar (jdk.net: the attach socket's SO_PEERCRED check), and jcmd's for a shell in the container
"$java_home/bin/jlink" --add-modules java.base,java.desktop,java.management,java.sql,jdk.httpserver,jdk.jfr,jdk.net,jdk.unsupported,jdk.attach,jdk.jcmd \
  --strip-debug --no-man-pages --no-header-files --output "$root/opt/java"
for lib in $(ldd "$root/bin/sh" "$root"/opt/java/bin/* "$root"/opt/java/lib/server/libjvm.so "$root"/opt/java/lib/*.so 2>/dev/null | awk '/=> \// {print $3}' | sort -u); do
  case "$lib" in "$root"/*) continue ;; esac
  mkdir -p "$root$(dirname "$lib")"
  cp -L "$lib" "$root$lib"
done
cp -L /lib64/ld-linux-x86-64.so.2 "$root/lib64/"
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' > "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"
mkdir -p "$work/image"
tar --sort=name --mtime='2026-11-21 00:00:00' --owner=0 --group=0 --numeric-owner -C "$root" -cf "$work/image/layer.tar" .
diff_id="sha256:$(sha256sum "$work/image/layer.tar" | cut -d' ' -f1)"
cat > "$work/image/config.json" <<JSON
{"architecture":"amd64","os":"linux","config":{"Env":["PATH=/opt/java/bin:/usr/bin:/bin","JAVA_HOME=/opt/java"]},"rootfs":{"type":"layers","diff_ids":["$diff_id"]}}
JSON
echo '[{"Config":"config.json","RepoTags":["jrss-base:local"],"Layers":["layer.tar"]}]' > "$work/image/manifest.json"
tar --sort=name --mtime='2026-11-21 00:00:00' --owner=0 --group=0 --numeric-owner -C "$work/image" -cf "$out" manifest.json config.json layer.tar
echo "local-base.sh: $out ($(du -h "$out" | cut -f1)), $("$root/opt/java/bin/java" -version 2>&1 | head -1)"
