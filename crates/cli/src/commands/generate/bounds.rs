//! `generate --strategy optimal --resume DIR --bounds`: the interval a resumable run's
//! directory proves the optimum to lie in, at any stop of the run (see
//! [`mastermind::runs::resume`]): the lower bound checked by the certificate checker, the
//! upper bound's tree verified, each written where the flags say.

use std::io::{BufWriter, Seek};
use std::path::Path;

use anyhow::{bail, Context};
use mastermind::certificate::{check_for, Bound};
use mastermind::files::gzip::packed_as_named;
use mastermind::files::write_together;
use mastermind::runs::resume::ResumableRun;
use mastermind::tree::{StrategyInfo, TreeFile};
use mastermind::verify::{verify_file, VerifyOptions};
use mastermind::Scorer;

use crate::args::game::GameArgs;
use crate::args::strategy_flags::optimal_search;
use crate::args::tree_input::NotationInputArgs;
use crate::commands::generate::args::GenerateArgs;
use crate::commands::Outcome;
use crate::tree_input::{load_valid_tree, ValidTree};

/// The name the best tree known is written under: a strategy of its own, which claims no
/// optimum.
const BEST_KNOWN: &str = "best-known";

pub fn run(args: &GenerateArgs, directory: &Path, quiet: bool) -> anyhow::Result<Outcome> {
    let game = args.game.game()?;
    let (options, strategy) = optimal_search(&args.options, game)?;
    let scorer = Scorer::new(game);
    let run = ResumableRun::new(&scorer, &options, &strategy, directory)?;
    let base = match &args.upper {
        Some(path) => match upper_base(path, &scorer)? {
            Some(base) => Some(base),
            None => return Ok(Outcome::Invalid),
        },
        None => None,
    };
    let shards = run.shards();
    let pieces_in = shards.iter().filter(|&&id| run.is_in(id)).count();

    // The lower bound: written to a scratch file, then checked as `verify --certificate` would.
    let mut scratch = tempfile::tempfile().context("cannot make a scratch file")?;
    let lower = {
        let mut out = BufWriter::new(&mut scratch);
        let mut packing = mastermind::certificate::packed(&mut out);
        let lower = run.certify_lower_bound(&mut packing)?;
        packing.finish()?;
        drop(out);
        lower
    };
    scratch.rewind()?;
    let header = run.planned().certificate_header();
    let proven = check_for(header, std::io::BufReader::new(&scratch))
        .context("the lower bound's certificate does not check: this is a bug, please report it")?;
    let budget = options
        .max_guesses
        .map(|cap| u8::try_from(cap).unwrap_or(u8::MAX));
    let least = match proven.bound_at(&[], budget) {
        Bound::AtLeast(least) => u64::from(least),
        Bound::Infeasible => bail!("no strategy meets the run's cap"),
    };
    if least < u64::from(lower.bound.min(u32::MAX - 1)) {
        bail!(
            "the checker proves {least}, less than the {} written: this is a bug",
            lower.bound
        );
    }

    // The upper bound: the best tree known, verified by replaying every code.
    let Some((root, total)) = run.best_known(base.as_ref().map(|valid| &valid.root))? else {
        bail!("no heuristic tree meets the run's cap: give --upper TREE");
    };
    let info = StrategyInfo {
        name: BEST_KNOWN.to_owned(),
        parameters: Default::default(),
    };
    let file = TreeFile::new(scorer.codebook(), info, &root);
    let report = verify_file(&file, &VerifyOptions::default())?;
    if !report.is_valid() || report.statistics.total() != total {
        bail!("the best tree known does not verify: this is a bug, please report it");
    }

    let json = file.to_json();
    scratch.rewind()?;
    let mut packed = packed_as_named(
        args.certificate.as_deref().unwrap_or(Path::new("-")),
        &scratch,
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
            "{pieces_in} of the plan's {} pieces in {}, {} of them proven",
            shards.len(),
            directory.display(),
            lower.pieces
        );
        eprintln!(
            "lower bound {least}: a certificate of {} facts, checked{}",
            lower.facts,
            written(args.certificate.as_deref())
        );
        eprintln!(
            "upper bound {total}: a tree opening with {}, of the exact pieces in and {} \
             subtrees, verified{}",
            scorer.codebook().format(root.guess),
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
