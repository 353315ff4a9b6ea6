#!/usr/bin/env bash
# Runs the optimal search in shards on Slurm: the shards as one job array, then the merge as
# a job that starts once every shard has succeeded.
#
#   contrib/slurm/submit.sh SHARDS OUTPUT [generate flags...]
#   contrib/slurm/submit.sh 16 optimal-4x7.json --colours 7
#
# MASTERMIND names the binary (default: mastermind on the PATH); PARTS the directory for the
# parts, which every node must see (default: ./parts); SBATCH_FLAGS go to both sbatch calls
# (a partition, an account, a time limit). A failed shard is re-run with
#   sbatch --array=K contrib/slurm/shard.sbatch   (same environment), then the merge alone.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=contrib/slurm/submit-array.sh
source "$here/submit-array.sh"
submit_array shard.sbatch merge.sbatch GENERATE_FLAGS parts "$@"
