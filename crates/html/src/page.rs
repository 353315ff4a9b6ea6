//! Writing the page: the template with its style and script, the tree as JSON data, and the
//! statistics (claims and chart) drawn here from the verified tree, so the page shows them
//! without computing anything.

use mastermind_core::Codebook;
use mastermind_tree::{FileGame, FileNode, Node, Statistics};
use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::chart::{bar_chart, escape, Series};
use crate::template::fill;

const TEMPLATE: &str = include_str!("assets/page.html");
const STYLE: &str = include_str!("assets/page.css");
const SCRIPT: &str = include_str!("assets/page.js");

/// The title of a tree's page when none is given: the strategy that built it and its game,
/// such as `knuth strategy, 4×6`.
pub fn strategy_title(strategy: &str, game: &mastermind_core::Game) -> String {
    format!("{strategy} strategy, {}", game.describe())
}

/// The whole page for `root`, a verified tree of the game of `book`, titled `title`.
/// `reasons`, when given, says why the strategy plays its guess at each position, keyed by
/// the position's address (`1122=1B1W,1344=0B2W`; the empty key is the first guess): what it
/// ranks guesses by (`score`) and the best few with their scores (`ranking`: `rank`, `guess`,
/// `score`, `candidate`), the guess played among them; the explorer shows it.
pub fn page(
    book: &Codebook,
    root: &Node,
    title: &str,
    reasons: Option<&BTreeMap<String, Value>>,
) -> String {
    let statistics = Statistics::of_tree(root);
    let data = json!({
        "game": FileGame::of(book),
        "tree": FileNode::from_node(book, root),
        "reasons": reasons,
    });
    // The data sits in a <script> element, which only `</` could end early; `<` appears in
    // no symbol or reply, but escaping it keeps that true of any future field.
    let data = data.to_string().replace('<', "\\u003c");
    fill(
        TEMPLATE,
        &[
            ("<!--TITLE-->", &escape(title)),
            ("<!--GAME-->", &escape(&book.describe_for_people())),
            ("/*STYLE*/", STYLE),
            ("<!--STATISTICS-->", &statistics_html(&statistics, title)),
            ("/*DATA*/", &data),
            ("/*SCRIPT*/", SCRIPT),
        ],
    )
}

/// The statistics view of a tree titled `title`: its claims (codes, total, average, worst
/// case), the chart of codes solved at each guess, and the same counts as a table.
pub fn statistics_html(statistics: &Statistics, title: &str) -> String {
    let chart = bar_chart(&[Series {
        name: title,
        solved_by_guess: &statistics.solved_by_guess,
    }]);
    format!(
        "{}<h2>Codes solved at each guess</h2><div class=\"chart-frame\">{chart}</div>{}",
        claims(statistics),
        counts_table(statistics)
    )
}

fn claims(statistics: &Statistics) -> String {
    let average = statistics.average();
    format!(
        concat!(
            r#"<dl class="claims">"#,
            r#"<dt>Codes</dt><dd id="claim-codes">{codes}</dd>"#,
            r#"<dt>Guesses to solve them all</dt><dd id="claim-total">{total}</dd>"#,
            r#"<dt>Average</dt><dd id="claim-average">{fraction} = {decimal}</dd>"#,
            r#"<dt>Worst case</dt><dd id="claim-worst">{worst} guesses</dd>"#,
            "</dl>"
        ),
        codes = statistics.codes(),
        total = statistics.total(),
        fraction = average.fraction(),
        decimal = average.decimal(4),
        worst = statistics.worst_case(),
    )
}

fn counts_table(statistics: &Statistics) -> String {
    let rows: String = statistics
        .solved_by_guess
        .iter()
        .enumerate()
        .map(|(index, codes)| format!("<tr><td>{}</td><td>{codes}</td></tr>", index + 1))
        .collect();
    format!(
        "<table class=\"counts\"><thead><tr><th>Guesses</th><th>Codes</th></tr></thead><tbody>{rows}</tbody></table>"
    )
}

#[cfg(test)]
mod tests {
    use mastermind_core::{Code, Game};

    use super::*;

    #[test]
    fn the_page_carries_its_data_style_and_script_and_no_placeholder() {
        let book = Codebook::new(Game::new(2, 2, true, Default::default()).unwrap());
        let root = Node {
            guess: Code(0),
            candidates: 4,
            children: vec![],
        };
        let text = page(&book, &root, "<mine>", None);
        for placeholder in ["<!--", "/*STYLE*/", "/*DATA*/", "/*SCRIPT*/"] {
            assert!(
                !text.contains(placeholder),
                "{placeholder} left in the page"
            );
        }
        assert!(text.contains("<title>&lt;mine&gt;"));
        assert!(text.contains(r#""symbols":"12""#));
        assert!(
            !text.contains("src=\"http") && !text.contains("href=\"http"),
            "nothing is fetched"
        );
    }

    #[test]
    fn a_title_that_looks_like_a_placeholder_stays_a_title() {
        let book = Codebook::new(Game::new(2, 2, true, Default::default()).unwrap());
        let root = Node {
            guess: Code(0),
            candidates: 4,
            children: vec![],
        };
        let title = "/*SCRIPT*/ /*DATA*/ /*STYLE*/ <!--GAME-->";
        let text = page(&book, &root, title, None);
        assert_eq!(text.matches(SCRIPT).count(), 1);
        assert_eq!(text.matches(STYLE).count(), 1);
        assert!(text.contains("<title>/*SCRIPT*/ /*DATA*/ /*STYLE*/ &lt;!--GAME--&gt;"));
    }
}
