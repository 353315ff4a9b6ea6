//! An atlas run in this process: every computation it needs runs, each game's atlas is handed
//! over to be saved, and a run over an atlas that has every figure reuses them all.

use std::sync::Mutex;

use mastermind_atlas::{
    grid, AtlasFile, AtlasRun, AtlasWatcher, GameKey, InProcess, Known, Links, Measure, Outcome,
    Unreported, Variant,
};

#[derive(Default)]
struct Saved(Mutex<Vec<usize>>);

impl AtlasWatcher for Saved {
    fn game_done(&self, atlas: &AtlasFile) -> std::io::Result<()> {
        self.0.lock().unwrap().push(atlas.entries.len());
        Ok(())
    }
}

#[test]
fn a_run_computes_what_is_missing_and_reuses_what_is_known() {
    let games = grid(2..=3, 3..=4, &[Variant::Repeat, Variant::NoRepeat], 100);
    let measures = [Measure::Knuth, Measure::Optimal, Measure::Static];
    let run = AtlasRun::new(
        games.clone(),
        &measures,
        10.0,
        None,
        &Known::default(),
        None,
    );
    assert_eq!(run.to_run(), games.len() * measures.len());
    assert_eq!(run.reused(), 0);
    let saved = Saved::default();
    let atlas = run
        .run(&InProcess(&Unreported), 2, &Links::default(), &saved)
        .unwrap();
    assert_eq!(atlas.entries.len(), games.len());
    // Saved once per game, as it was done (with whatever the others had so far), the last
    // time whole.
    let counts = saved.0.into_inner().unwrap();
    assert_eq!(counts.len(), games.len());
    assert_eq!(counts.iter().max(), Some(&games.len()));

    let classic_3x4 = GameKey {
        pegs: 3,
        colours: 4,
        variant: Variant::Repeat,
    };
    let entry = atlas
        .entries
        .iter()
        .find(|e| e.game == classic_3x4)
        .unwrap();
    let knuth = entry.results["knuth"].figures().unwrap();
    let optimal = entry.results["optimal"].figures().unwrap();
    assert!(optimal.total.unwrap() <= knuth.total.unwrap());
    assert!(matches!(entry.results["static"], Outcome::Finished { .. }));

    let mut known = Known::default();
    known.add(&atlas);
    let again = AtlasRun::new(
        games.clone(),
        &measures,
        10.0,
        Some(atlas.clone()),
        &known,
        None,
    );
    assert_eq!(
        (again.to_run(), again.reused()),
        (0, games.len() * measures.len())
    );
    let same = again
        .run(
            &InProcess(&Unreported),
            2,
            &Links::default(),
            &Saved::default(),
        )
        .unwrap();
    assert_eq!(same.to_json(), atlas.to_json());
}
