#!/usr/bin/env bash
# Renders a scene as N shards with GNU parallel, on this machine or over ssh (-S host1,host2),
# with a job log so that failed shards can be rerun (docs/farm.md).
#
#   scripts/farm/parallel.sh SCENE OUT N [strata render options…]
#   # after a failure, the same line again reruns only the failed shards (--resume-failed)
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 SCENE OUT N [strata render options…]" >&2
  exit 64
fi
scene=$1 out=$2 shards=$3
shift 3
mkdir -p "$out"
seq 0 $((shards - 1)) | parallel --joblog "$out.joblog" --resume-failed --halt never \
  "${STRATA:-strata}" render "$scene" --out "$out" --shard "{}/$shards" --skip-existing --quiet --jobs 1 "$@"
"${STRATA:-strata}" check "$out"
