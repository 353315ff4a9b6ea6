//! What a tree achieves: how many codes it solves with 1, 2, 3, … guesses, the total and
//! average number of guesses (exact, as a fraction), and the worst case.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::Node;

/// The cost profile of a strategy tree.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Statistics {
    /// `solved_by_guess[i]` codes need exactly `i + 1` guesses.
    pub solved_by_guess: Vec<u64>,
}

/// An exact average `total / codes`, printed as a reduced fraction and as a decimal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Average {
    /// The number of guesses over every code.
    pub total: u64,
    /// How many codes.
    pub codes: u64,
}

impl Statistics {
    /// Counts the cost of every code solved in `root`'s tree.
    pub fn of_tree(root: &Node) -> Statistics {
        let mut solved_by_guess = Vec::new();
        count(root, 1, &mut solved_by_guess);
        Statistics { solved_by_guess }
    }

    /// The statistics of a tree in which `solved_by_guess[i]` codes need `i + 1` guesses.
    pub fn from_counts(solved_by_guess: Vec<u64>) -> Statistics {
        Statistics { solved_by_guess }
    }

    /// Records that one code needs `guesses` guesses.
    pub fn record(&mut self, guesses: usize) {
        self.record_many(guesses, 1);
    }

    /// Records that `codes` codes need `guesses` guesses each.
    pub fn record_many(&mut self, guesses: usize, codes: u64) {
        if self.solved_by_guess.len() < guesses {
            self.solved_by_guess.resize(guesses, 0);
        }
        self.solved_by_guess[guesses - 1] += codes;
    }

    /// How many codes the tree solves.
    pub fn codes(&self) -> u64 {
        self.solved_by_guess.iter().sum()
    }

    /// Σ of the number of guesses over all codes.
    pub fn total(&self) -> u64 {
        self.solved_by_guess
            .iter()
            .enumerate()
            .map(|(i, &n)| (i as u64 + 1) * n)
            .sum()
    }

    /// The most guesses any code needs (0 for an empty tree).
    pub fn worst_case(&self) -> usize {
        self.solved_by_guess
            .iter()
            .rposition(|&n| n > 0)
            .map_or(0, |i| i + 1)
    }

    /// The exact average number of guesses.
    pub fn average(&self) -> Average {
        Average {
            total: self.total(),
            codes: self.codes(),
        }
    }
}

/// Counts the codes each node solves, depth first with a stack of its own: a tree built by
/// hand may be deeper than the thread's stack allows recursion.
fn count(root: &Node, depth: usize, solved_by_guess: &mut Vec<u64>) {
    let mut stack = vec![(root, depth)];
    while let Some((node, depth)) = stack.pop() {
        if node.guess_is_candidate() {
            if solved_by_guess.len() < depth {
                solved_by_guess.resize(depth, 0);
            }
            solved_by_guess[depth - 1] += 1;
        }
        stack.extend(node.children.iter().map(|(_, child)| (child, depth + 1)));
    }
}

impl Average {
    /// The fraction in lowest terms, such as `5801/1296`.
    pub fn fraction(&self) -> String {
        let divisor = gcd(self.total, self.codes).max(1);
        format!("{}/{}", self.total / divisor, self.codes / divisor)
    }

    /// The decimal rounded half-up to `places` digits, computed exactly in integers.
    pub fn decimal(&self, places: u32) -> String {
        if self.codes == 0 {
            return "0".to_owned();
        }
        let scale = 10u128.pow(places);
        let scaled = (u128::from(self.total) * scale * 2 + u128::from(self.codes))
            / (u128::from(self.codes) * 2);
        let (whole, part) = (scaled / scale, scaled % scale);
        if places == 0 {
            whole.to_string()
        } else {
            format!("{whole}.{part:0width$}", width = places as usize)
        }
    }
}

impl fmt::Display for Average {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}", self.fraction(), self.decimal(4))
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knuth_figures_print_exactly() {
        let stats = Statistics::from_counts(vec![1, 6, 62, 533, 694]);
        assert_eq!(stats.codes(), 1296);
        assert_eq!(stats.total(), 5801);
        assert_eq!(stats.worst_case(), 5);
        assert_eq!(stats.average().fraction(), "5801/1296");
        assert_eq!(stats.average().decimal(4), "4.4761");
        assert_eq!(stats.average().decimal(3), "4.476");
    }

    #[test]
    fn fractions_are_reduced_and_rounded_half_up() {
        let average = Average {
            total: 10,
            codes: 4,
        };
        assert_eq!(average.fraction(), "5/2");
        assert_eq!(average.decimal(0), "3");
        assert_eq!(
            Average {
                total: 5625,
                codes: 1296
            }
            .decimal(4),
            "4.3403"
        );
    }
}
