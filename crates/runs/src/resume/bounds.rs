//! What a resumable run's directory proves of the optimum at any stop, long before the last
//! piece is in: a lower bound carried by a certificate (the proofs of the pieces in, and the
//! size bounds of the rest, at the first guess), and an upper bound carried by a tree (a
//! strategy of the whole game with the exact pieces of its opening in place). The two meet
//! once every piece is in.

use std::io::Write;

use mastermind_certificate::{check_given, Bound, CertificateWriter, Fact, CHECKED_TABLE_PAIRS};
use mastermind_core::Scorer;
use mastermind_search::pieces::{
    best_known, certify_lower_bound, heuristic_piece_tree, heuristic_strategy,
};
use mastermind_search::CertifyError;
use mastermind_tree::Node;

use super::{certificate_path, ResumableRun, ResumeError};
use crate::certificates::{copy_parts, PartProofs};
use crate::checked_proofs::{first_step_facts, Checked, CheckedError, CheckedProofs};
use crate::{MergeError, ShardId};

/// What [`ResumableRun::certify_lower_bound`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LowerBound {
    /// Every strategy for the whole game needs at least this many guesses in all
    /// ([`u32::MAX`]: none meets the run's cap).
    pub bound: u32,
    /// How many facts the certificate holds.
    pub facts: u64,
    /// How many pieces' proofs it carries.
    pub pieces: usize,
}

/// What [`ResumableRun::check_lower_bound`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckedLowerBound {
    /// What the checker proves every strategy for the whole game needs.
    pub bound: Bound,
    /// How many pieces' proofs the checker went through now.
    pub checked: usize,
    /// How many it had checked before, as the directory of checked proofs remembers.
    pub recalled: usize,
}

impl ResumableRun<'_> {
    /// The pieces in whose proofs are in too.
    pub fn proven_shards(&self) -> Vec<ShardId> {
        self.shards()
            .into_iter()
            .filter(|&id| self.is_in(id) && certificate_path(&self.directory, id).is_file())
            .collect()
    }

    /// Writes to `out` a certificate that every strategy for the whole game needs at least
    /// the bound it returns: the facts of the proofs of the pieces in (copied unchecked, for
    /// the caller to check the whole), and one fact about the start that the least first
    /// guess, counting those pieces and the size bounds of every other class, proves.
    pub fn certify_lower_bound<W: Write + Send>(&self, out: W) -> Result<LowerBound, ResumeError> {
        let header = self.run.certificate_header();
        let proven = self.proven_shards();
        let proofs = self.open_proofs(&proven)?;
        let mut writer = CertificateWriter::new(out, &header).map_err(ResumeError::Write)?;
        let cited = copy_parts(header, proofs, PartProofs::Unchecked, &mut writer)?;
        let bound = certify_lower_bound(
            self.run.scorer(),
            self.run.options(),
            &mut cited.into_iter(),
            &mut writer,
        )
        .map_err(|error| match error {
            CertifyError::Io(error) => ResumeError::Write(error),
            contradiction => ResumeError::Merge(MergeError::Unproven(contradiction.to_string())),
        })?;
        let facts = writer.facts();
        writer.finish().map_err(ResumeError::Write)?;
        Ok(LowerBound {
            bound,
            facts,
            pieces: proven.len(),
        })
    }

    /// Checks the bound [`ResumableRun::certify_lower_bound`] writes, as the checker checks
    /// that certificate but a piece at a time: each proven piece's proof on its own, or, if
    /// `remembered` holds it (by its contents), what an earlier check found of it; then the
    /// facts about the start, on top of the bounds those proofs state for the first guess's
    /// classes. Given a directory of checked proofs, a refresh at every stop of a run checks
    /// only the proofs that came in since.
    pub fn check_lower_bound(
        &self,
        remembered: Option<&CheckedProofs>,
    ) -> Result<CheckedLowerBound, ResumeError> {
        let header = self.run.certificate_header();
        let scorer = Scorer::with_table_up_to(header.game, CHECKED_TABLE_PAIRS);
        let (mut given, mut checked, mut recalled) = (Vec::<Fact>::new(), 0, 0);
        for id in self.proven_shards() {
            let path = certificate_path(&self.directory, id);
            let (facts, when) = first_step_facts(&scorer, header, &path, remembered).map_err(
                |error| match error {
                    CheckedError::Refused(error) => ResumeError::Merge(MergeError::Certificate {
                        path: path.clone(),
                        message: error.to_string(),
                    }),
                    CheckedError::Read { path, source } => ResumeError::Io {
                        action: "read",
                        path,
                        source,
                    },
                    error => ResumeError::Write(std::io::Error::other(error.to_string())),
                },
            )?;
            match when {
                Checked::Now => checked += 1,
                Checked::Before => recalled += 1,
            }
            given.extend(facts);
        }
        let unproven = |error: String| ResumeError::Merge(MergeError::Unproven(error));
        let mut start = CertificateWriter::new(Vec::new(), &header).map_err(ResumeError::Write)?;
        certify_lower_bound(
            self.run.scorer(),
            self.run.options(),
            &mut given.iter().cloned(),
            &mut start,
        )
        .map_err(|error| match error {
            CertifyError::Io(error) => ResumeError::Write(error),
            contradiction => unproven(contradiction.to_string()),
        })?;
        let start = start.finish().map_err(ResumeError::Write)?;
        let proven = check_given(&scorer, &given, &start[..])
            .map_err(|error| unproven(format!("the facts about the start: {error}")))?;
        let budget = self
            .run
            .options()
            .max_guesses
            .map(|cap| u8::try_from(cap).unwrap_or(u8::MAX));
        Ok(CheckedLowerBound {
            bound: proven.bound_at(&[], budget),
            checked,
            recalled,
        })
    }

    /// The best strategy known for the whole game, and its total: the least of `base` (a
    /// tree of the whole game from its start; without one, the heuristics' tree the plan's
    /// upper bound comes from) with the exact pieces of its opening in place where they need
    /// fewer guesses, and each opening with at least half its codes in exact pieces, the rest
    /// played by the heuristics (see [`best_known`]). Once every piece is in, the optimum.
    /// `None` when no tree meets the run's cap.
    pub fn best_known(&self, base: Option<&Node>) -> Result<Option<(Node, u64)>, ResumeError> {
        let (scorer, options, plan) = (self.run.scorer(), self.run.options(), self.run.plan());
        let heuristic = match base {
            Some(_) => None,
            None => heuristic_strategy(scorer, options).map(|(tree, _)| tree),
        };
        let in_now: Vec<ShardId> = self
            .shards()
            .into_iter()
            .filter(|&id| self.is_in(id))
            .collect();
        let results = self.results_in(&in_now)?;
        let codes = scorer.codebook().len() as u64;
        Ok(best_known(
            plan,
            &results,
            codes,
            base.or(heuristic.as_ref()),
            &mut |index| heuristic_piece_tree(scorer, options, &plan.pieces[index]),
        ))
    }
}
