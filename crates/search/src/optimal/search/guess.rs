//! Trying one guess at a node: what its classes are known to cost, then a ranking of each
//! class the estimates say little about (the best guess's bound is a far better floor than
//! the class's size gives, and failing guesses usually fail here, before any class is
//! searched in depth), then each class solved with the limit the others leave. For the root's
//! first guess, tried alone, the probes and the classes run side by side on the thread pool;
//! elsewhere they run in turn, each class's limit tightened by the exact totals of those
//! before it, and the probes in two rounds: every class's candidates first, then the guesses
//! outside each class, which cost most and are seldom needed to see a guess fail.

use mastermind_core::Code;
use rayon::prelude::*;

use super::context::{Search, Subproblem};
use super::estimate::Estimate;
use super::partition::Split;
use super::ranking::Ranking;
use super::shared_bounds::Renamed;
use crate::optimal::bounds::budget::Budget;
use crate::optimal::bounds::least_totals::INFEASIBLE;
use crate::optimal::table::transposition::{Known, Outcome};
use mastermind_strategy::symmetry::Symmetry;

/// One class of a guess and what is known of it so far.
struct Class<'s> {
    codes: &'s [Code],
    known: Estimate,
    /// Its guesses ranked by a probe, against a limit at least the one it is solved with.
    ranked: Option<Ranking<'s>>,
    /// Its canonical form, once the probe has worked it out.
    renamed: Renamed,
}

/// How far [`Search::sharpen`] probes a class, cheapest first.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// Its guesses ranked, short of marking those that are not candidates.
    Candidates,
    /// Every guess ranked.
    Outsiders,
}

impl Search<'_> {
    /// The total of playing `guess` at `set` (whose bound is `bound`, below `limit`), if below
    /// `limit`; else a lower bound at or above it. `split` is its split of the set.
    pub(in crate::optimal) fn try_guess(
        &self,
        problem: Subproblem<'_>,
        (guess, split): (Code, &Split),
        bound: u32,
        limit: u32,
    ) -> Outcome {
        let Subproblem { set, depth, .. } = problem;
        let budget = problem.budget.after_guess();
        let n = set.len() as u32;
        // Only the root's classes run side by side, only with threads to share them, and
        // only for the guess tried before the root has a total, which runs alone. Classes
        // side by side cannot lend each other the slack of their exact totals: deeper down
        // they search half as many nodes again as in turn, and once the root has a total its
        // guesses run side by side instead, each one's classes in turn (BENCHMARKS.md, "The
        // code's tuning").
        let side_by_side = depth == 0 && limit == INFEASIBLE && rayon::current_num_threads() > 1;
        // The root's classes are the subproblems progress counts.
        let settle = |classes: usize| {
            if depth == 0 {
                self.report.settle(classes as u64);
            }
        };
        let settle_all = || settle(split.classes().len());
        // Start from every class's size bound and replace them by what is known, largest class
        // first, leaving as soon as the guess cannot beat the limit: most guesses tried fail
        // here, and the small classes' estimates are not cheap.
        let size_bound = |codes: &[Code]| self.bounds.of(codes.len(), budget);
        let mut rest = split
            .classes()
            .fold(0u32, |sum, codes| sum.saturating_add(size_bound(codes)));
        // The table is asked about each class in turn, and its answers wait on memory: asked
        // for all at once, memory fetches them side by side.
        for codes in split.classes().filter(|codes| codes.len() > 2) {
            self.table().warm(codes, budget);
        }
        let mut classes: Vec<Class<'_>> = Vec::with_capacity(split.classes().len());
        for codes in split.classes() {
            let known = self.known(codes, budget);
            rest = rest.saturating_add(known.value.saturating_sub(size_bound(codes)));
            classes.push(Class {
                codes,
                known,
                ranked: None,
                renamed: Renamed::NotYet,
            });
            if n.saturating_add(rest) >= limit {
                settle_all();
                return Err(n.saturating_add(rest));
            }
        }
        debug_assert!(
            n.saturating_add(rest) >= bound,
            "estimates never undercut the bound"
        );
        // Worked out once the estimates leave the guess standing: most guesses fail before.
        let symmetry = problem.symmetry.after(self.scorer.codebook(), guess);
        let class_problem = |codes| Subproblem {
            set: codes,
            budget,
            symmetry: &symmetry,
            depth: depth + 1,
        };
        if side_by_side {
            let rises: Vec<u32> = classes
                .par_iter_mut()
                .map(|class| {
                    let class_limit = limit - (n + rest - class.known.value);
                    self.sharpen(class, (budget, class_limit), &symmetry, Stage::Outsiders)
                })
                .collect();
            rest = rises
                .iter()
                .fold(rest, |rest, &rise| rest.saturating_add(rise));
        } else {
            // Every class goes through each stage before any goes through the next, dearer
            // one: most guesses fail on what the cheap stages show.
            'probes: for stage in [Stage::Candidates, Stage::Outsiders] {
                for class in &mut classes {
                    let class_limit = limit - (n + rest - class.known.value);
                    let rise = self.sharpen(class, (budget, class_limit), &symmetry, stage);
                    rest = rest.saturating_add(rise);
                    if n.saturating_add(rest) >= limit {
                        break 'probes;
                    }
                }
            }
        }
        if n.saturating_add(rest) >= limit {
            settle_all();
            return Err(n.saturating_add(rest));
        }
        if side_by_side {
            // Each class gets the limit left by the others' estimates; they cannot lend each
            // other slack while running side by side.
            let values: Vec<(u32, u32)> = classes
                .into_par_iter()
                .map(|class| {
                    let class_limit = limit - (n + rest - class.known.value);
                    let value = self.solve_known(
                        class_problem(class.codes),
                        class_limit,
                        class.known,
                        class.ranked,
                        class.renamed,
                    );
                    settle(1);
                    (value, class_limit)
                })
                .collect();
            let total = values
                .iter()
                .fold(n, |total, &(value, _)| total.saturating_add(value));
            let exact = values
                .iter()
                .all(|&(value, class_limit)| value < class_limit);
            return if exact && total < limit {
                Ok(total)
            } else {
                Err(total)
            };
        }
        let mut total = n;
        let mut unsettled = classes.len();
        for class in classes {
            rest -= class.known.value;
            unsettled -= 1;
            if class.known.exact {
                total += class.known.value;
                settle(1);
                continue;
            }
            let class_limit = limit - total - rest;
            let value = self.solve_known(
                class_problem(class.codes),
                class_limit,
                class.known,
                class.ranked,
                class.renamed,
            );
            settle(1);
            if value >= class_limit {
                settle(unsettled);
                return Err(total.saturating_add(value).saturating_add(rest));
            }
            total += value;
        }
        Ok(total)
    }

    /// Learns more of a class before it is solved, where that is cheap next to solving it,
    /// as far as `stage`: a scan outside a small set and the table's bound of its canonical
    /// form, then, unless that settles it, a ranking of its guesses against `limit`. Small
    /// classes are ranked too, after a scan as well, which is quicker than leaving them to be
    /// ranked when solved. Each stage picks up where the last left off. Returns by how much its estimate rose.
    fn sharpen<'s>(
        &'s self,
        class: &mut Class<'s>,
        (budget, limit): (Budget, u32),
        symmetry: &'s Symmetry,
        stage: Stage,
    ) -> u32 {
        let before = class.known.value;
        if self.needs_scan(class.codes, budget, class.known) {
            class.known = self.scan_outside(class.codes, budget);
        }
        if class.known.exact {
            return class.known.value - before;
        }
        if let Renamed::NotYet = class.renamed {
            let canonical = self.canonical(class.codes);
            if let Some(canonical) = &canonical {
                class.known.value = class.known.value.max(self.shared(canonical, budget));
            }
            class.renamed = Renamed::Found(canonical);
        }
        if class.known.value >= limit {
            return class.known.value - before;
        }
        let ranking = class
            .ranked
            .get_or_insert_with(|| self.rank(class.codes, budget, limit, symmetry));
        let least = match stage {
            Stage::Candidates => ranking.least_among_marked(self, limit),
            Stage::Outsiders => ranking.least(self, limit),
        };
        if least >= limit {
            let known = Known::AtLeast(least);
            self.table().record(class.codes, budget, known);
            if let Renamed::Found(Some(canonical)) = &class.renamed {
                self.share(canonical, budget, known);
            }
        }
        class.known.value = class.known.value.max(least);
        class.known.value - before
    }
}
