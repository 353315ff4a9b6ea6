//! The published trees in `trees/published/`: Knuth's Figure 1 and the sections of Koyama and
//! Lai's Table 1 that the seed preserves, each verified on its own after its history with the
//! totals recorded in `koyama-lai-1993-table-1.md`; and copies damaged as the seeds' OCR
//! damaged them, whose every fault must be named by line, column and path.

use crate::notation::{
    assert_problem, committed, damaged, location_of, problem_count, verify_text, FIGURE_1,
};
use crate::support::{mastermind, says, write_file};

/// A section of Table 1: its letter and the history before it.
const KOYAMA_LAI: [(&str, &str); 9] = [
    ("A", "1123=0B3W"),
    ("B", "1123=0B2W"),
    ("C", "1123=0B1W"),
    ("F", "1123=1B1W"),
    ("G", "1123=1B0W"),
    ("H", "1123=2B1W"),
    ("I", "1123=2B0W"),
    ("J", "1123=3B0W"),
    ("K", "1123=1B1W,1415=1B1W"),
];

/// What a situation printed in Irving's notation costs by its own counts, with no game and no
/// replay: its codes, the guesses they take from it on, and the most any one takes.
#[derive(Debug, PartialEq, Eq)]
struct Printed {
    codes: u64,
    guesses: u64,
    worst: u64,
}

/// Reads the situation at the start of `text` (spaces removed): `n`, `n(gggg)`, `n(gggg*)` or
/// `n(gggg: slots)`, where the slots are situations and the last, all-black one is 1 or 0.
fn printed(text: &mut &str) -> Printed {
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let codes: u64 = text[..digits].parse().expect("a count");
    *text = &text[digits..];
    let Some(rest) = text.strip_prefix('(') else {
        // No guess named: with one code, that code is the next guess.
        return Printed {
            codes,
            guesses: codes,
            worst: codes.min(1),
        };
    };
    let guess_end = rest.find([':', ')']).expect("a guess");
    let candidate = !rest[..guess_end].ends_with('*');
    let (close, slots) = (rest[guess_end..].starts_with(')'), &rest[guess_end + 1..]);
    if close {
        // Every reply leaves one code: the guess finishes its own, the others need one more.
        *text = slots;
        let second = codes - u64::from(candidate);
        return Printed {
            codes,
            guesses: codes + second,
            worst: if second > 0 { 2 } else { 1 },
        };
    }
    *text = slots;
    let mut below = Vec::new();
    loop {
        below.push(printed(text));
        let separator = text.chars().next().expect("a slot ends");
        *text = &text[1..];
        if separator == ')' {
            break;
        }
    }
    below.pop(); // the all-black slot: the guess itself, counted with the codes here
    Printed {
        codes,
        guesses: codes + below.iter().map(|slot| slot.guesses).sum::<u64>(),
        worst: 1 + below.iter().map(|slot| slot.worst).max().unwrap_or(0),
    }
}

/// A section file (`44A` then `A = (2345: …)`, or `A = 44(2345: …)`) read by its counts.
fn printed_section(text: &str) -> Printed {
    let text: String = text.split_whitespace().collect();
    let (head, body) = text.split_once('=').expect("`X = (…)`");
    let count: String = head.chars().take_while(char::is_ascii_digit).collect();
    let body = if body.starts_with('(') {
        format!("{count}{body}")
    } else {
        body.to_owned()
    };
    let mut rest = body.as_str();
    let section = printed(&mut rest);
    assert!(rest.is_empty(), "text after the section: {rest}");
    assert_eq!(section.codes.to_string(), count, "the root line's count");
    section
}

fn section_path(letter: &str) -> String {
    format!("trees/published/koyama-lai-1993-table-1-{letter}.txt")
}

#[test]
fn figure_1_verifies_with_knuths_figures() {
    let run = verify_text(&committed(FIGURE_1), &[]).expect_status(0);
    for line in [
        "codes: 1296",
        "total guesses: 5801",
        "average: 5801/1296 = 4.4761",
        "worst case: 5 guesses",
        "solved with 1, 2, 3, 4, 5 guesses: 1, 6, 62, 533, 694",
        "note: read in Knuth's notation (detected) for 4×6",
    ] {
        assert!(
            run.stdout.lines().any(|printed| printed == line),
            "`{line}` in\n{}",
            run.stdout
        );
    }
    // Named as Knuth's strategy, the figure is compared with the average quoted for it.
    let run = verify_text(&committed(FIGURE_1), &["--strategy-name", "knuth"]).expect_status(0);
    assert!(
        run.stdout
            .contains("4.478 would need a total of 5803 or 5804 guesses, not 5801"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_section_of_figure_1_verifies_on_its_own_after_its_history() {
    let figure = committed(FIGURE_1);
    let start = figure.find("A = (").unwrap();
    let end = figure.find("B = (").unwrap();
    let section = format!("96A\n{}", &figure[start..end]);
    let run = verify_text(&section, &["--after", "1122=0B2W"]).expect_status(0);
    assert!(run.stdout.contains("codes: 96\n"), "{}", run.stdout);
    // Knuth's letters for the reply: two white pegs.
    verify_text(&section, &["--after", "1122=WW"]).expect_status(0);
    let run = verify_text(&section, &["--after", "1122=0B3W"]).expect_status(1);
    assert!(
        run.stdout.contains("claims 96 candidates, but 16 codes"),
        "{}",
        run.stdout
    );
}

/// Each section verifies after its history, with the codes, total and worst case its own
/// printed counts give (the history's guesses added: one per code, two for K).
#[test]
fn each_preserved_section_of_koyama_and_lai_verifies_after_its_history() {
    for (letter, after) in KOYAMA_LAI {
        let text = committed(&section_path(letter));
        let section = printed_section(&text);
        let history = after.split(',').count() as u64;
        let run = verify_text(&text, &["--after", after]).expect_status(0);
        for line in [
            format!("codes: {}", section.codes),
            format!(
                "total guesses: {}",
                section.guesses + history * section.codes
            ),
            format!("worst case: {} guesses", section.worst + history),
            "note: read in Irving's notation (detected) for 4×6".to_owned(),
        ] {
            assert!(
                run.stdout.lines().any(|printed| printed == line),
                "{letter}: `{line}` in\n{}",
                run.stdout
            );
        }
    }
}

/// The arithmetic of the printed counts on sections whose figures are known by hand: J's
/// twenty codes after 1123 3B0W, and a situation that is all leaves.
#[test]
fn printed_counts_add_up_as_the_notation_says() {
    let j = printed_section(&committed(&section_path("J")));
    // 1245 solves none; 2(4123) takes 1 + 2; 3(2116*) 6; 3(1124) 5; 6(1162*) 12; 3(1116*) 6;
    // 1 takes 1; 2(1143) 3: 20 codes first guessing 1245, 20 + 36 = 56.
    assert_eq!(
        j,
        Printed {
            codes: 20,
            guesses: 56,
            worst: 3
        }
    );
    let mut leaves = "5(1321:1,0,0,0,0;2(1132),0,0,0;1,0,0;0;1)";
    assert_eq!(
        printed(&mut leaves),
        Printed {
            codes: 5,
            guesses: 5 + 1 + 3 + 1,
            worst: 3
        }
    );
}

#[test]
fn the_replacement_k_costs_one_guess_more_than_fs_situation_and_needs_at_most_five() {
    // F's situation after 1123 1B1W, 1415 1B1W, which K replaces.
    let f = committed(&section_path("F"));
    let start = f.find("39(3155:").unwrap();
    let mut depth = 0;
    let length = f[start..]
        .char_indices()
        .find_map(|(index, character)| {
            match character {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => return None,
            }
            (depth == 0).then_some(index + 1)
        })
        .unwrap();
    let original = &f[start..start + length];
    let history = ["--after", "1123=1B1W,1415=1B1W"];
    let run = verify_text(original, &history).expect_status(0);
    assert!(
        run.stdout.contains("total guesses: 183\n"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("worst case: 6 guesses\n"),
        "{}",
        run.stdout
    );
    let k = committed(&section_path("K"));
    let run = verify_text(&k, &[&history[..], &["--max-guesses", "5"]].concat()).expect_status(0);
    assert!(
        run.stdout.contains("total guesses: 184\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn table_1_with_its_preserved_sections_lacks_only_d_and_e() {
    let mut table = committed("trees/published/koyama-lai-1993-table-1-root.txt");
    for (letter, ..) in &KOYAMA_LAI[..8] {
        let section = committed(&section_path(letter));
        let (_, definition) = section.split_once('\n').unwrap();
        table.push_str(definition);
    }
    let run = verify_text(&table, &[]).expect_status(1);
    assert_problem(
        &run,
        location_of(&table, "D;"),
        "1123 → 0B0W",
        "no section D is defined",
    );
    assert_problem(
        &run,
        location_of(&table, "E,"),
        "1123 → 1B2W",
        "no section E is defined",
    );
    assert_eq!(problem_count(&run), 2, "{}", run.stdout);
    // Everything but D and E: 1131 codes in 4951 guesses, so for the paper's 5625 the 165
    // codes of D and E take 674.
    assert!(
        run.stdout.contains("codes solved: 1131 of 1296"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("total guesses: 4951\n"),
        "{}",
        run.stdout
    );
}

/// Figure 1's sections F and I as the seed's OCR has them (seed lines 102 and 114).
const SEED_FIGURE_1_F_FIRST_LINE: &str = "F = (1344: 0.7(1335), 41(3135: 0.0, 2.3(4623), 2.3(5163), 6(3423), 6(3426), 2.4(3156), 6(1436), 0.6(1536), 1),";
const SEED_FIGURE_1_I: &str =
    "I = (1223; 0.0.0.0.0; 1.5(1145x), 4(1114x), 0; 1.3(1415), 4(1114x); 0.2; 0)";

#[test]
fn the_ocr_damage_of_figure_1_is_named_place_by_place() {
    let figure = committed(FIGURE_1);
    let clean_f = figure
        .lines()
        .find(|line| line.starts_with("F = ("))
        .unwrap();
    let clean_i = figure
        .lines()
        .find(|line| line.starts_with("I = ("))
        .unwrap();
    let copy = damaged(
        &damaged(&figure, clean_f, SEED_FIGURE_1_F_FIRST_LINE),
        clean_i,
        SEED_FIGURE_1_I,
    );
    let run = verify_text(&copy, &[]).expect_status(1);
    let (f_line, _) = location_of(&copy, "F = (");
    let (i_line, _) = location_of(&copy, "I = (");
    // F: `0.7(1335)` for `0,7(1335)`.
    assert_problem(
        &run,
        (f_line, 13),
        "1122 → 1B0W",
        "`.` cannot separate slots",
    );
    // F: 41(3135) has a slot too few, with periods for commas and semicolons.
    let slots = "14 slots, but Knuth's notation has 15 for 4×6";
    assert_problem(&run, (f_line, 26), "1122 → 1B0W → 1344 → 0B2W", slots);
    for column in [33, 38, 49, 78, 98] {
        assert_problem(
            &run,
            (f_line, column),
            "1122 → 1B0W → 1344 → 0B2W",
            "`.` cannot separate slots",
        );
    }
    // I: `;` for the `:` after the guess, and periods for commas.
    assert_problem(
        &run,
        (i_line, 10),
        "1122 → 3B0W",
        "expected `:` after the guess, found `;`",
    );
    for column in [13, 15, 17, 19, 24, 49, 70] {
        assert_problem(
            &run,
            (i_line, column),
            "1122 → 3B0W",
            "`.` cannot separate slots",
        );
    }
    assert_eq!(problem_count(&run), 15, "{}", run.stdout);
}

#[test]
fn the_ocr_damage_of_koyama_and_lai_is_named_place_by_place() {
    // C: the seed lost a slot of 27(2564: …): it reads `1,1,1;1)` where `1,1,1;1;1)` belongs.
    let c = committed(&section_path("C"));
    let copy = damaged(&c, "6(3454),0;1,1,1;1;1)", "6(3454),0;1,1,1;1)");
    let run = verify_text(&copy, &["--after", "1123=0B1W"]).expect_status(1);
    let slots = "13 slots, but Irving's notation has 14 for 4×6 (5, 4, 3, 1, 1";
    assert_problem(
        &run,
        location_of(&copy, "2564: 3(5246)"),
        "1123 → 0B1W → 2445 → 1B2W",
        slots,
    );
    assert_eq!(problem_count(&run), 1, "{}", run.stdout);
    // I: `2(11111)` and `2(11115)` for `2(1111)` and `2(1115)`.
    let i = committed(&section_path("I"));
    let copy = damaged(&damaged(&i, "2(1111)", "2(11111)"), "2(1115)", "2(11115)");
    let run = verify_text(&copy, &["--after", "1123=2B0W"]).expect_status(1);
    let path = "1123 → 2B0W → 1245 → 1B0W → 1161 → 3B0W";
    assert_problem(
        &run,
        location_of(&copy, "2(@11111)"),
        path,
        "the guess `11111` is not a code",
    );
    let path = "1123 → 2B0W → 1245 → 2B0W → 3164 → 1B0W";
    assert_problem(
        &run,
        location_of(&copy, "2(@11115)"),
        path,
        "the guess `11115` is not a code",
    );
    assert_eq!(problem_count(&run), 2, "{}", run.stdout);
    // F: the seed has `;` for the `:` after eight guesses; the replay goes on regardless.
    let f = committed(&section_path("F"));
    let copy = damaged(&f, "41(4233:", "41(4233;");
    let run = verify_text(&copy, &["--after", "1123=1B1W"]).expect_status(1);
    let at = location_of(&copy, "; 1,3(2324)");
    assert_problem(
        &run,
        at,
        "1123 → 1B1W → 1415 → 0B1W",
        "expected `:` after the guess, found `;`",
    );
    assert!(
        run.stdout.contains("total guesses: 1028\n"),
        "{}",
        run.stdout
    );
}

/// A section read without its history fails, and the report says what to add.
#[test]
fn a_section_without_its_history_is_told_to_give_it() {
    let text = committed(&section_path("J"));
    let run = verify_text(&text, &[]).expect_status(1);
    // Said first, before the problems it explains.
    let first = run.stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("hint: ")
            && first.contains("give the history before it with --after GUESS=REPLY"),
        "{}",
        run.stdout
    );
    // With its history it verifies, and the note is gone.
    let run = verify_text(&text, &["--after", "1123=3B0W"]).expect_status(0);
    assert!(
        !run.stdout.contains("--after GUESS=REPLY"),
        "{}",
        run.stdout
    );
}

/// The commands that play a tree need a whole game's: for a section, in notation or as a JSON
/// file that names its history, they point to the ones that take sections.
#[test]
fn a_section_given_where_a_whole_tree_is_needed_is_pointed_to_verify_and_print() {
    let directory = tempfile::tempdir().unwrap();
    let section = write_file(directory.path(), "j.txt", &committed(&section_path("J")));
    let run = mastermind(&["trace", "1111", "--tree", section.as_str()]).expect_status(1);
    let said = format!("{}{}", run.stdout, run.stderr);
    assert!(
        said.contains("it is not a tree of the whole game")
            && said.contains("mastermind verify FILE --after")
            && !said.contains("give the history before it"),
        "{said}"
    );
    let json = directory.path().join("j.json");
    let json = json.to_str().unwrap();
    mastermind(&[
        "convert",
        section.as_str(),
        "--after",
        "1123=3B0W",
        "-o",
        json,
    ])
    .expect_status(0);
    for args in [
        vec!["trace", "1111", "--tree", json],
        vec!["html", json, "-o", "-"],
    ] {
        let run = mastermind(&args).expect_status(2);
        says(
            &run.stderr,
            "is a section of a tree, after 1123=3B0W; this command needs a whole game's tree",
        );
    }
}

/// `convert --after` turns a paper's section into a tree file that names its history and
/// claims what the section achieves with the history's guesses counted; the file verifies,
/// converts again to the same bytes and prints back as the section.
#[test]
fn a_section_converts_to_a_file_that_names_its_history() {
    let directory = tempfile::tempdir().unwrap();
    let (letter, after) = KOYAMA_LAI[8];
    let section = write_file(directory.path(), "k.txt", &committed(&section_path(letter)));
    let json = directory.path().join("k.json");
    let json = json.to_str().unwrap();
    mastermind(&["convert", section.as_str(), "--after", after, "-o", json]).expect_status(0);
    let file: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    assert_eq!(
        file["after"],
        serde_json::json!([
            {"guess": "1123", "reply": "1B1W"},
            {"guess": "1415", "reply": "1B1W"}
        ])
    );
    assert_eq!(file["claims"]["codes"], 39);
    assert_eq!(file["claims"]["total_guesses"], 184);
    let run = mastermind(&["verify", json]).expect_status(0);
    says(&run.stdout, "total guesses: 184");
    let again = directory.path().join("again.json");
    let again = again.to_str().unwrap();
    mastermind(&["convert", json, "-o", again]).expect_status(0);
    assert_eq!(std::fs::read(json).unwrap(), std::fs::read(again).unwrap());
    let printed = mastermind(&["print", json, "--notation", "irving"]).expect_status(0);
    let reprinted = write_file(directory.path(), "printed.txt", &printed.stdout);
    let run = mastermind(&["verify", reprinted.as_str(), "--after", after]).expect_status(0);
    says(&run.stdout, "total guesses: 184");
    // A history that no longer reads is a problem of the file, not a crash.
    let broken = std::fs::read_to_string(json)
        .unwrap()
        .replacen("1415", "1419", 1);
    let broken = write_file(directory.path(), "broken.json", &broken);
    let run = mastermind(&["verify", broken.as_str()]).expect_status(1);
    says(&run.stdout, "step 2 of `after`");
}
