//! Proofs side by side. The classes that a claim's guesses need proven are handed out as
//! tasks, each proven on a thread of its own by a prover that knows what the claim's prover
//! had proven when they set out. Their facts are written in the order of the tasks, whatever
//! the threads, each task's as soon as those before it are written, so that a proof stopped
//! part way keeps what was finished. A task's facts cite only facts before them: its own,
//! or those written before the tasks set out. Tasks side by side do not know each other's
//! facts, so two may prove the same set or renamings of it: a fact that one written before it
//! already proves is left out, since the checker looks a set up by its codes, not by the fact
//! that proved it, and one about a renaming of an earlier fact's set cites that fact.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::sync::{Mutex, PoisonError};

use mastermind_certificate::{Fact, Key, PathSets, SetKeys};
use mastermind_core::{Codebook, Scorer};
use rayon::prelude::*;

use super::prover::{CertifyError, FactSink, Known, Prover, Task};
use super::renamed_facts::RenamedFacts;

/// What one fact written proves of its set: at least a bound, so many steps from the start.
#[derive(Clone, Copy)]
struct Proven {
    bound: u32,
    depth: usize,
}

/// Facts handed in task by task in any order, written in the tasks' order, each unless one
/// written before it proves as much.
struct InOrder<'o, 's, S> {
    next: usize,
    waiting: BTreeMap<usize, Vec<Fact>>,
    out: &'o mut S,
    sets: PathSets<'s>,
    keys: SetKeys,
    /// What the facts written prove: for each set and budget, each fact's bound and depth.
    proven: HashMap<(Key, Option<u8>), Vec<Proven>>,
    /// The facts written, by the canonical forms of their sets.
    renamed: RenamedFacts,
    book: &'s Codebook,
    /// The facts written, in order.
    written: Vec<Fact>,
}

impl<'o, 's, S: FactSink> InOrder<'o, 's, S> {
    fn new(scorer: &'s Scorer, out: &'o mut S) -> Self {
        InOrder {
            next: 0,
            waiting: BTreeMap::new(),
            out,
            sets: PathSets::new(scorer),
            keys: SetKeys::default(),
            proven: HashMap::new(),
            renamed: RenamedFacts::default(),
            book: scorer.codebook(),
            written: Vec::new(),
        }
    }

    fn hand_in(&mut self, task: usize, facts: Vec<Fact>) -> io::Result<()> {
        self.waiting.insert(task, facts);
        while let Some(facts) = self.waiting.remove(&self.next) {
            for fact in facts {
                self.write_new(fact)?;
            }
            self.next += 1;
        }
        Ok(())
    }

    /// Writes `fact` unless a fact written before it is about the same set and budget, proves
    /// at least as much, and is no deeper: a merged certificate forgets deep facts between
    /// its pieces, and the one kept must stay whenever the one left out would have. A fact
    /// about a renaming of the set of one written before that proves as much is written as a
    /// renamed fact citing it, which the checker confirms without weighing a guess; the facts
    /// of its own proof stay, since those after it may cite them.
    fn write_new(&mut self, fact: Fact) -> io::Result<()> {
        let set = self.sets.at(&fact.path);
        let key = (self.keys.key(set), fact.budget);
        let new = Proven {
            bound: fact.bound.as_u32(),
            depth: fact.path.len(),
        };
        let proven = self.proven.entry(key).or_default();
        if proven
            .iter()
            .any(|old| old.bound >= new.bound && old.depth <= new.depth)
        {
            return Ok(());
        }
        proven.push(new);
        let filed = match fact.renaming {
            None => RenamedFacts::file(self.book, set, fact.budget),
            Some(_) => None,
        };
        let fact = match filed {
            Some(filed) => match self.renamed.proving(&filed, new.bound) {
                Some((_, renaming)) => Fact {
                    renaming: Some(renaming),
                    ..fact
                },
                None => {
                    self.renamed.record(filed, new.bound);
                    fact
                }
            },
            None => fact,
        };
        self.out.fact(&fact)?;
        self.written.push(fact);
        Ok(())
    }
}

impl<S: FactSink + Send> Prover<'_, '_, S> {
    /// Proves every one of `tasks`, side by side, and writes their facts in order.
    pub(super) fn prove_beside(&mut self, tasks: &[Task]) -> Result<(), CertifyError> {
        let (search, path, one_step) = (self.search, &self.path, &self.one_step);
        let bases: Vec<&Known> = self.bases.iter().copied().chain([&self.known]).collect();
        let out = Mutex::new(InOrder::new(search.scorer(), &mut *self.out));
        let proven: Vec<Result<(), CertifyError>> = tasks
            .par_iter()
            .enumerate()
            .map(|(index, task)| {
                let mut facts = Vec::new();
                let one_step = one_step.beside();
                Prover::on(search, bases.clone(), path.clone(), one_step, &mut facts)
                    .prove_task(task)?;
                let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
                out.hand_in(index, facts).map_err(CertifyError::from)
            })
            .collect();
        // The first failure in the tasks' order, whatever the threads.
        proven.into_iter().collect::<Result<(), _>>()?;
        let written = out
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
            .written;
        self.cite(&mut written.into_iter());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use mastermind_certificate::{read_facts, PathSets};
    use mastermind_core::{FeedbackKind, Game, Scorer};
    use mastermind_tree::Statistics;

    use super::RenamedFacts;
    use crate::{build, write_certificate};
    use mastermind_strategy::{NoProgress, Situation, StrategyKind, StrategyOptions};

    #[test]
    fn no_set_is_proven_again_under_another_name() {
        // 4×7's 2401 codes are enough for the claim's classes to be proven side by side.
        let game = Game::new(4, 7, true, FeedbackKind::BlackWhite).unwrap();
        let scorer = Scorer::new(game);
        let options = StrategyOptions::default();
        let built = build(StrategyKind::Optimal, &options, &scorer, &NoProgress).unwrap();
        let statistics = Statistics::of_tree(&built.root);
        let (total, worst) = (statistics.total(), statistics.worst_case());
        let start = Situation::start(&scorer);
        let mut bytes = Vec::new();
        write_certificate(&scorer, &options, &start, total, worst, &mut bytes).unwrap();
        let facts = read_facts(bytes.as_slice()).unwrap().1;
        let (mut sets, mut proven) = (PathSets::new(&scorer), RenamedFacts::default());
        let mut renamed = 0;
        for (index, fact) in facts.iter().enumerate() {
            if fact.renaming.is_some() {
                renamed += 1;
                continue;
            }
            let set = sets.at(&fact.path);
            let Some(filed) = RenamedFacts::file(scorer.codebook(), set, fact.budget) else {
                continue;
            };
            let bound = fact.bound.as_u32();
            assert!(
                proven.proving(&filed, bound).is_none(),
                "fact {index} proves a renaming of a set proven before it"
            );
            proven.record(filed, bound);
        }
        assert!(renamed > 0, "no renamed fact in {} facts", facts.len());
    }
}
