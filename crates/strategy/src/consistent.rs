//! The seeds' simplest strategies, which only ever guess a code that may be the secret:
//! [`first_consistent`] plays the first such code in numeric order (the blog post's "simplest
//! solution"), [`random_consistent`] a uniformly random one (the cut-the-knot applet's second
//! strategy), reproducible from a seed.

use mastermind_core::{Code, Scorer};
use mastermind_tree::Node;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::progress::Progress;

use crate::situation::Situation;

/// Builds the tree that always plays the first candidate in numeric order, from `situation`.
/// `opening`, if given, replaces the first guess of a game that has not started.
pub fn first_consistent(
    scorer: &Scorer,
    situation: &Situation,
    opening: Option<Code>,
    progress: &dyn Progress,
) -> Node {
    let mut first = |candidates: &[Code]| candidates[0];
    build(scorer, situation, opening, &mut first, progress)
}

/// Builds the tree that plays a uniformly random candidate at every node, from `situation`.
/// Each node's draw comes from a generator seeded with `seed` and the node's candidates, so
/// a seed fixes one tree, and a situation gets the same guess whichever way it was reached
/// (the way the other builders choose, too). `opening`, if given, replaces the first guess of
/// a game that has not started.
pub fn random_consistent(
    scorer: &Scorer,
    situation: &Situation,
    seed: u64,
    opening: Option<Code>,
    progress: &dyn Progress,
) -> Node {
    let mut draw = |candidates: &[Code]| {
        let mut rng = ChaCha8Rng::seed_from_u64(node_seed(seed, candidates));
        *candidates
            .choose(&mut rng)
            .expect("a situation has candidates")
    };
    build(scorer, situation, opening, &mut draw, progress)
}

/// Mixes the candidates into the seed (FNV-1a over the code indices, then SplitMix64's
/// finaliser), a fixed function so trees stay the same across builds and platforms.
fn node_seed(seed: u64, candidates: &[Code]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325 ^ seed;
    for code in candidates {
        hash = (hash ^ u64::from(code.0)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash = (hash ^ (hash >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    hash = (hash ^ (hash >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    hash ^ (hash >> 31)
}

/// What every node of one build shares.
struct Builder<'a> {
    scorer: &'a Scorer,
    pick: &'a mut dyn FnMut(&[Code]) -> Code,
    progress: &'a dyn Progress,
}

fn build(
    scorer: &Scorer,
    situation: &Situation,
    opening: Option<Code>,
    pick: &mut dyn FnMut(&[Code]) -> Code,
    progress: &dyn Progress,
) -> Node {
    let opening = opening.filter(|_| situation.played().is_empty());
    let mut builder = Builder {
        scorer,
        pick,
        progress,
    };
    node(&mut builder, situation.candidates(), opening)
}

fn node(builder: &mut Builder<'_>, candidates: &[Code], guess: Option<Code>) -> Node {
    let guess = guess.unwrap_or_else(|| (builder.pick)(candidates));
    let all_black = builder.scorer.game().all_black();
    let classes = builder.scorer.split(guess, candidates).classes;
    let mut children = Vec::with_capacity(classes.len());
    for (reply, class) in classes {
        if reply == all_black {
            builder.progress.codes_settled(1);
        } else {
            children.push((reply, node(builder, &class, None)));
        }
    }
    Node {
        guess,
        candidates: candidates.len() as u32,
        children,
    }
}

#[cfg(test)]
mod tests {
    use mastermind_core::{FeedbackKind, Game};
    use mastermind_tree::Statistics;

    use super::*;
    use crate::progress::NoProgress;

    fn every_guess_is_a_candidate(scorer: &Scorer, node: &Node, candidates: &[Code]) {
        assert!(candidates.contains(&node.guess));
        for (reply, class) in scorer.split(node.guess, candidates).classes {
            if let Some(child) = node.child(reply) {
                every_guess_is_a_candidate(scorer, child, &class);
            }
        }
    }

    #[test]
    fn both_guess_only_candidates_and_the_first_takes_the_least() {
        let scorer = Scorer::new(Game::new(3, 4, true, FeedbackKind::BlackWhite).unwrap());
        let start = Situation::start(&scorer);
        let first = first_consistent(&scorer, &start, None, &NoProgress);
        assert_eq!(first.guess, Code(0));
        every_guess_is_a_candidate(&scorer, &first, start.candidates());
        let random = random_consistent(&scorer, &start, 7, None, &NoProgress);
        every_guess_is_a_candidate(&scorer, &random, start.candidates());
    }

    #[test]
    fn a_seed_gives_one_tree_and_seeds_differ() {
        let scorer = Scorer::new(Game::classic());
        let start = Situation::start(&scorer);
        let tree = |seed| random_consistent(&scorer, &start, seed, None, &NoProgress);
        assert_eq!(tree(1), tree(1));
        let totals: Vec<u64> = (0..8)
            .map(|seed| Statistics::of_tree(&tree(seed)).total())
            .collect();
        assert!(
            totals.windows(2).any(|pair| pair[0] != pair[1]),
            "{totals:?}"
        );
    }

    #[test]
    fn a_situation_gets_the_guess_the_whole_tree_plays_there() {
        let scorer = Scorer::new(Game::classic());
        let whole = random_consistent(&scorer, &Situation::start(&scorer), 3, None, &NoProgress);
        let (reply, child) = &whole.children[2];
        let situation = Situation::after(&scorer, &[(whole.guess, *reply)]).unwrap();
        let below = random_consistent(&scorer, &situation, 3, None, &NoProgress);
        assert_eq!(&below, child);
    }

    #[test]
    fn an_opening_replaces_only_the_first_guess() {
        let scorer = Scorer::new(Game::classic());
        let start = Situation::start(&scorer);
        let opening = scorer.codebook().parse("1123").unwrap();
        let tree = first_consistent(&scorer, &start, Some(opening), &NoProgress);
        assert_eq!(tree.guess, opening);
        let after = Situation::after(&scorer, &[(opening, scorer.game().feedback(0, 0))]).unwrap();
        let below = first_consistent(&scorer, &after, Some(opening), &NoProgress);
        assert_eq!(below.guess, after.candidates()[0]);
    }
}
