//! The command line: subcommands, the game flags they share, and their help text.

pub mod game;
#[cfg(test)]
mod help_examples;
pub mod spans;
pub mod strategy_flags;
pub mod strategy_options;
pub mod tree_input;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::commands::atlas::{AtlasArgs, AtlasEntryArgs};
use crate::commands::certify::CertifyArgs;
use crate::commands::compare::CompareArgs;
use crate::commands::convert::ConvertArgs;
use crate::commands::generate::args::GenerateArgs;
use crate::commands::html::HtmlArgs;
use crate::commands::next::NextArgs;
use crate::commands::play::PlayArgs;
use crate::commands::print::PrintArgs;
use crate::commands::shard::MergeArgs;
use crate::commands::solve::SolveArgs;
use crate::commands::static_mastermind::StaticCommand;
use crate::commands::trace::TraceArgs;
use crate::commands::verify::VerifyArgs;

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

#[derive(Debug, Args)]
pub struct ManArgs {
    /// Write every page (`mastermind.1`, `mastermind-generate.1`, …) into DIR (each
    /// atomically) instead of the main page to stdout.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}
