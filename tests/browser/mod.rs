//! `mastermind html` pages in a real headless Chromium: explore Knuth's tree to a leaf, follow
//! a `#` link, solve a code by clicking replies (and have an impossible one refused), play a
//! game to the end, check the chart against the tree's counts, and check the page's scoring
//! against the core's on three games; sort and filter the atlas page and follow its link to a
//! tree's page. Screenshots of each view go to `target/screenshots/`.

mod app;
mod driver;
mod players;

use std::path::{Path, PathBuf};

use fantoccini::{Client, Locator};
use mastermind::tree::{FileNode, TreeFile};
use mastermind::{Code, Codebook, Scorer};
use serde_json::{json, Value};

use crate::support::{mastermind, write_file};

/// Where the screenshots go, for a person to look at.
fn screenshot_directory() -> PathBuf {
    let directory = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("screenshots");
    std::fs::create_dir_all(&directory).expect("the screenshot directory can be made");
    directory
}

async fn screenshot(client: &Client, name: &str) {
    let png = client.screenshot().await.expect("a screenshot");
    std::fs::write(screenshot_directory().join(format!("{name}.png")), png)
        .expect("the screenshot is written");
}

async fn attribute(client: &Client, css: &str, name: &str) -> String {
    // One script reads it, so a view drawn anew between finding and reading cannot interfere.
    let value = script(
        client,
        "const found = document.querySelector(arguments[0]); return found && found.getAttribute(arguments[1]);",
        vec![json!(css), json!(name)],
    )
    .await;
    match value {
        Value::String(value) => value,
        _ => panic!("no {css} with {name} on the page"),
    }
}

async fn text(client: &Client, css: &str) -> String {
    let value = script(
        client,
        "const found = document.querySelector(arguments[0]); return found && found.innerText;",
        vec![json!(css)],
    )
    .await;
    match value {
        Value::String(value) => value,
        _ => panic!("no {css} on the page"),
    }
}

/// Clicks `css` and waits until the page has shown the address the click led to (a link is
/// followed once the click has returned).
async fn click(client: &Client, css: &str) {
    click_only(client, css).await;
    settle(client).await;
}

/// Clicks `css` without waiting for an address to be shown.
async fn click_only(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|error| panic!("no {css} on the page: {error}"))
        .click()
        .await
        .unwrap_or_else(|error| panic!("{css} cannot be clicked: {error}"));
}

/// Opens `url` and waits until the page has shown it.
async fn visit(client: &Client, url: &str) {
    client
        .goto(url)
        .await
        .unwrap_or_else(|error| panic!("{url} does not load: {error}"));
    settle(client).await;
}

async fn settle(client: &Client) {
    for _ in 0..200 {
        let shown = script(
            client,
            "return document.body.dataset.address === location.hash;",
            vec![],
        )
        .await;
        if shown == json!(true) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("the page did not show its address within 5 s");
}

async fn count(client: &Client, css: &str) -> usize {
    client
        .find_all(Locator::Css(css))
        .await
        .expect("a query")
        .len()
}

async fn script(client: &Client, source: &str, arguments: Vec<Value>) -> Value {
    client
        .execute(source, arguments)
        .await
        .unwrap_or_else(|error| panic!("the script failed: {error}\n{source}"))
}

/// A tree file and the page made of it.
struct Page {
    name: String,
    url: String,
    file: TreeFile,
    scorer: Scorer,
}

impl Page {
    fn make(directory: &Path, name: &str, tree_json: &str) -> Page {
        let tree = write_file(directory, &format!("{name}.json"), tree_json);
        let html = directory.join(format!("{name}.html"));
        mastermind(&["html", &tree, "-o", html.to_str().unwrap()]).expect_status(0);
        let file = TreeFile::from_json(tree_json).expect("the tree file reads");
        let scorer = Scorer::new(file.game().expect("a playable game"));
        Page {
            name: name.to_owned(),
            url: format!("file://{}", html.display()),
            file,
            scorer,
        }
    }

    fn book(&self) -> &Codebook {
        self.scorer.codebook()
    }

    fn reply(&self, guess: &str, secret: &str) -> String {
        let book = self.book();
        let feedback = self.scorer.feedback(
            book.parse(guess).expect("a code"),
            book.parse(secret).expect("a code"),
        );
        self.scorer.game().feedback_name(feedback)
    }

    fn solved_reply(&self) -> String {
        let game = self.scorer.game();
        game.feedback_name(game.feedback(game.pegs(), 0))
    }

    /// The codes that give every reply of `history`, worked out from the game alone.
    fn consistent(&self, history: &[(String, String)]) -> Vec<String> {
        let book = self.book();
        let mut codes: Vec<String> = book
            .codes()
            .map(|code| book.format(code))
            .filter(|code| {
                history
                    .iter()
                    .all(|(guess, reply)| self.reply(guess, code) == *reply)
            })
            .collect();
        codes.sort();
        codes
    }

    /// How many codes the tree solves with 1, 2, … guesses, by replaying every code.
    fn solved_by_guess(&self) -> Vec<u64> {
        let mut counts = Vec::new();
        for code in self.book().codes() {
            let guesses = route(self, &self.book().format(code)).len();
            counts.resize(counts.len().max(guesses), 0);
            counts[guesses - 1] += 1;
        }
        counts
    }
}

fn child<'a>(node: &'a FileNode, reply: &str) -> Option<&'a FileNode> {
    node.children
        .iter()
        .find(|(name, _)| name == reply)
        .map(|(_, child)| child)
}

/// The tree's guesses and replies for `secret`, the last reply all black.
fn route(page: &Page, secret: &str) -> Vec<(String, String)> {
    let mut steps = Vec::new();
    let mut node = &page.file.tree;
    loop {
        let reply = page.reply(&node.guess, secret);
        steps.push((node.guess.clone(), reply.clone()));
        if reply == page.solved_reply() {
            return steps;
        }
        node = child(node, &reply).expect("a verified tree has every reply");
    }
}

/// The replies down to one of the deepest leaves.
fn deepest_path(node: &FileNode) -> Vec<String> {
    node.children
        .iter()
        .map(|(reply, child)| {
            let mut path = vec![reply.clone()];
            path.extend(deepest_path(child));
            path
        })
        .max_by_key(Vec::len)
        .unwrap_or_default()
}

#[tokio::test(flavor = "current_thread")]
async fn the_page_works_in_a_real_browser() {
    let Some(browser) = driver::start().await else {
        return;
    };
    let directory = tempfile::tempdir().expect("a temporary directory");
    let knuth = Page::make(
        directory.path(),
        "knuth",
        &std::fs::read_to_string("trees/knuth-4x6.json").expect("the committed Knuth tree"),
    );
    let client = &browser.client;
    explore_to_a_leaf(client, &knuth).await;
    follow_a_link(client, &knuth).await;
    explains_its_guess(client, &knuth).await;
    solve_a_code(client, &knuth, "3632").await;
    play_to_the_end(client, &knuth).await;
    chart_matches_the_tree(client, &knuth).await;
    fits_a_phone(client, &knuth).await;

    let bulls_and_cows = Page::make(
        directory.path(),
        "bulls-and-cows",
        &mastermind(&[
            "generate",
            "--quiet",
            "--pegs",
            "4",
            "--colours",
            "10",
            "--no-repeat",
        ])
        .expect_status(0)
        .stdout,
    );
    let black_only = Page::make(
        directory.path(),
        "black-only",
        &mastermind(&["generate", "--quiet", "--black-only"])
            .expect_status(0)
            .stdout,
    );
    // More than 36 colours: each colour is written as two digits.
    let two_digit_colours = Page::make(
        directory.path(),
        "two-digit-colours",
        &mastermind(&["generate", "--quiet", "--pegs", "2", "--colours", "40"])
            .expect_status(0)
            .stdout,
    );
    for page in [&knuth, &bulls_and_cows, &black_only, &two_digit_colours] {
        scores_like_the_core(client, page).await;
    }
    explore_to_a_leaf(client, &bulls_and_cows).await;
    play_to_the_end(client, &bulls_and_cows).await;
    play_to_the_end(client, &two_digit_colours).await;
    solve_a_code(client, &black_only, "3632").await;
    atlas_sorts_filters_and_links(client, directory.path()).await;
    client.clone().close().await.expect("the session closes");
}

async fn explore_to_a_leaf(client: &Client, page: &Page) {
    visit(client, &page.url).await;
    let path = deepest_path(&page.file.tree);
    let mut node = &page.file.tree;
    let mut history = Vec::new();
    let mut listed_any = false;
    for reply in &path {
        assert_eq!(
            attribute(client, "#explore-guess .board", "data-code").await,
            node.guess
        );
        let remaining = text(client, "#explore-remaining").await;
        assert!(
            remaining.contains(&node.candidates.to_string()),
            "{remaining:?} at {history:?}"
        );
        if node.candidates > 1 && node.candidates <= 24 {
            let listed = script(
                client,
                "return Array.from(document.querySelectorAll('#explore-codes .board'), b => b.dataset.code);",
                vec![],
            )
            .await;
            let expected = page.consistent(&history);
            assert_eq!(listed, json!(expected), "the codes left at {history:?}");
            if !listed_any {
                screenshot(client, &format!("explore-{}", page.name)).await;
                listed_any = true;
            }
        }
        let button = format!("#explore-replies button[data-reply='{reply}']");
        if history.is_empty() {
            // The keyboard: Enter on a focused reply follows it.
            client
                .find(Locator::Css(&button))
                .await
                .expect("the reply's button")
                .send_keys("\u{E007}")
                .await
                .expect("Enter on the button");
            settle(client).await;
        } else {
            click(client, &button).await;
        }
        history.push((node.guess.clone(), reply.clone()));
        node = child(node, reply).expect("the path is in the tree");
    }
    assert_eq!(
        text(client, "#explore-remaining").await,
        "It is the only code left."
    );
    assert_eq!(node.candidates, 1);
    let solved = page.solved_reply();
    click(
        client,
        &format!("#explore-replies button[data-reply='{solved}']"),
    )
    .await;
    let heading = text(client, "#explore-heading").await;
    assert_eq!(
        heading,
        format!(
            "Solved with guess {}: the code is {}.",
            path.len() + 1,
            node.guess
        )
    );
    let url = client.current_url().await.expect("a URL");
    assert!(
        url.fragment()
            .unwrap_or("")
            .ends_with(&format!("{}={solved}", node.guess)),
        "{url}"
    );
    assert_eq!(
        count(client, "#explore-path li").await,
        path.len() + 2,
        "a crumb for the start and one for each reply"
    );
    assert!(
        listed_any,
        "the path passes a position whose codes are listed"
    );
    screenshot(client, &format!("explore-{}-solved", page.name)).await;
    click(client, "#explore-path li:first-child button").await;
    assert_eq!(
        attribute(client, "#explore-guess .board", "data-code").await,
        page.file.tree.guess
    );
}

/// "Why this guess?" at a position ranks the guesses as `next --explain` does, with the one
/// played marked.
async fn explains_its_guess(client: &Client, page: &Page) {
    let tree = &page.file.tree;
    let (reply, _) = tree
        .children
        .iter()
        .max_by_key(|(_, child)| child.candidates)
        .unwrap();
    let after = format!("{}={reply}", tree.guess);
    client.goto("about:blank").await.expect("a blank page");
    visit(client, &format!("{}#{after}", page.url)).await;
    let next = mastermind(&["next", "--explain", "--json", "--after", &after]).expect_status(0);
    let next: Value = serde_json::from_str(&next.stdout).unwrap();
    let shown = script(
        client,
        "const why = document.getElementById('explore-why'); why.open = true; \
         return [why.hidden, Array.from(document.querySelectorAll('#explore-why-ranking tr')) \
           .map((row) => Array.from(row.cells).map((cell) => cell.textContent))];",
        vec![],
    )
    .await;
    assert_eq!(shown[0], json!(false), "the reason is shown");
    let rows = shown[1].as_array().unwrap();
    let alternatives = next["explanation"]["alternatives"].as_array().unwrap();
    for (row, alternative) in rows.iter().zip(alternatives) {
        let guess = alternative["guess"].as_str().unwrap();
        let played = guess == next["guess"];
        let shown_guess = row[1].as_str().unwrap();
        assert!(
            shown_guess.starts_with(guess),
            "{row} against {alternative}"
        );
        assert_eq!(shown_guess.ends_with("(played)"), played, "{row}");
        assert_eq!(
            row[2].as_str().unwrap().parse::<f64>().unwrap(),
            alternative["score"].as_f64().unwrap()
        );
        assert_eq!(row[3] == "yes", alternative["candidate"] == true, "{row}");
    }
    assert!(rows.len() >= alternatives.len());
    screenshot(client, "explore-why").await;
}

async fn follow_a_link(client: &Client, page: &Page) {
    let tree = &page.file.tree;
    let (first, after_first) = &tree.children[1];
    let (second, after_second) = &after_first.children[0];
    client.goto("about:blank").await.expect("a blank page");
    visit(
        client,
        &format!(
            "{}#{}={first},{}={second}",
            page.url, tree.guess, after_first.guess
        ),
    )
    .await;
    assert_eq!(
        attribute(client, "#explore-guess .board", "data-code").await,
        after_second.guess
    );
    assert!(text(client, "#explore-remaining")
        .await
        .contains(&after_second.candidates.to_string()));
    assert_eq!(text(client, "#explore-message").await, "");

    client.goto("about:blank").await.expect("a blank page");
    visit(
        client,
        &format!("{}#{}={first},{}=9B9W", page.url, tree.guess, tree.guess),
    )
    .await;
    let message = text(client, "#explore-message").await;
    assert!(
        message.contains("step 2") && message.contains(&after_first.guess),
        "a broken link says which step and what the tree has there: {message:?}"
    );
    assert_eq!(
        attribute(client, "#explore-guess .board", "data-code").await,
        after_first.guess,
        "it shows the position before the broken step"
    );

    // A stray `%` cannot be decoded; the page still says which step is wrong.
    client.goto("about:blank").await.expect("a blank page");
    visit(client, &format!("{}#{}={first}%", page.url, tree.guess)).await;
    let message = text(client, "#explore-message").await;
    assert!(message.contains("step 1"), "{message:?}");
}

async fn solve_a_code(client: &Client, page: &Page, secret: &str) {
    visit(client, &format!("{}#solve", page.url)).await;
    click(client, "#solve-restart").await;
    let expected = route(page, secret);
    let mut refused = false;
    for (turn, (guess, reply)) in expected.iter().enumerate() {
        assert_eq!(
            attribute(client, "#solve-guess .board", "data-code").await,
            *guess
        );
        if turn > 0 && !refused {
            refused = refuse_an_impossible_reply(client, page, &expected[..turn]).await;
        }
        click(
            client,
            &format!("#solve-replies button[data-reply='{reply}']"),
        )
        .await;
        assert_eq!(count(client, "#solve-history li").await, turn + 1);
    }
    assert!(
        refused,
        "some turn after the first has a reply no code allows"
    );
    assert_eq!(
        text(client, "#solve-message").await,
        format!(
            "Your code is {secret}: found with guess {}.",
            expected.len()
        )
    );
    screenshot(client, &format!("solve-{}", page.name)).await;
}

/// Clicks a reply no code allows after `history`, if there is one, and checks it is refused
/// with the reason; says whether there was one.
async fn refuse_an_impossible_reply(
    client: &Client,
    page: &Page,
    history: &[(String, String)],
) -> bool {
    let mut node = &page.file.tree;
    for (_, reply) in history {
        node = child(node, reply).expect("the history is in the tree");
    }
    let offered = script(
        client,
        "return Array.from(document.querySelectorAll('#solve-replies button'), b => b.dataset.reply);",
        vec![],
    )
    .await;
    let impossible = offered
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(Value::as_str)
        .find(|reply| {
            let mut with = history.to_vec();
            with.push((node.guess.clone(), (*reply).to_owned()));
            page.consistent(&with).is_empty()
        });
    let Some(impossible) = impossible else {
        return false;
    };
    click(
        client,
        &format!("#solve-replies button[data-reply='{impossible}']"),
    )
    .await;
    let message = text(client, "#solve-message").await;
    assert!(
        message.starts_with("Not possible") && message.contains(impossible),
        "{message:?}"
    );
    assert_eq!(
        attribute(client, "#solve-message", "class").await,
        "message error"
    );
    assert_eq!(count(client, "#solve-history li").await, history.len());
    screenshot(client, &format!("solve-{}-refused", page.name)).await;
    true
}

async fn play_to_the_end(client: &Client, page: &Page) {
    visit(client, &format!("{}#play", page.url)).await;
    click(client, "#play-new").await;
    let input = client
        .find(Locator::Id("play-input"))
        .await
        .expect("the guess field");
    input.send_keys("12Z\u{E007}").await.expect("typing");
    let message = text(client, "#play-message").await;
    assert!(message.contains("“Z” is not a colour"), "{message:?}");
    assert_eq!(count(client, "#play-history li").await, 0);
    input.clear().await.expect("the field clears");

    let solved = page.solved_reply();
    let mut node = &page.file.tree;
    let mut played = Vec::new();
    loop {
        // The keyboard only: type the guess and press Enter.
        input
            .send_keys(&format!("{}\u{E007}", node.guess))
            .await
            .expect("typing");
        let reply = attribute(client, "#play-history li:last-child", "data-reply").await;
        played.push((node.guess.clone(), reply.clone()));
        if reply == solved {
            break;
        }
        node = child(node, &reply).expect("following the tree, every reply is in it");
    }
    assert!(text(client, "#play-message").await.starts_with("Solved"));
    let form_shown = script(
        client,
        "return document.getElementById('play-form').getBoundingClientRect().height > 0;",
        vec![],
    )
    .await;
    assert_eq!(
        form_shown,
        json!(false),
        "the guess form goes once the game is over"
    );
    let shown = script(
        client,
        "return Array.from(document.querySelectorAll('#play-tree li'), li => [li.dataset.guess, li.dataset.reply]);",
        vec![],
    )
    .await;
    assert_eq!(
        shown,
        json!(played),
        "played by the tree, the tree's route is the game"
    );
    screenshot(client, &format!("play-{}", page.name)).await;
}

async fn chart_matches_the_tree(client: &Client, page: &Page) {
    visit(client, &format!("{}#statistics", page.url)).await;
    let counts = page.solved_by_guess();
    let bars = script(
        client,
        "return Array.from(document.querySelectorAll('rect.bar'), r => [Number(r.dataset.guesses), Number(r.dataset.codes), r.getBoundingClientRect().height]);",
        vec![],
    )
    .await;
    let bars: Vec<(usize, u64, f64)> = serde_json::from_value(bars).expect("bars");
    assert_eq!(bars.len(), counts.len());
    let tallest_count = *counts.iter().max().unwrap() as f64;
    let tallest_bar = bars.iter().map(|bar| bar.2).fold(0.0, f64::max);
    assert!(tallest_bar > 50.0, "the chart is drawn at a readable size");
    for (index, &(guesses, codes, height)) in bars.iter().enumerate() {
        assert_eq!((guesses, codes), (index + 1, counts[index]));
        let expected = codes as f64 / tallest_count * tallest_bar;
        assert!(
            (height - expected).abs() < 0.5,
            "the bar for {guesses} guesses is {height} high, not {expected}"
        );
    }
    let claims = &page.file.claims;
    assert_eq!(
        text(client, "#claim-average").await,
        format!("{} = {}", claims.average.fraction, claims.average.decimal)
    );
    assert_eq!(
        text(client, "#claim-worst").await,
        format!("{} guesses", counts.len())
    );
    screenshot(client, &format!("statistics-{}", page.name)).await;
}

async fn fits_a_phone(client: &Client, page: &Page) {
    client
        .set_window_size(390, 844)
        .await
        .expect("a phone-sized window");
    for view in ["1122=1B1W", "solve", "play", "statistics"] {
        visit(client, &format!("{}#{view}", page.url)).await;
        let overflow = script(
            client,
            "return document.documentElement.scrollWidth - window.innerWidth;",
            vec![],
        )
        .await;
        assert!(
            overflow.as_i64().unwrap_or(1) <= 0,
            "the {view} view is wider than a phone by {overflow} pixels"
        );
    }
    visit(client, &format!("{}#1122=1B1W", page.url)).await;
    screenshot(client, &format!("explore-{}-phone", page.name)).await;
    client
        .set_window_size(1000, 1100)
        .await
        .expect("the window back");
}

/// The page's scoring against the core's: a spread of guesses against every code.
async fn scores_like_the_core(client: &Client, page: &Page) {
    visit(client, &page.url).await;
    let book = page.book();
    let codes: Vec<String> = book.codes().map(|code| book.format(code)).collect();
    let guesses: Vec<String> = book
        .codes()
        .step_by(book.len() / 40 + 1)
        .map(|code: Code| book.format(code))
        .collect();
    let scored = script(
        client,
        "return arguments[0].map(g => arguments[1].map(s => window.mastermind.score(g, s)).join(' '));",
        vec![json!(guesses), json!(codes)],
    )
    .await;
    let expected: Vec<String> = guesses
        .iter()
        .map(|guess| {
            codes
                .iter()
                .map(|secret| page.reply(guess, secret))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(
        scored,
        json!(expected),
        "the page scores as the core does in {}",
        page.scorer.game().describe()
    );
}

/// The committed atlas's page: every game shown, the variant filter, sorting by the optimum,
/// and a figure's link to its tree's page.
async fn atlas_sorts_filters_and_links(client: &Client, directory: &Path) {
    let page = directory.join("atlas.html");
    mastermind(&[
        "html",
        "trees/atlas/atlas.json",
        "-o",
        page.to_str().unwrap(),
    ])
    .expect_status(0);
    let atlas: Value =
        serde_json::from_str(&std::fs::read_to_string("trees/atlas/atlas.json").unwrap()).unwrap();
    let entries = atlas["entries"].as_array().unwrap();
    let url = format!("file://{}", page.display());
    client.goto(&url).await.expect("the atlas page loads");
    assert_eq!(count(client, "#atlas-body tr").await, entries.len());
    choose_variant(client, "no-repeat").await;
    let no_repeat = entries
        .iter()
        .filter(|e| e["variant"] == "no-repeat")
        .count();
    assert_eq!(count(client, "#atlas-body tr").await, no_repeat);
    assert_eq!(
        text(client, "#shown").await,
        format!("{no_repeat} of {} games", entries.len())
    );
    // Sorted by the optimum's total, the smallest game comes first: 2 × 2 without
    // repetition, whose 2 codes take 3 guesses in all.
    let optimal_column = 3 + 5 + 1;
    client
        .find(Locator::Css(&format!(
            "#atlas-head th:nth-child({optimal_column}) button"
        )))
        .await
        .expect("the optimal heading")
        .click()
        .await
        .expect("the heading sorts");
    let first = text(
        client,
        &format!("#atlas-body tr:first-child td:nth-child({optimal_column})"),
    )
    .await;
    assert_eq!(first, "3 (2)");
    // Its proof, two columns on (after the least worst case), is marked proven.
    let proven = text(
        client,
        &format!(
            "#atlas-body tr:first-child td:nth-child({})",
            optimal_column + 2
        ),
    )
    .await;
    assert_eq!(proven, "3 (2) \u{2713}");
    screenshot(client, "atlas").await;
    choose_variant(client, "repeat").await;
    click(client, "a[href='./atlas-trees/4x6-repeat-knuth.html']").await;
    assert_eq!(text(client, "h1").await, "Knuth strategy, 4×6");
}

/// Picks `variant` in the atlas page's filter, as a reader's choice would.
async fn choose_variant(client: &Client, variant: &str) {
    script(
        client,
        "const select = document.getElementById('filter-variant'); select.value = arguments[0]; \
         select.dispatchEvent(new Event('input', { bubbles: true }));",
        vec![json!(variant)],
    )
    .await;
}
