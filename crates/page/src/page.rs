//! Writing the page: the template with its style and scripts, the library's WebAssembly
//! module (which the page asks for every rule and figure), and either a verified tree with its
//! statistics drawn here, or no tree: the page that builds and verifies them itself.

use base64::Engine;
use mastermind_core::Codebook;
use mastermind_tree::{Node, Statistics, StrategyInfo, TreeFile};
use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::chart::{bar_chart, escape, Series};
use crate::template::fill;

const TEMPLATE: &str = include_str!("assets/page.html");
const STYLE: &str = include_str!("assets/page.css");
const SCRIPT: &str = include_str!("assets/page.js");
/// Runs in the page and as its worker: asks the module.
const RULES_SCRIPT: &str = include_str!("assets/rules.js");
/// The library compiled to WebAssembly by `cargo xtask web` (crate `mastermind-web`).
const MODULE: &[u8] = include_bytes!("assets/mastermind.wasm");
/// The trees the Verify view offers to paste: Knuth's Figure 1 as transcribed from the paper,
/// and an expected-case optimum in Irving's notation (copies of the files under `trees/`).
const FIGURE_1: &str = include_str!("assets/examples/knuth-1976-figure-1.txt");
const OPTIMUM: &str = include_str!("assets/examples/optimal-4x6.irving.txt");

/// The title of a tree's page when none is given: the strategy that built it and its game,
/// such as `Knuth strategy, 4×6`.
pub fn strategy_title(strategy: &str, game: &mastermind_core::Game) -> String {
    let mut letters = strategy.chars();
    let capital: String = letters
        .next()
        .map(char::to_uppercase)
        .into_iter()
        .flatten()
        .collect();
    format!(
        "{capital}{} strategy, {}",
        letters.as_str(),
        game.describe()
    )
}

/// The whole page for `root`, a verified tree of the game of `book` built by `strategy`,
/// titled `title`.
/// `reasons`, when given, says why the strategy plays its guess at each position, keyed by
/// the position's address (`1122=1B1W,1344=0B2W`; the empty key is the first guess): what it
/// ranks guesses by (`score`) and the best few with their scores (`ranking`: `rank`, `guess`,
/// `score`, `candidate`), the guess played among them; the explorer shows it.
pub fn page(
    book: &Codebook,
    root: &Node,
    strategy: &StrategyInfo,
    title: &str,
    reasons: Option<&BTreeMap<String, Value>>,
) -> String {
    let statistics = Statistics::of_tree(root);
    let file = TreeFile::new(book, strategy.clone(), root);
    write(
        title,
        &book.describe_for_people(),
        &statistics_html(&statistics, title),
        json!({ "file": file, "reasons": reasons }),
    )
}

/// The page without a tree, titled `title`: it builds any strategy's tree for any game it can
/// hold, and verifies a pasted tree, in the browser; then shows it as [`page`] does.
pub fn app_page(title: &str) -> String {
    write(
        title,
        "Build a strategy's tree, or verify one",
        "",
        json!({ "file": null }),
    )
}

fn write(title: &str, game: &str, statistics: &str, mut data: Value) -> String {
    data["examples"] = json!({
        "figure-1": { "text": FIGURE_1, "pegs": 4, "colours": 6 },
        "optimum": { "text": OPTIMUM, "pegs": 4, "colours": 6 },
    });
    // The data sits in a <script> element, which only `</` could end early; `<` appears in
    // no symbol or reply, but escaping it keeps that true of any future field.
    let data = data.to_string().replace('<', "\\u003c");
    let module = base64::engine::general_purpose::STANDARD.encode(MODULE);
    fill(
        TEMPLATE,
        &[
            ("<!--TITLE-->", &escape(title)),
            ("<!--GAME-->", &escape(game)),
            ("/*STYLE*/", STYLE),
            ("<!--STATISTICS-->", statistics),
            ("/*DATA*/", &data),
            ("/*MODULE*/", &module),
            ("/*RULES*/", RULES_SCRIPT),
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
        let text = page(&book, &root, &StrategyInfo::named("mine"), "<mine>", None);
        for placeholder in [
            "<!--",
            "/*STYLE*/",
            "/*DATA*/",
            "/*SCRIPT*/",
            "/*MODULE*/",
            "/*RULES*/",
        ] {
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
        let text = page(&book, &root, &StrategyInfo::named("mine"), title, None);
        assert_eq!(text.matches(SCRIPT).count(), 1);
        assert_eq!(text.matches(STYLE).count(), 1);
        assert!(text.contains("<title>/*SCRIPT*/ /*DATA*/ /*STYLE*/ &lt;!--GAME--&gt;"));
    }
}
