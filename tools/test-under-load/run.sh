#!/usr/bin/env bash
# Runs `npm test` several times in a row while stress-ng keeps every core busy, as CI and
# teammates' machines often are (guide §17). Stops at the first red run.
#   tools/test-under-load/run.sh [runs=3] [npm script=test]
# e.g. tools/test-under-load/run.sh 3 test:e2e   (only the Playwright suite, three times)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs="${1:-3}"
script="${2:-test}"
if ! command -v stress-ng >/dev/null; then
  echo "[under-load] installing stress-ng (Debian)"
  apt-get install -y stress-ng >/dev/null
fi
# Every core at full load, plus disk and memory pressure, for as long as the runs take.
stress-ng --cpu "$(nproc)" --io 1 --vm 1 --vm-bytes 512M --timeout 0 >/dev/null 2>&1 &
stress=$!
trap 'kill "$stress" 2>/dev/null || true' EXIT
for run in $(seq 1 "$runs"); do
  echo "[under-load] run $run of $runs: npm run $script (load average $(cut -d' ' -f1-3 /proc/loadavg))"
  start=$(date +%s)
  npm run "$script"
  echo "[under-load] run $run passed in $(( $(date +%s) - start )) s"
done
echo "[under-load] $runs of $runs runs passed under load"
