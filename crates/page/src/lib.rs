//! The page a person looks at: a verified strategy tree written as one self-contained HTML
//! file (explore the tree, have it break your code, play against it, see its statistics), and
//! the SVG bar chart of codes solved at each guess that the page and `compare --svg` share.
//! It also writes the atlas as a page of its own ([`atlas_page`]).
//! Everything the page needs is written into it: no network, no server, no build step.

mod atlas;
mod chart;
mod page;
mod template;

pub use atlas::{atlas_page, is_our_page, linked_pages, safe_name, GENERATOR};
pub use chart::{bar_chart, Series};
pub use page::{app_page, page, statistics_html, strategy_title};
