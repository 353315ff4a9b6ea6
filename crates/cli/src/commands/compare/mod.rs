//! `mastermind compare`: builds several strategies for one game, verifies each tree, and
//! prints them side by side as a table with a bar of per-guess counts each, or as JSON.

mod table;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::bail;
use mastermind_core::{Game, Scorer};
use mastermind_tree::{Statistics, TreeFile};
use mastermind_verify::{verify_file, VerifyOptions};
use serde_json::{json, Value};

use crate::args::CompareArgs;
use crate::commands::Outcome;
use crate::output::write_stdout;
use crate::progress::BuildProgress;
use crate::strategy::build_strategy;

/// One strategy's verified results.
pub struct Row {
    pub name: String,
    pub parameters: BTreeMap<String, Value>,
    pub statistics: Statistics,
    pub build_time: Duration,
}

pub fn run(args: &CompareArgs, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let scorer = Scorer::new(game);
    let mut rows = Vec::new();
    for &strategy in &args.strategies {
        let progress = BuildProgress::new(game.code_count() as u64, quiet);
        let started = Instant::now();
        let built = build_strategy(strategy, &args.options, &scorer, &progress);
        let build_time = started.elapsed();
        progress.finish();
        let built = built?;
        let file = TreeFile::new(scorer.codebook(), built.info, &built.root);
        let report = verify_file(&file, &VerifyOptions::default())?;
        if !report.is_valid() {
            eprint!("the {} tree does not verify:\n{report}", file.strategy.name);
            return Ok(Outcome::Invalid);
        }
        rows.push(Row {
            name: file.strategy.name,
            parameters: file.strategy.parameters,
            statistics: report.statistics,
            build_time,
        });
    }
    if rows.is_empty() {
        bail!("no strategies to compare");
    }
    let text = if args.json {
        serde_json::to_string_pretty(&as_json(&game, &rows))? + "\n"
    } else {
        table::render(&game, &rows)
    };
    write_stdout(text.as_bytes())?;
    Ok(Outcome::Success)
}

fn as_json(game: &Game, rows: &[Row]) -> Value {
    json!({
        "game": {
            "pegs": game.pegs(),
            "colours": game.colours(),
            "repetition": game.repetition(),
            "feedback": game.feedback_kind(),
            "codes": game.code_count(),
        },
        "strategies": rows.iter().map(|row| {
            let average = row.statistics.average();
            json!({
                "name": row.name,
                "parameters": row.parameters,
                "total_guesses": row.statistics.total(),
                "average": { "fraction": average.fraction(), "decimal": average.decimal(4) },
                "worst_case": row.statistics.worst_case(),
                "solved_by_guess": row.statistics.solved_by_guess,
                "build_seconds": row.build_time.as_secs_f64(),
            })
        }).collect::<Vec<_>>(),
    })
}
