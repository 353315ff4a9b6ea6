//! Whether a tree is proven optimal: the claim its strategy's labels make, read strictly, put
//! to the checker crate's verdict ([`mastermind_certificate::verdict`]), which replays the
//! tree itself and trusts none of the labels.

pub use mastermind_certificate::Optimality;
use mastermind_certificate::{verdict, Bounds, Claim, Measure, Play, Step};
use mastermind_core::{Code, Codebook, Feedback};
use mastermind_tree::{Node, StrategyInfo};

/// Whether a tree built by `strategy` claims an optimum: the optimal search's trees do.
pub fn claims_optimum(strategy: Option<&StrategyInfo>) -> bool {
    strategy.is_some_and(|strategy| strategy.name == "optimal")
}

/// What `proven` says of `tree`, a tree of `book`'s game built by `strategy` (if named) after
/// `history`: proven only if the certificate is for this game and play, the tree is of the
/// class its strategy's labels claim (within their cap, only candidates guessed for
/// consistent-only play), and the certificate proves a lower bound equal to the tree's total
/// there (and, for a least worst case, that one guess fewer cannot solve every code).
pub fn judge(
    book: &Codebook,
    strategy: Option<&StrategyInfo>,
    history: &[(Code, Feedback)],
    tree: &Node,
    proven: &impl Bounds,
) -> Optimality {
    match optimum_claim(book, strategy, history) {
        Ok(claim) => judge_claim(&claim, tree, proven),
        Err(reason) => Optimality::NotProven { reason },
    }
}

/// What `proven` says of `tree` under `claim` ([`optimum_claim`]).
pub fn judge_claim(claim: &Claim, tree: &Node, proven: &impl Bounds) -> Optimality {
    verdict(claim, Walk(tree), proven)
}

/// The class of strategies a tree of `book`'s game built by `strategy` (if named) after
/// `history` claims to be optimal in, read strictly from its labels; or why no certificate
/// could prove it (labels that do not read, an opening fixed in advance). Its game and play
/// are what a certificate must be about ([`Claim::header`]), which a caller can require before
/// reading any of its facts.
pub fn optimum_claim(
    book: &Codebook,
    strategy: Option<&StrategyInfo>,
    history: &[(Code, Feedback)],
) -> Result<Claim, String> {
    let labels = strategy
        .map(StrategyInfo::optimum_labels)
        .transpose()?
        .unwrap_or_default();
    if labels.opening.is_some() {
        return Err(
            "the tree's opening was fixed in advance; a certificate proves the least \
                    total over every opening"
                .into(),
        );
    }
    Ok(Claim {
        game: *book.game(),
        history: history
            .iter()
            .map(|&(guess, reply)| Step { guess, reply })
            .collect(),
        consistent_only: labels.consistent_only,
        cap: labels.max_guesses,
        measure: match labels.minimize_worst {
            true => Measure::Worst,
            false => Measure::Total,
        },
    })
}

/// A tree as the verdict walks it.
#[derive(Clone, Copy)]
struct Walk<'t>(&'t Node);

impl Play for Walk<'_> {
    fn guess(&self) -> Code {
        self.0.guess
    }

    fn after(&self, reply: Feedback) -> Option<Self> {
        self.0.child(reply).map(Walk)
    }
}
