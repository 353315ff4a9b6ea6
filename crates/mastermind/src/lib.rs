//! Exhaustive strategy trees for Mastermind and its variants, as a library: build Knuth's 1976
//! minimax tree, the classic heuristics, the exact optimum or a strategy of your own; verify
//! any tree and every figure it claims; read and write the JSON tree file, the papers'
//! parenthesised notations and other tools' formats; play one game at a time.
//!
//! The `mastermind` command is built on exactly this API, so a tree built here is the tree the
//! command writes, byte for byte.
//!
//! Scoring, trees, the notations, the strategies, the verifier and certificates are always
//! compiled; the rest are features, all on by default, that a project can leave out with
//! `default-features = false`: `play`, `formats`, `files`, `memory`, `runs` (searches in shards and resumable
//! runs), `static` (static Mastermind), `atlas` and `page`.
//!
//! # Build Knuth's tree
//!
//! ```
//! use mastermind::strategy::{self, NoProgress, StrategyKind, StrategyOptions};
//! use mastermind::tree::Statistics;
//! use mastermind::{Game, Scorer};
//!
//! let scorer = Scorer::for_one_pass(Game::classic());
//! let built = strategy::build(StrategyKind::Knuth, &StrategyOptions::default(), &scorer, &NoProgress)?;
//! let statistics = Statistics::of_tree(&built.root);
//! assert_eq!((statistics.total(), statistics.worst_case()), (5801, 5));
//! # Ok::<(), mastermind::strategy::StrategyError>(())
//! ```
//!
//! # Find the expected-case optimum
//!
//! Koyama and Lai's 5625 guesses over the 1296 codes of 4 pegs × 6 colours (a few seconds in
//! release builds; a little longer under `cargo test`):
//!
//! ```
//! use mastermind::strategy::{self, NoProgress, StrategyKind, StrategyOptions};
//! use mastermind::tree::Statistics;
//! use mastermind::{Game, Scorer};
//!
//! let scorer = Scorer::new(Game::classic());
//! let built = strategy::build(StrategyKind::Optimal, &StrategyOptions::default(), &scorer, &NoProgress)?;
//! assert_eq!(Statistics::of_tree(&built.root).total(), 5625);
//! # Ok::<(), mastermind::strategy::StrategyError>(())
//! ```
//!
//! A smaller game finishes at once: Goddard's optimum for 3 pegs × 5 colours is 451 guesses
//! over its 125 codes.
//!
//! ```
//! use mastermind::strategy::{self, NoProgress, StrategyKind, StrategyOptions};
//! use mastermind::tree::Statistics;
//! use mastermind::{FeedbackKind, Game, Scorer};
//!
//! let game = Game::new(3, 5, true, FeedbackKind::BlackWhite)?;
//! let scorer = Scorer::new(game);
//! let built = strategy::build(StrategyKind::Optimal, &StrategyOptions::default(), &scorer, &NoProgress)?;
//! assert_eq!(Statistics::of_tree(&built.root).total(), 451);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Your own strategy
//!
//! A [`GuessScore`](strategy::GuessScore) scores the partition a guess makes of the candidates;
//! the builder plays the lowest score at every node, with the same symmetry reductions,
//! tie-break and parallel build as the built-in heuristics, which are scores too:
//!
//! ```
//! use mastermind::strategy::{self, ClassSizes, GuessScore, NoProgress, Situation, StrategyOptions};
//! use mastermind::tree::Statistics;
//! use mastermind::{Game, Scorer};
//!
//! /// Knuth's rule written by hand: the smallest largest class.
//! struct Minimax;
//!
//! impl GuessScore for Minimax {
//!     fn name(&self) -> String {
//!         "my-minimax".into()
//!     }
//!     fn score(&self, sizes: &ClassSizes<'_>) -> f64 {
//!         f64::from(sizes.largest())
//!     }
//! }
//!
//! let scorer = Scorer::for_one_pass(Game::classic());
//! let start = Situation::start(&scorer);
//! let built = strategy::build_scored(&Minimax, &StrategyOptions::default(), &scorer, &start, &NoProgress)?;
//! assert_eq!(Statistics::of_tree(&built.root).total(), 5801);
//! assert_eq!(built.info.name, "my-minimax");
//! # Ok::<(), mastermind::strategy::StrategyError>(())
//! ```
//!
//! # Verify a tree file and list its problems
//!
//! ```
//! use mastermind::tree::TreeFile;
//! use mastermind::verify::{verify_file, VerifyOptions};
//!
//! // A 1 peg × 3 colours tree that claims 5 guesses where it takes 6.
//! let text = r#"{"format": "mastermind-strategy-tree", "version": 1,
//!   "game": {"pegs": 1, "colours": 3, "repetition": true, "feedback": "black-white", "symbols": "123"},
//!   "strategy": {"name": "by-hand"},
//!   "claims": {"codes": 3, "total_guesses": 5, "average": {"fraction": "5/3", "decimal": "1.6667"},
//!              "worst_case": 3, "solved_by_guess": [1, 1, 1]},
//!   "tree": {"guess": "1", "candidates": 3, "children": {"0B0W": {"guess": "2", "candidates": 2,
//!            "children": {"0B0W": {"guess": "3", "candidates": 1}}}}}}"#;
//! let file = TreeFile::from_json(text)?;
//! let report = verify_file(&file, &VerifyOptions::default())?;
//! assert!(!report.is_valid());
//! assert_eq!(report.statistics.total(), 6);
//! for problem in &report.problems {
//!     println!("{problem}");
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Read a tree in Knuth's notation
//!
//! ```
//! use mastermind::notation::{self, Layout, Notation};
//! use mastermind::strategy::{knuth, NoProgress};
//! use mastermind::verify::{verify_notation, VerifyOptions};
//! use mastermind::{Game, Scorer};
//!
//! let scorer = Scorer::for_one_pass(Game::classic());
//! let text = notation::print(scorer.codebook(), &knuth(&scorer, &NoProgress), Notation::Knuth, Layout::Flat);
//! let reading = notation::read(&text, scorer.game(), Some(Notation::Knuth));
//! let report = verify_notation(&scorer, &reading, &[], &VerifyOptions::default());
//! assert!(report.is_valid());
//! assert_eq!(report.statistics.total(), 5801);
//! ```
//!
//! # Play a game
//!
//! ```
//! use mastermind::play::{Codebreaker, Codemaker, Step};
//! use mastermind::strategy::{knuth, NoProgress};
//! use mastermind::{Game, Scorer};
//!
//! let scorer = Scorer::for_one_pass(Game::classic());
//! let tree = knuth(&scorer, &NoProgress);
//! let secret = scorer.codebook().parse("3632")?;
//! let mut maker = Codemaker::new(&scorer, secret)?;
//! let mut breaker = Codebreaker::new(&scorer, &tree);
//! loop {
//!     let guess = scorer.codebook().format(breaker.guess());
//!     let turn = maker.guess(&guess)?;
//!     match breaker.reply(turn.reply) {
//!         Step::Next => continue,
//!         Step::Solved { guesses } => break assert_eq!(guesses, maker.turns().len()),
//!         Step::Refused(mistake) => unreachable!("the maker's replies are true: {mistake:?}"),
//!     }
//! }
//! assert!(maker.is_solved());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

//! # Run a long search in pieces that survive a stop
//!
//! The optimum's search cut into its plan's pieces, each written to a directory as it is
//! solved: run it again after a stop (or on many machines at once, one piece each) and it
//! goes on where it was, ending with the same tree as one uninterrupted run.
//!
//! ```
//! use mastermind::runs::resume::{Finished, Request, ResumableRun, Unwatched};
//! use mastermind::strategy::OptimalOptions;
//! use mastermind::tree::StrategyInfo;
//! use mastermind::{FeedbackKind, Game, Scorer};
//!
//! let scorer = Scorer::new(Game::new(3, 4, true, FeedbackKind::BlackWhite)?);
//! let options = OptimalOptions::default();
//! let directory = std::env::temp_dir().join(format!("mastermind-doc-{}", std::process::id()));
//! let run = ResumableRun::new(&scorer, &options, &StrategyInfo::named("optimal"), &directory)?;
//! match run.run(Request::default(), &Unwatched)? {
//!     Finished::Tree { file, .. } => assert_eq!(file.claims.total_guesses, 206),
//!     other => panic!("every piece was solved, yet {other:?}"),
//! }
//! # std::fs::remove_dir_all(&directory)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Static Mastermind, the atlas and the page
//!
//! ```
//! use mastermind::{FeedbackKind, Game, Scorer};
//!
//! // The least set of guesses made all at once that tells every code of 2×3 apart.
//! let scorer = Scorer::new(Game::new(2, 3, true, FeedbackKind::BlackWhite)?);
//! let least = mastermind::static_mastermind::least_set(&scorer, &mastermind::static_mastermind::NoProgress);
//! assert!(mastermind::static_mastermind::check(&scorer, &least.guesses).determines());
//!
//! // One figure of the atlas, computed as `mastermind atlas` computes it.
//! use mastermind::atlas::{compute, GameKey, Measure, Unreported, Variant};
//! let game = GameKey { pegs: 3, colours: 4, variant: Variant::Repeat };
//! let figures = compute(Measure::Optimal, game, &Unreported)?;
//! assert_eq!(figures.total, Some(206));
//!
//! // The page of Knuth's tree: one self-contained HTML file.
//! use mastermind::strategy::{knuth, NoProgress};
//! let scorer = Scorer::for_one_pass(Game::classic());
//! let strategy = mastermind::tree::StrategyInfo::named("knuth");
//! let html = mastermind::page::page(scorer.codebook(), &knuth(&scorer, &NoProgress), &strategy, "Knuth", None);
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
#![warn(missing_docs)]

/// The vector unit the scoring and search kernels run (the widest the CPU has), and the cap
/// `MASTERMIND_VECTOR_UNIT` (`avx2` or `baseline`) puts on it, to time the narrower versions.
pub use mastermind_core::{vector_cap, vector_unit, VectorUnit, VECTOR_UNIT_VARIABLE};
pub use mastermind_core::{
    Code, CodeParseError, Codebook, Feedback, FeedbackKind, FeedbackParseError, Game, GameError,
    NotACode, Scorer, MAX_COLOURS, MAX_PEGS,
};

/// Strategies: every built-in one by name ([`build`](strategy::build)), your own scores
/// ([`build_scored`](strategy::build_scored)), the exact searches, and where a build starts.
pub mod strategy {
    pub use mastermind_search::{
        build, build_certified, build_from, build_scored, certify_tree, least_worst_case, optimal,
        optimal_from, optimal_options, reply_rows_bytes, set_transposition_table,
        write_certificate, BuildCertifiedError, BuiltStrategy, CertifyError, CertifyTreeError,
        NoStrategy, OptimalFromError, OptimalOptions, OptimalResult, SearchStatistics,
        StrategyError, DEFAULT_TABLE_BYTES,
    };
    /// What a large build is expected to cost, from measured searches.
    pub use mastermind_strategy::forecast;
    /// The symmetries of a game that fix a history: one guess for each class of guesses that
    /// differ only by them.
    pub use mastermind_strategy::symmetry;
    pub use mastermind_strategy::{
        check_options, first_consistent, knuth, one_step, one_step_with, random_consistent,
        strategy_info, ClassSizes, Contradiction, GuessScore, Heuristic, Misfit, NoProgress,
        Objective, OneStepOptions, OtherGame, Progress, Situation, StrategyKind, StrategyOptions,
        TieBreak,
    };
}

/// Why a strategy plays its guess: at one position ([`explain`](explain::explain), as `next
/// --explain` says it), or at every position of a tree ([`reasons`](explain::reasons), as the
/// page shows them).
pub mod explain {
    pub use mastermind_search::explain::{
        explain, AlternativeDocument, ExactDepth, Explanation, ExplanationDocument, Ranked,
    };
    pub use mastermind_search::reasons::{ranked_strategy, reason_at, reasons};
}

/// The tree model, its statistics and the self-describing JSON tree file.
pub mod tree {
    pub use mastermind_tree::{
        Average, AverageDocument, Claims, FileError, FileGame, FileNode, GameDocument, Node,
        OptimumLabels, Statistics, StrategyInfo, TreeFile, FORMAT_NAME, FORMAT_VERSION,
    };
}

/// The papers' parenthesised notations: Knuth's (1976) and Irving's (Koyama and Lai).
pub mod notation {
    pub use mastermind_tree::notation::{print, read, Form, Layout, Notation, Reading};
}

pub mod compare;
pub mod ops;
pub mod read;

#[cfg(feature = "formats")]
/// Other tools' tree formats: read and write.
pub mod formats {
    pub use mastermind_formats::{detect, parse, write, Format, Parsed, Reading, SyntaxError};
}

/// The verifier: replays every code through a tree and checks every claim, and says whether a
/// certificate proves the tree optimal ([`judge`](verify::judge)).
pub mod verify {
    pub use mastermind_verify::{
        claims_optimum, judge, quoted_average_notes, verify_file, verify_node, verify_notation,
        verify_read, verify_tree, Optimality, Problem, ProblemDocument, ProblemKind, Report,
        TreePath, VerificationDocument, VerifyOptions, VERIFICATION_FORMAT, VERIFICATION_VERSION,
    };
}

/// Certificates of optimality: reading and checking them, independently of the search
/// ([`check`](certificate::check)); [`strategy::write_certificate`] and
/// [`strategy::certify_tree`] write them.
pub mod certificate {
    pub use mastermind_certificate::{
        check, check_for, check_partial, check_reference, check_reference_for, packed, read_facts,
        verdict, Bound, Bounds, CertificateError, CertificateWriter, Claim, Fact, Header, Measure,
        Optimality, Play, Proven, ReferenceProven, Renaming, Step,
    };
}

#[cfg(feature = "play")]
/// One game at a time: the tool breaking your code, or keeping its own secret for you.
pub mod play {
    pub use mastermind_play::{
        codes_left, fresh_seed, next_text, parse_history, parse_reply, plural, reply,
        secret_from_seed, summary_text, trace, turns_text, write_history, Codebreaker, Codemaker,
        GameSoFar, GameSoFarError, GuessesNeeded, Mistake, NearMiss, NextDocument, OffTheTree,
        Step, TraceDocument, TraceError, TracedGame, TracedTurn, TracedTurnDocument, Turn,
        LISTED_CANDIDATES, NEXT_FORMAT, NEXT_VERSION, TRACE_FORMAT, TRACE_VERSION,
    };
}

#[cfg(feature = "files")]
/// Writing outputs as the command does: `-` is standard output, a device is written in place,
/// a file is replaced whole or not at all (with [`discard_pending`](files::discard_pending) for
/// a signal handler to call), and a lock beside an output keeps a second run off it.
pub mod files {
    pub use mastermind_files::{
        discard_pending, gzip, open_input, read_input, scratch_for, write_atomically, write_output,
        write_output_from, write_stdout, write_together, FileError, Files, OutputLock,
        MAX_INPUT_BYTES,
    };
}

#[cfg(feature = "memory")]
/// Living within a memory limit: a build weighed against the limit before its tables are made
/// ([`fit_build`](memory::fit_build)), the search's table sized to fit, and an allocator that
/// says how much it could not have instead of aborting.
pub mod memory {
    pub use mastermind_memory::{
        adapt_to_limit, default_table_bytes, fit_build, ReportingAllocator, SystemWhenLimited,
        TooLarge,
    };
}

#[cfg(feature = "runs")]
/// Searches cut into pieces: shards that run anywhere and the merge that checks them
/// ([`optimal`](runs::optimal), [`static_search`](runs::static_search)), their certificates,
/// runs that survive a stop ([`resume`](runs::resume)), and the proofs their bounds have
/// checked ([`checked_proofs`](runs::checked_proofs)).
pub mod runs {
    pub use mastermind_runs::{
        certificates, checked_proofs, deal, merge, notes, optimal, part, resume, search_of,
        static_search, MergeError, Merged, ShardId, ShardIdError,
    };
}

#[cfg(feature = "static")]
/// Static Mastermind: every guess made at once, before any reply.
pub mod static_mastermind {
    pub use mastermind_static::{
        check, find_set, greedy_set, layout, least_set, searchable, Check, Entry, LeastSet,
        NoProgress, Proof, SearchProgress, StaticFile, TooLargeToSearch,
    };
}

#[cfg(feature = "atlas")]
pub mod atlas;

#[cfg(feature = "page")]
pub mod page;
