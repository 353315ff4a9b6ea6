//! `generate --strategy optimal --resume DIR --bounds`: the interval a resumable run's
//! directory proves the optimum to lie in, at any stop of the run (see
//! [`mastermind::ops::bounds`]): the lower bound checked by the certificate checker, the
//! upper bound's tree verified, each written where the flags say.

use std::path::Path;

use anyhow::{bail, Context};
use mastermind::files::gzip::packed_as_named;
use mastermind::files::{scratch_for, write_together};
use mastermind::ops::{bounds, BoundsError, ProvenBounds};
use mastermind::runs::checked_proofs::CheckedProofs;
use mastermind::Scorer;

use crate::args::game::GameArgs;
use crate::args::strategy_flags::optimal_search;
use crate::args::tree_input::NotationInputArgs;
use crate::commands::generate::args::GenerateArgs;
use crate::commands::Outcome;
use crate::tree_input::{load_valid_tree, ValidTree};

pub fn run(args: &GenerateArgs, directory: &Path, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let (options, strategy) = optimal_search(&args.options, game)?;
    let scorer = Scorer::new(game);
    let base = match &args.upper {
        Some(path) => match upper_base(path, &scorer)? {
            Some(base) => Some(base),
            None => return Ok(Outcome::Invalid),
        },
        None => None,
    };
    let remembered = match &args.checked_proofs {
        Some(path) => Some(CheckedProofs::new(path).with_context(|| {
            format!(
                "cannot make {}, the directory of checked proofs",
                path.display()
            )
        })?),
        None => None,
    };
    let scratch = scratch_for(args.certificate.as_deref())?;
    let upper = base.as_ref().map(|valid| &valid.root);
    let proven = bounds(
        &scorer,
        &options,
        &strategy,
        directory,
        upper,
        remembered.as_ref(),
        scratch,
    );
    let proven = match proven {
        Ok(proven) => proven,
        Err(BoundsError::NoUpper) => {
            bail!("no heuristic tree meets the run's cap: give --upper TREE")
        }
        Err(error) => return Err(error.into()),
    };
    let ProvenBounds {
        least,
        certificate,
        facts,
        proven_pieces,
        checked,
        recalled,
        best,
        total,
        pieces_in,
        pieces,
    } = proven;

    let json = best.to_json();
    let mut packed = packed_as_named(
        args.certificate.as_deref().unwrap_or(Path::new("-")),
        &certificate,
    );
    let mut outputs: Vec<(Option<&Path>, &mut dyn std::io::Read)> = Vec::new();
    let mut tree_bytes = json.as_bytes();
    if let Some(path) = args.output.as_deref() {
        outputs.push((Some(path), &mut tree_bytes));
    }
    if let Some(path) = args.certificate.as_deref() {
        outputs.push((Some(path), &mut packed));
    }
    write_together(&mut outputs)?;

    let codes = scorer.codebook().len() as f64;
    let average = |total: u64| total as f64 / codes;
    println!(
        "optimal {}: {least} <= optimum <= {total} (average {:.4} to {:.4})",
        game.describe(),
        average(least),
        average(total)
    );
    if !quiet {
        let written = |path: Option<&Path>| {
            path.map_or(String::new(), |path| {
                format!(", written to {}", path.display())
            })
        };
        eprintln!(
            "{pieces_in} of the plan's {pieces} pieces in {}, {proven_pieces} of them proven",
            directory.display(),
        );
        let remembered = match &args.checked_proofs {
            Some(path) => format!(
                " ({checked} checked now, {recalled} as checked before, remembered in {})",
                path.display()
            ),
            None => String::new(),
        };
        eprintln!(
            "lower bound {least}: a certificate of {facts} facts, checked piece by piece{remembered}{}",
            written(args.certificate.as_deref())
        );
        eprintln!(
            "upper bound {total}: a tree opening with {}, of the exact pieces in and {} \
             subtrees, verified{}",
            best.tree.guess,
            args.upper
                .as_deref()
                .map_or("the heuristics'".to_owned(), |path| format!(
                    "{}'s",
                    path.display()
                )),
            written(args.output.as_deref())
        );
    }
    Ok(Outcome::Success)
}

/// The tree `--upper` names, verified, if it is a whole tree of the run's game; `None` (said
/// on stderr) if it fails verification.
fn upper_base(path: &Path, scorer: &Scorer) -> anyhow::Result<Option<ValidTree>> {
    let input = NotationInputArgs {
        game: GameArgs::default(),
        after: None,
        strategy_name: None,
        whole_game: true,
    };
    let Some(valid) = load_valid_tree(path, None, &input, "used as --upper")? else {
        return Ok(None);
    };
    if valid.book.game() != scorer.game() {
        bail!(
            "--upper {} is a tree of {}, the run is of {}",
            path.display(),
            valid.book.game().describe(),
            scorer.game().describe()
        );
    }
    Ok(Some(valid))
}
