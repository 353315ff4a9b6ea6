//! Where a builder starts: the guesses already played and the codes still consistent with
//! their replies. A whole strategy starts from [`Situation::start`]; a player in the middle of
//! a game who asks for the next guess starts from [`Situation::after`].

use mastermind_core::{Code, Feedback, Game, Scorer};

use crate::symmetry::Symmetry;

/// No code fits the replies: the one at index `step` of the history is the first that, with
/// those before it, leaves no candidate (a guess past the codebook, or a reply the game never
/// gives, fits no code either).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction {
    /// The index of that guess in the history, from 0.
    pub step: usize,
}

/// A situation given to a builder whose scorer is of another game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OtherGame {
    /// The situation's game.
    pub situation: Game,
    /// The scorer's game.
    pub scorer: Game,
}

impl std::fmt::Display for OtherGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the situation is of another game ({}) than the scorer's ({})",
            self.situation.describe(),
            self.scorer.describe()
        )
    }
}

impl std::error::Error for OtherGame {}

/// The guesses played so far and the candidates they leave (never none), in numeric order,
/// in one game: the builders refuse a situation of another game than their scorer's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Situation {
    game: Game,
    played: Vec<Code>,
    candidates: Vec<Code>,
}

impl Situation {
    /// Before the first guess: every code is a candidate.
    pub fn start(scorer: &Scorer) -> Situation {
        Situation {
            game: *scorer.game(),
            played: Vec::new(),
            candidates: scorer.all_codes(),
        }
    }

    /// After `history`, a list of guesses with the replies they got, or the earliest reply
    /// that no code fits together with the replies before it.
    pub fn after(
        scorer: &Scorer,
        history: &[(Code, Feedback)],
    ) -> Result<Situation, Contradiction> {
        let mut candidates = scorer.all_codes();
        for (step, &(guess, reply)) in history.iter().enumerate() {
            if scorer.codebook().check(guess).is_err() {
                return Err(Contradiction { step });
            }
            candidates.retain(|&code| scorer.feedback(guess, code) == reply);
            if candidates.is_empty() {
                return Err(Contradiction { step });
            }
        }
        Ok(Situation {
            game: *scorer.game(),
            played: history.iter().map(|&(guess, _)| guess).collect(),
            candidates,
        })
    }

    /// The game the situation is in.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `scorer` is of the situation's game, as every builder requires.
    pub fn check_game(&self, scorer: &Scorer) -> Result<(), OtherGame> {
        if self.game == *scorer.game() {
            Ok(())
        } else {
            Err(OtherGame {
                situation: self.game,
                scorer: *scorer.game(),
            })
        }
    }

    /// The guesses played so far, in order.
    pub fn played(&self) -> &[Code] {
        &self.played
    }

    /// The codes consistent with every reply so far, in numeric order.
    pub fn candidates(&self) -> &[Code] {
        &self.candidates
    }

    /// The symmetries that fix every guess played.
    pub fn symmetry(&self, scorer: &Scorer) -> Symmetry {
        let book = scorer.codebook();
        self.played
            .iter()
            .fold(Symmetry::full(book), |symmetry, &guess| {
                symmetry.after(book, guess)
            })
    }
}
