//! Why a run of one piece that ended with pieces, or their certificates, still missing wrote
//! no tree: the words `generate --resume --shard` prints for
//! [`Finished::Waiting`](super::Finished::Waiting).

use crate::ShardId;

use super::ResumableRun;

impl ResumableRun<'_> {
    /// Why a run of the one piece `only` ended without the tree: `missing` pieces not solved
    /// yet, or `unproven` pieces in without a certificate. (A run of the whole waits for the
    /// pieces other runs hold, and so always ends with the tree.)
    pub fn why_waiting(&self, only: ShardId, missing: usize, unproven: usize) -> String {
        let count = self.shards().len();
        let game = self.planned().scorer().game().describe();
        let directory = self.directory.display();
        match missing {
            // Every piece is in; a run for one piece proves no other piece's certificate.
            0 => format!(
                "optimal {game}: piece {only} is proven in {directory}; {unproven} of the plan's \
                 {count} pieces lack a certificate: their own runs prove them, or a run without \
                 --shard proves them all and writes the tree and its certificate"
            ),
            _ => format!(
                "optimal {game}: piece {only} is in {directory}; {missing} of the plan's {count} \
                 pieces are still to solve before the tree can be written"
            ),
        }
    }
}
