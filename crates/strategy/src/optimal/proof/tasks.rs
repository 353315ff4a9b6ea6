//! Proofs side by side. The classes that a claim's guesses need proven are handed out as
//! tasks, each proven on a thread of its own by a prover that knows what the claim's prover
//! had proven when they set out. Their facts are written in the order of the tasks, whatever
//! the threads, each task's as soon as those before it are written, so that a proof stopped
//! part way keeps what was finished. A task's facts cite only facts before them: its own,
//! or those written before the tasks set out. Tasks side by side do not know each other's
//! facts, so two may prove the same set: a fact that one written before it already proves is
//! left out, since the checker looks a set up by its codes, not by the fact that proved it.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::sync::{Mutex, PoisonError};

use mastermind_certificate::{Fact, Key, PathSets, SetKeys};
use mastermind_core::Scorer;
use rayon::prelude::*;

use super::prover::{CertifyError, FactSink, Known, Prover, Task};

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
    /// its pieces, and the one kept must stay whenever the one left out would have.
    fn write_new(&mut self, fact: Fact) -> io::Result<()> {
        let key = (self.keys.key(self.sets.at(&fact.path)), fact.budget);
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
