# Shared by submit.sh and atlas.sh (sourced, not run): reads SHARDS OUTPUT [flags...] from the
# command line (printing the caller's usage, its header comment, when they are missing),
# submits SHARD_JOB as a job array of SHARDS tasks writing into $PARTS, then FINAL_JOB to start
# once every task has succeeded. The flags reach the jobs as $FLAGS_NAME.
#
#   submit_array SHARD_JOB FINAL_JOB FLAGS_NAME DEFAULT_PARTS "$@"
submit_array() {
  local here array final shard_job=$1 final_job=$2 flags_name=$3 default_parts=$4
  shift 4
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  if [ $# -lt 2 ]; then
    sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
  fi
  export SHARDS="$1" OUTPUT="$2"
  shift 2
  export "$flags_name"="$*"
  export MASTERMIND="${MASTERMIND:-mastermind}" PARTS="${PARTS:-$default_parts}"
  mkdir -p "$PARTS"
  if compgen -G "$PARTS/part-*.json" >/dev/null; then
    echo "$PARTS already holds parts of another run: remove them or set PARTS" >&2
    exit 2
  fi
  # shellcheck disable=SC2086 # SBATCH_FLAGS is a list of flags
  array=$(sbatch --parsable ${SBATCH_FLAGS:-} --array="0-$((SHARDS - 1))" "$here/$shard_job")
  # shellcheck disable=SC2086
  final=$(sbatch --parsable ${SBATCH_FLAGS:-} --dependency="afterok:${array%%;*}" "$here/$final_job")
  echo "shards: job array ${array%%;*}, then job ${final%%;*} once every shard has succeeded"
}
