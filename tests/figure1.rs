//! Knuth's Figure 1: the tree our builder makes, printed in the paper's layout, is the committed
//! transcription of the figure, and the other notations print the same tree as they should.

use std::path::Path;

use mastermind::notation::{print, Form};
use mastermind::notation::{Layout, Notation};
use mastermind::strategy::{knuth, NoProgress};
use mastermind::tree::Node;
use mastermind::{Game, Scorer};

const TRANSCRIPTION: &str = "trees/published/knuth-1976-figure-1.txt";

fn knuth_classic() -> (Scorer, Node) {
    let scorer = Scorer::new(Game::classic());
    let root = knuth(&scorer, &NoProgress);
    (scorer, root)
}

/// Spacing and line breaks carry no meaning in the notations.
fn without_whitespace(text: &str) -> String {
    text.split_whitespace().collect()
}

#[test]
fn knuths_tree_printed_with_sections_is_the_transcribed_figure() {
    let (scorer, root) = knuth_classic();
    let printed = print(scorer.codebook(), &root, Notation::Knuth, Layout::Sections);
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(TRANSCRIPTION);
    let figure =
        std::fs::read_to_string(&path).expect("the transcription of Figure 1 is committed");
    let (printed, figure) = (without_whitespace(&printed), without_whitespace(&figure));
    if printed != figure {
        let at = printed
            .chars()
            .zip(figure.chars())
            .take_while(|(a, b)| a == b)
            .count();
        let context = |text: &str| {
            text.chars()
                .skip(at.saturating_sub(40))
                .take(80)
                .collect::<String>()
        };
        panic!(
            "the printed tree and {TRANSCRIPTION} differ after {at} characters (spaces removed)\n\
             printed: …{}…\nfigure:  …{}…",
            context(&printed),
            context(&figure)
        );
    }
}

#[test]
fn flat_knuth_form_opens_like_the_figure() {
    let (scorer, root) = knuth_classic();
    let printed = print(scorer.codebook(), &root, Notation::Knuth, Layout::Flat);
    assert!(printed.starts_with("1296(1122: 1,16(1213:"), "{printed}");
    assert!(!printed.contains("where"));
    assert!(!printed.contains('*'));
}

/// How many situations name a guess that is not a candidate.
fn starred_guesses(node: &Node) -> usize {
    let here = Form::of(node, Notation::Irving) != Form::Count && !node.guess_is_candidate();
    usize::from(here)
        + node
            .children
            .iter()
            .map(|(_, child)| starred_guesses(child))
            .sum::<usize>()
}

#[test]
fn irving_form_stars_exactly_the_guesses_that_are_not_candidates() {
    let (scorer, root) = knuth_classic();
    let printed = print(scorer.codebook(), &root, Notation::Irving, Layout::Flat);
    let printed = without_whitespace(&printed);
    // 1213 cannot be the code after 1122 scores three whites: it scores a black itself.
    assert!(printed.starts_with("1296(1122:1,16(1213*:"), "{printed}");
    // Knuth's "brilliant stroke": 1462 settles the seven codes left after 1122 B, 1344 W,
    // 3526 BWW although it is none of them.
    assert!(printed.contains("7(1462*)"));
    let stars = printed.matches('*').count();
    assert_eq!(stars, starred_guesses(&root));
    assert!(stars > 0);
}
