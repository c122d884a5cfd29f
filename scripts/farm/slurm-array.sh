#!/usr/bin/env bash
# Renders a scene as a Slurm job array: task K of N renders the K-th contiguous chunk of the frames
# into one shared folder (docs/farm.md).
#
#   sbatch --array=0-7 scripts/farm/slurm-array.sh SCENE OUT 8 [strata render options…]
#   strata check OUT                    # exit 0 when every frame is present and recorded
#   sbatch --array=3 scripts/farm/slurm-array.sh SCENE OUT 8    # re-run one failed index
#
# The array indices are the shard numbers (0 … N-1); N is given explicitly so that resubmitting
# a few indices keeps the same chunks. --skip-existing makes a rerun of an index idempotent: it
# keeps the frames its earlier run recorded and renders the rest. STRATA names the binary
# (default: strata on PATH); the folder must be on storage every node sees.
#SBATCH --job-name=strata-render
#SBATCH --cpus-per-task=1
#SBATCH --output=strata-render-%A_%a.out
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: sbatch --array=0-(N-1) $0 SCENE OUT N [strata render options…]" >&2
  exit 64
fi
scene=$1 out=$2 shards=$3
shift 3
exec "${STRATA:-strata}" render "$scene" --out "$out" --shard slurm --shards "$shards" --skip-existing --quiet \
  --jobs "${SLURM_CPUS_PER_TASK:-1}" "$@"
