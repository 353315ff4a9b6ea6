#!/usr/bin/env bash
# Computes the atlas in shards on Slurm: the shards as one job array (each runs its games'
# computations one at a time under the atlas's time budget), then a job that puts the parts
# together once every shard has succeeded.
#
#   contrib/slurm/atlas.sh SHARDS OUTPUT [atlas flags...]
#   contrib/slurm/atlas.sh 8 atlas.json --pegs 2..5 --colours 2..8 --budget 600
#
# MASTERMIND names the binary (default: mastermind on the PATH); PARTS the directory for the
# parts, which every node must see (default: ./atlas-parts); SBATCH_FLAGS go to both sbatch
# calls. Give the put-together job the same atlas flags: it computes nothing the parts settled.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=contrib/slurm/submit-array.sh
source "$here/submit-array.sh"
submit_array atlas-shard.sbatch atlas-merge.sbatch ATLAS_FLAGS atlas-parts "$@"
