//! How many colours a partial set may leave unused. The codes made only of colours no guess
//! has used get the empty reply from every guess, so form one class, and the guesses still to
//! come must tell its codes apart. To those codes a guess's other colours are blanks that match
//! nothing, so whether `left` guesses can do it is a small static search of its own: the game
//! with the unused colours and one blank colour, the codes without the blank to tell apart,
//! and the symmetries that fix the blank. Its answers bound the main search far below the
//! size of the class alone (three pegs: two guesses tell apart the codes of two colours, not
//! of three, though their 27 codes are fewer than the 81 replies of two guesses).

use mastermind_core::{Code, Codebook, ColourSet, Game, Scorer};

use crate::Classes;

/// The small static search these bounds ask: whether `size` guesses of the scorer's game tell
/// apart the codes of the classes, searched up to the symmetries that fix the code given (the
/// blank). The main search passes itself, so that this module needs nothing of it.
pub(crate) type SmallSearch<'s> = &'s dyn Fn(&Scorer, usize, Classes, Code) -> bool;

/// How many colours `prefix` leaves unused.
pub(crate) fn unused_colours(book: &Codebook, prefix: &[Code]) -> usize {
    let used = prefix
        .iter()
        .flat_map(|&code| book.colours_of(code))
        .fold(0 as ColourSet, |used, &colour| used | 1 << colour);
    book.game().colours() - used.count_ones() as usize
}

/// For each number of guesses left, below `size`, the most colours a partial set may leave
/// unused and still be completed; numbers left out bound nothing. Each is found by searches
/// strictly smaller than the main one: fewer guesses, and fewer colours than the game has.
pub(crate) fn most_unused(scorer: &Scorer, size: usize, search: SmallSearch<'_>) -> Vec<usize> {
    let game = scorer.game();
    // Without repetition a guess may hold several blanks only as distinct colours, which the
    // small game would not have; the bound is left out there.
    if !game.repetition() {
        return Vec::new();
    }
    let mut most = vec![1];
    for left in 1..size.saturating_sub(1) {
        let mut colours = *most.last().expect("starts with one entry");
        loop {
            // The small game, with one more colour unused and the blank, must keep two colours
            // fewer than the game itself, so its searches stay far smaller than the main one;
            // past that, nothing is known and nothing is bound.
            if colours + 4 > game.colours() {
                colours = game.colours();
                break;
            }
            if !blank_set_exists(game, colours + 1, left, search) {
                break;
            }
            colours += 1;
        }
        most.push(colours);
    }
    most
}

/// Whether `size` guesses over `colours` colours and a blank tell apart every code of those
/// colours.
fn blank_set_exists(game: &Game, colours: usize, size: usize, search: SmallSearch<'_>) -> bool {
    let blanked = Game::new(
        game.pegs() as u32,
        colours as u32 + 1,
        true,
        game.feedback_kind(),
    )
    .expect("fewer colours than a valid game");
    let scorer = Scorer::new(blanked);
    let book = scorer.codebook();
    let blank = book
        .index_of(&vec![colours as u8; game.pegs()])
        .expect("the blank code is a code");
    let without_blank = book
        .codes()
        .filter(|&code| !book.colours_of(code).contains(&(colours as u8)))
        .collect();
    search(&scorer, size, Classes::of(without_blank), blank)
}
