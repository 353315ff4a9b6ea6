//! The replay: every code consistent with the history walks down the claimed tree, split by the
//! reply to each node's guess, so every node's candidate set is known exactly. Each node is
//! compared with its set, each code's cost is recorded, and each problem is recorded with its
//! path before going on into the other subtrees.

use mastermind_core::{excerpt, Code, Feedback, Scorer};
use mastermind_tree::{Node, Statistics};

use crate::reply::{read_reply, ReplyError};
use crate::{Branches, ClaimedNode, Places, Problem, ProblemKind, Report, TreePath, VerifyOptions};

pub use mastermind_tree::DEPTH_LIMIT;

/// Replays every code consistent with `history` through the tree at `root` and reports every
/// problem found. `history` holds the guesses and replies that lead to `root` (empty for a whole
/// tree); it counts towards each code's number of guesses and prefixes every path. A code of the
/// history that is not a code of the scorer's game matches no secret.
pub fn verify_tree(
    scorer: &Scorer,
    root: &ClaimedNode,
    history: &[(Code, Feedback)],
    options: &VerifyOptions,
) -> Report {
    let book = scorer.codebook();
    let candidates: Vec<Code> = book
        .codes()
        .filter(|&secret| {
            history.iter().all(|&(guess, reply)| {
                guess.index() < book.len() && scorer.feedback(guess, secret) == reply
            })
        })
        .collect();
    let path = history_path(scorer, history);
    let mut replay = Replay {
        scorer,
        max_guesses: options.max_guesses,
        depth_limit: book.len().min(DEPTH_LIMIT),
        problems: Vec::new(),
        statistics: Statistics::from_counts(Vec::new()),
    };
    let codes = candidates.len() as u64;
    let subtree = replay.visit(root, candidates, history.len() + 1, &path);
    Report {
        tree: subtree.node.filter(|_| replay.problems.is_empty()),
        optimality: None,
        problems: replay.problems,
        hints: Vec::new(),
        notes: Vec::new(),
        statistics: replay.statistics,
        codes,
    }
}

/// The path of the node reached by `history`.
pub(crate) fn history_path(scorer: &Scorer, history: &[(Code, Feedback)]) -> TreePath {
    let book = scorer.codebook();
    history
        .iter()
        .fold(TreePath::root(), |path, &(guess, reply)| {
            let guess = if guess.index() < book.len() {
                book.format(guess)
            } else {
                format!("code #{}", guess.index())
            };
            path.then(&guess, &scorer.game().feedback_name(reply))
        })
}

struct Replay<'a> {
    scorer: &'a Scorer,
    max_guesses: Option<usize>,
    depth_limit: usize,
    problems: Vec<Problem>,
    statistics: Statistics,
}

/// What a subtree hands back to its parent.
struct Subtree {
    /// The verified subtree, when no problem was found in it.
    node: Option<Node>,
    /// How many codes it solves, and the most guesses any of them needs.
    solved: u64,
    deepest: usize,
}

impl Subtree {
    const UNSOLVED: Subtree = Subtree {
        node: None,
        solved: 0,
        deepest: 0,
    };

    fn absorb(&mut self, child: &Subtree) {
        self.solved += child.solved;
        self.deepest = self.deepest.max(child.deepest);
    }
}

impl Replay<'_> {
    fn report(&mut self, path: &TreePath, location: Option<(usize, usize)>, kind: ProblemKind) {
        self.problems.push(Problem {
            path: path.clone(),
            location,
            kind,
        });
    }

    /// Checks `node`, reached after `depth − 1` guesses, against the codes still consistent
    /// there (`candidates`, in increasing order).
    fn visit(
        &mut self,
        node: &ClaimedNode,
        candidates: Vec<Code>,
        depth: usize,
        path: &TreePath,
    ) -> Subtree {
        let first_problem = self.problems.len();
        let places = node.places;
        let location = places.node;
        if depth > self.depth_limit {
            let kind = ProblemKind::TooDeep {
                guess_number: depth,
                limit: self.depth_limit,
            };
            self.report(path, location, kind);
            return Subtree::UNSOLVED;
        }
        let Some(&smallest) = candidates.first() else {
            // Children are only followed for replies that occur, so only a root whose history
            // no code fits gets here.
            self.report(path, location, ProblemKind::NoCandidates);
            return Subtree::UNSOLVED;
        };
        let actual = candidates.len() as u64;
        if let Some(claimed) = node.candidates.filter(|&claimed| claimed != actual) {
            let kind = ProblemKind::WrongCandidateCount { claimed, actual };
            self.report(path, location, kind);
        }
        if node.guess.is_none()
            && (node.candidates == Some(0) || node.branches == Branches::Unreadable)
        {
            // Nothing more is claimed here (a notation's `0` slot, or text that was lost).
            return Subtree::UNSOLVED;
        }
        let book = self.scorer.codebook();
        let guess = match &node.guess {
            Some(text) => match book.parse(text) {
                Ok(guess) => guess,
                Err(error) => {
                    let kind = ProblemKind::GuessNotACode {
                        guess: excerpt(text),
                        reason: error.to_string(),
                    };
                    self.report(path, places.guess(), kind);
                    return Subtree::UNSOLVED;
                }
            },
            None if actual <= 2 => smallest,
            None => {
                self.report(
                    path,
                    location,
                    ProblemKind::MissingGuess { candidates: actual },
                );
                return Subtree::UNSOLVED;
            }
        };
        let guess_text = node.guess.clone().unwrap_or_else(|| book.format(guess));
        let all_black = self.scorer.game().all_black();
        let classes = self.scorer.split(guess, &candidates).classes;
        let mut subtree = Subtree {
            node: None,
            solved: 0,
            deepest: 0,
        };
        let is_candidate = classes.iter().any(|(reply, _)| *reply == all_black);
        if is_candidate {
            self.statistics.record(depth);
            subtree.solved = 1;
            subtree.deepest = depth;
        }
        if let Some(claimed) = node
            .guess_is_candidate
            .filter(|&claimed| claimed != is_candidate)
        {
            let kind = ProblemKind::CandidateClaim {
                guess: guess_text.clone(),
                claimed,
            };
            self.report(path, places.candidate_claim(), kind);
        }
        let step = Step {
            guess_text: &guess_text,
            depth,
            path,
            location: places.guess(),
        };
        let children = match &node.branches {
            Branches::Listed(children) => self.listed(&step, classes, children, &mut subtree),
            Branches::EachReplySettles => self.shorthand(&step, classes, 1, &mut subtree),
            Branches::AtMostTwoLeft => self.shorthand(&step, classes, 2, &mut subtree),
            Branches::Unreadable => return subtree,
        };
        if let Some(limit) = self.max_guesses {
            // Reported once, at the first node past the limit on each path.
            if depth > limit && depth - 1 <= limit && subtree.solved > 0 {
                let kind = ProblemKind::TooManyGuesses {
                    guess_number: depth,
                    limit,
                    codes: subtree.solved,
                    most: subtree.deepest,
                };
                let problem = Problem {
                    path: path.clone(),
                    location: places.guess(),
                    kind,
                };
                self.problems.insert(first_problem, problem);
            }
        }
        if self.problems.len() == first_problem {
            let mut children = children;
            children.sort_by_key(|(reply, _)| *reply);
            subtree.node = Some(Node {
                guess,
                candidates: candidates.len() as u32,
                children,
            });
        }
        subtree
    }

    /// Follows the children a node lists, one per reply, and reports the replies that are
    /// unreadable, impossible, repeated, extra or missing.
    fn listed(
        &mut self,
        step: &Step<'_>,
        classes: Vec<(Feedback, Vec<Code>)>,
        children: &[(String, ClaimedNode)],
        subtree: &mut Subtree,
    ) -> Vec<(Feedback, Node)> {
        let game = *self.scorer.game();
        let mut classes: Vec<(Feedback, Option<Vec<Code>>)> = classes
            .into_iter()
            .map(|(reply, class)| (reply, Some(class)))
            .collect();
        let mut seen: Vec<(Feedback, &str)> = Vec::new();
        let mut verified = Vec::new();
        for (key, child) in children {
            let path = step.path.then(step.guess_text, key);
            let location = child.places.reply().or(step.location);
            let reply = match read_reply(&game, key) {
                Ok(reply) => reply,
                Err(ReplyError::Unreadable(reason)) => {
                    let key = excerpt(key);
                    self.report(
                        &path,
                        location,
                        ProblemKind::UnreadableReply { key, reason },
                    );
                    continue;
                }
                Err(ReplyError::Impossible(reason)) => {
                    let reply = excerpt(key);
                    self.report(
                        &path,
                        location,
                        ProblemKind::ImpossibleReply { reply, reason },
                    );
                    continue;
                }
            };
            if let Some((_, first)) = seen.iter().find(|(seen, _)| *seen == reply) {
                let kind = ProblemKind::DuplicateReply {
                    key: excerpt(key),
                    reply: game.feedback_name(reply),
                    first: excerpt(first),
                };
                self.report(&path, location, kind);
                continue;
            }
            seen.push((reply, key));
            if reply == game.all_black() {
                let reply = game.feedback_name(reply);
                self.report(&path, location, ProblemKind::ChildAfterAllBlack { reply });
                continue;
            }
            let class = classes
                .iter_mut()
                .find(|(occurring, _)| *occurring == reply)
                .and_then(|(_, class)| class.take());
            let Some(class) = class else {
                if child.guess.is_none()
                    && (child.candidates == Some(0) || child.branches == Branches::Unreadable)
                {
                    // A notation's `0` slot: a true claim that the reply does not occur; or a
                    // child whose text is lost, as its reader has reported.
                    continue;
                }
                let kind = ProblemKind::ExtraReply {
                    reply: game.feedback_name(reply),
                    guess: step.guess_text.to_owned(),
                };
                self.report(&path, location, kind);
                continue;
            };
            let visited = self.visit(child, class, step.depth + 1, &path);
            subtree.absorb(&visited);
            verified.extend(visited.node.map(|node| (reply, node)));
        }
        let book = self.scorer.codebook();
        for (reply, class) in classes {
            match class {
                Some(class) if reply != game.all_black() => {
                    let name = game.feedback_name(reply);
                    let kind = ProblemKind::MissingReply {
                        reply: name.clone(),
                        candidates: class.len() as u64,
                        example: book.format(class[0]),
                    };
                    self.report(&step.path.then(step.guess_text, &name), step.location, kind);
                }
                _ => {}
            }
        }
        verified
    }

    /// Expands a node that only says how many candidates each reply leaves at most (`most`, 1 or
    /// 2): each reply's candidates are played smallest first, as the notations' bare `1` and `2`.
    fn shorthand(
        &mut self,
        step: &Step<'_>,
        classes: Vec<(Feedback, Vec<Code>)>,
        most: u64,
        subtree: &mut Subtree,
    ) -> Vec<(Feedback, Node)> {
        let game = *self.scorer.game();
        if most == 2 && classes.iter().all(|(_, class)| class.len() <= 1) {
            let kind = ProblemKind::NoReplyLeavesTwo {
                guess: step.guess_text.to_owned(),
            };
            self.report(step.path, step.location, kind);
        }
        let mut verified = Vec::new();
        for (reply, class) in classes {
            if reply == game.all_black() {
                continue;
            }
            let name = game.feedback_name(reply);
            let path = step.path.then(step.guess_text, &name);
            let left = class.len() as u64;
            if left > most {
                let kind = ProblemKind::TooManyLeft {
                    guess: step.guess_text.to_owned(),
                    reply: name,
                    left,
                    most,
                };
                self.report(&path, step.location, kind);
                continue;
            }
            let child = ClaimedNode {
                places: Places {
                    node: step.location,
                    ..Places::default()
                },
                ..ClaimedNode::settled(left)
            };
            let visited = self.visit(&child, class, step.depth + 1, &path);
            subtree.absorb(&visited);
            verified.extend(visited.node.map(|node| (reply, node)));
        }
        verified
    }
}

/// The node being expanded, as its children need to know it.
struct Step<'a> {
    guess_text: &'a str,
    depth: usize,
    path: &'a TreePath,
    /// Where its guess is written: what its replies' problems are reported at when they have
    /// no place of their own.
    location: Option<(usize, usize)>,
}
