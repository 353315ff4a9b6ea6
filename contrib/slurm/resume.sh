#!/usr/bin/env bash
# Runs the optimal search on Slurm as one resumable run: WORKERS array tasks share the run's
# pieces in one directory, each solving the next piece that no other task holds, and a last
# job, once every task has ended (succeeded or not), solves what is left and writes the tree.
#
#   contrib/slurm/resume.sh WORKERS OUTPUT [generate flags...]
#   contrib/slurm/resume.sh 8 optimal-5x6.json --pegs 5 --colours 6
#   contrib/slurm/resume.sh 52 optimal-4x10.json --colours 10 --certificate optimal-4x10.cert
#
# MASTERMIND names the binary (default: mastermind on the PATH); PIECES the run's directory,
# which every node must see, with file locks that work across nodes (default: ./pieces);
# SBATCH_FLAGS go to both sbatch calls. Submit again with the same PIECES to go on from where
# a cancelled or timed-out run stopped: each piece under way goes on from its notes. With
# --certificate the workers prove each piece beside it and the last job writes the whole
# certificate with the tree.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 2 ]; then
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
workers=$1
export OUTPUT="$2"
shift 2
export GENERATE_FLAGS="$*"
export MASTERMIND="${MASTERMIND:-mastermind}" PIECES="${PIECES:-pieces}"
mkdir -p "$PIECES"
# shellcheck disable=SC2086 # SBATCH_FLAGS is a list of flags
array=$(sbatch --parsable ${SBATCH_FLAGS:-} --array="0-$((workers - 1))" "$here/resume.sbatch")
# shellcheck disable=SC2086
last=$(sbatch --parsable ${SBATCH_FLAGS:-} --dependency="afterany:${array%%;*}" \
  --job-name=mastermind-resume-last --output=mastermind-resume-last-%j.log "$here/resume.sbatch")
echo "pieces in $PIECES: job array ${array%%;*} of $workers workers, then job ${last%%;*} once they have all ended"
