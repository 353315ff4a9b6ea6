//! Why a run that ended with pieces, or their certificates, still missing wrote no tree: the
//! words `generate --resume` prints for [`Finished::Waiting`](super::Finished::Waiting).

use crate::ShardId;

use super::ResumableRun;

impl ResumableRun<'_> {
    /// Why the run waits, for a run of the piece `only` (or of the whole): `missing` pieces
    /// not solved yet, `unproven` pieces in without a certificate, `held` by other runs.
    pub fn why_waiting(
        &self,
        only: Option<ShardId>,
        missing: usize,
        unproven: usize,
        held: &[ShardId],
    ) -> String {
        let count = self.shards().len();
        let game = self.planned().scorer().game().describe();
        let directory = self.directory.display();
        let listed = |ids: &[ShardId]| {
            let ids: Vec<String> = ids.iter().map(ToString::to_string).collect();
            ids.join(", ")
        };
        let only: Vec<ShardId> = only.into_iter().collect();
        match (missing, only.is_empty(), held.is_empty()) {
            (0, true, _) => format!(
                "optimal {game}: every piece is in {directory}; another run is proving {} \
                 (their proofs under way are locked), and whichever run ends last writes the \
                 tree and its certificate",
                listed(held)
            ),
            // Every piece is in; a run for one piece proves no other piece's certificate.
            (0, false, _) => format!(
                "optimal {game}: piece {} is proven in {directory}; {unproven} of the plan's \
                 {count} pieces lack a certificate: their own runs prove them, or a run without \
                 --shard proves them all and writes the tree and its certificate",
                listed(&only)
            ),
            // Only one piece was asked for: the tree waits for the others.
            (_, _, true) => format!(
                "optimal {game}: piece {} is in {directory}; {missing} of the plan's {count} \
                 pieces are still to solve before the tree can be written",
                listed(&only)
            ),
            _ => format!(
                "optimal {game}: {missing} of the plan's {count} pieces are not in {directory} \
                 yet; another run is solving {} (their notes are locked), and whichever run ends \
                 last writes the tree",
                listed(held)
            ),
        }
    }
}
