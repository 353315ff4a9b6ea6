//! What both formats say, once their structure is read: a situation's guess and, for each reply
//! written, what follows it. One interpretation turns that into the verifier's model, so that
//! both formats mean the same by the same words: a code after a reply is the one code left and
//! the next guess; `----` says no code gets the reply; the all-black reply names the guess
//! itself exactly when the guess is a candidate.

use mastermind_core::{Codebook, Feedback};
use mastermind_verify::{Branches, ClaimedNode, Location, Places, Problem, ProblemKind, TreePath};

use crate::digits::read_code;

/// A situation as written.
#[derive(Clone, Debug)]
pub(crate) struct Written {
    pub(crate) guess: String,
    pub(crate) guess_at: Location,
    /// Where the situation starts.
    pub(crate) at: Location,
    /// Each reply written, where its entry is, and the entry.
    pub(crate) replies: Vec<(Feedback, Location, Entry)>,
    /// Whether a reply that is not written says that no code gets it (YAML leaves such replies
    /// out; a punch card writes `----`).
    pub(crate) absent_means_none: bool,
    /// Its path in the tree (guesses and replies in this tool's symbols).
    pub(crate) path: TreePath,
}

/// What follows one reply.
#[derive(Clone, Debug)]
pub(crate) enum Entry {
    /// No code gets the reply.
    Nothing,
    /// The one code left, guessed next.
    Code(String),
    /// The next situation.
    Situation(Box<Written>),
    /// The entry could not be read; a problem says why.
    Lost,
}

/// Adds a problem of the text at `at`.
pub(crate) fn report(problems: &mut Vec<Problem>, path: &TreePath, at: Location, message: String) {
    problems.push(Problem {
        path: path.clone(),
        location: Some(at),
        kind: ProblemKind::Format(message),
    });
}

/// The guess of `written` in this tool's symbols, for paths; as written when it is no code.
pub(crate) fn path_guess(book: &Codebook, guess: &str) -> String {
    read_code(book, guess).map_or_else(|_| guess.to_owned(), |code| book.format(code))
}

/// `written` as the verifier's model, reporting what cannot be meant.
pub(crate) fn claimed(
    book: &Codebook,
    written: &Written,
    problems: &mut Vec<Problem>,
) -> ClaimedNode {
    let game = book.game();
    let path = &written.path;
    let guess = match read_code(book, &written.guess) {
        Ok(code) => code,
        Err(message) => {
            report(problems, path, written.guess_at, message);
            return lost(written.at);
        }
    };
    let guess_text = book.format(guess);
    let all_black = game.all_black();
    let mut guess_is_candidate = written.absent_means_none.then_some(false);
    let mut candidate_claim = None;
    let mut children = Vec::new();
    for (reply, at, entry) in &written.replies {
        if *reply == all_black {
            candidate_claim = Some(*at);
            guess_is_candidate = match entry {
                Entry::Nothing => Some(false),
                Entry::Code(code) if *code == written.guess => Some(true),
                Entry::Lost => None,
                Entry::Code(_) | Entry::Situation(_) => {
                    let message = format!(
                        "after the all-black reply the entry must be the guess `{}` itself (it is a candidate) or nothing (it is not)",
                        written.guess
                    );
                    report(problems, path, *at, message);
                    None
                }
            };
            continue;
        }
        let child = match entry {
            Entry::Nothing => ClaimedNode {
                guess: None,
                candidates: Some(0),
                guess_is_candidate: None,
                places: Places::at(*at),
                branches: Branches::Listed(Vec::new()),
            },
            Entry::Code(code) => {
                let child_path = path.then(&guess_text, &game.feedback_name(*reply));
                match read_code(book, code) {
                    Ok(code) => ClaimedNode {
                        guess: Some(book.format(code)),
                        candidates: Some(1),
                        guess_is_candidate: Some(true),
                        places: Places::at(*at),
                        branches: Branches::Listed(Vec::new()),
                    },
                    Err(message) => {
                        report(problems, &child_path, *at, message);
                        lost(*at)
                    }
                }
            }
            Entry::Situation(next) => {
                let mut child = claimed(book, next, problems);
                child.places.reply = Some(*at);
                child
            }
            Entry::Lost => lost(*at),
        };
        children.push((game.feedback_name(*reply), child));
    }
    ClaimedNode {
        guess: Some(guess_text),
        candidates: None,
        guess_is_candidate,
        places: Places {
            node: Some(written.at),
            guess: Some(written.guess_at),
            reply: None,
            candidate_claim,
        },
        branches: Branches::Listed(children),
    }
}

/// A node whose text was lost to a problem already reported: nothing below it is checked.
fn lost(at: Location) -> ClaimedNode {
    ClaimedNode {
        guess: None,
        candidates: None,
        guess_is_candidate: None,
        places: Places::at(at),
        branches: Branches::Unreadable,
    }
}
