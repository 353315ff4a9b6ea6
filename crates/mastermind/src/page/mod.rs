//! The page a person looks at: a tree, or the atlas, as one self-contained HTML file; with
//! files, the atlas's page with the page of every tree it links beside it ([`AtlasSite`]).

pub use mastermind_page::{
    app_page, atlas_page, bar_chart, is_our_page, linked_pages, page, safe_name, statistics_html,
    strategy_title, Series, GENERATOR,
};

#[cfg(feature = "files")]
mod atlas_site;
#[cfg(feature = "files")]
pub use atlas_site::{AtlasSite, SiteError};

use mastermind_core::Codebook;
use mastermind_tree::{Node, StrategyInfo};

/// The page of a verified tree, as `mastermind html` writes it, with the strategy's reasons
/// for its guesses where it has a score to rank them by. `strategy` is the one a JSON tree
/// file names (a tree read from a notation, with none, is recorded as `published`). The title
/// is `title`, else the strategy's, else `file_name` (the file the tree was read from).
pub fn tree_page(
    book: &Codebook,
    root: &Node,
    strategy: Option<&StrategyInfo>,
    title: Option<&str>,
    file_name: Option<&str>,
) -> String {
    let title = match (title, strategy) {
        (Some(title), _) => title.to_owned(),
        (None, Some(strategy)) => strategy_title(&strategy.name, book.game()),
        (None, None) => file_name.unwrap_or("Strategy tree").to_owned(),
    };
    let reasons =
        strategy.and_then(|strategy| mastermind_search::reasons::reasons(book, root, strategy));
    let published = StrategyInfo::named("published");
    let strategy = strategy.unwrap_or(&published);
    page(book, root, strategy, &title, reasons.as_ref())
}
