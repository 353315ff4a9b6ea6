//! Checking a static set: do the replies to these guesses tell every code apart, and if not,
//! which codes share their replies.

use mastermind_core::{Code, Codebook, Game, Scorer};

use crate::Classes;

/// What a set of guesses tells apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The codes of the game.
    pub codes: usize,
    /// Each group of two or more codes that get the same reply to every guess: largest first,
    /// then by their least code; each group in increasing order.
    pub groups: Vec<Vec<Code>>,
}

impl Check {
    /// Whether the replies determine every code.
    pub fn determines(&self) -> bool {
        self.groups.is_empty()
    }

    /// How many codes share their replies with another code.
    pub fn ambiguous(&self) -> usize {
        self.groups.iter().map(Vec::len).sum()
    }

    /// The verdict on `guesses` guesses of `game`, as `mastermind static verify` says it.
    pub fn verdict(&self, game: &Game, guesses: usize) -> String {
        let these = match guesses {
            1 => "this guess".to_owned(),
            n => format!("these {n} guesses"),
        };
        if self.determines() {
            return format!(
                "determines every code: the replies to {these} differ for all {} codes of {}",
                self.codes,
                game.describe()
            );
        }
        let groups = match self.groups.len() {
            1 => "1 group".to_owned(),
            n => format!("{n} groups"),
        };
        format!(
            "does not determine every code: {} of the {} codes of {} share their replies to \
             {these} with another code, in {groups}",
            self.ambiguous(),
            self.codes,
            game.describe(),
        )
    }

    /// The first `shown` groups, a line each (cut to sixteen codes with how many more),
    /// and a last line saying how many groups are left out, if any.
    pub fn group_lines(&self, book: &Codebook, shown: usize) -> Vec<String> {
        let mut lines: Vec<String> = self
            .groups
            .iter()
            .take(shown)
            .map(|group| {
                let codes: Vec<String> = group.iter().map(|&code| book.format(code)).collect();
                match codes.len().checked_sub(CODES_SHOWN) {
                    Some(more) if more > 0 => {
                        format!("{} … and {more} more", codes[..CODES_SHOWN].join(" "))
                    }
                    _ => codes.join(" "),
                }
            })
            .collect();
        match self.groups.len().saturating_sub(shown) {
            0 => {}
            1 => lines.push("… and 1 more group".to_owned()),
            more => lines.push(format!("… and {more} more groups")),
        }
        lines
    }
}

/// How many codes of one group a line shows.
const CODES_SHOWN: usize = 16;

/// Checks `guesses` in `scorer`'s game.
pub fn check(scorer: &Scorer, guesses: &[Code]) -> Check {
    let mut counts = vec![0; scorer.game().feedback_slots()];
    let mut classes = Classes::all(scorer.codebook());
    let mut next = Classes::default();
    for &guess in guesses {
        classes.refine(scorer, guess, &mut next, &mut counts);
        std::mem::swap(&mut classes, &mut next);
    }
    let mut groups: Vec<Vec<Code>> = classes
        .iter()
        .map(|class| {
            let mut group = class.to_vec();
            group.sort_unstable();
            group
        })
        .collect();
    groups.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a[0].cmp(&b[0])));
    Check {
        codes: scorer.codebook().len(),
        groups,
    }
}
