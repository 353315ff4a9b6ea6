//! The page's requests answered natively by the same code the WebAssembly module runs: the
//! trees equal the committed ones the command wrote, and bad requests get messages.

use mastermind::strategy::NoProgress;
use mastermind_web::answer;
use serde_json::{json, Value};

fn ask(request: Value) -> Value {
    serde_json::from_str(&answer(&request.to_string(), &NoProgress)).unwrap()
}

fn ok(request: Value) -> Value {
    let answer = ask(request);
    assert!(answer.get("error").is_none(), "{answer}");
    answer["ok"].clone()
}

fn error(request: Value) -> String {
    let answer = ask(request);
    answer["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error: {answer}"))
        .to_owned()
}

fn committed(name: &str) -> String {
    let path = format!("{}/../../trees/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{path}: {error}"))
}

fn classic() -> Value {
    json!({ "pegs": 4, "colours": 6 })
}

#[test]
fn knuths_tree_is_the_committed_file_byte_for_byte() {
    let built = ok(json!({ "op": "build", "game": classic(), "strategy": "knuth" }));
    assert_eq!(built["tree"].as_str().unwrap(), committed("knuth-4x6.json"));
}

#[test]
fn the_black_peg_optimum_is_the_committed_file() {
    let game = json!({ "pegs": 4, "colours": 6, "black_only": true });
    let built = ok(json!({ "op": "build", "game": game, "strategy": "optimal" }));
    assert_eq!(
        built["tree"].as_str().unwrap(),
        committed("optimal-4x6-black-only.json")
    );
}

#[test]
fn scores_replies_and_facts_follow_the_rules() {
    let score = |guess: &str, secret: &str| {
        ok(json!({ "op": "score", "game": classic(), "guess": guess, "secret": secret }))
    };
    assert_eq!(score("1123", "3216"), "0B3W");
    assert_eq!(score("1123", "1326"), "2B1W");
    assert_eq!(score("1122", "1122"), "4B0W");
    let facts = ok(json!({ "op": "game", "game": classic(), "strategy": "optimal" }));
    assert_eq!(facts["codes"], 1296);
    assert_eq!(facts["symbols"], "123456");
    assert_eq!(facts["solved"], "4B0W");
    let replies = facts["replies"].as_array().unwrap();
    assert_eq!(replies.len(), 14);
    assert!(!replies.contains(&json!("3B1W")));
    assert!(facts["cost"]["refused"].is_null());
    let bulls = json!({ "pegs": 4, "colours": 10, "repetition": false });
    assert_eq!(ok(json!({ "op": "game", "game": bulls }))["codes"], 5040);
}

#[test]
fn what_a_tab_cannot_hold_or_play_is_refused_with_a_reason() {
    let zero = error(json!({ "op": "game", "game": { "pegs": 0, "colours": 6 } }));
    assert!(zero.contains("peg"), "{zero}");
    let many = json!({ "pegs": 4, "colours": 37 });
    let facts = ok(json!({ "op": "game", "game": many, "strategy": "knuth" }));
    let refused = facts["cost"]["refused"].as_str().unwrap();
    assert!(refused.contains("at most 36 colours"), "{refused}");
    let build = error(json!({ "op": "build", "game": many, "strategy": "knuth" }));
    assert_eq!(build, refused);
    let large = json!({ "pegs": 5, "colours": 8 });
    let facts = ok(json!({ "op": "game", "game": large, "strategy": "optimal" }));
    let refused = facts["cost"]["refused"].as_str().unwrap();
    assert!(
        refused.contains("mastermind generate --pegs 5 --colours 8"),
        "{refused}"
    );
    let build = error(json!({ "op": "build", "game": large, "strategy": "optimal" }));
    assert_eq!(build, refused);
    let knuth = ok(json!({ "op": "game", "game": large, "strategy": "knuth" }));
    assert!(knuth["cost"]["refused"].is_null());
    assert!(
        error(json!({ "op": "build", "game": classic(), "strategy": "best" }))
            .contains("knuth, expected-size")
    );
    assert!(error(json!({ "op": "nothing" })).contains("does not read"));
    let opening =
        error(json!({ "op": "build", "game": classic(), "strategy": "knuth", "opening": "1127" }));
    assert!(opening.contains("“1127” is not a code of 4×6"), "{opening}");
}

#[test]
fn a_pasted_tree_verifies_as_the_command_verifies_it() {
    let figure = committed("knuth-4x6.knuth.txt");
    let verified = ok(json!({ "op": "verify", "text": figure, "game": classic() }));
    assert_eq!(verified["valid"], true);
    assert_eq!(verified["document"]["total_guesses"], 5801);
    let tree = verified["tree"].as_str().unwrap();
    assert!(tree.contains("\"published\""));
    let json = ok(json!({ "op": "verify", "text": committed("optimal-4x6.json") }));
    assert_eq!(json["document"]["total_guesses"], 5625);
    // A guess changed deep in the tree: the problem is located at its path.
    let damaged = committed("knuth-4x6.json").replacen(
        "\"total_guesses\": 5801",
        "\"total_guesses\": 5800",
        1,
    );
    let report = ok(json!({ "op": "verify", "text": damaged }));
    assert_eq!(report["valid"], false);
    assert!(
        report["report"].as_str().unwrap().contains("5800"),
        "{report}"
    );
    assert!(report["tree"].is_null());
    let unread = error(json!({ "op": "verify", "text": "(1122: 1B0W (", "game": classic() }));
    assert!(unread.contains("line 1, column"), "{unread}");
    assert!(error(json!({ "op": "verify", "text": "  " })).contains("paste one"));
}

#[test]
fn a_verified_tree_prints_and_draws_its_statistics() {
    let tree = committed("knuth-4x6.json");
    let printed = ok(json!({ "op": "print", "tree": tree, "notation": "knuth" }));
    assert_eq!(printed.as_str().unwrap(), committed("knuth-4x6.knuth.txt"));
    let irving = ok(json!({ "op": "print", "tree": tree, "notation": "irving" }));
    assert_eq!(irving.as_str().unwrap(), committed("knuth-4x6.irving.txt"));
    let statistics = ok(json!({ "op": "statistics", "tree": tree, "title": "Knuth" }));
    assert!(
        statistics.as_str().unwrap().contains(">5801<"),
        "{statistics}"
    );
}

#[test]
fn why_this_guess_is_computed_at_any_position() {
    let tree = committed("knuth-4x6.json");
    let first = ok(json!({ "op": "explain", "tree": tree, "history": "" }));
    assert_eq!(first["score"], "the largest class (smaller is better)");
    assert_eq!(first["ranking"][0]["guess"], "1122");
    assert_eq!(first["ranking"][0]["score"], 256.0);
    let deeper = ok(json!({ "op": "explain", "tree": tree, "history": "1122=1B0W" }));
    assert!(deeper["ranking"].as_array().unwrap().len() > 1);
    let wrong = error(json!({ "op": "explain", "tree": tree, "history": "1123=1B0W" }));
    assert!(wrong.contains("does not fit the tree"), "{wrong}");
    // The optimum below its first guess: a position of few codes is ranked exactly, as
    // `next --explain` ranks it.
    let optimum = committed("optimal-4x6.json");
    let file: Value = serde_json::from_str(&optimum).unwrap();
    let (reply, _) = file["tree"]["children"]
        .as_object()
        .unwrap()
        .iter()
        .filter(|(_, child)| child["candidates"].as_u64().unwrap() >= 3)
        .min_by_key(|(_, child)| child["candidates"].as_u64().unwrap())
        .unwrap();
    let history = format!("{}={reply}", file["tree"]["guess"].as_str().unwrap());
    let small = ok(json!({ "op": "explain", "tree": optimum, "history": history }));
    assert!(
        small["score"].as_str().unwrap().contains("total"),
        "{small}"
    );
    let optimal = committed("optimal-4x9.json");
    let refused = error(json!({ "op": "explain", "tree": optimal, "history": "" }));
    assert!(refused.contains("a game of 6561"), "{refused}");
}

/// A section's file (as `convert --after` writes one) is explained at its own positions, after
/// the guesses and replies it starts after, not at the whole game's start.
#[test]
fn why_this_guess_in_a_section_ranks_the_sections_position() {
    let tree = committed("knuth-4x6.json");
    let whole = ok(json!({ "op": "explain", "tree": tree, "history": "1122=1B0W" }));
    let mut section: Value = serde_json::from_str(&tree).unwrap();
    let child = section["tree"]["children"]["1B0W"].clone();
    section["after"] = json!([{ "guess": "1122", "reply": "1B0W" }]);
    section["tree"] = child;
    let at_root = ok(json!({ "op": "explain", "tree": section.to_string(), "history": "" }));
    assert_eq!(at_root, whole);
    assert_ne!(
        at_root["ranking"][0]["score"], 256.0,
        "not the game's start"
    );
}

/// The count of codes a tree claims at a position is not trusted: a small tree claiming 1000
/// codes where all 3125 of 5×5 are left is refused at once, not searched for minutes.
#[test]
fn why_this_guess_refuses_a_false_count_of_codes() {
    let forged = json!({
        "format": "mastermind-strategy-tree",
        "version": 1,
        "game": { "pegs": 5, "colours": 5, "repetition": true, "feedback": "black-only", "symbols": "12345" },
        "strategy": { "name": "optimal" },
        "claims": {
            "codes": 1000, "total_guesses": 1000,
            "average": { "fraction": "1/1", "decimal": "1.0000" },
            "worst_case": 1, "solved_by_guess": [1000]
        },
        "tree": { "guess": "11111", "candidates": 1000 }
    });
    let refused = error(json!({ "op": "explain", "tree": forged.to_string(), "history": "" }));
    assert!(refused.contains("leave 3125"), "{refused}");
}

#[test]
fn static_sets_are_checked_as_the_command_checks_them() {
    let check =
        |guesses: &str| ok(json!({ "op": "static-check", "game": classic(), "guesses": guesses }));
    let six = check("1221 2354 3311 4524 5656 6643");
    assert_eq!(six["determines"], true);
    assert_eq!(
        six["verdict"],
        "determines every code: the replies to these 6 guesses differ for all 1296 codes of 4×6"
    );
    let two = check("1122, 3456");
    assert_eq!(two["determines"], false);
    assert!(two["verdict"]
        .as_str()
        .unwrap()
        .starts_with("does not determine every code"));
    assert_eq!(two["groups"].as_array().unwrap().len(), 11, "{two}");
    let bad = error(json!({ "op": "static-check", "game": classic(), "guesses": "1221 1279" }));
    assert!(bad.starts_with("guess 2 “1279”"), "{bad}");
}
