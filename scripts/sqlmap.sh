#!/usr/bin/env bash
# npm run sqlmap: sqlmap against every search and filter parameter of /shop and GET /api/products.
#
# Starts the production build on loopback over a throwaway PostgreSQL database filled with the
# demo catalogue, lets sqlmap try every technique on each parameter, prints a summary and exits
# non-zero when sqlmap finds an injectable parameter (or the app answers 5xx).
#
#   SQLMAP_DATABASE_URL  PostgreSQL database to use as it is (default: a fresh database created
#                        on SQLMAP_SERVER_URL and dropped afterwards)
#   SQLMAP_SERVER_URL    default postgres://postgres@127.0.0.1:5432/postgres
#   SQLMAP_PORT          default 3237
#   SQLMAP_LEVEL, SQLMAP_RISK  default 3 and 2
#   BUILD_DIR            the build to serve (default build/, built when missing or stale)
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

PORT="${SQLMAP_PORT:-3237}"
LEVEL="${SQLMAP_LEVEL:-3}"
RISK="${SQLMAP_RISK:-2}"
SERVER_URL="${SQLMAP_SERVER_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
BASE="http://127.0.0.1:${PORT}"
PARAMETERS="search,brand,grade,storage,minPrice,maxPrice,verified,inspected,sort,view,page"
QUERY="search=iphone&brand=apple&grade=A&storage=128GB&minPrice=10000&maxPrice=900000&verified=true&inspected=true&sort=price-low&view=grid&page=1"
TARGETS=("${BASE}/shop?${QUERY}" "${BASE}/api/products?${QUERY}")

WORK_DIR="$(mktemp -d "${TMPDIR:-/tmp}/tokunbo-sqlmap-XXXXXX")"
APP_LOG="${WORK_DIR}/app.log"
APP_PID=""
CREATED_DATABASE=""
STARTED_AT=$(date +%s)

# Runs SQL on the PostgreSQL server with the app's own driver (no psql needed).
server_sql() {
  node --input-type=module -e '
    import pg from "pg";
    const client = new pg.Client({ connectionString: process.argv[1] });
    await client.connect();
    try { await client.query(process.argv[2]); } finally { await client.end(); }
  ' "$SERVER_URL" "$1"
}

healthy() {
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "${BASE}/healthz"
}

cleanup() {
  local status=$?
  if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then
    kill -TERM "$APP_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$APP_PID" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$APP_PID" 2>/dev/null || true
  fi
  if [[ -n "$CREATED_DATABASE" ]]; then
    server_sql "drop database if exists ${CREATED_DATABASE} with (force)" || echo "Could not drop the database ${CREATED_DATABASE}" >&2
  fi
  rm -rf "$WORK_DIR"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if ! command -v sqlmap >/dev/null; then
  echo "Installing sqlmap from apt…"
  SUDO=""; [[ "$(id -u)" -ne 0 ]] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq sqlmap >/dev/null
fi

npx tsx scripts/build-if-needed.ts

if [[ -n "${SQLMAP_DATABASE_URL:-}" ]]; then
  DATABASE_URL="$SQLMAP_DATABASE_URL"
else
  CREATED_DATABASE="tokunbo_sqlmap_$(od -An -N6 -tx1 /dev/urandom | tr -d ' \n')"
  server_sql "create database ${CREATED_DATABASE}"
  DATABASE_URL="$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' "$SERVER_URL" "$CREATED_DATABASE")"
fi

echo "Starting the shop on ${BASE} with the demo catalogue…"
env -u PAYSTACK_SECRET_KEY -u PAYSTACK_BASE_URL \
  NODE_ENV=production PAYMENTS_MODE=sandbox DEMO_DATA=true LOG_LEVEL=info \
  AUTH_SECRET="sqlmap-run-secret-of-at-least-32-characters" \
  HOST=127.0.0.1 PORT="$PORT" PUBLIC_URL="$BASE" DATA_DIR="${WORK_DIR}/data" DATABASE_URL="$DATABASE_URL" \
  node_modules/.bin/tsx server/main.ts >"$APP_LOG" 2>&1 &
APP_PID=$!

for _ in $(seq 1 240); do
  if ! kill -0 "$APP_PID" 2>/dev/null; then
    echo "The shop stopped before serving:" >&2; tail -n 20 "$APP_LOG" >&2; exit 1
  fi
  healthy && break
  sleep 0.5
done
healthy || { echo "The shop did not answer /healthz within 2 minutes" >&2; exit 1; }

FINDINGS=0
for target in "${TARGETS[@]}"; do
  echo "sqlmap: ${target%%\?*} (${PARAMETERS})"
  out_dir="${WORK_DIR}/sqlmap-$(basename "${target%%\?*}")"
  sqlmap -u "$target" -p "$PARAMETERS" --batch --disable-coloring \
    --level="$LEVEL" --risk="$RISK" --technique=BEUSTQ --dbms=PostgreSQL \
    --output-dir="$out_dir" >"${out_dir}.txt" 2>&1 || true
  grep -E "does not seem to be injectable|do not appear to be injectable|CRITICAL\]|identified the following injection" "${out_dir}.txt" | sed 's/^/  /' || true
  if grep -q "identified the following injection point" "${out_dir}.txt" || [[ -s "${out_dir}/127.0.0.1/log" ]]; then
    FINDINGS=$((FINDINGS + 1))
    sed -n '/identified the following injection point/,/^---$/p' "${out_dir}.txt"
  fi
done

REQUESTS=$(grep -c '"msg":"request"' "$APP_LOG" || true)
SERVER_ERRORS=$(grep '"msg":"request"' "$APP_LOG" | grep -cE '"status":5[0-9][0-9]' || true)
PARAMETER_COUNT=$(tr ',' '\n' <<<"$PARAMETERS" | wc -l)

echo
echo "sqlmap $(sqlmap --version 2>/dev/null | head -n 1), level ${LEVEL}, risk ${RISK}, techniques BEUSTQ, PostgreSQL"
echo "parameters tested: ${PARAMETER_COUNT} on each of ${#TARGETS[@]} endpoints ($((PARAMETER_COUNT * ${#TARGETS[@]})) in all)"
echo "requests the shop answered: ${REQUESTS}, of them 5xx: ${SERVER_ERRORS}"
echo "injectable endpoints found: ${FINDINGS}"
echo "time: $(( $(date +%s) - STARTED_AT )) s"
if (( FINDINGS > 0 || SERVER_ERRORS > 0 )); then exit 1; fi
