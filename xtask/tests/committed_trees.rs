//! `cargo test` fails when a committed tree under `trees/` is stale or does not verify.

#[test]
fn committed_trees_are_fresh_and_verify() {
    if let Err(error) = xtask::trees::check(&xtask::workspace_root()) {
        panic!("{error:#}");
    }
}
