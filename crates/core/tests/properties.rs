//! Property tests of the scoring rules: symmetry, invariance under relabelling positions and
//! colours, and partitions that account for every candidate.

use mastermind_core::{Code, FeedbackKind, Game, Scorer};
use proptest::prelude::*;

/// A game small enough to score quickly, with or without repetition and white pegs.
fn games() -> impl Strategy<Value = Game> {
    (1u32..=5, 1u32..=8, any::<bool>(), any::<bool>()).prop_filter_map(
        "valid game",
        |(pegs, colours, repetition, black_only)| {
            let kind = if black_only {
                FeedbackKind::BlackOnly
            } else {
                FeedbackKind::BlackWhite
            };
            Game::new(pegs, colours, repetition, kind).ok()
        },
    )
}

/// A game, two codes in it, and a permutation of positions and one of colours.
fn cases() -> impl Strategy<Value = (Game, u32, u32, Vec<usize>, Vec<u8>)> {
    games().prop_flat_map(|game| {
        let n = game.code_count() as u32;
        let positions = Just((0..game.pegs()).collect::<Vec<_>>()).prop_shuffle();
        let colours = Just((0..game.colours() as u8).collect::<Vec<_>>()).prop_shuffle();
        (Just(game), 0..n, 0..n, positions, colours)
    })
}

fn relabel(scorer: &Scorer, code: Code, positions: &[usize], colours: &[u8]) -> Code {
    let original = scorer.codebook().colours_of(code);
    let moved: Vec<u8> = positions
        .iter()
        .map(|&p| colours[usize::from(original[p])])
        .collect();
    scorer
        .codebook()
        .index_of(&moved)
        .expect("a relabelled code is a code")
}

/// The codes of the game kept by `mask`, repeated over them in order.
fn kept(scorer: &Scorer, mask: &[bool]) -> Vec<Code> {
    scorer
        .codebook()
        .codes()
        .zip(mask.iter().cycle())
        .filter(|(_, keep)| **keep)
        .map(|(code, _)| code)
        .collect()
}

proptest! {
    #[test]
    fn feedback_is_symmetric((game, a, b, _, _) in cases()) {
        let scorer = Scorer::on_the_fly(game);
        prop_assert_eq!(scorer.feedback(Code(a), Code(b)), scorer.feedback(Code(b), Code(a)));
    }

    #[test]
    fn feedback_is_invariant_under_relabelling((game, a, b, positions, colours) in cases()) {
        let scorer = Scorer::on_the_fly(game);
        let (ta, tb) = (
            relabel(&scorer, Code(a), &positions, &colours),
            relabel(&scorer, Code(b), &positions, &colours),
        );
        prop_assert_eq!(scorer.feedback(ta, tb), scorer.feedback(Code(a), Code(b)));
    }

    #[test]
    fn feedback_is_well_formed((game, a, b, _, _) in cases()) {
        let scorer = Scorer::on_the_fly(game);
        let f = scorer.feedback(Code(a), Code(b));
        prop_assert!(game.is_feedback(f));
        prop_assert_eq!(f == game.all_black(), a == b);
        // (p−1, 1) can never happen: one misplaced peg cannot swap with nothing.
        prop_assert!(!(game.black(f) + 1 == game.pegs() && game.white(f) == 1));
    }

    #[test]
    fn classes_account_for_every_candidate(
        (game, guess, _, _, _) in cases(),
        mask in proptest::collection::vec(any::<bool>(), 0..400),
    ) {
        let scorer = Scorer::new(game);
        let candidates = kept(&scorer, &mask);
        let mut counts = vec![0; game.feedback_slots()];
        scorer.count_classes(Code(guess), &candidates, &mut counts);
        prop_assert_eq!(counts.iter().sum::<u32>() as usize, candidates.len());
        let partition = scorer.split(Code(guess), &candidates);
        for (feedback, class) in &partition.classes {
            prop_assert_eq!(counts[feedback.index()] as usize, class.len());
        }
        let total: usize = partition.classes.iter().map(|(_, c)| c.len()).sum();
        prop_assert_eq!(total, candidates.len());
    }

    #[test]
    fn largest_class_is_the_same_with_or_without_the_table(
        (game, guess, _, _, _) in cases(),
        mask in proptest::collection::vec(any::<bool>(), 0..400),
        bound in 0u32..80,
    ) {
        let (table, rules) = (Scorer::new(game), Scorer::on_the_fly(game));
        let candidates = kept(&table, &mask);
        let mut counts = vec![0; game.feedback_slots()];
        table.count_classes(Code(guess), &candidates, &mut counts);
        let largest = counts.iter().copied().max().unwrap_or(0);
        let expected = (largest <= bound).then_some(largest);
        for scorer in [&table, &rules] {
            let mut within = vec![0; game.feedback_slots()];
            let secrets = scorer.secrets(&candidates);
            let found = scorer.largest_class_within(Code(guess), &secrets, &mut within, bound);
            prop_assert_eq!(found, expected);
            if found.is_some() {
                prop_assert_eq!(&within, &counts);
            }
        }
    }

    #[test]
    fn a_screen_keeps_every_guess_within_the_bound(
        game in games(),
        guesses in proptest::collection::vec(any::<prop::sample::Index>(), 0..12),
        mask in proptest::collection::vec(any::<bool>(), 0..400),
        bound in 0u32..20,
    ) {
        let scorer = Scorer::for_one_pass(game);
        let candidates = kept(&scorer, &mask);
        let secrets = scorer.secrets(&candidates);
        let guesses: Vec<Code> =
            guesses.iter().map(|index| Code(index.index(game.code_count()) as u32)).collect();
        let kept = scorer.screen(&guesses, &secrets, bound);
        prop_assert_eq!(kept >> guesses.len().min(Scorer::SCREEN_LANES), 0);
        for (lane, &guess) in guesses.iter().take(Scorer::SCREEN_LANES).enumerate() {
            let mut counts = vec![0; game.feedback_slots()];
            scorer.count_classes(guess, &candidates, &mut counts);
            if counts.iter().all(|&count| count <= bound) {
                prop_assert!(kept >> lane & 1 == 1, "guess {} of {:?} dropped", lane, guesses);
            }
        }
    }
}
