//! The library as the README shows it: the Rust program there is
//! `crates/mastermind/examples/knuth_and_mine.rs` verbatim (which `cargo test` compiles), and running it prints what the README says.

use std::path::Path;
use std::process::Command;

#[test]
fn the_readme_program_is_the_example_and_prints_what_it_shows() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let program =
        std::fs::read_to_string(root.join("crates/mastermind/examples/knuth_and_mine.rs")).unwrap();
    let section = &readme[readme.find("### From Rust").expect("a From Rust section")..];
    let shown_program = section
        .split_once("```rust\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("a rust block")
        .0;
    assert_eq!(
        shown_program, program,
        "README and crates/mastermind/examples/knuth_and_mine.rs differ"
    );
    let shown_output = section
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("a text block")
        .0;
    // Built by the test profile: the scoring crates are optimised even there.
    let run = Command::new(env!("CARGO"))
        .args([
            "run",
            "--quiet",
            "--package",
            "mastermind",
            "--example",
            "knuth_and_mine",
        ])
        .current_dir(root)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(String::from_utf8_lossy(&run.stdout), shown_output);
}
