#!/bin/sh
# A balance run across a cluster: one shard per Slurm array task. Submit it
# from the engine's folder, then merge the shards once every task is done:
#
#   sbatch docs/slurm-balance.sh
#   bin/volcanique merge --summary --html balance.html results/balance-*.jsonl
#
# The array's size is the number of shards; every task plays its share of
# every batch (docs/simulation.md, "Beyond one machine"). The merged report is
# byte for byte the one a single machine would print. All tasks must see the
# same rules folder (the same path: it is recorded in every result line).
#
# Settings come from the environment, with these defaults:
#   VQ     the engine              (bin/volcanique)
#   OUT    the folder for shards   (results)
#   GAMES  games per batch         (2000)
#   EXTRA  more balance options, e.g. "--mods my_rule --powers Rift,Erosion"
#
#SBATCH --job-name=volcanique-balance
#SBATCH --array=0-31
#SBATCH --cpus-per-task=1
#SBATCH --time=02:00:00
#SBATCH --output=balance-%a.log
set -eu
VQ=${VQ:-bin/volcanique}
OUT=${OUT:-results}
GAMES=${GAMES:-2000}
: "${SLURM_ARRAY_TASK_ID:?run this under sbatch (or set SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT)}"
: "${SLURM_ARRAY_TASK_COUNT:?run this under sbatch}"
mkdir -p "$OUT"
# shellcheck disable=SC2086  # EXTRA is a list of options
"$VQ" balance --players 2 --bots greedy --games "$GAMES" --seed 1 ${EXTRA:-} \
    --shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT" > "$OUT/balance-$SLURM_ARRAY_TASK_ID.jsonl"
