//! Certificates of runs cut into pieces: each piece's result proven where it is solved (a
//! shard, or one piece of a resumed run), the merge's certificate made of those facts and
//! the few that prove the choice of the first guess from them, and, while pieces are still
//! missing, the lower bound on the whole game that the pieces proven so far give.

use std::io::Write;

use mastermind_certificate::{CertificateWriter, Fact, Step};
use mastermind_core::{Code, Scorer};

use super::prover::CertifyError;
use super::prover::Prover;
use crate::optimal::options::OptimalOptions;
use crate::optimal::pieces::{Learnt, PieceResult, Plan};
use crate::optimal::search::root::Root;
use mastermind_strategy::NoProgress;
use mastermind_strategy::Situation;

impl PieceResult {
    /// What the result proves of its piece: every strategy for its codes needs at least this
    /// many guesses after the opening (its total when exact).
    pub fn bound(&self) -> u64 {
        match self {
            PieceResult::Exact { total, .. } => *total,
            PieceResult::AtLeast(bound) => *bound,
        }
    }
}

/// Writes into `out` the facts that prove what a run of `plan` found: for each of `pieces`
/// (its index in the plan and the bound its result proves, see [`PieceResult::bound`]) that
/// the `earlier` facts do not already prove, the facts proving it; and last, when `total` is
/// given, that every strategy for the whole game needs at least `total` guesses. `cited` are
/// facts the caller has already written into `out`, which the new facts may cite, read one
/// at a time: proven elsewhere (the certificates of other shards or pieces), or those of a
/// proof that was stopped, so that it goes on from them instead of from nothing. They are
/// not checked here; the checker checks them with the rest. One search finds what the proofs
/// need: started from what the search of the pieces `learnt`, if given, else afresh.
#[allow(clippy::too_many_arguments)]
pub fn certify_plan<W: Write + Send>(
    scorer: &Scorer,
    options: &OptimalOptions,
    plan: &Plan,
    pieces: &[(usize, u64)],
    total: Option<u64>,
    learnt: Option<Learnt>,
    cited: &mut dyn Iterator<Item = Fact>,
    out: &mut CertificateWriter<W>,
) -> Result<(), CertifyError> {
    let start = Situation::start(scorer);
    let Ok(mut root) = Root::new(scorer, options, &start, &NoProgress) else {
        // The cap leaves no guess to play: the checker needs no proof of that.
        return Ok(());
    };
    if let Some(learnt) = learnt {
        root.search.table = learnt.table;
    }
    let book = scorer.codebook();
    let mut prover = Prover::new(&root.search, out);
    prover.cite(cited);
    for &(index, bound) in pieces {
        let piece = &plan.pieces[index];
        let class: Vec<Code> = start
            .candidates()
            .iter()
            .copied()
            .filter(|&code| scorer.feedback(piece.opening, code) == piece.reply)
            .collect();
        let path = [Step {
            guess: piece.opening,
            reply: piece.reply,
        }];
        let symmetry = root.symmetry.after(book, piece.opening);
        prover.prove_at(
            &path,
            &class,
            root.budget.after_guess(),
            &symmetry,
            clamp(bound),
        )?;
    }
    if let Some(total) = total {
        prover.prove_at(
            &[],
            start.candidates(),
            root.budget,
            &root.symmetry,
            clamp(total),
        )?;
    }
    Ok(())
}

/// Writes into `out`, after `cited` (facts the caller has already written into it: the
/// proofs of some of a run's pieces, read one at a time), the one fact that every strategy
/// for the whole game needs at least the bound it returns: the least, over the first guesses,
/// of the codes plus, for each class, what a cited fact proves of it or its size bound.
/// Nothing is searched, so it takes moments whatever is missing; the checker checks the
/// cited facts with the rest.
pub fn certify_lower_bound<W: Write + Send>(
    scorer: &Scorer,
    options: &OptimalOptions,
    cited: &mut dyn Iterator<Item = Fact>,
    out: &mut CertificateWriter<W>,
) -> Result<u32, CertifyError> {
    let start = Situation::start(scorer);
    let Ok(root) = Root::new(scorer, options, &start, &NoProgress) else {
        // No guess fits the cap: nothing the checker needs proving, and no strategy.
        return Ok(u32::MAX);
    };
    let mut prover = Prover::new(&root.search, out);
    prover.cite(cited);
    let bound = prover.known_at_start(start.candidates(), root.budget);
    prover.prove_at(&[], start.candidates(), root.budget, &root.symmetry, bound)?;
    Ok(bound)
}

/// A bound as the certificate's numbers hold it: [`u32::MAX`] stays "no strategy fits".
fn clamp(bound: u64) -> u32 {
    u32::try_from(bound).unwrap_or(u32::MAX)
}
