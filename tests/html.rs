//! `mastermind html` and `compare --svg` without a browser: what the page is made of, its
//! title, and refusing what cannot become a page. The page in a real browser is `browser`.

use crate::support::{knuth_classic_json, mastermind, mastermind_with_input, write_file};

/// The JSON data a page carries.
fn page_data(page: &str) -> serde_json::Value {
    let marker = r#"id="page-data">"#;
    let start = page.find(marker).expect("the data element") + marker.len();
    let end = start + page[start..].find("</script>").expect("its end");
    serde_json::from_str(&page[start..end]).expect("the data is JSON")
}

#[test]
fn a_page_carries_the_verified_tree_and_its_statistics() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("knuth.html");
    mastermind(&[
        "html",
        "trees/knuth-4x6.json",
        "-o",
        output.to_str().unwrap(),
    ])
    .expect_status(0);
    let page = std::fs::read_to_string(&output).unwrap();
    assert!(page.contains("<title>Knuth strategy, 4×6 · Mastermind strategy</title>"));
    let data = page_data(&page);
    let committed: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("trees/knuth-4x6.json").unwrap()).unwrap();
    assert_eq!(data["file"]["tree"], committed["tree"]);
    assert_eq!(data["file"]["game"], committed["game"]);
    assert_eq!(data["file"]["strategy"], committed["strategy"]);
    assert!(page.contains(r#"<dd id="claim-average">5801/1296 = 4.4761</dd>"#));
    assert!(page.contains(r#"data-guesses="5" data-codes="694""#));
    for fetched in ["src=\"http", "href=\"http", "@import", "url("] {
        assert!(
            !page.contains(fetched),
            "the page fetches nothing: {fetched}"
        );
    }
}

#[test]
fn a_tree_in_notation_becomes_a_page_on_stdout_titled_by_its_file() {
    let run = mastermind(&["html", "trees/knuth-4x6.knuth.txt"]).expect_status(0);
    assert!(run.stdout.starts_with("<!DOCTYPE html>"));
    assert!(run
        .stdout
        .contains(r#"<h1 id="title">knuth-4x6.knuth.txt</h1>"#));
    let run = mastermind_with_input(
        &["html", "-", "--title", "Mine & yours"],
        &knuth_classic_json(),
    )
    .expect_status(0);
    assert!(run
        .stdout
        .contains(r#"<h1 id="title">Mine &amp; yours</h1>"#));
}

#[test]
fn a_tree_that_fails_verification_writes_no_page() {
    let directory = tempfile::tempdir().unwrap();
    let broken = knuth_classic_json().replacen("\"candidates\": 256", "\"candidates\": 255", 1);
    let tree = write_file(directory.path(), "broken.json", &broken);
    let output = directory.path().join("page.html");
    let run = mastermind(&["html", &tree, "-o", output.to_str().unwrap()]).expect_status(1);
    assert!(
        run.stderr.contains("not written as a page"),
        "{}",
        run.stderr
    );
    assert!(!output.exists());
}

#[test]
fn unreadable_input_and_after_are_usage_errors() {
    let run = mastermind(&["html", "no-such-tree.json"]).expect_status(2);
    assert!(run.stderr.contains("no-such-tree.json"), "{}", run.stderr);
    let run =
        mastermind(&["html", "trees/knuth-4x6.knuth.txt", "--after", "1122=1B0W"]).expect_status(2);
    assert!(run.stderr.contains("--after"), "{}", run.stderr);
}

#[test]
fn compare_writes_the_chart_of_every_strategy() {
    let directory = tempfile::tempdir().unwrap();
    let svg = directory.path().join("compare.svg");
    let run = mastermind(&[
        "compare",
        "--quiet",
        "--strategies",
        "knuth,most-parts",
        "--json",
        "--svg",
        svg.to_str().unwrap(),
    ])
    .expect_status(0);
    let json: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    let chart = std::fs::read_to_string(&svg).unwrap();
    assert!(chart.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    for strategy in json["strategies"].as_array().unwrap() {
        let name = strategy["name"].as_str().unwrap();
        for (index, codes) in strategy["solved_by_guess"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            let bar = format!(
                r#"data-strategy="{name}" data-guesses="{}" data-codes="{codes}""#,
                index + 1
            );
            assert!(chart.contains(&bar), "{bar} in\n{chart}");
        }
    }
}

/// The optimal tree's page ranks its first guess by the exact total after each opening, as
/// `next --explain` does (Koyama and Lai's 1123 first, at 5625); a published tree, which
/// names no strategy with a score, carries no reasons.
#[test]
fn the_page_gives_the_strategys_reasons_where_it_has_a_score() {
    let page = mastermind(&["html", "trees/optimal-4x6.json"]).expect_status(0);
    let data = page_data(&page.stdout);
    let first = &data["reasons"][""];
    assert_eq!(
        first["score"],
        "the total of the best strategy that plays it here (smaller is better)"
    );
    let next =
        mastermind(&["next", "--strategy", "optimal", "--explain", "--json"]).expect_status(0);
    let next: serde_json::Value = serde_json::from_str(&next.stdout).unwrap();
    let ranking = first["ranking"].as_array().unwrap();
    let alternatives = next["explanation"]["alternatives"].as_array().unwrap();
    assert_eq!(ranking.len(), alternatives.len());
    for (ranked, alternative) in ranking.iter().zip(alternatives) {
        assert_eq!(ranked["guess"], alternative["guess"]);
        assert_eq!(ranked["score"], alternative["score"]);
    }
    assert_eq!(ranking[0]["guess"], "1123");
    assert_eq!(ranking[0]["score"], 5625.0);
    let published =
        mastermind(&["html", "trees/published/knuth-1976-figure-1.txt"]).expect_status(0);
    assert_eq!(
        page_data(&published.stdout)["reasons"],
        serde_json::Value::Null
    );
}

#[test]
fn the_app_page_has_no_tree_and_carries_the_library() {
    let run = mastermind(&["html", "--app"]).expect_status(0);
    let data = page_data(&run.stdout);
    assert!(data["file"].is_null());
    assert!(data["examples"]["figure-1"]["text"]
        .as_str()
        .unwrap()
        .starts_with("1296(1122:"));
    assert!(run
        .stdout
        .contains("<title>Mastermind · Mastermind strategy</title>"));
    // The module, as base64, whole: WebAssembly's magic number and version open it.
    let marker = r#"id="rules-module">"#;
    let start = run.stdout.find(marker).expect("the module element") + marker.len();
    assert!(
        run.stdout[start..].starts_with("AGFzbQEAAAA"),
        "not a WebAssembly module"
    );
    // The same bytes every time.
    assert_eq!(
        mastermind(&["html", "--app"]).expect_status(0).stdout,
        run.stdout
    );
    let both = mastermind(&["html", "--app", "trees/knuth-4x6.json"]).expect_status(2);
    assert!(
        both.stderr.contains("cannot be used with"),
        "{}",
        both.stderr
    );
    let neither = mastermind(&["html"]).expect_status(2);
    assert!(neither.stderr.contains("<FILE>"), "{}", neither.stderr);
}
