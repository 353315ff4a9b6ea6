//! Proofs side by side. The classes that a claim's guesses need proven are handed out as
//! tasks, each proven on a thread of its own by a prover that knows what the claim's prover
//! had proven when they set out. Their facts are written in the order of the tasks, whatever
//! the threads, each task's as soon as those before it are written, so that a proof stopped
//! part way keeps what was finished. A task's facts cite only facts before them: its own,
//! or those written before the tasks set out.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Mutex, PoisonError};

use mastermind_certificate::Fact;
use rayon::prelude::*;

use super::prover::{CertifyError, FactSink, Known, Prover, Task};

/// Facts handed in task by task in any order, written in the tasks' order.
struct InOrder<'o, S> {
    next: usize,
    waiting: BTreeMap<usize, Vec<Fact>>,
    out: &'o mut S,
}

impl<S: FactSink> InOrder<'_, S> {
    fn hand_in(&mut self, task: usize, facts: Vec<Fact>) -> io::Result<()> {
        self.waiting.insert(task, facts);
        while let Some(facts) = self.waiting.remove(&self.next) {
            for fact in &facts {
                self.out.fact(fact)?;
            }
            self.next += 1;
        }
        Ok(())
    }
}

impl<S: FactSink + Send> Prover<'_, '_, S> {
    /// Proves every one of `tasks`, side by side, and writes their facts in order.
    pub(super) fn prove_beside(&mut self, tasks: &[Task]) -> Result<(), CertifyError> {
        let (search, path, one_step) = (self.search, &self.path, &self.one_step);
        let bases: Vec<&Known> = self.bases.iter().copied().chain([&self.known]).collect();
        let out = Mutex::new(InOrder {
            next: 0,
            waiting: BTreeMap::new(),
            out: &mut *self.out,
        });
        let proven: Vec<Result<Vec<Fact>, CertifyError>> = tasks
            .par_iter()
            .enumerate()
            .map(|(index, task)| {
                let mut facts = Vec::new();
                let one_step = one_step.beside();
                Prover::on(search, bases.clone(), path.clone(), one_step, &mut facts)
                    .prove_task(task)?;
                let mut out = out.lock().unwrap_or_else(PoisonError::into_inner);
                out.hand_in(index, facts.clone())?;
                Ok(facts)
            })
            .collect();
        let mut written = Vec::new();
        for facts in proven {
            written.extend(facts?);
        }
        self.cite(&mut written.into_iter());
        Ok(())
    }
}
