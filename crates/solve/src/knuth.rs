//! Knuth's 1976 minimax strategy, exactly: at every node, over all codes as guesses, take those
//! whose largest reply class is smallest; among them prefer a candidate; among those the first
//! in numeric order.

use mastermind_core::{Code, Scorer};
use mastermind_tree::Node;
use rayon::prelude::*;

use crate::Progress;

/// Nodes with fewer candidate × guess pairs than this score their guesses on one thread.
const PARALLEL_GUESS_WORK: usize = 1 << 17;

/// Builds Knuth's minimax tree for the scorer's game.
pub fn knuth(scorer: &Scorer, progress: &dyn Progress) -> Node {
    let all = scorer.all_codes();
    build(scorer, &all, &all, progress)
}

fn build(scorer: &Scorer, candidates: &[Code], all: &[Code], progress: &dyn Progress) -> Node {
    if let [only] = candidates {
        progress.codes_settled(1);
        return Node::leaf(*only);
    }
    let guess = choose_guess(scorer, candidates, all);
    let all_black = scorer.game().all_black();
    let classes = scorer.split(guess, candidates).classes;
    if classes.iter().any(|(feedback, _)| *feedback == all_black) {
        progress.codes_settled(1);
    }
    let children = classes
        .into_par_iter()
        .filter(|(feedback, _)| *feedback != all_black)
        .map(|(feedback, class)| (feedback, build(scorer, &class, all, progress)))
        .collect();
    Node {
        guess,
        candidates: candidates.len() as u32,
        children,
    }
}

/// The ordering key of a guess: largest class, then non-candidates after candidates, then
/// numeric order. The minimum wins.
type Rank = (u32, bool, Code);

fn choose_guess(scorer: &Scorer, candidates: &[Code], all: &[Code]) -> Code {
    if candidates.len() == 2 {
        // Both candidates split the pair perfectly; the rule takes the smaller.
        return candidates[0].min(candidates[1]);
    }
    if candidates.len() * all.len() >= PARALLEL_GUESS_WORK {
        let chunk = all.len().div_ceil(rayon::current_num_threads() * 4).max(1);
        all.par_chunks(chunk)
            .filter_map(|guesses| best_of(scorer, candidates, guesses))
            .min()
            .expect("every game has a code")
            .2
    } else {
        best_of(scorer, candidates, all)
            .expect("every game has a code")
            .2
    }
}

/// The best-ranked guess among `guesses`, scanned in numeric order.
fn best_of(scorer: &Scorer, candidates: &[Code], guesses: &[Code]) -> Option<Rank> {
    let game = scorer.game();
    let mut counts = vec![0u32; game.feedback_slots()];
    // No candidate guess can leave fewer than ⌈(n−1)/(r−1)⌉ codes in its largest class, where r
    // bounds the number of distinct replies, and no non-candidate can do better than that
    // either; the first candidate that reaches it wins the scan outright.
    let replies = game.notation_feedbacks().len() as u32;
    let floor = (candidates.len() as u32 - 1).div_ceil(replies - 1).max(1);
    let mut best: Option<Rank> = None;
    for &guess in guesses {
        let is_candidate = candidates.binary_search(&guess).is_ok();
        // A later guess beats the best so far only with a smaller largest class, or an equal
        // one if it is a candidate and the best is not.
        let bound = match best {
            None => u32::MAX,
            Some((largest, best_is_not_candidate, _)) => {
                if is_candidate && best_is_not_candidate {
                    largest
                } else {
                    largest - 1
                }
            }
        };
        let Some(largest) = scorer.largest_class_within(guess, candidates, &mut counts, bound)
        else {
            continue;
        };
        best = Some((largest, !is_candidate, guess));
        if largest <= floor && is_candidate {
            break;
        }
    }
    best
}
