//! The examples every command's `--help` ends with: each command has two or three, and each
//! `mastermind` invocation in them parses as the command line it shows.

use clap::{Command, CommandFactory, Parser};

use crate::args::Cli;

/// The example lines of `command`'s long help: the indented lines after `Examples:`.
fn examples(command: &mut Command) -> Vec<String> {
    let help = command.render_long_help().to_string();
    let Some((_, after)) = help.split_once("Examples:\n") else {
        return Vec::new();
    };
    after
        .lines()
        .take_while(|line| line.starts_with("  "))
        .map(|line| line.trim().to_owned())
        .collect()
}

/// The `mastermind …` invocations of a shell line, as argument lists: pipes and `;` split it,
/// redirections and a closing `(comment)` are dropped, and shell variables stand for shard 0.
fn invocations(line: &str) -> Vec<Vec<String>> {
    let line = line.split("  (").next().unwrap_or(line);
    line.split(['|', ';'])
        .filter_map(|segment| {
            let segment = segment.trim().trim_start_matches("do ").trim();
            segment.starts_with("mastermind ").then(|| {
                segment
                    .split_whitespace()
                    .take_while(|word| !word.starts_with('>'))
                    .map(|word| word.replace("$k", "0").replace("$K", "0").replace('"', ""))
                    .collect()
            })
        })
        .collect()
}

/// Every command and subcommand, by its path of names.
fn commands() -> Vec<(String, Command)> {
    fn walk(path: &str, command: &Command, found: &mut Vec<(String, Command)>) {
        for sub in command.get_subcommands() {
            if sub.get_name() == "help" || sub.is_hide_set() {
                continue;
            }
            let path = format!("{path} {}", sub.get_name());
            found.push((path.clone(), sub.clone()));
            walk(&path, sub, found);
        }
    }
    let mut found = Vec::new();
    walk("mastermind", &Cli::command(), &mut found);
    found
}

#[test]
fn the_command_line_is_well_formed() {
    Cli::command().debug_assert();
}

#[test]
fn every_command_ends_its_help_with_examples_that_parse() {
    let mut problems = Vec::new();
    for (path, mut command) in commands() {
        let lines = examples(&mut command);
        if !(2..=3).contains(&lines.len()) {
            problems.push(format!(
                "`{path} --help` shows {} examples: {lines:?}",
                lines.len()
            ));
        }
        for line in &lines {
            let calls = invocations(line);
            if calls.is_empty() {
                problems.push(format!("`{path}`: `{line}` runs no mastermind"));
            }
            for call in calls {
                if let Err(error) = Cli::try_parse_from(&call) {
                    problems.push(format!(
                        "`{path}`: `{}` does not parse: {error}",
                        call.join(" ")
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
