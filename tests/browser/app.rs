//! The page with no tree (`mastermind html --app`) in a real headless Chromium: it builds
//! Knuth's tree, the optima of 4×6, 5×5 and 4×7, the black-peg optimum and Bulls and Cows'
//! Knuth tree and optimum in the browser, each byte for byte the command's; says why a guess is played; plays a game to the end; cancels
//! a long build and starts another; verifies a pasted Figure 1 and a damaged copy; and refuses
//! what it cannot build or read with a message. Build times go to `target/web-timings.json`
//! for `cargo xtask bench`, and screenshots of the new views to `target/screenshots/`.

use std::time::{Duration, Instant};

use fantoccini::{Client, Locator};
use serde_json::{json, Value};

use super::{attribute, click, click_only, driver, screenshot, script, settle, text, visit};
use crate::support::mastermind;

/// Waits until `condition` (a script's expression) holds, or fails saying what did not.
pub(super) async fn wait_for(client: &Client, condition: &str, seconds: u64, what: &str) {
    let started = Instant::now();
    loop {
        let held = script(client, &format!("return Boolean({condition});"), vec![]).await;
        if held == json!(true) {
            return;
        }
        assert!(
            started.elapsed() < Duration::from_secs(seconds),
            "{what} did not happen within {seconds} s; the page says: {}",
            text(client, "#build-message").await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Fills the build form: pegs, colours, variant and strategy.
pub(super) async fn fill_build(
    client: &Client,
    pegs: i64,
    colours: i64,
    variant: &str,
    strategy: &str,
) {
    script(
        client,
        "const [pegs, colours, variant, strategy] = arguments;
         document.getElementById('build-variant').value = variant;
         document.getElementById('build-pegs').value = pegs;
         document.getElementById('build-colours').value = colours;
         document.getElementById('build-strategy').value = strategy;
         document.getElementById('build-variant').dispatchEvent(new Event('change'));",
        vec![json!(pegs), json!(colours), json!(variant), json!(strategy)],
    )
    .await;
}

/// Builds and waits for the statistics: the tree file the page built, the seconds from the
/// click to the tree shown, and the seconds the module took in the worker.
pub(super) async fn build(
    client: &Client,
    pegs: i64,
    colours: i64,
    variant: &str,
    strategy: &str,
) -> (String, Value) {
    visit(client, &format!("{}#build", current_page(client).await)).await;
    fill_build(client, pegs, colours, variant, strategy).await;
    script(client, "delete document.body.dataset.built;", vec![]).await;
    click_only(client, "#build-start").await;
    wait_for(client, "document.body.dataset.built", 120, "the build").await;
    settle(client).await;
    let tree = script(client, "return window.mastermind.treeText();", vec![]).await;
    let seconds = script(
        client,
        "return { page_seconds: Number(document.body.dataset.built),
                  module_seconds: Number(document.body.dataset.computed) };",
        vec![],
    )
    .await;
    (
        tree.as_str().expect("the tree file's text").to_owned(),
        seconds,
    )
}

pub(super) async fn current_page(client: &Client) -> String {
    let url = client.current_url().await.expect("the page's address");
    let mut url = url.to_string();
    if let Some(at) = url.find('#') {
        url.truncate(at);
    }
    url
}

/// What the command writes for the same build.
pub(super) fn command_tree(arguments: &[&str]) -> String {
    let mut all = vec!["generate", "--quiet"];
    all.extend_from_slice(arguments);
    mastermind(&all).expect_status(0).stdout
}

fn total(tree: &str) -> u64 {
    let file: Value = serde_json::from_str(tree).expect("a tree file");
    file["claims"]["total_guesses"].as_u64().expect("a total")
}

/// Opens the page with no tree (`mastermind html --app`), written into the directory it
/// hands back, and keeps every error the page meets from then on in `window.pageErrors`.
pub(super) async fn open_app(client: &Client) -> tempfile::TempDir {
    let directory = tempfile::tempdir().expect("a temporary directory");
    let html = directory.path().join("mastermind.html");
    mastermind(&["html", "--app", "-o", html.to_str().unwrap()]).expect_status(0);
    visit(client, &format!("file://{}", html.display())).await;
    wait_for(
        client,
        "document.body.dataset.ready",
        30,
        "loading the page",
    )
    .await;
    script(
        client,
        "window.pageErrors = [];
         window.addEventListener('error', (e) => pageErrors.push(String(e.message)));
         window.addEventListener('unhandledrejection', (e) => pageErrors.push(String(e.reason)));",
        vec![],
    )
    .await;
    directory
}

#[tokio::test(flavor = "current_thread")]
async fn the_page_builds_and_verifies_in_a_real_browser() {
    let Some(browser) = driver::start().await else {
        return;
    };
    let client = &browser.client;
    let _page = open_app(client).await;
    screenshot(client, "app-build").await;

    refuses_what_it_cannot_build(client).await;
    let mut timings = serde_json::Map::new();
    for (name, page, command, expected) in [
        (
            "knuth-4x6",
            (4, 6, "repeat", "knuth"),
            vec!["--strategy", "knuth"],
            Some(5801),
        ),
        (
            "optimal-4x6",
            (4, 6, "repeat", "optimal"),
            vec!["--strategy", "optimal"],
            Some(5625),
        ),
        (
            "optimal-4x6-black-only",
            (4, 6, "black-only", "optimal"),
            vec!["--strategy", "optimal", "--black-only"],
            Some(8859),
        ),
        (
            "optimal-5x5",
            (5, 5, "repeat", "optimal"),
            vec!["--strategy", "optimal", "--pegs", "5", "--colours", "5"],
            Some(13_496),
        ),
        (
            "optimal-4x7",
            (4, 7, "repeat", "optimal"),
            vec!["--strategy", "optimal", "--colours", "7"],
            Some(11_228),
        ),
        (
            "optimal-bulls-and-cows",
            (4, 10, "bulls-and-cows", "optimal"),
            vec![
                "--strategy",
                "optimal",
                "--pegs",
                "4",
                "--colours",
                "10",
                "--no-repeat",
            ],
            Some(26_274),
        ),
        (
            "knuth-bulls-and-cows",
            (4, 10, "bulls-and-cows", "knuth"),
            vec![
                "--strategy",
                "knuth",
                "--pegs",
                "4",
                "--colours",
                "10",
                "--no-repeat",
            ],
            None,
        ),
    ] {
        let (pegs, colours, variant, strategy) = page;
        let (tree, seconds) = build(client, pegs, colours, variant, strategy).await;
        assert_eq!(
            tree,
            command_tree(&command),
            "the page's {name} is the command's"
        );
        let shown = text(client, "#claim-total").await;
        assert_eq!(shown, total(&tree).to_string(), "{name}'s statistics");
        if let Some(expected) = expected {
            assert_eq!(total(&tree), expected, "{name}");
        }
        timings.insert(name.to_owned(), seconds);
        if [
            "knuth-4x6",
            "optimal-4x6",
            "optimal-5x5",
            "optimal-4x7",
            "knuth-bulls-and-cows",
        ]
        .contains(&name)
        {
            // The first build in a page runs before the browser has optimised the module:
            // the builds of a tenth of a second or less are timed again.
            let again = [
                build(client, pegs, colours, variant, strategy).await.1,
                build(client, pegs, colours, variant, strategy).await.1,
            ];
            timings.insert(format!("{name}-again"), json!(again));
        }
        if name == "knuth-4x6" {
            screenshot(client, "app-statistics").await;
            timings.insert(
                "explain-knuth-4x6".to_owned(),
                json!(explains_live(client).await),
            );
            plays_to_the_end(client, &tree).await;
        }
        if name == "optimal-4x6" {
            timings.insert(
                "explain-optimal-4x6".to_owned(),
                json!(explains_first_guess(client).await.0),
            );
        }
    }
    let (tree, seconds) = build(client, 5, 8, "repeat", "knuth").await;
    assert_eq!(total(&tree), 183_966, "Knuth's 5×8 in the page");
    timings.insert("knuth-5x8".to_owned(), seconds);
    cancels_and_builds_again(client).await;
    verifies_pasted_trees(client).await;
    checks_static_sets(client).await;
    verifies_every_committed_tree(client).await;
    let errors = script(client, "return window.pageErrors;", vec![]).await;
    assert_eq!(errors, json!([]), "the page met errors");
    let timings_file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("web-timings.json");
    std::fs::write(&timings_file, Value::Object(timings).to_string()).expect("the timings");
    client.clone().close().await.expect("the session closes");
}

async fn refuses_what_it_cannot_build(client: &Client) {
    for (pegs, colours, expected) in [
        (0, 6, "Pegs must be a whole number"),
        (4, 37, "at most 36 colours"),
    ] {
        fill_build(client, pegs, colours, "repeat", "knuth").await;
        click_only(client, "#build-start").await;
        let message = text(client, "#build-message").await;
        assert!(message.contains(expected), "{pegs}×{colours}: {message:?}");
    }
    fill_build(client, 5, 8, "repeat", "optimal").await;
    // The refusal shows as soon as the form names the game, before Build is pressed.
    let cost = text(client, "#build-cost").await;
    assert!(
        cost.contains("more memory than a browser tab has"),
        "{cost:?}"
    );
    click_only(client, "#build-start").await;
    let message = text(client, "#build-message").await;
    assert!(
        message.contains("more memory than a browser tab has"),
        "{message:?}"
    );
    fill_build(client, 4, 7, "repeat", "optimal").await;
    let cost = text(client, "#build-cost").await;
    assert!(cost.contains("2401 codes"), "{cost:?}");
}

/// Opens "Why this guess?" at the first guess: the seconds the explanation took, and its best
/// guess's row.
async fn explains_first_guess(client: &Client) -> (f64, String) {
    visit(client, &format!("{}#explore", current_page(client).await)).await;
    click_only(client, "#explore-why summary").await;
    wait_for(
        client,
        "document.getElementById('explore-why').dataset.state === 'done'",
        60,
        "the explanation",
    )
    .await;
    let first = text(client, "#explore-why-ranking tr:first-child").await;
    let played = attribute(client, "#explore-guess .board", "data-code").await;
    assert!(
        first.starts_with("1.") && first.contains(&format!("{played} (played)")),
        "{first:?}"
    );
    let seconds = attribute(client, "#explore-why", "data-seconds").await;
    // Closed again, as a reader would leave it.
    click_only(client, "#explore-why summary").await;
    (seconds.parse().expect("seconds"), first)
}

/// Explains the first guess and one further down: the first one's seconds.
async fn explains_live(client: &Client) -> f64 {
    let (seconds, first) = explains_first_guess(client).await;
    assert!(first.contains("1122 (played)"), "{first:?}");
    click_only(client, "#explore-why summary").await;
    click(client, "#explore-replies button[data-reply='1B1W']").await;
    wait_for(
        client,
        "document.getElementById('explore-why').dataset.state === 'done'",
        30,
        "the explanation",
    )
    .await;
    let score = text(client, "#explore-why-score").await;
    assert!(score.contains("the largest class"), "{score:?}");
    screenshot(client, "app-why").await;
    click_only(client, "#explore-why summary").await;
    seconds
}

async fn plays_to_the_end(client: &Client, tree: &str) {
    let file: Value = serde_json::from_str(tree).expect("a tree file");
    visit(client, &format!("{}#play", current_page(client).await)).await;
    click_only(client, "#play-new").await;
    let input = client
        .find(Locator::Id("play-input"))
        .await
        .expect("the guess field");
    let mut node = &file["tree"];
    for _ in 0..10 {
        let guess = node["guess"].as_str().expect("a guess");
        input
            .send_keys(&format!("{guess}\u{E007}"))
            .await
            .expect("typing");
        let reply = script(
            client,
            "const last = document.querySelector('#play-history li:last-child'); return last && last.dataset.reply;",
            vec![],
        )
        .await;
        let reply = reply.as_str().expect("a reply").to_owned();
        if reply == "4B0W" {
            let message = text(client, "#play-message").await;
            assert!(message.starts_with("Solved"), "{message:?}");
            return;
        }
        node = &node["children"][&reply];
    }
    panic!("the tree did not solve the page's code within 10 guesses");
}

async fn cancels_and_builds_again(client: &Client) {
    visit(client, &format!("{}#build", current_page(client).await)).await;
    fill_build(client, 5, 8, "repeat", "expected-size").await;
    click_only(client, "#build-start").await;
    wait_for(
        client,
        "!document.getElementById('build-cancel').disabled",
        10,
        "the build starting",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    // The page answers while the worker builds.
    let answered = script(
        client,
        "return window.mastermind.score('11111', '11112');",
        vec![],
    )
    .await;
    assert_eq!(answered, json!("4B0W"));
    screenshot(client, "app-building").await;
    click_only(client, "#build-cancel").await;
    wait_for(
        client,
        "document.getElementById('build-message').textContent === 'Cancelled.'",
        10,
        "cancelling",
    )
    .await;
    // What the cancelled worker had already sent must not overwrite the message.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(text(client, "#build-message").await, "Cancelled.");
    let (tree, _) = build(client, 3, 4, "repeat", "knuth").await;
    assert_eq!(
        tree,
        command_tree(&["--pegs", "3", "--colours", "4", "--strategy", "knuth"])
    );
}

async fn verifies_pasted_trees(client: &Client) {
    visit(client, &format!("{}#verify", current_page(client).await)).await;
    pick_example(client, "figure-1").await;
    let verdict = verify(client).await;
    assert!(
        verdict.starts_with("Valid: 5801 guesses over 1296 codes"),
        "{verdict:?}"
    );
    let report = text(client, "#verify-report").await;
    assert!(report.contains("valid: every code is solved"), "{report:?}");
    screenshot(client, "app-verify").await;
    // Damaged: a count of Figure 1 raised by one.
    script(
        client,
        "const area = document.getElementById('verify-text');
         area.value = area.value.replace('4(1415)', '5(1415)');",
        vec![],
    )
    .await;
    let verdict = verify(client).await;
    assert!(verdict.starts_with("Not valid: 2 problems"), "{verdict:?}");
    let report = text(client, "#verify-report").await;
    assert!(
        report.contains(
            "line 1, column 35: at 1122 → 0B3W → 1213 → 1B2W: the node claims 5 candidates"
        ),
        "{report:?}"
    );
    screenshot(client, "app-verify-damaged").await;
    for (pasted, expected) in [
        ("{\"format\": \"mastermind-strategy-tree\", ", "Cannot verify: the text does not read as a tree file: "),
        ("Knuth's tree, from the paper", "Cannot verify: the text does not read as a strategy tree: line 1, column 6: `'` is not part of either notation."),
    ] {
        script(client, "document.getElementById('verify-text').value = arguments[0];", vec![json!(pasted)]).await;
        let verdict = verify(client).await;
        assert!(verdict.starts_with(expected), "{pasted:?}: {verdict:?}");
        assert!(!verdict.ends_with(".."), "{verdict:?}");
    }
    // A verified tree opens in the explorer.
    pick_example(client, "optimum").await;
    let verdict = verify(client).await;
    let report = text(client, "#verify-report").await;
    assert!(
        verdict.starts_with("Valid: 5625 guesses"),
        "{verdict:?}\n{report}"
    );
    click_only(client, "#verify-open").await;
    wait_for(
        client,
        "location.hash === '#explore'",
        10,
        "opening the tree",
    )
    .await;
    assert_eq!(text(client, "#claim-total").await, "5625");
}

/// Each committed tree file, verified by the page's module, gets the command's verification
/// document: the same totals, counts and verdicts.
async fn verifies_every_committed_tree(client: &Client) {
    let mut checked = 0;
    for entry in std::fs::read_dir("trees").expect("the committed trees") {
        let path = entry.expect("an entry").path();
        if path.extension().is_none_or(|extension| extension != "json")
            || path.to_string_lossy().ends_with(".schema.json")
        {
            continue;
        }
        let tree = std::fs::read_to_string(&path).expect("a committed tree");
        let page = script(
            client,
            "return window.mastermind.ask({ op: 'verify', text: arguments[0] }).document;",
            vec![json!(tree)],
        )
        .await;
        let command = mastermind(&["verify", path.to_str().unwrap(), "--json"]).expect_status(0);
        let command: Value = serde_json::from_str(&command.stdout).expect("the command's document");
        assert_eq!(page, command, "{}", path.display());
        checked += 1;
    }
    assert!(checked >= 11, "only {checked} committed trees");
}

/// Static Mastermind in the Verify view: Knuth's game's six guesses, then two that do not
/// tell every code apart, then one that is not a code.
async fn checks_static_sets(client: &Client) {
    visit(client, &format!("{}#verify", current_page(client).await)).await;
    for (guesses, expected) in [
        ("1221 2354 3311 4524 5656 6643", "Determines every code: the replies to these 6 guesses differ for all 1296 codes of 4×6."),
        ("1122 3456", "Does not determine every code: "),
        ("1221 1279", "Cannot check: guess 2 “1279”"),
    ] {
        script(
            client,
            "document.getElementById('static-guesses').value = arguments[0];
             document.getElementById('static-message').textContent = '';",
            vec![json!(guesses)],
        )
        .await;
        click_only(client, "#static-start").await;
        wait_for(
            client,
            "!['', 'Checking…'].includes(document.getElementById('static-message').textContent)",
            30,
            "the static check",
        )
        .await;
        let message = text(client, "#static-message").await;
        assert!(message.starts_with(expected), "{guesses}: {message:?}");
    }
    let groups = text(client, "#static-groups").await;
    assert!(groups.is_empty(), "{groups:?}");
}

/// Picks the Verify view's example `name`, as a reader choosing it from the list.
pub(super) async fn pick_example(client: &Client, name: &str) {
    script(
        client,
        "const example = document.getElementById('verify-example');
         example.value = arguments[0];
         example.dispatchEvent(new Event('change'));",
        vec![json!(name)],
    )
    .await;
}

/// Submits the Verify form and waits for its verdict.
pub(super) async fn verify(client: &Client) -> String {
    script(
        client,
        "document.getElementById('verify-message').textContent = '';",
        vec![],
    )
    .await;
    click_only(client, "#verify-start").await;
    wait_for(
        client,
        "!['', 'Verifying…'].includes(document.getElementById('verify-message').textContent)",
        30,
        "the verdict",
    )
    .await;
    text(client, "#verify-message").await
}
