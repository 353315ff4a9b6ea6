//! Every console example of the README, the guide and the design notes, run against the built binary and
//! compared with the text shown; `[..]` and `...` in the text mask what varies (times).
//! The game sessions (`solve`, `play`) are shown as `text`, since a console example cannot
//! type; they are replayed here with what the player types as standard input.

#[test]
fn the_documented_examples_print_what_the_text_shows() {
    trycmd::TestCases::new()
        .register_bin(
            "mastermind",
            std::path::Path::new(env!("CARGO_BIN_EXE_mastermind")),
        )
        .case("README.md")
        .case("docs/GUIDE.md")
        .case("docs/design/*.md");
}

/// The guide's `solve` and `play` sessions are shown as text, since a console example cannot
/// type. Each is replayed here: what the player types after each prompt goes to standard
/// input, and the tool (which echoes input that is not a terminal) must print the session as
/// the guide shows it, with the exit status the session ends with.
#[test]
fn the_guides_game_sessions_replay_as_shown() {
    let guide = std::fs::read_to_string("docs/GUIDE.md").expect("the guide");
    let sessions: Vec<&str> = guide
        .split("```text\n")
        .skip(1)
        .filter_map(|block| block.split_once("```").map(|(body, _)| body))
        .filter(|body| {
            body.starts_with("$ mastermind solve") || body.starts_with("$ mastermind play")
        })
        .collect();
    assert_eq!(
        sessions.len(),
        2,
        "the guide shows a solve and a play session"
    );
    for session in sessions {
        let (command, shown) = session.split_once('\n').expect("a command line");
        let args: Vec<&str> = command.split_whitespace().skip(2).collect();
        let typed: String = shown
            .lines()
            .filter_map(|line| {
                let prompt = ["reply? ", "? "]
                    .into_iter()
                    .find_map(|prompt| line.find(prompt).map(|at| at + prompt.len()))?;
                line.starts_with("guess ")
                    .then(|| format!("{}\n", &line[prompt..]))
            })
            .collect();
        let run = crate::support::mastermind_with_input(&args, &typed);
        let expected_status = if shown.contains("give up") { 3 } else { 0 };
        let run = run.expect_status(expected_status);
        assert_eq!(format!("{}{}", run.stderr, run.stdout), shown, "{command}");
    }
}

/// The files and folders the README's and the guide's commands write where they are run
/// (names without a folder after `-o`, `--certificate`, `--csv` or `--resume`, a family such as
/// `part-{}.json` or `static-$k.json` as `part-*.json`), and the lock an output holds while it
/// is written, are each listed in `.gitignore`, so that running them in a checkout leaves `git
/// status` clean, and the list names nothing they do not write.
#[test]
fn gitignore_lists_the_files_the_documented_commands_write() {
    let mut written = std::collections::BTreeSet::new();
    for doc in [
        "README.md",
        "docs/GUIDE.md",
        "docs/design/optimal-search.md",
        "docs/design/certificates.md",
    ] {
        // A command continued over lines (a `\` at a line's end) is read as one line.
        let text = std::fs::read_to_string(doc)
            .expect("the docs")
            .replace("\\\n", " ");
        for line in text.lines().filter(|line| line.contains("mastermind ")) {
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2) {
                let name = family(pair[1].trim_end_matches(['`', ',', ')', ';']));
                let here = !name.trim_end_matches('/').contains(['/', '<'])
                    && name
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
                match pair[0] {
                    "-o" | "--certificate" | "--csv" if here && name.contains('.') => {
                        written.insert(name);
                    }
                    "--resume" if here => {
                        written.insert(format!("{}/", name.trim_end_matches('/')));
                    }
                    _ => {}
                }
            }
        }
    }
    // Every output is locked while it is written (`FILE.lock`, removed at the end).
    written.insert("*.lock".to_owned());
    let ignore = std::fs::read_to_string(".gitignore").expect("the .gitignore");
    let listed: std::collections::BTreeSet<String> = ignore
        .split("# Files the README and guide examples write")
        .nth(1)
        .expect("a section for the examples' files")
        .lines()
        .filter_map(|line| {
            line.strip_prefix('/')
                .or(line.strip_prefix("*").map(|_| line))
        })
        .map(str::to_owned)
        .collect();
    let unlisted: Vec<&String> = written.difference(&listed).collect();
    assert!(
        unlisted.is_empty(),
        "written but not in .gitignore: {unlisted:?}"
    );
    let stale: Vec<&String> = listed.difference(&written).collect();
    assert!(
        stale.is_empty(),
        "in .gitignore but written by no example: {stale:?}"
    );
}

/// A name as `.gitignore` lists its family: `part-{}.json` and `static-$k.json` are
/// `part-*.json` and `static-*.json`.
fn family(name: &str) -> String {
    let mut out = String::new();
    let mut chars = name.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                out.push('*');
            }
            '$' => {
                while chars
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || *c == '_')
                {
                    chars.next();
                }
                out.push('*');
            }
            c => out.push(c),
        }
    }
    out
}

/// The guide's synopsis of `generate` names every strategy `generate --help` offers.
#[test]
fn the_guides_synopsis_names_every_strategy() {
    let help = crate::support::mastermind(&["generate", "--help"])
        .expect_status(0)
        .stdout;
    let offered: Vec<&str> = help
        .split("Possible values:")
        .nth(1)
        .expect("the strategies offered")
        .lines()
        .skip(1)
        .map_while(|line| line.trim().strip_prefix("- "))
        .filter_map(|line| line.split(':').next())
        .collect();
    assert!(offered.len() >= 7, "{offered:?}");
    let guide = std::fs::read_to_string("docs/GUIDE.md").expect("the guide");
    let synopsis = guide
        .split("mastermind compare  [game flags]")
        .next()
        .expect("the synopsis");
    for strategy in offered {
        assert!(
            synopsis.contains(strategy),
            "the synopsis lacks `{strategy}`"
        );
    }
}

/// Each row of the README's highlights says what its committed tree's file says and holds
/// (codes, total, average, worst case), and "committed" proofs are committed beside it.
#[test]
fn the_readme_highlights_are_the_committed_trees() {
    let readme = std::fs::read_to_string("README.md").expect("the README");
    let table = readme
        .split("<!-- highlights: each row is checked against its tree by cargo test -->")
        .nth(1)
        .and_then(|rest| rest.split("<!-- end of the highlights -->").next())
        .expect("the highlights table");
    let cells_of = |row: &str| -> Vec<String> {
        row.trim_matches('|')
            .split('|')
            .map(|cell| cell.trim().to_owned())
            .collect()
    };
    let mut lines = table.lines().filter(|line| line.starts_with("| "));
    let header = cells_of(lines.next().expect("the header"));
    let column = |name: &str| {
        header
            .iter()
            .position(|cell| cell == name || cell.starts_with(&format!("{name}:")))
            .unwrap_or_else(|| panic!("a column {name:?} in {header:?}"))
    };
    let [codes, total, average, worst, proven, certificate, tree] = [
        "codes",
        "total",
        "average",
        "worst case",
        "proven",
        "certificate",
        "tree",
    ]
    .map(column);
    let mut rows = 0;
    for row in lines {
        let cells = cells_of(row);
        let path = cells[tree]
            .split_once("](")
            .and_then(|(_, rest)| rest.strip_suffix(')'))
            .expect("a link to the tree");
        let text = std::fs::read_to_string(path).expect("the tree");
        let report = crate::support::mastermind(&["verify", path, "--json"])
            .expect_status(0)
            .stdout;
        let report: serde_json::Value = serde_json::from_str(&report).unwrap();
        assert_eq!(cells[codes], report["codes"].to_string(), "{row}");
        assert_eq!(cells[total], report["total_guesses"].to_string(), "{row}");
        assert_eq!(cells[average], report["average"]["decimal"], "{row}");
        assert_eq!(cells[worst], report["worst_case"].to_string(), "{row}");
        let stem = path.trim_start_matches("trees/").trim_end_matches(".json");
        let committed = ["cert", "cert.gz"]
            .iter()
            .any(|ext| std::path::Path::new(&format!("trees/certificates/{stem}.{ext}")).exists());
        assert_eq!(cells[proven] == "yes, committed", committed, "{row}");
        if committed {
            let cert = ["cert", "cert.gz"]
                .iter()
                .map(|ext| format!("trees/certificates/{stem}.{ext}"))
                .find(|cert| std::path::Path::new(cert).exists())
                .expect("the certificate");
            let file = std::fs::File::open(&cert).expect("the certificate");
            let (_, facts) = mastermind::certificate::read_facts(file).expect("its facts");
            let size = std::fs::metadata(&cert).expect("its size").len();
            let gz = if cert.ends_with(".gz") { " gz" } else { "" };
            let said = format!("{}, {}{gz}, ", spaced(facts.len()), human_size(size));
            assert!(
                cells[certificate].starts_with(&said),
                "{row}: {cert} is {said}"
            );
        }
        assert!(text.contains("\"name\""), "{path} names its strategy");
        rows += 1;
    }
    assert!(rows >= 10, "{rows} rows");
}

/// The guide's contents list every section and subsection, in order, each linked by the
/// anchor its heading gets.
#[test]
fn the_guides_contents_list_every_section() {
    let guide = std::fs::read_to_string("docs/GUIDE.md").expect("the guide");
    let (contents, body) = guide
        .split_once("## Contents\n")
        .and_then(|(_, rest)| rest.split_once("\n## "))
        .expect("a Contents section");
    let mut fenced = false;
    let mut expected = Vec::new();
    for line in format!("## {body}").lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        let (indent, title) = match line {
            _ if fenced => continue,
            _ if line.starts_with("## ") => ("", &line[3..]),
            _ if line.starts_with("### ") => ("  ", &line[4..]),
            _ => continue,
        };
        let anchor: String = title
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, '-' | '_' | ' '))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        expected.push(format!("{indent}- [{title}](#{anchor})"));
    }
    let listed: Vec<&str> = contents.lines().filter(|line| !line.is_empty()).collect();
    assert_eq!(listed, expected, "the guide's contents are stale");
}

/// `n` with a space between groups of three digits, as the README writes counts.
fn spaced(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(' ');
        }
        out.push(digit);
    }
    out
}

/// `bytes` as the README writes a size: bytes below a kilobyte, else KB or MB of 1000, to two
/// significant figures.
fn human_size(bytes: u64) -> String {
    let (value, unit) = match bytes {
        0..1000 => return format!("{bytes} B"),
        1000..1_000_000 => (bytes as f64 / 1e3, "KB"),
        _ => (bytes as f64 / 1e6, "MB"),
    };
    match value < 10.0 {
        true => format!("{value:.1} {unit}"),
        false => format!("{value:.0} {unit}"),
    }
}

/// The frontier README's plan for Super Mastermind quotes the forecast the command prints
/// before the search, from the same model and with the same stated error.
#[test]
fn the_frontier_plan_quotes_the_commands_forecast() {
    use mastermind::strategy::{forecast, StrategyKind};
    let readme = std::fs::read_to_string("trees/frontier/README.md").expect("the README");
    let game = mastermind::Game::new(5, 8, true, mastermind::FeedbackKind::BlackWhite).unwrap();
    let note = forecast::forecast(StrategyKind::Optimal, &game)
        .expect("5×8's search is announced")
        .to_string();
    let expect = note
        .split("expect roughly ")
        .nth(1)
        .and_then(|rest| rest.split(" (").next())
        .expect("a projected time");
    let within = format!("within {:.1}×", forecast::stated_error());
    for quoted in [format!("roughly {expect}"), within] {
        assert!(
            readme.contains(&quoted),
            "the README does not quote {quoted:?}: {note}"
        );
    }
}
