//! Static results settled elsewhere: an atlas run given a directory of trees (`--trees DIR`) also reads `DIR/static/PxC.json` (the files
//! `static search` writes, as committed under `trees/static/`), and a file whose set tells
//! every code apart, whose size is the least its search records, and whose game is the atlas
//! game's, settles that game's static measure, as a figure reused from an earlier run does.
//! The set is checked here; that no smaller set works rests on the exhaustive search the file
//! records (`cargo xtask check` re-verifies the committed ones).

use std::path::Path;

use mastermind_core::{FeedbackKind, Scorer};
use mastermind_static::{check, StaticFile};

use crate::{Figures, GameKey, Outcome, Variant};

/// The static measure of `game` settled by a verified file in `directory/static/`, if any.
pub fn settled(directory: &Path, game: GameKey) -> Option<Outcome> {
    if game.variant != Variant::Repeat {
        return None;
    }
    let path = directory
        .join("static")
        .join(format!("{}x{}.json", game.pegs, game.colours));
    let text = std::fs::read_to_string(path).ok()?;
    let (file, file_game, guesses) = StaticFile::from_json(&text).ok()?;
    let record = file.search.as_ref()?;
    let wanted = game.game().ok()?;
    if file_game != wanted
        || file_game.feedback_kind() != FeedbackKind::BlackWhite
        || guesses.len() != record.least
        || !check(&Scorer::new(file_game), &guesses).determines()
    {
        return None;
    }
    let figures = Figures {
        least: Some(record.least as u32),
        ..Figures::default()
    };
    // The search's own time where it recorded one (a search in shards records none).
    Some(Outcome::finished(figures, record.seconds.unwrap_or(0.0)))
}
