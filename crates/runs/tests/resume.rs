//! The resumable run as a library: pieces asked for one at a time land in the directory, the
//! run waits for the others, and the last run merges them into the optimum, with a
//! certificate that the independent checker accepts.

use std::sync::atomic::{AtomicU64, Ordering};

use mastermind_certificate::{check, packed, Bound, CertificateWriter, FactReader};
use mastermind_core::{FeedbackKind, Game, Scorer};
use mastermind_runs::partial_proofs::partial_path;
use mastermind_runs::resume::{
    certificate_path, piece_path, Finished, Request, ResumableRun, ResumeError, ResumeWatcher,
    Unwatched,
};
use mastermind_runs::ShardId;
use mastermind_search::OptimalOptions;
use mastermind_tree::StrategyInfo;

/// Counts the codes a run reports settled.
#[derive(Default)]
struct Counted(AtomicU64);

impl ResumeWatcher for Counted {
    fn codes_settled(&self, codes: u64) {
        self.0.fetch_add(codes, Ordering::Relaxed);
    }
}

#[test]
fn pieces_solved_one_at_a_time_merge_into_the_proven_optimum() {
    // 4×5: the optimum is 2463 (Koyama and Lai's figure for this game).
    let scorer = Scorer::new(Game::new(4, 5, true, FeedbackKind::BlackWhite).unwrap());
    let options = OptimalOptions::default();
    let strategy = StrategyInfo::named("optimal");
    let directory = tempfile::tempdir().unwrap();
    let run = ResumableRun::new(&scorer, &options, &strategy, directory.path()).unwrap();
    let shards = run.shards();
    let count = shards.len() as u32;
    assert!(count > 2, "the plan has {count} pieces");

    let first = ShardId { index: 0, count };
    let counted = Counted::default();
    let one = Request {
        only: Some(first),
        certify: true,
        ..Request::default()
    };
    match run.run(one, &counted).unwrap() {
        Finished::Waiting {
            missing,
            held,
            solved_here,
            ..
        } => {
            assert_eq!(missing, shards.len() - 1);
            assert!(held.is_empty());
            assert_eq!(solved_here, 1);
        }
        other => panic!("one piece of {count} made {other:?}"),
    }
    assert!(run.is_in(first) && piece_path(directory.path(), first).is_file());
    assert!(
        counted.0.load(Ordering::Relaxed) > 0,
        "no progress was reported"
    );
    assert!(run.codes_in() < run.codes());

    let wrong = Request {
        only: Some(ShardId {
            index: 0,
            count: count + 1,
        }),
        certify: false,
        ..Request::default()
    };
    assert!(matches!(
        run.run(wrong, &Unwatched),
        Err(ResumeError::OtherCount { .. })
    ));
    // Past the last piece: refused, where a plain index would panic.
    let past = Request {
        only: Some(ShardId {
            index: count,
            count,
        }),
        certify: false,
        ..Request::default()
    };
    assert!(matches!(
        run.run(past, &Unwatched),
        Err(ResumeError::OtherCount { .. })
    ));

    let rest = Request {
        only: None,
        certify: true,
        ..Request::default()
    };
    let Finished::Tree {
        file,
        certificate: Some(certificate),
        solved_here,
    } = run.run(rest, &Unwatched).unwrap()
    else {
        panic!("the whole run wrote no tree");
    };
    assert_eq!(solved_here, shards.len() - 1);
    assert_eq!(file.claims.total_guesses, 2463);
    assert_eq!(run.codes_in(), run.codes());
    let size = certificate.file.metadata().unwrap().len();
    assert!(
        size > 0 && certificate.bytes == size,
        "{} of {size} bytes",
        certificate.bytes
    );
    let proven = check(&certificate.file).unwrap();
    assert_eq!(proven.facts(), certificate.facts);
    assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(2463));
}

/// Records the facts taken back in from stopped proofs.
#[derive(Default)]
struct TakenIn(AtomicU64);

impl ResumeWatcher for TakenIn {
    fn event(&self, event: mastermind_runs::resume::ResumeEvent<'_>) {
        if let mastermind_runs::resume::ResumeEvent::ProofTakenIn { facts, .. } = event {
            self.0.fetch_add(facts, Ordering::Relaxed);
        }
    }
}

/// 4×5's game, the optimal search's options and strategy, and a request for every piece with
/// its certificate.
fn four_by_five() -> (Scorer, OptimalOptions, StrategyInfo, Request) {
    four_by_five_with(FeedbackKind::BlackWhite)
}

/// The same with `feedback`: black-peg 4×5's pieces have proofs of a few hundred facts, where
/// the one-step rule leaves 4×5's with a handful.
fn four_by_five_with(feedback: FeedbackKind) -> (Scorer, OptimalOptions, StrategyInfo, Request) {
    let scorer = Scorer::new(Game::new(4, 5, true, feedback).unwrap());
    let whole = Request {
        only: None,
        certify: true,
        ..Request::default()
    };
    (
        scorer,
        OptimalOptions::default(),
        StrategyInfo::named("optimal"),
        whole,
    )
}

/// The piece of `run`, finished in `directory`, with the largest proof.
fn largest_proof(run: &ResumableRun<'_>, directory: &std::path::Path) -> ShardId {
    run.shards()
        .into_iter()
        .max_by_key(|&id| {
            let certificate = certificate_path(directory, id);
            std::fs::metadata(certificate).unwrap().len()
        })
        .unwrap()
}

#[test]
fn a_proof_stopped_part_way_goes_on_from_the_facts_its_file_holds() {
    let (scorer, options, strategy, whole) = four_by_five_with(FeedbackKind::BlackOnly);
    let first = tempfile::tempdir().unwrap();
    let run = ResumableRun::new(&scorer, &options, &strategy, first.path()).unwrap();
    let Finished::Tree { file, .. } = run.run(whole, &Unwatched).unwrap() else {
        panic!("the run wrote no tree");
    };
    let optimum = u32::try_from(file.claims.total_guesses).unwrap();
    // The piece with the largest proof, cut in the middle as a stop cuts it: what a run
    // stopped while proving it leaves.
    let largest = largest_proof(&run, first.path());
    let proof = std::fs::read(certificate_path(first.path(), largest)).unwrap();
    let (flushed, cut) = stopped_part_way(&proof);

    // Stopped just after a flush, or cut in the middle of what it wrote after it, or not a
    // proof at all: the facts whole before the stop are taken in, and the proof goes on.
    for (stopped, taken) in [
        (flushed, true),
        (cut, true),
        (b"not a proof".to_vec(), false),
    ] {
        let second = tempfile::tempdir().unwrap();
        for id in run.shards() {
            let piece = piece_path(first.path(), id);
            std::fs::copy(&piece, piece_path(second.path(), id)).unwrap();
        }
        let partial = partial_path(second.path(), largest);
        std::fs::write(&partial, &stopped).unwrap();
        // What a stop leaves while a new proof takes a stopped one's facts in.
        let name = partial.file_name().unwrap().to_str().unwrap();
        let abandoned = second.path().join(format!(".{name}.x1y2z3"));
        std::fs::write(&abandoned, &stopped).unwrap();
        let again = ResumableRun::new(&scorer, &options, &strategy, second.path()).unwrap();
        let told = TakenIn::default();
        let Finished::Tree {
            certificate: Some(certificate),
            ..
        } = again.run(whole, &told).unwrap()
        else {
            panic!("the run wrote no tree");
        };
        let facts = told.0.load(Ordering::Relaxed);
        assert_eq!(facts > 0, taken, "{facts} facts taken in");
        let proven = check(&certificate.file).unwrap();
        assert_eq!(proven.bound_at(&[], None), Bound::AtLeast(optimum));
        assert!(!partial.exists() && !abandoned.exists());
    }

    let other = Scorer::new(Game::new(4, 4, true, FeedbackKind::BlackWhite).unwrap());
    let elsewhere = tempfile::tempdir().unwrap();
    let small = ResumableRun::new(&other, &options, &strategy, elsewhere.path()).unwrap();
    small.run(whole, &Unwatched).unwrap();
    let foreign = std::fs::read(certificate_path(elsewhere.path(), small.shards()[0])).unwrap();
    let third = tempfile::tempdir().unwrap();
    for id in run.shards() {
        std::fs::copy(piece_path(first.path(), id), piece_path(third.path(), id)).unwrap();
    }
    let partial = partial_path(third.path(), largest);
    std::fs::write(&partial, foreign).unwrap();
    let again = ResumableRun::new(&scorer, &options, &strategy, third.path()).unwrap();
    let error = again.run(whole, &Unwatched).unwrap_err().to_string();
    assert!(
        error.contains(&partial.display().to_string())
            && error.contains("the certificate is for 4×4, not 4×5, black pegs only")
            && !error.contains("cannot write"),
        "{error}"
    );
}

/// A stopped proof whose facts name a code the game lacks, or claim more than holds, is
/// refused by name before any of it is taken in: no panic, and no certificate of the piece
/// made of it.
#[test]
fn a_stopped_proof_that_does_not_hold_is_refused_by_name() {
    let (scorer, options, strategy, whole) = four_by_five();
    let first = tempfile::tempdir().unwrap();
    let run = ResumableRun::new(&scorer, &options, &strategy, first.path()).unwrap();
    run.run(whole, &Unwatched).unwrap();
    let largest = largest_proof(&run, first.path());
    let proof = std::fs::read(certificate_path(first.path(), largest)).unwrap();
    let mut reader = FactReader::new(proof.as_slice()).unwrap();
    let mut facts = Vec::new();
    while let Some(fact) = reader.next_fact().unwrap() {
        facts.push(fact);
    }
    let deep = facts.iter().position(|fact| fact.path.len() > 1).unwrap();
    let raised = facts
        .iter()
        .rposition(|fact| matches!(fact.bound, Bound::AtLeast(_)))
        .unwrap();
    type Forge = Box<dyn Fn(&mut Vec<mastermind_certificate::Fact>)>;
    let forgeries: [(&str, Forge); 2] = [
        (
            "is not a code",
            Box::new(move |facts| facts[deep].path[1].guess = mastermind_core::Code(1_000_000)),
        ),
        (
            "does not hold",
            Box::new(move |facts| {
                if let Bound::AtLeast(bound) = facts[raised].bound {
                    facts[raised].bound = Bound::AtLeast(bound + 1000);
                }
            }),
        ),
    ];
    for (saying, forge) in forgeries {
        let mut forged = facts.clone();
        forge(&mut forged);
        let mut writer = CertificateWriter::new(packed(Vec::new()), &reader.header()).unwrap();
        for fact in &forged {
            writer.fact(fact).unwrap();
        }
        let stopped = writer.finish().unwrap().finish().unwrap();
        let second = tempfile::tempdir().unwrap();
        for id in run.shards() {
            std::fs::copy(piece_path(first.path(), id), piece_path(second.path(), id)).unwrap();
        }
        let partial = partial_path(second.path(), largest);
        std::fs::write(&partial, &stopped).unwrap();
        let again = ResumableRun::new(&scorer, &options, &strategy, second.path()).unwrap();
        let error = again.run(whole, &Unwatched).unwrap_err().to_string();
        assert!(
            error.contains(&partial.display().to_string()) && error.contains(saying),
            "{error}"
        );
        assert!(!certificate_path(second.path(), largest).exists());
    }
}

/// What a run that wrote `proof` leaves when it is stopped just after its writer handed its
/// output half the facts (a compressed stream without its end), and when it is stopped in
/// the middle of handing it a quarter more.
fn stopped_part_way(proof: &[u8]) -> (Vec<u8>, Vec<u8>) {
    let mut reader = FactReader::new(proof).unwrap();
    let mut facts = Vec::new();
    while let Some(fact) = reader.next_fact().unwrap() {
        facts.push(fact);
    }
    assert!(facts.len() > 100, "the proof holds {} facts", facts.len());
    let file = tempfile::NamedTempFile::new().unwrap();
    let mut writer =
        CertificateWriter::new(packed(file.reopen().unwrap()), &reader.header()).unwrap();
    let (half, more) = (facts.len() / 2, facts.len() * 3 / 4);
    for fact in &facts[..half] {
        writer.fact(fact).unwrap();
    }
    writer.flush().unwrap();
    let flushed = std::fs::read(file.path()).unwrap();
    for fact in &facts[half..more] {
        writer.fact(fact).unwrap();
    }
    writer.flush().unwrap();
    // Stopped: the writer never ends the stream.
    std::mem::forget(writer);
    let written = std::fs::read(file.path()).unwrap();
    let cut = written[..(flushed.len() + written.len()) / 2].to_vec();
    (flushed, cut)
}

#[test]
fn a_proof_another_run_is_writing_is_left_to_it() {
    let scorer = Scorer::new(Game::new(4, 5, true, FeedbackKind::BlackWhite).unwrap());
    let options = OptimalOptions::default();
    let strategy = StrategyInfo::named("optimal");
    let directory = tempfile::tempdir().unwrap();
    let run = ResumableRun::new(&scorer, &options, &strategy, directory.path()).unwrap();
    let solve = Request {
        only: None,
        certify: false,
        ..Request::default()
    };
    assert!(matches!(
        run.run(solve, &Unwatched).unwrap(),
        Finished::Tree { .. }
    ));
    // Another run writing piece 3's proof holds its file locked.
    let busy = ShardId {
        index: 3,
        count: run.shards().len() as u32,
    };
    let partial = partial_path(directory.path(), busy);
    let writing = std::fs::File::create(&partial).unwrap();
    writing.try_lock().unwrap();
    let prove = Request {
        only: None,
        certify: true,
        ..Request::default()
    };
    // The run proves every other piece, then waits for that one: the other run lets go once
    // it is seen waiting, and the run takes the proof over and writes the tree.
    let letting_go = LettingGo {
        lock: std::sync::Mutex::new(Some(writing)),
        held: std::sync::Mutex::new(Vec::new()),
        certified_then: std::sync::Mutex::new(None),
        certificate: certificate_path(directory.path(), busy),
    };
    let Finished::Tree {
        certificate: Some(certificate),
        ..
    } = run.run(prove, &letting_go).unwrap()
    else {
        panic!("the run wrote no tree once the piece was free");
    };
    assert_eq!(*letting_go.held.lock().unwrap(), [busy]);
    assert_eq!(
        *letting_go.certified_then.lock().unwrap(),
        Some(false),
        "a run proved a piece another run holds"
    );
    assert_eq!(
        check(&certificate.file).unwrap().bound_at(&[], None),
        Bound::AtLeast(2463)
    );
}

/// Another run holding a piece's proof, which lets go the first time the run is seen waiting
/// for it, noting what it waited for and whether the piece was proven by then.
struct LettingGo {
    lock: std::sync::Mutex<Option<std::fs::File>>,
    held: std::sync::Mutex<Vec<ShardId>>,
    certified_then: std::sync::Mutex<Option<bool>>,
    certificate: std::path::PathBuf,
}

impl ResumeWatcher for LettingGo {
    fn waiting(&self, held: &[ShardId]) {
        if self.lock.lock().unwrap().take().is_some() {
            *self.held.lock().unwrap() = held.to_vec();
            *self.certified_then.lock().unwrap() = Some(self.certificate.exists());
        }
    }
}
