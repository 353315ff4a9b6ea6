//! The command line: subcommands, the game flags they share, and their help text.

#[cfg(test)]
mod help_examples;
pub mod strategy_flags;

use std::path::PathBuf;

use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use mastermind::read::{GameWord, GameWords};
use mastermind::strategy::StrategyKind;
use mastermind::Game;

/// Build, verify and print exhaustive strategy trees for Mastermind and its variants.
#[derive(Debug, Parser)]
#[command(
    name = "mastermind",
    version,
    about = "Build, verify, print and play exhaustive strategy trees for Mastermind and its variants",
    long_about = None
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Worker threads for building (default: one per core). Output is the same for any value.
    #[arg(short = 'j', long = "threads", global = true, value_name = "THREADS",
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,

    /// No progress bar or summary on stderr.
    #[arg(short, long, global = true)]
    pub quiet: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    #[command(verbatim_doc_comment)]
    /// Build a strategy tree and write it as JSON.
    ///
    /// Exit status: 0 when built; 2 for a usage error, an output that cannot be written (checked
    /// before the build starts) or a build that cannot fit the memory limit; 128 plus the
    /// signal's number when interrupted by SIGINT, SIGTERM or SIGHUP, which leave no file
    /// half-written.
    ///
    /// Examples:
    ///   mastermind generate --strategy knuth -o knuth.json
    ///   mastermind generate --strategy optimal --colours 7 --max-guesses 6 -o optimal-4x7.json
    ///   mastermind generate --strategy optimal --colours 10 --resume run-4x10 -o optimal-4x10.json
    Generate(GenerateArgs),
    #[command(verbatim_doc_comment)]
    /// Merge the parts of a sharded search into the file one process would write.
    ///
    /// Checks that the parts are one run (same game, options and plan), that every shard is
    /// there once and unchanged, then assembles the result, verifies it and writes it. The
    /// file is the same, byte for byte, as the one process writes.
    ///
    /// Trust: a part's checksum catches accidents (a truncated or hand-edited file), not
    /// tampering: whoever can write a part can recompute its checksum. Every tree is verified,
    /// and an optimal tree worse than the plan's heuristic bound is refused, but a forged
    /// bound can still make the merge choose a worse opening. Merge only parts you trust.
    ///
    /// Exit status: 0 when merged; 1 when a part was changed or the merged result fails
    /// verification; 2 when a shard is missing or given twice, a part is of another run, or
    /// a file cannot be read.
    ///
    /// Examples:
    ///   for k in 0 1 2 3; do mastermind generate --strategy optimal --shard $k/4 -o part-$k.json; done
    ///   mastermind merge part-*.json -o optimal.json
    ///   mastermind merge run-4x10/piece-*.json -o optimal-4x10.json        (pieces of --resume)
    Merge(MergeArgs),
    #[command(verbatim_doc_comment)]
    /// Replay every code through a tree file and check what it claims.
    ///
    /// The format is detected unless --format names it: JSON when the input starts with `{`;
    /// the C solver's punch card when its first line is a header of reply labels (`---- O---
    /// … XXXX`); its YAML when it starts with `---` or `- `; otherwise a tree in the papers'
    /// notation: Irving's if it marks a guess with `*` or its full forms have Irving's number
    /// of slots (14 for 4 pegs), Knuth's if it has an `x` form or Knuth's number (15).
    /// Lettered sections (`96A` in the tree, `A = (2344: …)` after it) may follow, with or
    /// without a `where` line, in any order. Spacing and line breaks do not matter.
    ///
    /// A JSON file names its game. The punch card and YAML give the pegs (from their codes);
    /// the game flags give the rest. The notations take the whole game from the flags.
    ///
    /// Exit status: 0 when the tree is valid; 1 when it fails verification, which for a text
    /// includes every defect of it (syntax, slots, sections, references), each listed with its
    /// line, column and path; 2 when the input cannot be read as a tree at all (missing, empty,
    /// not text, not in the format) or the arguments are wrong.
    ///
    /// Examples:
    ///   mastermind verify trees/knuth-4x6.json
    ///   mastermind verify trees/published/knuth-1976-figure-1.txt --strategy-name knuth
    ///   mastermind verify solution-4-6-5 --max-guesses 5          (the C solver's punch card)
    Verify(VerifyArgs),
    #[command(verbatim_doc_comment)]
    /// Write a certificate that an optimal tree is optimal, for `verify --certificate`.
    ///
    /// The tree must be a tree of `--strategy optimal` (with the cap and play it records). The
    /// certificate lists facts, set by set: that a set reached by a path of guesses and
    /// replies needs at least so many guesses. `mastermind verify TREE --certificate FILE`
    /// checks each fact from the rules of the game and the facts before it, with a checker that
    /// shares no code with the search, and so proves that no strategy needs fewer guesses than
    /// the tree. Proving runs the search again, so it takes about as long as building the tree.
    ///
    /// Exit status: 0 when written; 1 when the tree fails verification or the search's answers
    /// do not support its claim; 2 when the tree claims no optimum, or a file cannot be read or
    /// written.
    ///
    /// Examples:
    ///   mastermind certify trees/optimal-4x6.json -o optimal-4x6.cert
    ///   mastermind verify trees/optimal-4x6.json --certificate optimal-4x6.cert
    Certify(CertifyArgs),
    #[command(verbatim_doc_comment)]
    /// Print a verified tree in the notation of the papers or in the C solver's formats.
    ///
    /// Exit status: 0 when printed; 1 when the tree fails verification (nothing is printed);
    /// 2 when it cannot be read.
    ///
    /// Examples:
    ///   mastermind print trees/knuth-4x6.json --sections
    ///   mastermind print trees/optimal-4x6.json --notation irving
    ///   mastermind generate --colours 7 | mastermind print - --notation yaml
    Print(PrintArgs),
    #[command(verbatim_doc_comment)]
    /// Verify a tree in any format `verify` reads and write it as a JSON tree file.
    ///
    /// Exit status: 0 when converted; 1 when the tree fails verification (nothing is
    /// written); 2 when it cannot be read or the output cannot be written.
    ///
    /// Examples:
    ///   mastermind convert trees/published/knuth-1976-figure-1.txt --strategy-name knuth -o knuth.json
    ///   mastermind convert solution-4-6-5 -o optimal-max5.json          (the C solver's punch card)
    ///   mastermind convert trees/published/koyama-lai-1993-table-1-K.txt --after 1123=1B1W,1415=1B1W -o k.json
    Convert(ConvertArgs),
    #[command(verbatim_doc_comment)]
    /// Build several strategies for one game and compare them side by side.
    ///
    /// Exit status: 0 when every tree verifies; 1 when one does not; 2 for a usage error.
    ///
    /// Examples:
    ///   mastermind compare
    ///   mastermind compare --colours 7 --strategies knuth,expected-size,optimal --svg chart.svg
    ///   mastermind compare --pegs 4 --colours 10 --no-repeat --json
    Compare(CompareArgs),
    #[command(verbatim_doc_comment)]
    /// Play a strategy against a secret you name, and show every turn.
    ///
    /// Exit status: 0 when traced; 1 when the tree it follows (--tree) fails verification;
    /// 2 for a usage error or a file that cannot be read.
    ///
    /// Examples:
    ///   mastermind trace 3632
    ///   mastermind trace 0123 --pegs 4 --colours 10 --no-repeat --strategy most-parts
    ///   mastermind trace --all            (one line per code, then the total)
    Trace(TraceArgs),
    #[command(verbatim_doc_comment)]
    /// The next guess of a strategy after the guesses and replies of a game so far.
    ///
    /// Exit status: 0 when a guess is given; 1 when the tree it follows (--tree) fails
    /// verification; 2 for a usage error, such as replies no code fits or a guess given twice.
    ///
    /// Examples:
    ///   mastermind next                                  (the first guess: 1122)
    ///   mastermind next --after 1122=1B0W,1344=BW --explain
    ///   mastermind next --strategy optimal --after 1123=-
    Next(NextArgs),
    #[command(verbatim_doc_comment)]
    /// You keep a code in mind; the tool guesses and you give the replies.
    ///
    /// Replies: 1B2W, BWW or `1 2` (black, then white), `-` for none; in a black-only game a
    /// single number. Commands at the prompt: undo, list, help, quit. Prompts go to stderr and
    /// replies are read line by line from stdin, so a pipe works as well as a terminal.
    ///
    /// Exit status: 0 when the code is found; 3 after quit; 5 when the input ends first;
    /// 1 when the tree it follows (--tree) fails verification; 2 for a usage error.
    ///
    /// Examples:
    ///   mastermind solve
    ///   mastermind solve --black-only --strategy most-parts
    ///   printf '1B0W\nW\n1 2\nBW\n4B\n' | mastermind solve      (finds 3632)
    Solve(SolveArgs),
    #[command(verbatim_doc_comment)]
    /// The tool keeps a secret code; you guess and it replies.
    ///
    /// Commands at the prompt: hint (how many codes still fit, and one to try), list (those
    /// codes, when few are left), give up or quit (shows the code), help.
    /// At the end it says how many guesses Knuth's strategy and the optimum need for the code.
    ///
    /// Exit status: 0 when the code is found; 3 after give up; 4 when --max-turns runs out;
    /// 5 when the input ends first; 2 for a usage error.
    ///
    /// Examples:
    ///   mastermind play
    ///   mastermind play --seed 42 --max-turns 10
    ///   mastermind play --pegs 4 --colours 10 --no-repeat       (Bulls and Cows)
    Play(PlayArgs),
    #[command(verbatim_doc_comment)]
    /// Write a verified tree as one self-contained HTML page to explore and play.
    ///
    /// The page works offline from the file: explore the tree reply by reply (each position
    /// has its own link, such as page.html#1122=1B0W,1344=0B2W), let it break a code you keep,
    /// play against a code it hides, and see its verified statistics with a bar chart.
    /// It reads every format `verify` reads. Every page also builds and verifies trees in the
    /// browser (the library compiled to WebAssembly): with --app it starts with no tree, as
    /// a page for any game and strategy.
    ///
    /// Exit status: 0 when written; 1 when the tree (or a tree the atlas links) fails
    /// verification, and no page is written; 2 for a usage error or a file that cannot be read
    /// or written.
    ///
    /// Examples:
    ///   mastermind html trees/knuth-4x6.json -o knuth.html
    ///   mastermind html --app -o mastermind.html
    ///   mastermind generate --pegs 4 --colours 10 --no-repeat --strategy most-parts | mastermind html - -o bulls.html
    Html(HtmlArgs),
    #[command(verbatim_doc_comment)]
    /// Every strategy's figures, the optima and the static number for a range of games.
    ///
    /// For each game (pegs × colours, with and without repeated colours, and with black pegs
    /// only) and each measure (the five deterministic strategies' totals and worst cases, the
    /// expected-case optimum, the least worst case, each optimum again proven, the static
    /// number), one computation runs as a process of its own on one thread, -j at a time, and
    /// is stopped when its --budget runs out: the entry then records how far it got. Trees are
    /// verified before they count; a proven optimum counts only once its certificate, written
    /// by the search's prover, is checked by the independent checker (as `verify --certificate`
    /// checks one) and proves the tree's total (and worst case).
    /// The output is rewritten as each game completes and is read back on the next run, so
    /// an interrupted run goes on where it stopped; finished and failed figures are reused,
    /// unfinished ones are tried again with a larger budget.
    ///
    /// Exit status: 0 when written (unfinished entries included); 2 for a usage error or an
    /// atlas file that cannot be read or written.
    ///
    /// Examples:
    ///   mastermind atlas --pegs 2..3 --colours 2..4 --budget 10 -o atlas.json
    ///   mastermind atlas --shard $K/8 -o part-$K.json           (on each of 8 machines)
    ///   mastermind atlas --reuse part-*.json -o atlas.json        (merge the shards)
    Atlas(AtlasArgs),
    /// One measure of one game, for `atlas`: the figures as JSON on stdout, progress on stderr.
    #[command(hide = true)]
    AtlasEntry(AtlasEntryArgs),
    /// Static Mastermind: every guess made at once, before any reply.
    ///
    /// Examples:
    ///   mastermind static verify 1221 2354 3311 4524 5656 6643
    ///   mastermind static search --pegs 3 --colours 6 -o 3x6.json
    ///   mastermind static table --colours 2..6 --pegs 2..4
    #[command(subcommand, verbatim_doc_comment)]
    Static(StaticCommand),
    #[command(verbatim_doc_comment)]
    /// Write a shell completion script to stdout.
    ///
    /// Examples:
    ///   mastermind completions bash > ~/.local/share/bash-completion/completions/mastermind
    ///   mastermind completions zsh > ~/.zfunc/_mastermind
    ///   mastermind completions fish > ~/.config/fish/completions/mastermind.fish
    Completions(CompletionsArgs),
    #[command(verbatim_doc_comment)]
    /// Write the manual page (roff) to stdout, or with --dir every page: mastermind(1) and one
    /// per subcommand, mastermind-generate(1) and the others its SEE ALSO names.
    ///
    /// Examples:
    ///   mastermind man > ~/.local/share/man/man1/mastermind.1
    ///   mastermind man --dir ~/.local/share/man/man1
    ///   mastermind man | man -l -
    Man(ManArgs),
}

/// Where the guesses come from: a strategy the tool builds, or a tree file it follows.
#[derive(Debug, Args)]
pub struct StrategySourceArgs {
    /// The strategy to play [default: knuth].
    #[arg(long, value_parser = strategy_parser(), conflicts_with = "tree")]
    pub strategy: Option<StrategyKind>,

    #[command(flatten)]
    pub options: StrategyOptions,

    /// Follow this tree file (any format `verify` reads) instead of a strategy.
    #[arg(long, value_name = "FILE")]
    pub tree: Option<PathBuf>,

    /// Read --tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT", requires = "tree")]
    pub format: Option<TreeFormat>,

    /// The game (a JSON tree file names its own).
    #[command(flatten)]
    pub game: GameArgs,
}

impl StrategySourceArgs {
    pub fn strategy(&self) -> StrategyKind {
        self.strategy.unwrap_or(StrategyKind::Knuth)
    }
}

#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The secret codes to play against, such as 3632.
    #[arg(value_name = "SECRET")]
    pub secrets: Vec<String>,

    /// Play against every code of the game, one line each, and give the total.
    #[arg(long, conflicts_with = "secrets")]
    pub all: bool,

    #[command(flatten)]
    pub source: StrategySourceArgs,

    /// Print the turns as JSON.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct NextArgs {
    #[command(flatten)]
    pub source: StrategySourceArgs,

    /// The game so far, e.g. `1122=1B0W,1344=BW` (replies as in `verify --after`: 1B2W,
    /// Knuth's BWW, `1 2`, or `-` for none).
    #[arg(long, value_name = "GUESS=REPLY,...")]
    pub after: Option<String>,

    /// Print the answer as JSON.
    #[arg(long)]
    pub json: bool,

    /// Also say why: the guess's reply classes, and the best alternatives ranked by the
    /// strategy's own score.
    #[arg(long)]
    pub explain: bool,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub source: StrategySourceArgs,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Seed for the secret, so a game can be played again [default: a fresh random seed,
    /// which is shown].
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// Guesses allowed before the code is revealed [default: no limit].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub max_turns: Option<u32>,
}

/// The game: pegs, colours, repetition and feedback. The default is no flag given.
#[derive(Debug, Args, Clone, Default)]
pub struct GameArgs {
    /// Pegs in a code [default: 4].
    #[arg(long, value_name = "P")]
    pub pegs: Option<u32>,

    /// Colours, up to 100 (symbols 1–9 up to nine colours, else 0–9 then A–Z up to 36, else
    /// two digits each: 00 to 99) [default: 6].
    #[arg(long, visible_alias = "colors", value_name = "C")]
    pub colours: Option<u32>,

    /// Codes may not repeat a colour (Bulls and Cows: --pegs 4 --colours 10 --no-repeat).
    #[arg(long)]
    pub no_repeat: bool,

    /// Only black pegs are reported (white pegs are not).
    #[arg(long)]
    pub black_only: bool,
}

impl GameArgs {
    /// The game the flags describe.
    pub fn game(&self) -> anyhow::Result<Game> {
        Ok(self.words().game()?)
    }

    /// The flags given, for a reader that takes the game from a file where the file names it.
    pub fn words(&self) -> GameWords {
        GameWords {
            pegs: self.pegs,
            colours: self.colours,
            repetition: self.no_repeat.then_some(false),
            black_only: self.black_only.then_some(true),
        }
    }
}

/// A game word as the flag that gave it: `--pegs 5`.
pub fn flag(word: &GameWord) -> String {
    match word {
        GameWord::Pegs(pegs) => format!("--pegs {pegs}"),
        GameWord::Colours(colours) => format!("--colours {colours}"),
        GameWord::Repetition(_) => "--no-repeat".to_owned(),
        GameWord::BlackOnly(_) => "--black-only".to_owned(),
    }
}

/// Reads a strategy by the name tree files give it; `--help` lists each with its summary.
fn strategy_parser() -> impl TypedValueParser<Value = StrategyKind> {
    let names = StrategyKind::ALL
        .map(|kind| clap::builder::PossibleValue::new(kind.file_name()).help(kind.summary()));
    PossibleValuesParser::new(names).map(|name| {
        StrategyKind::from_file_name(&name).expect("the parser takes only the strategies' names")
    })
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TieBreakName {
    /// A candidate before a non-candidate, then the first in numeric order (Knuth's rule).
    PreferCandidate,
    /// The first in numeric order, candidate or not.
    LowestCode,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The strategy to build.
    #[arg(long, value_parser = strategy_parser(), default_value = "knuth")]
    pub strategy: StrategyKind,

    #[command(flatten)]
    pub game: GameArgs,

    #[command(flatten)]
    pub options: StrategyOptions,

    /// Write the JSON tree to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Solve only shard K of N (K from 0) of the optimal search and write it as a part for
    /// `mastermind merge`, e.g. --shard $SLURM_ARRAY_TASK_ID/8. With --resume DIR, N is the
    /// plan's number of pieces and only piece K is solved into DIR, going on from its notes
    /// there: a job array over the pieces whose failed tasks are run again.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<mastermind::runs::ShardId>,

    /// Keep the optimal search's pieces in DIR as each is solved, and skip those already
    /// there: a run stopped (Ctrl-C, SIGTERM, the machine going away) and started again with
    /// the same DIR goes on where it stopped, and writes the same tree as one uninterrupted
    /// run. The pieces are parts of a run with one shard per piece, so `mastermind merge
    /// DIR/*.json` reads them too. A piece of hours stopped part way goes on from the notes of
    /// what it had proven, kept in DIR beside it until it is done.
    #[arg(long, value_name = "DIR")]
    pub resume: Option<PathBuf>,

    /// Memory for the optimal search's table of settled candidate sets, in MiB (default 4096,
    /// or a quarter of the machine's memory if that is less). A search that fills its table
    /// searches again the sets it could not keep, so a larger table makes a search of hours
    /// faster; the tree is the same for any size. Under a memory limit (ulimit -v) the table
    /// is cut to fit.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..))]
    pub table_memory: Option<u32>,

    /// With --strategy optimal, also write a certificate of optimality to FILE (atomically;
    /// `-` is stdout) for `verify --certificate`, as `mastermind certify` does. Proving runs
    /// the search once more. With --shard, FILE proves the part's pieces, for `merge
    /// --part-certificate`; with --resume, each piece's proof is kept in DIR beside it (as
    /// `.cert`, gzip-compressed, so a stopped run does not prove it again; while it is
    /// written, as `.cert.partial`, from which a stopped run goes on) and FILE, written with
    /// the tree, proves the whole. A FILE whose name ends in `.gz` is written
    /// gzip-compressed (a third of the size or less); `verify` reads either form.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,

    /// With --resume DIR, solve nothing and print the interval the pieces in DIR prove the
    /// optimum lies in, at any stop of the run: at least L, by a certificate made of the
    /// pieces' proofs and the size bounds of the classes not yet proven (checked before it is
    /// printed, and written to --certificate FILE if given), and at most U, by the best tree
    /// known (--upper's tree, or the heuristics', with the exact pieces of its opening in
    /// place; verified, and written to -o FILE if given). L = U is the optimum.
    #[arg(long, requires = "resume", conflicts_with = "shard")]
    pub bounds: bool,

    /// With --bounds, a tree of the whole game to take U from (any strategy's, in any format
    /// `verify` reads), such as the consistent-only optimum; the exact pieces in replace its
    /// subtrees where they need fewer guesses.
    #[arg(long, value_name = "TREE", requires = "bounds")]
    pub upper: Option<PathBuf>,
}

impl GenerateArgs {
    /// The transposition table's size in bytes, asked for or by default.
    pub fn table_bytes(&self) -> usize {
        self.table_memory
            .map_or_else(mastermind::memory::default_table_bytes, |mib| {
                (mib as usize) << 20
            })
    }
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write every page (`mastermind.1`, `mastermind-generate.1`, …) into DIR (each
    /// atomically) instead of the main page to stdout.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CertifyArgs {
    /// The optimal tree whose claim to prove (JSON; `-` for stdin).
    #[arg(value_name = "TREE")]
    pub file: PathBuf,

    /// Write the certificate to FILE (atomically) instead of stdout; `-` is stdout. A FILE
    /// whose name ends in `.gz` is written gzip-compressed.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Memory for the search's table of settled candidate sets, in MiB (as for `generate`).
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u32).range(1..))]
    pub table_memory: Option<u32>,
}

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The parts the shards wrote, every shard of one run once, in any order.
    #[arg(value_name = "PART", required = true)]
    pub parts: Vec<PathBuf>,

    /// Write the merged file to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write the certificate that the merged optimal tree is optimal to FILE
    /// (atomically), for `verify --certificate`: the facts of the parts' certificates given
    /// with --part-certificate, the proofs of the pieces none of them proves (the search runs
    /// again for those), and the proof of the choice of the first guess. A FILE whose name
    /// ends in `.gz` is written gzip-compressed.
    #[arg(long, value_name = "FILE")]
    pub certificate: Option<PathBuf>,

    /// A certificate that `generate --shard K/N --certificate FILE` wrote beside its part, to
    /// copy into --certificate's (repeat the flag, or give several files after it).
    #[arg(long, value_name = "FILE", num_args = 1.., requires = "certificate")]
    pub part_certificate: Vec<PathBuf>,
}

/// Options that shape a strategy, shared by `generate` and `compare`.
#[derive(Debug, Args, Clone)]
pub struct StrategyOptions {
    /// Guess only codes still consistent with every reply so far.
    #[arg(long)]
    pub consistent_only: bool,

    /// How the one-step strategies order guesses with equal scores.
    #[arg(long, value_enum, default_value_t = TieBreakName::PreferCandidate)]
    pub tie_break: TieBreakName,

    /// With `--strategy optimal`: no code may need more than N guesses.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub max_guesses: Option<u16>,

    /// With `--strategy optimal`: what to minimise. `worst` finds the fewest guesses that solve
    /// every code, then the least total under that cap.
    #[arg(long, value_enum, default_value_t = Objective::Total)]
    pub minimize: Objective,

    /// With `--strategy random-consistent`: the seed of its draws; the same seed gives the
    /// same tree. In `compare`, the first of the seeds sampled.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,

    /// The first guess of the game, for any strategy (the cut-the-knot applet opens with 1123);
    /// with `--strategy optimal`, the best strategy that opens with it.
    #[arg(long, value_name = "CODE")]
    pub opening: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Objective {
    /// The least total (average) number of guesses.
    Total,
    /// The least worst case, then the least total under it.
    Worst,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The strategies to build, comma-separated.
    #[arg(
        long,
        value_parser = strategy_parser(),
        value_delimiter = ',',
        default_value = "knuth,expected-size,entropy,most-parts,optimal"
    )]
    pub strategies: Vec<StrategyKind>,

    #[command(flatten)]
    pub game: GameArgs,

    #[command(flatten)]
    pub options: StrategyOptions,

    /// Print the comparison as JSON instead of a table.
    #[arg(long)]
    pub json: bool,

    /// Print the comparison as CSV, for spreadsheets.
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,

    /// Also write the codes each strategy solves at each guess as an SVG bar chart to FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,

    /// Build every strategy from each first guess that differs up to symmetry (five for 4×6)
    /// and mark each strategy's best.
    #[arg(long, conflicts_with_all = ["opening", "svg"])]
    pub openings: bool,

    /// Also compare the strategy in this tree file (repeat for several): it is verified as
    /// `verify` does and its row, named by its strategy and the file, sits beside the built-in
    /// ones. A JSON file sets the game (give game flags for the papers' notations).
    #[arg(long = "tree", value_name = "FILE", conflicts_with = "openings")]
    pub trees: Vec<PathBuf>,

    /// How many trees (seeds) `random-consistent` is built with; the table gives their mean
    /// total with its spread, and the worst case seen.
    #[arg(long, value_name = "N", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub samples: u32,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// The tree file to check (`-` for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Check that this certificate (written by `mastermind certify` or `generate
    /// --certificate`) proves the tree optimal: the report says `optimality: proven`, or
    /// why not (exit 1).
    #[arg(long, value_name = "CERTIFICATE")]
    pub certificate: Option<PathBuf>,

    /// Check the certificate with the reference checker: a plain, sequential second checker
    /// of 600 lines, written to be read rather than to be fast. It holds the whole certificate
    /// and every set it proves in memory: meant for small games' certificates.
    #[arg(long, requires = "certificate")]
    pub reference: bool,

    /// Also fail if any code needs more than N guesses.
    #[arg(long, value_name = "N")]
    pub max_guesses: Option<usize>,

    /// Print the report as JSON: whether the tree holds, every problem with its path, line
    /// and column, the notes and the true figures.
    #[arg(long)]
    pub json: bool,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    #[command(flatten)]
    pub input: NotationInputArgs,
}

/// How a tree written as text is read: in the papers' notation the game flags give the game, in
/// the C solver's formats all but the pegs. A JSON tree file names its own game; it and the C
/// solver's files start at the root, so --after applies to notation only.
#[derive(Debug, Args, Clone, Default)]
pub struct NotationInputArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// The tree starts after these guesses and replies, e.g. `1123=1B1W,1415=1B1W` (a reply
    /// may also be written with Knuth's letters, `BWW`, or `-` for none); only the codes
    /// consistent with them are replayed.
    #[arg(long, value_name = "GUESS=REPLY,...")]
    pub after: Option<String>,

    /// The strategy the tree is said to be (such as `knuth`), so that averages the
    /// literature quotes for it are compared with the verified one.
    #[arg(long, value_name = "NAME")]
    pub strategy_name: Option<String>,

    /// Set by the commands that need a whole game's tree (`convert`, and those that play a
    /// `--tree`), which take no `--after`, so that a section is pointed elsewhere.
    #[arg(skip)]
    pub whole_game: bool,
}

/// The formats a tree file is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TreeFormat {
    /// This tool's JSON tree file.
    Json,
    /// Knuth's 1976 notation: 15 slots for 4 pegs, `n(g)`, `n(gx)`.
    Knuth,
    /// Irving's notation as used by Koyama and Lai: 14 slots, `*` on non-candidate guesses.
    Irving,
    /// The C solver's punch card (arfst23/Mastermind): a header of reply labels, then rows of
    /// entries that are `----`, the one code left, or `>NNN` for the row that carries on.
    PunchCard,
    /// The C solver's YAML: each situation a list of its guess and a mapping from each reply
    /// (`XO--`) to the one code left or the next situation.
    Yaml,
}

/// The formats `print` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PrintFormat {
    /// Knuth's 1976 notation.
    Knuth,
    /// Irving's notation as used by Koyama and Lai.
    Irving,
    /// The C solver's punch card (colours from 0, at most 10 colours).
    PunchCard,
    /// The C solver's YAML (colours from 0, at most 10 colours).
    Yaml,
}

#[derive(Debug, Args)]
pub struct PrintArgs {
    /// The tree file to print (`-` for stdin).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The notation or format to print in.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t = PrintFormat::Knuth)]
    pub notation: PrintFormat,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    #[command(flatten)]
    pub input: NotationInputArgs,

    /// Name the first guess's large replies A, B, C, … and write them out after `where`,
    /// as Figure 1 of Knuth's paper does (in the papers' notations).
    #[arg(long)]
    pub sections: bool,
}

#[derive(Debug, Args)]
pub struct HtmlArgs {
    /// The tree file (`-` for stdin), in any format `verify` reads.
    #[arg(value_name = "FILE", required_unless_present = "app")]
    pub file: Option<PathBuf>,

    /// Write the page with no tree: it builds any game's tree, and verifies pasted ones, in
    /// the browser.
    #[arg(long, conflicts_with_all = ["file", "format"])]
    pub app: bool,

    /// Write the page to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// The page's title [default: the strategy a JSON file names, else the file's name].
    #[arg(long, value_name = "TEXT")]
    pub title: Option<String>,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    #[command(flatten)]
    pub input: NotationInputArgs,
}

#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// The tree to convert (`-` for stdin), in any format `verify` reads.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Write the JSON tree to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Read the tree in this format rather than the one detected.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<TreeFormat>,

    /// The strategy name the JSON file records.
    #[arg(long, value_name = "NAME", default_value = "published")]
    pub strategy_name: String,

    /// The tree is a section that starts after these guesses and replies, e.g.
    /// `1123=1B1W,1415=1B1W` (as in `verify --after`); the file records them.
    #[arg(long, value_name = "GUESS=REPLY,...")]
    pub after: Option<String>,

    /// The game of a tree in notation or the C solver's formats (a JSON file names its own).
    #[command(flatten)]
    pub game: GameArgs,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Subcommand)]
pub enum StaticCommand {
    #[command(verbatim_doc_comment)]
    /// Whether the replies to these guesses, made all at once, determine every code.
    ///
    /// Exit status: 0 when they do; 1 when some codes share their replies (the groups are
    /// listed); 2 for usage errors.
    ///
    /// Examples:
    ///   mastermind static verify 1221 2354 3311 4524 5656 6643     (Greenwell's six for 4×6)
    ///   mastermind static verify 13 23 --pegs 2 --colours 3
    ///   mastermind static verify --file trees/static/4x6.json
    Verify(StaticVerifyArgs),
    #[command(verbatim_doc_comment)]
    /// The least number of static guesses, a set that size, and a proof that one fewer fails.
    ///
    /// The proof is an exhaustive search over sets of one guess fewer, up to position and
    /// colour symmetry (or, for small sizes, counting the reply vectors).
    ///
    /// With --shard K/N it walks only its share of every size and writes a part; `mastermind
    /// merge` puts the parts together into the same file, without the time.
    ///
    /// Examples:
    ///   mastermind static search --pegs 3 --colours 7
    ///   mastermind static search -o 4x6.json                       (4×6: 6, under a minute)
    ///   mastermind static search --pegs 3 --colours 9 --shard 0/8 -o part-0.json
    Search(StaticSearchArgs),
    #[command(verbatim_doc_comment)]
    /// The least number of static guesses over a range of games, laid out as the cut-the-knot
    /// table: colours down, pegs across, each entry with its search time.
    ///
    /// Examples:
    ///   mastermind static table --colours 2..4 --pegs 2..4
    ///   mastermind static table --colours 2..8 --pegs 2..8 --max-codes 2187
    Table(StaticTableArgs),
}

#[derive(Debug, Args)]
pub struct StaticVerifyArgs {
    /// The guesses, in the game's symbols (such as 1122).
    #[arg(value_name = "GUESS")]
    pub guesses: Vec<String>,

    /// Check the set in this static result file instead (the file names its game).
    #[arg(long, value_name = "FILE", conflicts_with = "guesses")]
    pub file: Option<PathBuf>,

    /// How many groups of codes that share their replies to list.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub groups: usize,

    #[command(flatten)]
    pub game: GameArgs,
}

#[derive(Debug, Args)]
pub struct StaticSearchArgs {
    #[command(flatten)]
    pub game: GameArgs,

    /// Write the result as a JSON file (atomically) as well; with --shard, the part (else it
    /// goes to stdout).
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Walk only shard K of N (K from 0) of the search and write it as a part for
    /// `mastermind merge`.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<mastermind::runs::ShardId>,
}

#[derive(Debug, Args)]
pub struct StaticTableArgs {
    /// The numbers of colours, one row each: `A..B` or a single number.
    #[arg(long, visible_alias = "colors", value_name = "A..B", default_value = "2..10", value_parser = parse_colour_span)]
    pub colours: Span,

    /// The numbers of pegs, one column each: `A..B` or a single number.
    #[arg(long, value_name = "A..B", default_value = "2..8", value_parser = parse_peg_span)]
    pub pegs: Span,

    /// Leave out (as `·`) the games with more codes than this. The default keeps the whole
    /// table to seconds; the page's table needs 2187 (4×6 takes under a minute, 3 pegs with 9
    /// colours about ten, 3 pegs with 10 colours 44 to 73 minutes on 2 cores).
    #[arg(long, value_name = "N", default_value_t = 700)]
    pub max_codes: usize,

    /// Codes may not repeat a colour.
    #[arg(long)]
    pub no_repeat: bool,

    /// Only black pegs are reported.
    #[arg(long)]
    pub black_only: bool,

    /// Also write each entry's result file into this directory, named like `4x6.json` (pegs ×
    /// colours).
    #[arg(long, value_name = "DIR")]
    pub output_dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct AtlasArgs {
    /// The numbers of pegs: `A..B` or a single number.
    #[arg(long, value_name = "A..B", default_value = "2..8", value_parser = parse_peg_span)]
    pub pegs: Span,

    /// The numbers of colours: `A..B` or a single number.
    #[arg(long, visible_alias = "colors", value_name = "A..B", default_value = "2..10", value_parser = parse_colour_span)]
    pub colours: Span,

    /// The variants, comma-separated: repeat (Mastermind), no-repeat (Bulls and Cows for
    /// 4 × 10), black-only.
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "repeat,no-repeat,black-only", value_parser = parse_variant)]
    pub variants: Vec<mastermind::atlas::Variant>,

    /// The measures, comma-separated: knuth, expected-size, entropy, most-parts,
    /// first-consistent, optimal, least-worst, proven-optimal, proven-least-worst (each optimum
    /// again, with its certificate written and checked by the independent checker), static.
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "knuth,expected-size,entropy,most-parts,first-consistent,optimal,least-worst,proven-optimal,proven-least-worst,static", value_parser = parse_measure)]
    pub measures: Vec<mastermind::atlas::Measure>,

    /// Leave out the games with more codes than this (5040 keeps Bulls and Cows).
    #[arg(long, value_name = "N", default_value_t = 5040)]
    pub max_codes: usize,

    /// Seconds each computation may take before it is stopped and recorded as unfinished.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, value_parser = parse_budget)]
    pub budget: f64,

    /// Reuse the outcomes in these atlas files (shards' parts, an earlier run); the output
    /// file, when it exists, is always reused.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub reuse: Vec<PathBuf>,

    /// Compute only shard K of N (K from 0) of the games, e.g. --shard $SLURM_ARRAY_TASK_ID/8;
    /// `--reuse` the parts to put them together.
    #[arg(long, value_name = "K/N")]
    pub shard: Option<mastermind::runs::ShardId>,

    /// Link each figure to a tree file in DIR with the same game, strategy and figures
    /// (verified first), by its path from the atlas file. A tree of the plain optimal
    /// search there settles its game's optimum, and `DIR/static/PxC.json` its static
    /// number, where the atlas's own search runs out of time.
    #[arg(long, value_name = "DIR")]
    pub trees: Option<PathBuf>,

    /// Also write the atlas as CSV to FILE.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,

    /// Write the atlas to FILE (atomically, after each game) instead of stdout at the end.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct AtlasEntryArgs {
    #[arg(long)]
    pub pegs: u32,
    #[arg(long)]
    pub colours: u32,
    #[arg(long, value_parser = parse_variant)]
    pub variant: mastermind::atlas::Variant,
    #[arg(long, value_parser = parse_measure)]
    pub measure: mastermind::atlas::Measure,
}

fn parse_variant(text: &str) -> Result<mastermind::atlas::Variant, String> {
    mastermind::atlas::Variant::from_name(text.trim()).ok_or_else(|| {
        format!("`{text}` is not a variant; expected repeat, no-repeat or black-only")
    })
}

fn parse_measure(text: &str) -> Result<mastermind::atlas::Measure, String> {
    use mastermind::atlas::Measure;
    Measure::from_name(text.trim()).ok_or_else(|| {
        let names: Vec<&str> = Measure::ALL.iter().map(|m| m.name()).collect();
        format!(
            "`{text}` is not a measure; expected one of {}",
            names.join(", ")
        )
    })
}

/// Budgets the atlas takes: from a millisecond (a timer cannot stop a process sooner, and
/// smaller numbers print as long decimals) to about a year (longer ones do not fit a timer).
const BUDGET_SECONDS: std::ops::RangeInclusive<f64> = 0.001..=31_536_000.0;

fn parse_budget(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if BUDGET_SECONDS.contains(&seconds) => Ok(seconds),
        _ => Err(format!(
            "`{text}` is not a number of seconds from {} to {} (a year)",
            BUDGET_SECONDS.start(),
            BUDGET_SECONDS.end()
        )),
    }
}

#[cfg(test)]
mod budget_tests {
    use super::parse_budget;

    #[test]
    fn budgets_a_timer_cannot_hold_are_refused() {
        assert_eq!(parse_budget("60"), Ok(60.0));
        assert_eq!(parse_budget("0.5"), Ok(0.5));
        for text in ["1e20", "inf", "NaN", "0", "-1", "1e-300", "x", "31536001"] {
            let refused = parse_budget(text).unwrap_err();
            assert!(refused.contains("a year"), "{text}: {refused}");
        }
        // What the atlas makes of the largest budget taken must not panic.
        let _ = std::time::Duration::from_secs_f64(parse_budget("31536000").unwrap());
    }
}

/// An inclusive range of small numbers, such as `2..10`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub first: u32,
    pub last: u32,
}

impl Span {
    pub fn values(self) -> Vec<u32> {
        (self.first..=self.last).collect()
    }
}

impl std::fmt::Display for Span {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{} to {}", self.first, self.last)
        }
    }
}

/// A span of pegs: within what a game may have, so that no grid runs through billions.
fn parse_peg_span(text: &str) -> Result<Span, String> {
    parse_span(text, "pegs", u32::from(mastermind::MAX_PEGS))
}

/// A span of colours, within what a game may have.
fn parse_colour_span(text: &str) -> Result<Span, String> {
    parse_span(text, "colours", u32::from(mastermind::MAX_COLOURS))
}

fn parse_span(text: &str, what: &str, most: u32) -> Result<Span, String> {
    let number = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|_| format!("`{part}` is not a number; expected `A..B` or a number"))
    };
    let (first, last) = match text.split_once("..") {
        Some((first, last)) => (number(first)?, number(last)?),
        None => (number(text)?, number(text)?),
    };
    if first > last {
        return Err(format!(
            "{first}..{last} is empty; the first number comes first"
        ));
    }
    if first == 0 || last > most {
        return Err(format!(
            "a game has 1 to {most} {what}; {text} goes outside that"
        ));
    }
    Ok(Span { first, last })
}
