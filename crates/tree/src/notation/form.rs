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
    /// The form `notation` uses for `node`.
    pub fn of(node: &Node, notation: Notation) -> Form {
        let largest_reply = node
            .children
            .iter()
            .map(|(_, child)| child.candidates)
            .max()
            .unwrap_or(0);
        match notation {
            Notation::Knuth if node.candidates <= 2 => Form::Count,
            Notation::Irving if node.candidates <= 1 => Form::Count,
            _ if largest_reply <= 1 => Form::Single,
            Notation::Knuth if largest_reply <= 2 => Form::Pairs,
            _ => Form::Full,
        }
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{Code, Feedback};

    use super::*;

    /// A node whose replies leave `sizes` candidates (the guess is a candidate).
    fn node_with_replies(sizes: &[u32]) -> Node {
        let children = sizes
            .iter()
            .enumerate()
            .map(|(i, &size)| {
                let child = Node {
                    guess: Code(0),
                    candidates: size,
                    children: Vec::new(),
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
