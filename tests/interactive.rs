//! `mastermind solve` and `mastermind play`, driven as a person would: through piped input
//! line by line, and through a real pseudo-terminal.

use crate::support::{mastermind_with_input, says, Run};

fn solve(args: &[&str], input: &str) -> Run {
    let mut all = vec!["solve"];
    all.extend_from_slice(args);
    mastermind_with_input(&all, input)
}

fn play(args: &[&str], input: &str) -> Run {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    mastermind_with_input(&all, input)
}

/// The secret a seeded game keeps, learnt by giving up.
fn secret_of(seed: &str, game: &[&str]) -> String {
    let mut args = vec!["--seed", seed];
    args.extend_from_slice(game);
    let run = play(&args, "give up\n").expect_status(3);
    let line = run.stdout.lines().next().unwrap().to_owned();
    line.trim_start_matches("The code was ")
        .trim_end_matches('.')
        .to_owned()
}

#[test]
fn solve_finds_3632_from_piped_replies_in_every_spelling() {
    let run = solve(&[], "1B0W\nW\n1 2\nBW\n4B\n").expect_status(0);
    assert_eq!(run.stdout, "3632 found in 5 guesses\n");
    says(&run.stderr, "guess 1: 1122  reply? 1B0W");
    says(
        &run.stderr,
        "7 codes left: 3632 3662 4562 4625 5532 6425 6623",
    );
}

#[test]
fn solve_takes_back_replies_and_refuses_bad_ones() {
    let input = "1B0W\nlist\nnonsense\n3B1W\n2\n0B0W\nundo\nundo\nundo\n1B0W\n0B1W\n1B2W\n1B1W\nhelp\n4B0W\n";
    let run = solve(&[], input).expect_status(0);
    assert_eq!(run.stdout, "3632 found in 5 guesses\n");
    let err = &run.stderr;
    says(err, "256 codes fit every reply so far: 1333 1334");
    says(err, "`nonsense` is not a reply");
    says(err, "`3B1W` cannot happen");
    says(err, "`2` is not a reply");
    says(err, "Took back the reply to guess 2.");
    says(err, "Took back the reply to guess 1.");
    says(err, "There is no reply to take back yet.");
}

#[test]
fn solve_names_the_reply_no_code_fits_and_the_reply_that_may_be_wrong() {
    // Four white pegs for 1122 leave 2211 alone, which cannot then get no peg at all: either
    // that reply or the first is wrong, and the tool says which codes each fix would leave.
    let run = solve(
        &[],
        "0B4W
-
4B
",
    )
    .expect_status(0);
    let err = &run.stderr;
    says(err, "No code fits that: the reply 0B0W to guess 2 (2211) is the first that no code fits together with the replies before it. It was not taken.");
    assert!(
        err.contains("guess 1 (1122): 0B0W rather than 0B4W (then the code is 3333 or 3334"),
        "{err}"
    );
    assert_eq!(run.stdout, "2211 found in 2 guesses\n");
}

#[test]
fn solve_ends_cleanly_at_the_end_of_input_and_follows_any_tree() {
    let run = solve(&[], "1B0W\n").expect_status(5);
    says(&run.stderr, "Input ended before the code was found.");
    assert!(run.stdout.is_empty());
    let run = solve(&["--black-only", "--strategy", "most-parts"], "").expect_status(5);
    says(&run.stderr, "black pegs only");
    let run = solve(
        &["--pegs", "3", "--colours", "4", "--strategy", "optimal"],
        "quit\n",
    )
    .expect_status(3);
    says(&run.stderr, "guess 1: ");
}

#[test]
fn play_scores_guesses_and_bad_guesses_cost_no_turn() {
    let secret = secret_of("7", &[]);
    let input = format!("12\n1237\n11a2\nhint\n1122\nhint\n{secret}\n");
    let run = play(&["--seed", "7"], &input).expect_status(0);
    let err = &run.stderr;
    says(
        err,
        "`12` has 2 symbols; codes of this game have 4; that guess did not count.",
    );
    says(err, "`7` at position 4 is not a colour");
    says(err, "1296 codes fit every reply so far.");
    says(err, "guess 2? ");
    let guesses = if secret == "1122" { 1 } else { 2 };
    let plural = if guesses == 1 { "guess" } else { "guesses" };
    assert!(
        run.stdout
            .starts_with(&format!("You found {secret} in {guesses} {plural}.")),
        "{}",
        run.stdout
    );
    says(&run.stdout, "Knuth's 1976 strategy would have needed");
    says(
        &run.stdout,
        "the strategy with the fewest guesses on average (the optimum) would have needed",
    );
}

#[test]
fn play_gives_up_runs_out_of_turns_and_ends_at_the_end_of_input() {
    let run = play(&["--seed", "3"], "hint\ngive up\n").expect_status(3);
    assert!(run.stdout.starts_with("The code was "), "{}", run.stdout);
    let secret = secret_of("3", &[]);
    let found = ["1111", "2222"].contains(&secret.as_str());
    let run = play(&["--seed", "3", "--max-turns", "2"], "1111\n2222\n3333\n")
        .expect_status(if found { 0 } else { 4 });
    if !found {
        assert!(
            run.stdout
                .starts_with(&format!("No guesses left. The code was {secret}.")),
            "{}",
            run.stdout
        );
    }
    let run = play(&["--seed", "3"], "1111\n").expect_status(if secret == "1111" { 0 } else { 5 });
    assert!(
        run.stdout
            .starts_with("Input ended before the code was found."),
        "{}",
        run.stdout
    );
}

#[test]
fn play_refuses_repeated_colours_in_a_no_repeat_game_and_works_in_every_variant() {
    let bulls = ["--pegs", "4", "--colours", "10", "--no-repeat"];
    let secret = secret_of("5", &bulls);
    let mut args = vec!["--seed", "5"];
    args.extend_from_slice(&bulls);
    let run = play(&args, &format!("1123\n{secret}\n")).expect_status(0);
    says(&run.stderr, "`1123` repeats a colour");
    assert!(
        run.stdout
            .starts_with(&format!("You found {secret} in 1 guess.")),
        "{}",
        run.stdout
    );
    says(&run.stdout, "the optimum is not worked out");
    let black_only = ["--pegs", "3", "--colours", "4", "--black-only"];
    let secret = secret_of("9", &black_only);
    let mut args = vec!["--seed", "9"];
    args.extend_from_slice(&black_only);
    let run = play(&args, &format!("{secret}\n")).expect_status(0);
    says(
        &run.stdout,
        "the strategy with the fewest guesses on average (the optimum) would have needed",
    );
}

#[test]
fn a_seed_keeps_the_same_secret() {
    assert_eq!(secret_of("11", &[]), secret_of("11", &[]));
    let secrets: std::collections::HashSet<String> = (0..6)
        .map(|seed| secret_of(&seed.to_string(), &[]))
        .collect();
    assert!(secrets.len() > 1);
}

#[cfg(unix)]
mod terminal {
    //! The same commands in a real pseudo-terminal, as a person at a keyboard uses them.

    use std::path::Path;
    use std::process::Command;
    use std::time::Duration;

    use expectrl::process::unix::WaitStatus;
    use expectrl::session::OsSession;
    use expectrl::{ControlCode, Eof, Expect, Regex, Session};
    use mastermind::certificate::{read_facts, CertificateWriter};

    /// One line of a dialogue with the binary.
    enum Line {
        /// Wait until the binary has written this.
        Shows(&'static str),
        /// Type this and press Enter.
        Type(&'static str),
        /// Press Ctrl-D at the start of a line.
        EndOfInput,
    }
    use Line::{EndOfInput, Shows, Type};

    /// Runs `mastermind ARGS` in a pseudo-terminal through `script`, then waits for it to end
    /// and checks that it exits with `status`.
    fn converse(args: &[&str], script: &[Line], status: i32) {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mastermind"));
        command.args(args);
        let mut session = Session::spawn(command).expect("the binary starts in a pty");
        session.set_expect_timeout(Some(Duration::from_secs(60)));
        for line in script {
            match line {
                Shows(text) => session.expect(*text).map(drop),
                Type(text) => session.send_line(text),
                EndOfInput => session.send(ControlCode::EndOfTransmission),
            }
            .unwrap_or_else(|error| panic!("{args:?}: {error}"));
        }
        session.expect(Eof).expect("the binary ends");
        assert_eq!(exit_status(&session), status, "{args:?}");
    }

    /// How the session's process ended: its exit status, or 128 plus the signal that ended it.
    fn exit_status(session: &OsSession) -> i32 {
        match session
            .get_process()
            .wait()
            .expect("the process can be waited for")
        {
            WaitStatus::Exited(_, status) => status,
            WaitStatus::Signaled(_, signal, _) => 128 + signal as i32,
            other => panic!("the process did not end: {other:?}"),
        }
    }

    #[test]
    fn solve_in_a_terminal_with_undo_and_a_refused_reply() {
        converse(
            &["solve"],
            &[
                Shows("guess 1: 1122  reply? "),
                Type("1B0W"),
                Shows("256 codes left"),
                Shows("guess 2: 1344  reply? "),
                Type("3B1W"),
                Shows("cannot happen"),
                Type("undo"),
                Shows("Took back the reply to guess 1."),
                Shows("guess 1: 1122  reply? "),
                Type("0B4W"),
                Shows("1 code left: 2211"),
                Type("-"),
                Shows("No code fits that"),
                Type("4B"),
                Shows("2211 found in 2 guesses"),
            ],
            0,
        );
    }

    #[test]
    fn play_in_a_terminal_with_hint_a_bad_guess_and_give_up() {
        converse(
            &["play", "--seed", "1"],
            &[
                Shows("guess 1? "),
                Type("12345"),
                Shows("that guess did not count"),
                Shows("guess 1? "),
                Type("1122"),
                Shows("guess 2? "),
                Type("hint"),
                Shows("every reply so far."),
                Type("give up"),
                Shows("The code was "),
                Shows("Knuth's 1976 strategy would have needed"),
            ],
            3,
        );
    }

    #[test]
    fn end_of_input_from_the_keyboard_ends_cleanly() {
        let ends = [
            Shows("? "),
            EndOfInput,
            Shows("Input ended before the code was found."),
        ];
        converse(&["solve"], &ends, 5);
        converse(&["play", "--seed", "2"], &ends, 5);
    }

    /// A search whose first subproblems take a while (4×10: none of its root's settled in its
    /// first second, where 4×9 now settles seven at once) shows its progress bar at once, at
    /// none settled yet but with the nodes it has searched, on one line that fits an 80-column terminal; and Ctrl-C at the keyboard stops it with status 130 without leaving
    /// a file.
    #[test]
    fn a_long_search_shows_its_progress_before_settling_anything() {
        let directory = tempfile::tempdir().expect("a scratch directory");
        let output = directory.path().join("tree.json");
        let mut command = Command::new(env!("CARGO_BIN_EXE_mastermind"));
        command.args(["generate", "--strategy", "optimal", "--colours", "10"]);
        command.arg("-o").arg(&output);
        let mut session = in_80_columns(command);
        let bar = session
            .expect(Regex(r"\] 0/[0-9]+ [0-9.]+/s no estimate, subproblems"))
            .expect("the bar appears, at none settled, long before the first subproblem is");
        // All the bytes a match read, not its text and what came before: a regex matches every
        // redraw in what was read at once, and the session goes on after the last of them.
        let mut shown = String::from_utf8_lossy(bar.as_bytes()).into_owned();
        let nodes = session
            .expect(Regex(r"subproblems, [0-9.]+[kMG]? nodes"))
            .expect("the nodes searched are counted while no subproblem is settled");
        shown.push_str(&String::from_utf8_lossy(nodes.as_bytes()));
        // Let it redraw a few times before stopping it.
        std::thread::sleep(Duration::from_millis(700));
        stop_fitting_80_columns(&mut session, shown);
        let left: Vec<_> = std::fs::read_dir(directory.path()).unwrap().collect();
        assert!(
            left.is_empty(),
            "an interrupted search leaves nothing: {left:?}"
        );
    }

    /// Checking a large certificate shows how much of the file is checked, on one line that
    /// fits an 80-column terminal; Ctrl-C stops it with status 130. The certificate is 5×5's
    /// facts written over and over (each checked again, as any fact is), which takes minutes.
    #[test]
    fn a_long_certificate_check_shows_the_bytes_checked() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let committed = root.join("trees/certificates/optimal-5x5.cert.gz");
        let bytes = std::fs::read(committed).expect("the committed certificate");
        let (header, facts) = read_facts(bytes.as_slice()).expect("a certificate");
        let directory = tempfile::tempdir().unwrap();
        let long = directory.path().join("long.cert");
        let file = std::fs::File::create(&long).unwrap();
        let mut writer = CertificateWriter::new(file, &header).unwrap();
        for fact in std::iter::repeat_n(&facts, 600).flatten() {
            writer.fact(fact).unwrap();
        }
        writer.finish().unwrap();
        let mut command = Command::new(env!("CARGO_BIN_EXE_mastermind"));
        command.args(["-j1", "verify"]);
        command.arg(root.join("trees/optimal-5x5.json"));
        command.arg("--certificate").arg(&long);
        let mut session = in_80_columns(command);
        let bar = session
            .expect(Regex(
                r"\] [0-9.]+ [KM]?i?B/1\.[0-9]+ MiB checked, ~[0-9]+s left, the certificate",
            ))
            .expect("the bar counts the certificate's bytes checked, of its 1.2 MiB");
        let shown = String::from_utf8_lossy(bar.as_bytes()).into_owned();
        stop_fitting_80_columns(&mut session, shown);
    }

    /// `command` started in a terminal of 80 columns, waited for at most 30 s at a time.
    fn in_80_columns(command: Command) -> OsSession {
        let mut session = Session::spawn(command).expect("the binary starts in a pty");
        session
            .get_process_mut()
            .set_window_size(80, 24)
            .expect("the terminal takes a size");
        session.set_expect_timeout(Some(Duration::from_secs(30)));
        session
    }

    /// Stops `session` with Ctrl-C, which must end it with status 130, and requires every line
    /// it showed (`shown`, then the rest) to fit its 80 columns, but for a `note:` said once
    /// before the bar, which the terminal wraps like any message: the bar is redrawn in place,
    /// so a bar wider than the terminal would leave a trail of copies.
    fn stop_fitting_80_columns(session: &mut OsSession, mut shown: String) {
        session
            .send(ControlCode::EndOfText)
            .expect("Ctrl-C reaches the binary");
        let end = session.expect(Eof).expect("the binary ends");
        shown.push_str(&String::from_utf8_lossy(end.as_bytes()));
        assert_eq!(exit_status(session), 130);
        let widest = terminal_lines(&shown)
            .filter(|line| !line.starts_with("note: "))
            .max_by_key(|line| line.chars().count())
            .unwrap_or_default();
        assert!(
            widest.chars().count() <= 80,
            "a line wider than the terminal: {widest:?}"
        );
    }

    /// Knuth's tree for 10 pegs of 4 colours spends minutes on its first guess alone; the bar
    /// counts the guesses scored there, so it moves within the first seconds.
    #[test]
    fn a_huge_one_step_build_counts_its_first_guesses() {
        let mut command = Command::new(env!("CARGO_BIN_EXE_mastermind"));
        command.args([
            "generate",
            "--pegs",
            "10",
            "--colours",
            "4",
            "-o",
            "/dev/null",
        ]);
        let mut session = Session::spawn(command).expect("the binary starts in a pty");
        session.set_expect_timeout(Some(Duration::from_secs(30)));
        session
            .expect("expect hours")
            .expect("the forecast comes first");
        for _ in 0..2 {
            session
                .expect(Regex(r"first guess [1-9][0-9]*/[0-9]+"))
                .expect("the first guess's scoring is counted");
        }
        session
            .send(ControlCode::EndOfText)
            .expect("Ctrl-C reaches the binary");
        session.expect(Eof).expect("the binary ends");
        assert_eq!(exit_status(&session), 130);
    }

    /// The lines a terminal shows for `output`: escape sequences dropped, split where the
    /// cursor returns or moves down.
    fn terminal_lines(output: &str) -> impl Iterator<Item = String> + '_ {
        let plain = regex_lite_strip(output);
        plain
            .split(['\r', '\n'])
            .map(str::to_owned)
            .collect::<Vec<_>>()
            .into_iter()
    }

    /// `text` without its ANSI escape sequences (`ESC [ … letter`).
    fn regex_lite_strip(text: &str) -> String {
        let mut plain = String::new();
        let mut chars = text.chars();
        while let Some(c) = chars.next() {
            if c == '\u{1b}' {
                if chars.next() == Some('[') {
                    for c in chars.by_ref() {
                        if c.is_ascii_alphabetic() {
                            break;
                        }
                    }
                }
            } else {
                plain.push(c);
            }
        }
        plain
    }
}

#[test]
fn play_takes_spaced_guesses_suggests_a_code_and_lists_the_few_left() {
    let run = play(
        &["--seed", "2026"],
        "1 2 3 4\n1135\nhint\nlist\n3456\n5566\nlist\ngive up\n",
    )
    .expect_status(3);
    let err = &run.stderr;
    says(err, "  1234  1B2W");
    says(
        err,
        "14 codes fit every reply so far. Try 1312: it fits them all.",
    );
    says(err, "Codes that fit every reply so far: 1312 ");
    says(&run.stdout, "The code was 1312.");
    let run = play(&["--seed", "2026"], "list\ngive up\n").expect_status(3);
    says(
        &run.stderr,
        "1296 codes fit every reply so far: too many to list",
    );
}
