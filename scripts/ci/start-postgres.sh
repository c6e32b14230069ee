# Sourced by .ci/run (and usable by hand): starts a throwaway PostgreSQL cluster on 127.0.0.1
# and exports TEST_DATABASE_URL for the store's contract tests. Runs as the `postgres` user
# when invoked as root, because initdb refuses root.
pg_bin=$(dirname "$(command -v initdb 2>/dev/null || ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")
pg_dir=$(mktemp -d /tmp/quorum-pg.XXXXXX)
pg_port=${PG_TEST_PORT:-55432}
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/sh -c "$*"; else sh -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres "$pg_dir"
as_pg "$pg_bin/initdb -D $pg_dir/data -U postgres -A trust >/dev/null"
as_pg "$pg_bin/pg_ctl -D $pg_dir/data -o '-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1' -l $pg_dir/log -w start >/dev/null"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$pg_port/postgres"
echo "PostgreSQL test server at $TEST_DATABASE_URL"
stop_test_postgres() { as_pg "$pg_bin/pg_ctl -D $pg_dir/data -m fast stop >/dev/null" || true; rm -rf "$pg_dir"; }
