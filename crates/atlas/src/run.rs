//! An atlas run: which computations a range of games still needs (figures that earlier atlases
//! or committed static results settle are reused), running them a few at a time through a
//! [`Runner`], and the atlas they make, with its figures linked to tree files. How one
//! computation runs is the runner's: the command line runs each as a process of its own that
//! it stops when its budget runs out; [`InProcess`] runs them in this process, to the end.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::links::Links;
use crate::{compute, static_results, AtlasFile, Entry, GameKey, Measure, Outcome, Reached};

/// Runs one computation of the atlas under a time budget in seconds.
pub trait Runner: Sync {
    /// The outcome of `measure` for `game`, stopped (as [`Outcome::Unfinished`]) if it needs
    /// more than `budget` seconds, where the runner can stop it.
    fn run(&self, game: GameKey, measure: Measure, budget: f64) -> Outcome;
}

/// Runs each computation in this process, to its end, telling its progress to the
/// [`Reached`] it holds ([`Unreported`](crate::Unreported) for none; a caller that stops computations on request
/// checks there): a thread cannot be stopped from outside, so the budget is not enforced (the
/// command line's runner, a process per computation, is the one that stops them).
pub struct InProcess<'r>(pub &'r dyn Reached);

impl Runner for InProcess<'_> {
    fn run(&self, game: GameKey, measure: Measure, _budget: f64) -> Outcome {
        let started = Instant::now();
        match compute(measure, game, self.0) {
            Ok(figures) => Outcome::finished(figures, started.elapsed().as_secs_f64()),
            Err(reason) => Outcome::Failed { reason },
        }
    }
}

/// What an atlas run tells as it goes.
pub trait AtlasWatcher: Sync {
    /// A computation ended with `outcome`.
    fn outcome(&self, _game: GameKey, _measure: Measure, _outcome: &Outcome) {}

    /// Every computation of a game is in: the atlas so far, to save (so that an interrupted
    /// run loses only the games under way). The first error ends the saving and is the run's.
    fn game_done(&self, _atlas: &AtlasFile) -> std::io::Result<()> {
        Ok(())
    }
}

/// Watches nothing.
pub struct Unwatched;

impl AtlasWatcher for Unwatched {}

/// The outcomes read from earlier atlases: for each game and measure, the one that settles
/// the most (finished or failed, else the unfinished one with the largest budget).
#[derive(Default)]
pub struct Known(BTreeMap<(GameKey, String), Outcome>);

impl Known {
    /// Takes in the outcomes of `file`.
    pub fn add(&mut self, file: &AtlasFile) {
        for entry in &file.entries {
            for (name, outcome) in &entry.results {
                let key = (entry.game, name.clone());
                let better = match self.0.get(&key) {
                    None => true,
                    Some(Outcome::Unfinished { seconds, .. }) => outcome.settles(*seconds + 1e-9),
                    Some(_) => false,
                };
                if better {
                    self.0.insert(key, outcome.clone());
                }
            }
        }
    }

    fn get(&self, game: GameKey, measure: Measure) -> Option<&Outcome> {
        self.0.get(&(game, measure.name().to_owned()))
    }
}

/// The outcome of a proof that cannot get further than the optimum it proves already got in
/// earlier atlases: that search ran out of at least `budget` (or failed), and a proof runs it
/// first. `None` where the proof is worth running.
fn beyond_proof(known: &Known, game: GameKey, measure: Measure, budget: f64) -> Option<Outcome> {
    let optimum = measure.proves()?;
    match known.get(game, optimum)? {
        Outcome::Unfinished { seconds, .. } if *seconds >= budget => Some(Outcome::Unfinished {
            seconds: budget,
            reached: format!(
                "not run: the {} search alone ran out of {seconds:.0} s, and a proof runs it first",
                optimum.name()
            ),
        }),
        Outcome::Failed { reason } => Some(Outcome::Failed {
            reason: format!("the {} has no figure to prove: {reason}", optimum.name()),
        }),
        _ => None,
    }
}

/// The computations of an atlas of some games, the outcomes already known among them, and
/// the entries of the file it goes to that lie outside them (kept as they are).
pub struct AtlasRun {
    games: Vec<GameKey>,
    budget: f64,
    kept: Vec<Entry>,
    slots: Vec<BTreeMap<String, Outcome>>,
    work: Vec<(usize, Measure)>,
    reused: usize,
}

impl AtlasRun {
    /// The run of `measures` for `games` with `budget` seconds each. `existing` is the atlas
    /// the run rewrites (its entries for other games stay, and so do its outcomes for the
    /// measures left out); `known` holds the outcomes of earlier atlases (the existing one's
    /// among them) that settle a computation; `trees`, a directory whose `static/PxC.json`
    /// files settle static numbers.
    pub fn new(
        games: Vec<GameKey>,
        measures: &[Measure],
        budget: f64,
        existing: Option<AtlasFile>,
        known: &Known,
        trees: Option<&Path>,
    ) -> AtlasRun {
        let (kept, ours): (Vec<Entry>, Vec<Entry>) = existing
            .map(|file| file.entries)
            .unwrap_or_default()
            .into_iter()
            .partition(|entry| !games.contains(&entry.game));
        let mut slots: Vec<BTreeMap<String, Outcome>> = games
            .iter()
            .map(|&game| {
                ours.iter()
                    .find(|entry| entry.game == game)
                    .map(|entry| entry.results.clone())
                    .unwrap_or_default()
            })
            .collect();
        let mut work = Vec::new();
        let mut reused = 0;
        // The committed trees, read (and verified) only if an optimum is left to settle.
        let committed_trees = std::cell::OnceCell::new();
        for (index, &game) in games.iter().enumerate() {
            for &measure in measures {
                let committed = || {
                    trees.and_then(|directory| match measure {
                        Measure::Static => static_results::settled(directory, game),
                        Measure::Optimal => {
                            let links = committed_trees
                                .get_or_init(|| Links::find(directory, None).unwrap_or_default());
                            // The search of the committed tree took no time of this run's.
                            links
                                .optimum(game)
                                .map(|figures| Outcome::finished(figures, 0.0))
                        }
                        _ => None,
                    })
                };
                // A finished figure stands; a committed result settles one that ran out.
                let reusable = match known.get(game, measure).filter(|o| o.settles(budget)) {
                    Some(finished @ Outcome::Finished { .. }) => Some(finished.clone()),
                    other => committed().or_else(|| other.cloned()),
                };
                let reusable = reusable.or_else(|| beyond_proof(known, game, measure, budget));
                match reusable {
                    Some(outcome) => {
                        slots[index].insert(measure.name().to_owned(), outcome);
                        reused += 1;
                    }
                    None => work.push((index, measure)),
                }
            }
        }
        AtlasRun {
            games,
            budget,
            kept,
            slots,
            work,
            reused,
        }
    }

    /// The games of the run.
    pub fn games(&self) -> &[GameKey] {
        &self.games
    }

    /// How many computations are left to run.
    pub fn to_run(&self) -> usize {
        self.work.len()
    }

    /// How many outcomes were reused.
    pub fn reused(&self) -> usize {
        self.reused
    }

    /// Runs what is left, `workers` computations at a time, and returns the atlas, its
    /// figures linked to the trees of `links`.
    pub fn run(
        self,
        runner: &dyn Runner,
        workers: usize,
        links: &Links,
        watcher: &dyn AtlasWatcher,
    ) -> std::io::Result<AtlasFile> {
        let AtlasRun {
            games,
            budget,
            kept,
            slots,
            work,
            ..
        } = self;
        let left: Vec<AtomicUsize> = (0..games.len())
            .map(|index| AtomicUsize::new(work.iter().filter(|(i, _)| *i == index).count()))
            .collect();
        let state = Mutex::new(slots);
        let next = AtomicUsize::new(0);
        let saved = Mutex::new(Ok(()));
        std::thread::scope(|scope| {
            for _ in 0..workers.max(1) {
                scope.spawn(|| {
                    while let Some(&(index, measure)) =
                        work.get(next.fetch_add(1, Ordering::SeqCst))
                    {
                        let game = games[index];
                        let outcome = runner.run(game, measure, budget);
                        watcher.outcome(game, measure, &outcome);
                        let mut slots = lock(&state);
                        slots[index].insert(measure.name().to_owned(), outcome);
                        if left[index].fetch_sub(1, Ordering::SeqCst) == 1 {
                            let mut result = lock(&saved);
                            if result.is_ok() {
                                *result =
                                    watcher.game_done(&assemble(&games, &slots, &kept, links));
                            }
                        }
                    }
                });
            }
        });
        saved.into_inner().unwrap_or_else(|e| e.into_inner())?;
        let slots = state.into_inner().unwrap_or_else(|e| e.into_inner());
        Ok(assemble(&games, &slots, &kept, links))
    }
}

/// The atlas of `games` with the outcomes so far, the entries kept from the output file, and
/// the trees linked (when asked for), in the atlas's order: variant, then pegs, then colours.
fn assemble(
    games: &[GameKey],
    slots: &[BTreeMap<String, Outcome>],
    kept: &[Entry],
    links: &Links,
) -> AtlasFile {
    let mut entries: Vec<Entry> = games
        .iter()
        .zip(slots)
        .filter(|(_, results)| !results.is_empty())
        .map(|(&game, results)| Entry {
            game,
            codes: game.game().map_or(0, |g| g.code_count() as u64),
            results: results.clone(),
        })
        .chain(kept.iter().cloned())
        .collect();
    entries.sort_by_key(|entry| (entry.game.variant, entry.game.pegs, entry.game.colours));
    if links.is_active() {
        for entry in &mut entries {
            for (name, outcome) in &mut entry.results {
                let figures = outcome.figures();
                if let (Some(measure), Outcome::Finished { tree, .. }) =
                    (Measure::from_name(name), outcome)
                {
                    *tree = figures.and_then(|f| links.tree_for(entry.game, measure, f));
                }
            }
        }
    }
    AtlasFile::new(entries)
}

impl Outcome {
    /// The outcome in a line, as a log says it.
    pub fn describe(&self) -> String {
        match self {
            Outcome::Finished { seconds, .. } => {
                let figures = self.figures().unwrap_or_default();
                let mut parts = Vec::new();
                if let Some(total) = figures.total {
                    parts.push(format!("total {total}"));
                }
                if let Some(worst) = figures.worst_case {
                    parts.push(format!("worst case {worst}"));
                }
                if let Some(least) = figures.least {
                    parts.push(format!("{least} static guesses"));
                }
                format!("{} ({seconds:.2} s)", parts.join(", "))
            }
            Outcome::Unfinished { seconds, reached } => {
                format!("unfinished after {seconds} s: {reached}")
            }
            Outcome::Failed { reason } => format!("cannot be done: {reason}"),
        }
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}
