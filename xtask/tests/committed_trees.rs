//! `cargo test` fails when a committed tree under `trees/` is stale or does not verify, a
//! committed certificate under `trees/certificates/` is not what the prover writes today, or a
//! committed static result under `trees/static/` or figure of the atlas under `trees/atlas/`
//! does not hold.

#[test]
fn committed_trees_are_fresh_and_verify() {
    if let Err(error) = xtask::trees::check(&xtask::workspace_root()) {
        panic!("{error:#}");
    }
}

#[test]
fn committed_static_results_hold() {
    if let Err(error) = xtask::static_sets::check(&xtask::workspace_root()) {
        panic!("{error:#}");
    }
}

#[test]
fn committed_atlas_holds() {
    if let Err(error) = xtask::atlas::check(&xtask::workspace_root()) {
        panic!("{error:#}");
    }
}

#[test]
fn committed_certificates_are_what_the_prover_writes() {
    if let Err(error) = xtask::certificates::check_committed(&xtask::workspace_root()) {
        panic!("{error:#}");
    }
}
