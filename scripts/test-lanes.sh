#!/usr/bin/env bash
# npm test: the docs check and lint, then every test layer in two lanes at once, one per core.
# `npm test -- --ci` (what .ci/run runs) adds the layers CI runs after the consumer's build: the
# lowest supported Medusa version, several instances on Redis, and a short soak.
set -euo pipefail
cd "$(dirname "$0")/.."
ci=false
[ "${1:-}" = "--ci" ] && ci=true
times=$(mktemp)
pack_dir=$(mktemp -d)
trap 'rm -rf "$pack_dir" "$times"' EXIT

# The layers of `npm test` and the ones after it, in two lanes at once, one per core: the
# integration specs (one jest worker, one Medusa app at a time) take as long as all the other
# layers together, and much of those is spent waiting (servers booting, browsers, the registry).
#   tests: docs, lint, typecheck, unit, integration
#   apps:  crash, consumer, demo, and with --ci: versions (the consumer's build, packed), cluster, soak
# Each lane's lines carry its name; a lane that fails does not stop the other, and the run fails
# if either did. The times of every layer are printed at the end (CONTRIBUTING.md has them).
layer() {
  local name=$1 t0=$SECONDS status=0
  shift
  echo "=== $name: $*"
  "$@" || status=$?
  printf '%-12s %5d s%s\n' "$name" $((SECONDS - t0)) "$([ $status -eq 0 ] || echo "  FAILED (exit $status)")" >>"$times"
  return $status
}
tests_lane() {
  layer docs npm run test:docs &&
    layer lint npm run lint &&
    layer typecheck npm run typecheck &&
    layer unit npm run test:unit &&
    layer integration npm run test:integration
}
apps_lane() {
  layer crash npm run test:crash &&
    layer consumer npm run test:consumer &&
    layer demo npm run test:demo &&
    { $ci || return 0; } &&
    # The supported Medusa versions: the packed tarball in a new stock app on the lowest published
    # version of the peer range (install with npm's peer checks, migrate, boot, a checkout per
    # gateway). Only the lowest here: lowest and highest took 6 min 47 s (load 5 on 2 cores), the
    # lowest alone under 3.5 min. The rest of this CI runs on the devDependencies' version (2.21.2,
    # the highest today); `npm run test:versions` runs both. It tests the build the consumer test
    # made (.medusa/server), packed again: building it a second time (`medusa plugin:build`, 1-3
    # min) would only repeat the same output.
    npm pack --pack-destination "$pack_dir" >/dev/null &&
    layer versions npm run test:versions -- lowest --tarball "$(ls "$pack_dir"/*.tgz)" &&
    # Two servers and a worker on one database and Redis (Medusa's Redis modules).
    layer cluster npm run test:cluster &&
    # 50 checkouts under injected service faults; every money invariant must be 0 (the long run of
    # 500 is `npm run soak`, reported in bench/RESULTS.md).
    layer soak npm run soak -- --short --plant
}
t0=$SECONDS
tests_lane > >(sed -u 's/^/[tests] /') 2>&1 &
tests_pid=$!
apps_status=0
apps_lane > >(sed -u 's/^/[apps] /') 2>&1 || apps_status=$?
tests_status=0
wait "$tests_pid" || tests_status=$?
# Both lanes' last lines are out before the summary.
wait
echo
echo "Layers (wall time; the two lanes ran at once):"
cat "$times"
echo "both lanes: $((SECONDS - t0)) s; the whole run: $SECONDS s"
if [ $tests_status -ne 0 ] || [ $apps_status -ne 0 ]; then
  echo "npm test: FAILED (tests lane exit $tests_status, apps lane exit $apps_status)" >&2
  exit 1
fi
