#!/usr/bin/env bash
# Installs what the tests need from Debian: Chromium for end-to-end tests and pgvector for the
# local PostgreSQL. pgvector is not packaged for Debian 12, so it is built from Debian's own
# source package (trixie). Idempotent: each step is skipped when already done.
set -euo pipefail

need_update=1
apt_update() { if [ "$need_update" = 1 ]; then apt-get update -qq; need_update=0; fi; }

if ! command -v chromium >/dev/null 2>&1; then
  apt_update
  apt-get install -y -qq chromium >/dev/null
fi

pg_major=$(ls /etc/postgresql 2>/dev/null | sort -n | tail -1)
if [ -n "$pg_major" ] && [ ! -f "/usr/share/postgresql/$pg_major/extension/vector.control" ]; then
  # Reuse the machine's own mirror URI rather than naming one here.
  uri=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources)
  cat > /etc/apt/sources.list.d/pgvector-src.sources <<SRC
Types: deb-src
URIs: $uri
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  need_update=1; apt_update
  apt-get install -y -qq "postgresql-server-dev-$pg_major" dpkg-dev make gcc >/dev/null
  build=$(mktemp -d)
  (cd "$build" && apt-get source -qq pgvector >/dev/null 2>&1 && cd pgvector-*/ && make -s PG_CONFIG="/usr/lib/postgresql/$pg_major/bin/pg_config" >/dev/null && make -s install PG_CONFIG="/usr/lib/postgresql/$pg_major/bin/pg_config" >/dev/null)
  rm -rf "$build"
fi
echo "system deps: chromium $(chromium --version 2>/dev/null | awk '{print $2}'), pgvector $( [ -n "$pg_major" ] && grep default_version "/usr/share/postgresql/$pg_major/extension/vector.control" | cut -d"'" -f2)"
