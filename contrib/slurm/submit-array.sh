# Shared by submit.sh and atlas.sh (sourced, not run): submits SHARD_JOB as a job array of
# $SHARDS tasks writing into $PARTS, then FINAL_JOB to start once every task has succeeded.
#
#   submit_array SHARD_JOB FINAL_JOB
submit_array() {
  local here array final
  here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  mkdir -p "$PARTS"
  if compgen -G "$PARTS/part-*.json" >/dev/null; then
    echo "$PARTS already holds parts of another run: remove them or set PARTS" >&2
    exit 2
  fi
  # shellcheck disable=SC2086 # SBATCH_FLAGS is a list of flags
  array=$(sbatch --parsable ${SBATCH_FLAGS:-} --array="0-$((SHARDS - 1))" "$here/$1")
  # shellcheck disable=SC2086
  final=$(sbatch --parsable ${SBATCH_FLAGS:-} --dependency="afterok:${array%%;*}" "$here/$2")
  echo "shards: job array ${array%%;*}, then job ${final%%;*} once every shard has succeeded"
}
