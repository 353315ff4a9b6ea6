//! The parallel loop near the root: the node's guesses are handed out in order, one at a time,
//! to as many workers as there are threads, and each is tried against the best total found
//! when it is handed out. A worker that finishes a guess takes the next at once, so no
//! thread waits for a slower guess beside it, as it did when guesses were tried in batches.
//!
//! The choice is the one the sequential loop makes: a guess tried against the best total so
//! far is given out after every guess that total came from, so it beats that total only by
//! being better, and an equal total found later by an earlier guess (tried against an older,
//! looser limit) takes the place of the later guess's, since among equal totals the earlier
//! guess wins.

use std::sync::{Mutex, MutexGuard, PoisonError};

use mastermind_core::Code;
use rayon::prelude::*;

use super::context::{Search, Subproblem};
use super::partition::{Shapes, Split};
use super::ranking::Ranking;
use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::table::transposition::Outcome;

/// What the workers of one node share: the guesses not yet handed out, and the best so far.
struct Node<'s> {
    ranking: Ranking<'s>,
    shapes: Shapes,
    best: Best,
    /// The least bound of the guesses that failed, and of those never handed out.
    floor: u32,
    handed_out: usize,
    exhausted: bool,
}

/// The least total found at a node, its guess, and the guess's place in the order handed out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Best {
    total: u32,
    guess: Option<Code>,
    order: usize,
}

impl Best {
    /// Nothing found yet below `limit`.
    fn below(limit: u32) -> Best {
        Best {
            total: limit,
            guess: None,
            order: usize::MAX,
        }
    }

    /// Takes `guess`, handed out `order`-th, if its `total` is less, or equal and the guess
    /// earlier: the totals may come back in any order, and the choice must not depend on it.
    fn offer(&mut self, total: u32, guess: Code, order: usize) {
        let earlier_tie = self.guess.is_some() && total == self.total && order < self.order;
        if total < self.total || earlier_tie {
            *self = Best {
                total,
                guess: Some(guess),
                order,
            };
        }
    }
}

/// A guess handed out: its place in the order, its bound, the guess, its split of the set,
/// and the limit it is tried against.
struct HandedOut {
    order: usize,
    bound: u32,
    guess: Code,
    split: Split,
    limit: u32,
}

impl Search<'_> {
    /// Tries the guesses of `ranking` for `problem` on every thread; returns the least total
    /// and its guess if it is below `limit`, else a lower bound at or above `limit` and no
    /// guess. The first guesses are tried alone until one beats the limit: the others fail far
    /// sooner against the total it finds than side by side with it (4×9 searched a seventh
    /// fewer nodes).
    pub(in crate::optimal) fn try_side_by_side(
        &self,
        problem: Subproblem<'_>,
        limit: u32,
        mut ranking: Ranking<'_>,
    ) -> (u32, Option<Code>) {
        let at_root = problem.depth == 0;
        if at_root {
            ranking.count_all(self);
            let total = ranking
                .remaining()
                .map(|(_, _, guess)| self.classes_of(guess, problem.set))
                .sum();
            self.report.begin(total);
        }
        let node = Mutex::new(Node {
            ranking,
            shapes: Shapes::new(&self.replies),
            best: Best::below(limit),
            floor: INFEASIBLE,
            handed_out: 0,
            exhausted: false,
        });
        while self.try_next(problem, &node) && locked(&node).best.guess.is_none() {}
        let threads = rayon::current_num_threads().max(1);
        (0..threads)
            .into_par_iter()
            .for_each(|_| while self.try_next(problem, &node) {});
        let node = node.into_inner().unwrap_or_else(PoisonError::into_inner);
        match node.best.guess {
            Some(guess) => (node.best.total, Some(guess)),
            None => {
                debug_assert!(node.floor >= limit, "a failed search proves its limit");
                (node.floor, None)
            }
        }
    }

    /// Takes the node's next guess and tries it; `false` once none is left to try.
    fn try_next(&self, problem: Subproblem<'_>, node: &Mutex<Node<'_>>) -> bool {
        let Some(next) = self.hand_out(problem, &mut locked(node)) else {
            return false;
        };
        let notes = self.notes.as_ref();
        let recalled =
            notes.and_then(|notes| notes.recalled_guess(problem.depth, next.guess, next.limit));
        let outcome = recalled.unwrap_or_else(|| {
            let outcome =
                self.try_guess(problem, (next.guess, &next.split), next.bound, next.limit);
            if let Some(notes) = notes {
                notes.note_guess(problem.depth, next.guess, outcome);
            }
            outcome
        });
        self.take_back(problem, &mut locked(node), &next, outcome);
        true
    }

    /// The node's next guess below its best total whose split is new, if any is left.
    fn hand_out(&self, problem: Subproblem<'_>, node: &mut Node<'_>) -> Option<HandedOut> {
        let at_root = problem.depth == 0;
        while !node.exhausted {
            let limit = node.best.total;
            let (bound, not_candidate, guess) = match node.ranking.next_below(self, limit) {
                Ok(next) => next,
                Err(least) => {
                    node.floor = node.floor.min(least);
                    node.exhausted = true;
                    if at_root {
                        let rest = node
                            .ranking
                            .remaining()
                            .map(|(_, _, guess)| self.classes_of(guess, problem.set));
                        self.report.settle(rest.sum());
                    }
                    break;
                }
            };
            let split = Split::new(&self.replies, guess, problem.set);
            if node
                .shapes
                .is_new((bound, not_candidate, guess), split.replies())
            {
                node.handed_out += 1;
                return Some(HandedOut {
                    order: node.handed_out - 1,
                    bound,
                    guess,
                    split,
                    limit,
                });
            }
            if at_root {
                self.report.settle(self.classes_of(guess, problem.set));
            }
        }
        None
    }

    /// Records what trying a handed-out guess came to.
    fn take_back(
        &self,
        problem: Subproblem<'_>,
        node: &mut Node<'_>,
        tried: &HandedOut,
        outcome: Outcome,
    ) {
        match outcome {
            Ok(total) => node.best.offer(total, tried.guess, tried.order),
            Err(bound) => node.floor = node.floor.min(bound),
        }
        if problem.depth == 0 && node.best.guess.is_some() {
            self.report.found(node.best.total);
        }
    }
}

/// The node's shared state, held; a worker that panicked left it as whole as any other.
fn locked<'m, 's>(node: &'m Mutex<Node<'s>>) -> MutexGuard<'m, Node<'s>> {
    node.lock().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_best_does_not_depend_on_the_order_totals_come_back_in() {
        // Guesses handed out 0 to 3; 1 and 2 tie, so 1 must win whichever returns first.
        let totals = [10u32, 9, 9, 11];
        let mut orders = vec![vec![0usize, 1, 2, 3]];
        for _ in 0..23 {
            let mut next = orders.last().unwrap().clone();
            // The next permutation in lexicographic order.
            let i = (0..3).rev().find(|&i| next[i] < next[i + 1]).unwrap();
            let j = (i + 1..4).rev().find(|&j| next[j] > next[i]).unwrap();
            next.swap(i, j);
            next[i + 1..].reverse();
            orders.push(next);
        }
        for order in orders {
            let mut best = Best::below(12);
            for &k in &order {
                best.offer(totals[k], Code(k as u32), k);
            }
            assert_eq!(
                best,
                Best {
                    total: 9,
                    guess: Some(Code(1)),
                    order: 1
                },
                "{order:?}"
            );
        }
        let mut none = Best::below(12);
        none.offer(12, Code(0), 0);
        assert_eq!(none.guess, None, "a total at the limit is no better");
    }
}
