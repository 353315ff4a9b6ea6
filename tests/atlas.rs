//! `mastermind atlas` and the committed atlas: the published figures it must reproduce, its
//! small entries recomputed, reuse and shards, the time budget, and its page.

use std::path::{Path, PathBuf};

use mastermind::atlas::{AtlasFile, Figures, GameKey, Measure, Outcome, Variant};

use crate::support::{mastermind, says};

fn committed_atlas() -> AtlasFile {
    let path = root().join("trees/atlas/atlas.json");
    let text = std::fs::read_to_string(&path).expect("the atlas is committed");
    AtlasFile::from_json(&text).expect("the committed atlas reads")
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn key(pegs: u32, colours: u32, variant: Variant) -> GameKey {
    GameKey {
        pegs,
        colours,
        variant,
    }
}

fn read(path: &Path) -> AtlasFile {
    AtlasFile::from_json(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Every outcome's figures, without the times, in the file's order.
fn figures(file: &AtlasFile) -> Vec<(GameKey, String, Option<Figures>)> {
    file.entries
        .iter()
        .flat_map(|entry| {
            entry
                .results
                .iter()
                .map(|(name, outcome)| (entry.game, name.clone(), outcome.figures()))
        })
        .collect()
}

#[track_caller]
fn expect(atlas: &AtlasFile, game: GameKey, measure: Measure, total: u64, worst: Option<u32>) {
    let outcome = atlas
        .outcome(game, measure)
        .unwrap_or_else(|| panic!("{game} {} is not in the atlas", measure.name()));
    let found = outcome
        .figures()
        .unwrap_or_else(|| panic!("{game} {} did not finish: {outcome:?}", measure.name()));
    assert_eq!(found.total, Some(total), "{game} {}", measure.name());
    if let Some(worst) = worst {
        assert_eq!(found.worst_case, Some(worst), "{game} {}", measure.name());
    }
}

#[test]
fn the_committed_atlas_reproduces_the_published_figures() {
    let atlas = committed_atlas();
    let classic = key(4, 6, Variant::Repeat);
    // Knuth (1976), Koyama and Lai (1993): 5801 with at most 5; 5625 (at most 6); 5626 within 5.
    expect(&atlas, classic, Measure::Knuth, 5801, Some(5));
    expect(&atlas, classic, Measure::Optimal, 5625, Some(6));
    expect(&atlas, classic, Measure::LeastWorst, 5626, Some(5));
    // Bulls and Cows: 26274 over 5040 codes, at most 7 (Huang, Chen and Lin).
    expect(
        &atlas,
        key(4, 10, Variant::NoRepeat),
        Measure::Optimal,
        26274,
        Some(7),
    );
    // Ville (2013): 4 × 7 averages 4.676 = 11228/2401.
    expect(
        &atlas,
        key(4, 7, Variant::Repeat),
        Measure::Optimal,
        11228,
        None,
    );
    // The C solver's published strategies (arfst23/Mastermind): 4 × 8 averages 4.99780 =
    // 20471/4096 (at most 7) and 4.99829 = 20473/4096 within 6; its strategies without
    // repetition for 4 × 6, 4 × 7 and 4 × 8 total 1446, 3639 and 7817 (as `verify` counts
    // its solution files).
    expect(
        &atlas,
        key(4, 8, Variant::Repeat),
        Measure::Optimal,
        20471,
        Some(7),
    );
    expect(
        &atlas,
        key(4, 8, Variant::Repeat),
        Measure::LeastWorst,
        20473,
        Some(6),
    );
    for (colours, total) in [(6, 1446), (7, 3639), (8, 7817)] {
        expect(
            &atlas,
            key(4, colours, Variant::NoRepeat),
            Measure::Optimal,
            total,
            None,
        );
    }
    // Goddard, "Mastermind revisited": the optima of the small games.
    for (pegs, colours, total) in [
        (4, 4, 905),
        (4, 5, 2463),
        (3, 5, 451),
        (5, 3, 816),
        (7, 2, 496),
    ] {
        expect(
            &atlas,
            key(pegs, colours, Variant::Repeat),
            Measure::Optimal,
            total,
            None,
        );
    }
}

/// The cut-the-knot page's static table, (colours, pegs, least): the atlas settles every entry,
/// within its budget or (3 pegs × 9 colours, whose least set of 8 took longer) from the
/// committed `trees/static/3x9.json`; an entry left unsettled must say how far it got. Which
/// entries are settled is pinned, so that none slips back unnoticed.
#[test]
fn the_committed_atlas_agrees_with_the_static_table() {
    #[rustfmt::skip]
    const TABLE: &[(u32, u32, u32)] = &[
        (2, 2, 2), (2, 3, 2), (2, 4, 3), (2, 5, 3), (2, 6, 4), (2, 7, 5), (2, 8, 5),
        (3, 2, 2), (3, 3, 3), (3, 4, 3), (3, 5, 4), (3, 6, 4), (3, 7, 5),
        (4, 2, 3), (4, 3, 3), (4, 4, 4), (4, 5, 5),
        (5, 2, 4), (5, 3, 4), (5, 4, 5),
        (6, 2, 4), (6, 3, 5), (6, 4, 6),
        (7, 2, 5), (7, 3, 6), (8, 2, 6), (8, 3, 7), (9, 2, 6), (9, 3, 8), (10, 2, 7),
    ];
    const UNSETTLED: &[(u32, u32)] = &[];
    let atlas = committed_atlas();
    let mut unsettled = Vec::new();
    for &(colours, pegs, least) in TABLE {
        match atlas.outcome(key(pegs, colours, Variant::Repeat), Measure::Static) {
            Some(Outcome::Finished { least: found, .. }) => {
                assert_eq!(*found, Some(least), "{pegs}×{colours}");
            }
            Some(Outcome::Unfinished { reached, .. }) => {
                says(reached, "searching for one of");
                unsettled.push((colours, pegs));
            }
            other => panic!("{pegs}×{colours}: {other:?}"),
        }
    }
    assert_eq!(unsettled, UNSETTLED, "the static entries left unsettled");
}

/// Every game of the committed grids is there with every measure, none without a reason, and
/// every linked tree exists: every game of 2 to 8 pegs and 2 to 10 colours with at most 5040
/// codes in each variant, and every game with repeated colours of at most 10000 codes (2 × 2 to
/// 2 × 100, 3 × 2 to 3 × 21, up to 13 × 2).
#[test]
fn the_committed_atlas_leaves_nothing_blank() {
    let atlas = committed_atlas();
    let mut grid = mastermind::atlas::grid(2..=8, 2..=10, &Variant::ALL, 5040);
    for game in mastermind::atlas::grid(2..=13, 2..=100, &[Variant::Repeat], 10000) {
        if !grid.contains(&game) {
            grid.push(game);
        }
    }
    assert_eq!(atlas.entries.len(), grid.len());
    // The first grid's 100 games (35 of them with repeated colours) and the 145 games with
    // repeated colours of at most 10000 codes.
    assert_eq!(grid.len(), 100 + 145 - 35);
    // The grid's far corners: 4 × 10 and 3 × 21 (near 10000 codes), 2 × 100 (the most
    // colours), 8 × 3 and 13 × 2 (the most pegs).
    for (pegs, colours) in [(4, 10), (3, 21), (2, 100), (8, 3), (13, 2)] {
        let game = mastermind::atlas::GameKey {
            pegs,
            colours,
            variant: Variant::Repeat,
        };
        assert!(grid.contains(&game), "{game}");
    }
    for game in grid {
        for measure in Measure::ALL {
            match atlas.outcome(game, measure) {
                Some(Outcome::Unfinished { reached, .. }) => assert!(!reached.is_empty()),
                Some(Outcome::Failed { reason }) => assert!(!reason.is_empty()),
                Some(Outcome::Finished {
                    tree: Some(tree), ..
                }) => assert!(root().join("trees/atlas").join(tree).is_file(), "{tree}"),
                Some(_) => {}
                None => panic!("{game} {} is missing", measure.name()),
            }
        }
    }
    let csv = std::fs::read_to_string(root().join("trees/atlas/atlas.csv")).unwrap();
    assert_eq!(
        csv,
        mastermind::atlas::csv(&atlas).unwrap(),
        "atlas.csv is stale"
    );
}

/// The atlas's README shows the committed atlas's main table, not a copy that went stale.
#[test]
fn the_readme_shows_the_committed_atlas() {
    let readme = std::fs::read_to_string(root().join("trees/atlas/README.md")).unwrap();
    let table = mastermind::atlas::markdown_table(&committed_atlas(), Variant::Repeat);
    says(&readme, &table);
}

#[test]
fn the_small_entries_recompute_to_the_committed_figures_and_are_reused() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("atlas.json");
    let output = output.to_str().unwrap();
    let csv = directory.path().join("atlas.csv");
    let args = [
        "atlas",
        "--pegs",
        "2..3",
        "--colours",
        "2..4",
        "--budget",
        "60",
        "-o",
        output,
        "--csv",
        csv.to_str().unwrap(),
    ];
    let run = mastermind(&args).expect_status(0);
    says(&run.stderr, "3×4 black-only optimal: total 280");
    let fresh = read(Path::new(output));
    assert_eq!(fresh.entries.len(), 6 + 5 + 6);
    let committed = committed_atlas();
    for (game, name, found) in figures(&fresh) {
        let measure = Measure::from_name(&name).unwrap();
        assert_eq!(
            committed.outcome(game, measure).and_then(Outcome::figures),
            found,
            "{game} {name}"
        );
    }
    let first = std::fs::read(output).unwrap();
    let again = mastermind(&args).expect_status(0);
    says(&again.stderr, "0 computations to run");
    says(&again.stderr, &format!("{} reused", 17 * 10));
    assert_eq!(std::fs::read(output).unwrap(), first);
    let csv = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv.lines().count(), 1 + 17);
    says(&csv, "pegs,colours,variant,codes,knuth_status,knuth_total");
}

#[test]
fn a_computation_over_budget_says_how_far_it_got_and_runs_again_with_more_time() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("atlas.json");
    let output = output.to_str().unwrap();
    // 4 × 6's static search takes minutes on one thread.
    let args = |budget: &'static str| {
        [
            "atlas",
            "--pegs",
            "4",
            "--colours",
            "6",
            "--variants",
            "repeat",
            "--measures",
            "static,knuth",
            "--budget",
            budget,
            "-o",
            output,
        ]
        .map(str::to_owned)
    };
    let run = |budget| {
        let args = args(budget);
        mastermind(&args.iter().map(String::as_str).collect::<Vec<_>>()).expect_status(0)
    };
    let first = run("1");
    says(
        &first.stderr,
        "4×6 repeat static: unfinished after 1 s: a set of",
    );
    let atlas = read(Path::new(output));
    let game = key(4, 6, Variant::Repeat);
    match atlas.outcome(game, Measure::Static) {
        Some(Outcome::Unfinished { seconds, reached }) => {
            assert_eq!(*seconds, 1.0);
            says(reached, "works; searching for one of");
        }
        other => panic!("{other:?}"),
    }
    let same = run("1");
    says(&same.stderr, "0 computations to run");
    let more = run("1.5");
    says(&more.stderr, "1 computations to run");
    says(&more.stderr, "unfinished after 1.5 s");
}

/// A proof runs the optimal search first: where an earlier atlas says that search ran out of
/// as much time (or failed), the proof is not run and says why; otherwise it is run and checked.
#[test]
fn a_proof_is_checked_and_not_run_where_its_search_already_ran_out() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("atlas.json");
    let output = output.to_str().unwrap();
    let (small, large) = (key(2, 3, Variant::Repeat), key(3, 4, Variant::Repeat));
    let entry = |game: GameKey, codes: u64, optimal: Outcome| mastermind::atlas::Entry {
        game,
        codes,
        results: [("optimal".to_owned(), optimal)].into(),
    };
    let ran_out = Outcome::Unfinished {
        seconds: 5.0,
        reached: "3 of 9 subproblems settled".to_owned(),
    };
    let failed = Outcome::Failed {
        reason: "no tree".to_owned(),
    };
    let earlier = AtlasFile::new(vec![entry(small, 9, failed), entry(large, 64, ran_out)]);
    std::fs::write(output, earlier.to_json()).unwrap();
    let run = |budget: &str| {
        mastermind(&[
            "atlas",
            "--pegs",
            "2..3",
            "--colours",
            "3..4",
            "--variants",
            "repeat",
            "--measures",
            "proven-optimal",
            "--budget",
            budget,
            "-o",
            output,
        ])
        .expect_status(0)
    };
    let first = run("5");
    // 2×4 and 3×3 are proven; 2×3's optimum failed and 3×4's ran out of 5 s.
    says(&first.stderr, "2 computations to run");
    let atlas = read(Path::new(output));
    match atlas.outcome(large, Measure::ProvenOptimal) {
        Some(Outcome::Unfinished { seconds, reached }) => {
            assert_eq!(*seconds, 5.0);
            says(reached, "not run: the optimal search alone ran out of 5 s");
        }
        other => panic!("{other:?}"),
    }
    match atlas.outcome(small, Measure::ProvenOptimal) {
        Some(Outcome::Failed { reason }) => says(reason, "the optimal has no figure to prove"),
        other => panic!("{other:?}"),
    }
    let proven = atlas
        .outcome(key(3, 3, Variant::Repeat), Measure::ProvenOptimal)
        .and_then(Outcome::figures)
        .unwrap();
    let committed = committed_atlas()
        .outcome(key(3, 3, Variant::Repeat), Measure::Optimal)
        .and_then(Outcome::figures)
        .unwrap();
    assert!(proven.facts.is_some_and(|facts| facts > 0), "{proven:?}");
    assert_eq!(
        (proven.total, proven.worst_case),
        (committed.total, committed.worst_case)
    );
    // With more time than the search ran out of, the proof of 3×4 runs.
    let more = run("30");
    says(&more.stderr, "1 computations to run");
    let atlas = read(Path::new(output));
    assert!(atlas
        .outcome(large, Measure::ProvenOptimal)
        .and_then(Outcome::figures)
        .is_some_and(|figures| figures.facts.is_some()));
}

#[test]
fn shards_put_together_give_the_whole_run() {
    let directory = tempfile::tempdir().unwrap();
    let path = |name: &str| directory.path().join(name).to_str().unwrap().to_owned();
    let common = [
        "atlas",
        "--pegs",
        "2..3",
        "--colours",
        "2..3",
        "--measures",
        "knuth,optimal,static",
    ];
    let with = |extra: &[&str]| {
        let mut args = common.to_vec();
        args.extend_from_slice(extra);
        mastermind(&args).expect_status(0)
    };
    let (whole, part0, part1, merged) = (
        path("w.json"),
        path("0.json"),
        path("1.json"),
        path("m.json"),
    );
    with(&["-o", &whole]);
    with(&["--shard", "0/2", "-o", &part0]);
    with(&["--shard", "1/2", "-o", &part1]);
    // 2 and 3 pegs with 2 and 3 colours: four games in each of two variants, three without
    // repetition (no 3 pegs with 2 colours), dealt in turn.
    assert_eq!(read(Path::new(&part0)).entries.len(), 6);
    assert_eq!(read(Path::new(&part1)).entries.len(), 5);
    let run = with(&["--reuse", &part0, &part1, "-o", &merged]);
    says(&run.stderr, "0 computations to run");
    assert_eq!(
        figures(&read(Path::new(&merged))),
        figures(&read(Path::new(&whole)))
    );
}

#[test]
fn bad_arguments_and_files_say_what_is_wrong() {
    let run = mastermind(&["atlas", "--variants", "bulls"]).expect_status(2);
    says(
        &run.stderr,
        "`bulls` is not a variant; expected repeat, no-repeat or black-only",
    );
    let run = mastermind(&["atlas", "--measures", "minimax"]).expect_status(2);
    says(
        &run.stderr,
        "`minimax` is not a measure; expected one of knuth",
    );
    for budget in ["0", "1e20"] {
        let run = mastermind(&["atlas", "--budget", budget]).expect_status(2);
        says(
            &run.stderr,
            &format!("`{budget}` is not a number of seconds from 0.001 to 31536000 (a year)"),
        );
    }
    let directory = tempfile::tempdir().unwrap();
    let broken = crate::support::write_file(directory.path(), "b.json", "{\"format\": 1,");
    let run = mastermind(&["atlas", "--pegs", "2", "--reuse", &broken]).expect_status(2);
    says(
        &run.stderr,
        "b.json: not valid atlas JSON at line 1, column",
    );
    // Ranges past any game are refused at once, not run through (or written as an empty atlas).
    for (flag, span, says_what) in [
        (
            "--pegs",
            "1..4000000000",
            "a game has 1 to 13 pegs; 1..4000000000",
        ),
        (
            "--pegs",
            "4294967295",
            "a game has 1 to 13 pegs; 4294967295",
        ),
        ("--colours", "0..3", "a game has 1 to 100 colours; 0..3"),
    ] {
        let run = mastermind(&["atlas", flag, span]).expect_status(2);
        says(&run.stderr, says_what);
    }
    let empty = directory.path().join("empty.json");
    let empty = empty.to_str().unwrap();
    let run = mastermind(&[
        "atlas",
        "--pegs",
        "9",
        "--colours",
        "9",
        "--max-codes",
        "100",
        "-o",
        empty,
    ]);
    says(&run.expect_status(2).stderr, "nothing to compute");
    assert!(!Path::new(empty).exists());
    // One file for both the atlas and its CSV would lose the atlas.
    let same = directory.path().join("same");
    let same = same.to_str().unwrap();
    let run = mastermind(&[
        "atlas",
        "--pegs",
        "2",
        "--colours",
        "2",
        "-o",
        same,
        "--csv",
        same,
    ]);
    says(&run.expect_status(2).stderr, "name the same file");
    assert!(!Path::new(same).exists());
}

#[test]
fn the_atlas_page_links_each_committed_tree_to_its_own_page() {
    let directory = tempfile::tempdir().unwrap();
    let page = directory.path().join("atlas.html");
    let atlas = root().join("trees/atlas/atlas.json");
    let html = |status| {
        mastermind(&[
            "html",
            atlas.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ])
        .expect_status(status)
    };
    let run = html(0);
    let folder = directory.path().join("atlas-trees");
    says(
        &run.stderr,
        &format!("tree pages into {}", folder.display()),
    );
    let text = std::fs::read_to_string(&page).unwrap();
    says(&text, "<title>Mastermind atlas</title>");
    // Named after the game and measure, in a folder of their own, linked relatively.
    says(&text, r#""page":"./atlas-trees/4x6-repeat-knuth.html""#);
    let tree_page = std::fs::read_to_string(folder.join("4x6-repeat-knuth.html")).unwrap();
    says(&tree_page, "Knuth strategy, 4×6");
    assert!(!text.contains("http://") && !text.contains("https://"));
    let beside: Vec<_> = std::fs::read_dir(directory.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(
        beside.len(),
        2,
        "only the page and its folder beside it: {beside:?}"
    );
    // A file of the user's among the pages is never replaced; the tool's own pages would be.
    let mine = folder.join("4x6-repeat-knuth.html");
    std::fs::write(&mine, "my notes").unwrap();
    let refused = html(2);
    says(&refused.stderr, "is not a page this tool wrote");
    assert_eq!(std::fs::read_to_string(&mine).unwrap(), "my notes");
}

/// A run over fewer measures or games updates those in the file and keeps the rest.
#[test]
fn a_narrower_run_keeps_what_it_does_not_compute() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("atlas.json");
    let output = output.to_str().unwrap();
    let run = |colours: &str, measures: &str| {
        let args = [
            "atlas",
            "--pegs",
            "2",
            "--colours",
            colours,
            "--measures",
            measures,
            "-o",
            output,
        ];
        mastermind(&args).expect_status(0)
    };
    run("2..3", "knuth,static");
    run("3", "optimal");
    let atlas = read(Path::new(output));
    let measures = |colours| -> Vec<&str> {
        let entry = atlas.entry(key(2, colours, Variant::Repeat)).unwrap();
        entry.results.keys().map(String::as_str).collect()
    };
    assert_eq!(measures(2), ["knuth", "static"]);
    assert_eq!(measures(3), ["knuth", "optimal", "static"]);
    // To stdout, the atlas is written once, when every game is done.
    let printed = mastermind(&["atlas", "--pegs", "2", "--measures", "knuth", "-o", "-"]);
    let printed = AtlasFile::from_json(&printed.expect_status(0).stdout).unwrap();
    assert_eq!(printed.entries.len(), 9 + 9 + 9);
}

/// Two runs on one output: the second is refused at once, naming the lock the first holds,
/// and the first's results are all there when it ends; the lock goes with it.
#[test]
fn a_second_run_on_the_same_output_is_refused() {
    let directory = tempfile::tempdir().unwrap();
    let output = directory.path().join("atlas.json");
    let lock = directory.path().join("atlas.json.lock");
    let args = [
        "atlas",
        "-q",
        "--pegs",
        "2..3",
        "--colours",
        "2..5",
        "-j",
        "1",
        "-o",
    ];
    let mut first = std::process::Command::new(env!("CARGO_BIN_EXE_mastermind"))
        .args(args)
        .arg(&output)
        .stdin(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while !lock.exists() {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "no lock appeared"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let second = mastermind(&[
        "atlas",
        "--pegs",
        "2",
        "--colours",
        "2",
        "-o",
        output.to_str().unwrap(),
    ]);
    let second = second.expect_status(2);
    says(&second.stderr, "another atlas run is writing");
    says(&second.stderr, lock.to_str().unwrap());
    assert!(first.wait().unwrap().success());
    assert!(!lock.exists(), "the lock outlives its run");
    let atlas = read(&output);
    // 2 and 3 pegs, 2 to 5 colours, three variants; 3 pegs without repetition need 3 colours.
    assert_eq!(
        atlas.entries.len(),
        2 * 4 * 3 - 1,
        "every game of the first run"
    );
}

/// The outcome of `measure` for `game` in an atlas of that one game written to `output` with
/// `--trees trees` and a budget too small for any search of its own.
fn settled_with_trees(trees: &Path, output: &Path, game: GameKey, measure: Measure) -> Outcome {
    let _ = std::fs::remove_file(output);
    let (pegs, colours) = (game.pegs.to_string(), game.colours.to_string());
    mastermind(&[
        "atlas",
        "-q",
        "--pegs",
        &pegs,
        "--colours",
        &colours,
        "--variants",
        "repeat",
        "--measures",
        measure.name(),
        "--budget",
        "0.001",
        "--trees",
        trees.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ])
    .expect_status(0);
    read(output).outcome(game, measure).cloned().unwrap()
}

/// `--trees DIR` takes in a static result from `DIR/static/` whose set verifies, and passes
/// over one whose set does not tell every code apart.
#[test]
fn a_committed_static_result_settles_its_entry_when_its_set_verifies() {
    let directory = tempfile::tempdir().unwrap();
    let trees = directory.path().join("trees");
    std::fs::create_dir_all(trees.join("static")).unwrap();
    let committed = std::fs::read_to_string(root().join("trees/static/3x9.json")).unwrap();
    let output = directory.path().join("atlas.json");
    let run = |static_file: &str| {
        std::fs::write(trees.join("static/3x9.json"), static_file).unwrap();
        settled_with_trees(&trees, &output, key(3, 9, Variant::Repeat), Measure::Static)
    };
    match run(&committed) {
        Outcome::Finished { least, .. } => assert_eq!(least, Some(8)),
        other => panic!("{other:?}"),
    }
    // One guess changed: the set no longer tells every code apart, so it settles nothing.
    let broken = committed.replacen("\"854\"", "\"853\"", 1);
    assert_ne!(broken, committed);
    assert!(matches!(run(&broken), Outcome::Unfinished { .. }));
}

/// `--trees DIR` takes in the optimum of a plain optimal tree there where the atlas's search
/// runs out of time, linked to it and recorded as taken in; a capped optimal tree, or one that
/// does not verify, settles nothing.
#[test]
fn a_committed_optimal_tree_settles_its_optimum() {
    let directory = tempfile::tempdir().unwrap();
    let trees = directory.path().join("trees");
    std::fs::create_dir_all(&trees).unwrap();
    let output = directory.path().join("atlas.json");
    let run = |tree: &str| {
        std::fs::write(trees.join("optimal-4x6.json"), tree).unwrap();
        settled_with_trees(
            &trees,
            &output,
            key(4, 6, Variant::Repeat),
            Measure::Optimal,
        )
    };
    let committed = std::fs::read_to_string(root().join("trees/optimal-4x6.json")).unwrap();
    let settled = run(&committed);
    assert!(settled.is_taken_in(), "{settled:?}");
    match settled {
        Outcome::Finished {
            total,
            worst_case,
            tree,
            ..
        } => {
            assert_eq!((total, worst_case), (Some(5625), Some(6)));
            assert_eq!(tree.as_deref(), Some("trees/optimal-4x6.json"));
        }
        other => panic!("{other:?}"),
    }
    let capped = std::fs::read_to_string(root().join("trees/optimal-4x6-max5.json")).unwrap();
    assert!(matches!(run(&capped), Outcome::Unfinished { .. }));
    // A claim changed: the tree no longer verifies, so it settles nothing.
    let forged = committed.replacen("5625", "5624", 1);
    assert_ne!(forged, committed);
    assert!(matches!(run(&forged), Outcome::Unfinished { .. }));
}
