//! Which of a notation's forms a situation takes. The printer writes it and a reader checks it:
//! a short form is only right when the replies really do settle the code.

use crate::Node;

use super::Notation;

/// How a situation with `n` candidates is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `n`: the count alone (Knuth: `n ≤ 2`; Irving: `n ≤ 1`).
    Count,
    /// `n(gggg)`: every reply to the guess leaves at most one candidate.
    Single,
    /// `n(ggggx)`, Knuth only: every reply leaves at most two, not all at most one.
    Pairs,
    /// `n(gggg: …)`: one slot per reply.
    Full,
}

impl Form {
    /// The shortest form `notation` has for `node` that reads back as `node` itself. A short
    /// form leaves out what a reader fills in: a bare count is one code guessed (or, in
    /// Knuth's notation, two, the smaller guessed first), `n(gggg)` has every reply settled by
    /// guessing the one code left, and Knuth's `n(ggggx)` has every reply leave a bare count.
    /// Where a tree plays otherwise (the larger of two codes first, a non-candidate that
    /// splits them), the longer form names the guess, so that printing loses nothing.
    pub fn of(node: &Node, notation: Notation) -> Form {
        let children = || node.children.iter().map(|(_, child)| child);
        if implied_by_count(node, notation) {
            Form::Count
        } else if children().all(is_leaf) {
            Form::Single
        } else if notation == Notation::Knuth
            && children().all(|child| implied_by_count(child, notation))
        {
            Form::Pairs
        } else {
            Form::Full
        }
    }
}

/// One code, which the node guesses: nothing is left to play.
fn is_leaf(node: &Node) -> bool {
    node.candidates == 1 && node.children.is_empty()
}

/// Whether a bare count says all of `node`: one code, guessed; or in Knuth's notation two
/// codes with the smaller guessed first (the reply to it then leaves the other).
fn implied_by_count(node: &Node, notation: Notation) -> bool {
    match (node.candidates, notation, &node.children[..]) {
        (1, _, []) => true,
        (2, Notation::Knuth, [(_, other)]) => {
            is_leaf(other) && node.guess_is_candidate() && node.guess < other.guess
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{Code, Feedback};

    use super::*;

    /// A node guessing code 0, a candidate, whose replies leave `sizes` candidates, each
    /// played as a bare count reads: one code guessed, or two with the smaller first.
    fn node_with_replies(sizes: &[u32]) -> Node {
        let children = sizes
            .iter()
            .enumerate()
            .map(|(i, &size)| {
                let first = Code(10 * (i as u32 + 1));
                let child = match size {
                    1 => Node::leaf(first),
                    2 => Node {
                        guess: first,
                        candidates: 2,
                        children: vec![(Feedback::from_index(0), Node::leaf(Code(first.0 + 1)))],
                    },
                    _ => Node {
                        guess: first,
                        candidates: size,
                        children: vec![(Feedback::from_index(0), Node::leaf(Code(first.0 + 1)))],
                    },
                };
                (Feedback::from_index(i as u8), child)
            })
            .collect();
        Node {
            guess: Code(0),
            candidates: 1 + sizes.iter().sum::<u32>(),
            children,
        }
    }

    #[test]
    fn a_short_form_is_used_only_where_it_reads_back_as_the_tree() {
        // Two codes, the larger guessed first: Knuth's bare `2` would mean the smaller.
        let larger_first = Node {
            guess: Code(7),
            candidates: 2,
            children: vec![(Feedback::from_index(0), Node::leaf(Code(3)))],
        };
        assert_eq!(Form::of(&larger_first, Notation::Knuth), Form::Single);
        // One code, a non-candidate guessed first: not a bare `1` in either notation.
        let detour = Node {
            guess: Code(7),
            candidates: 1,
            children: vec![(Feedback::from_index(0), Node::leaf(Code(3)))],
        };
        assert_eq!(Form::of(&detour, Notation::Knuth), Form::Single);
        assert_eq!(Form::of(&detour, Notation::Irving), Form::Single);
        // Replies that leave two codes played larger first: not `n(ggggx)`.
        let mut pairs = node_with_replies(&[2, 1]);
        assert_eq!(Form::of(&pairs, Notation::Knuth), Form::Pairs);
        pairs.children[0].1 = larger_first;
        assert_eq!(Form::of(&pairs, Notation::Knuth), Form::Full);
        // A reply leaving one code that is reached by a detour: not `n(gggg)`.
        let mut single = node_with_replies(&[1, 1]);
        assert_eq!(Form::of(&single, Notation::Irving), Form::Single);
        single.children[1].1 = detour;
        assert_eq!(Form::of(&single, Notation::Irving), Form::Full);
    }

    #[test]
    fn knuth_names_no_guess_for_two_candidates() {
        assert_eq!(
            Form::of(&node_with_replies(&[]), Notation::Knuth),
            Form::Count
        );
        assert_eq!(
            Form::of(&node_with_replies(&[1]), Notation::Knuth),
            Form::Count
        );
        assert_eq!(
            Form::of(&node_with_replies(&[1, 1]), Notation::Knuth),
            Form::Single
        );
        assert_eq!(
            Form::of(&node_with_replies(&[2, 1]), Notation::Knuth),
            Form::Pairs
        );
        assert_eq!(
            Form::of(&node_with_replies(&[3, 1]), Notation::Knuth),
            Form::Full
        );
    }

    #[test]
    fn irving_has_no_pairs_form() {
        assert_eq!(
            Form::of(&node_with_replies(&[]), Notation::Irving),
            Form::Count
        );
        assert_eq!(
            Form::of(&node_with_replies(&[1]), Notation::Irving),
            Form::Single
        );
        assert_eq!(
            Form::of(&node_with_replies(&[2, 1]), Notation::Irving),
            Form::Full
        );
    }
}
