//! Every console example of the README and the guide, run against the built binary and
//! compared with the text shown; `[..]` and `...` in the text mask what varies (times).
//! Examples that need a terminal (`solve`, `play`) are shown as `text`; the interactive tests
//! play those sessions.

#[test]
fn the_documented_examples_print_what_the_text_shows() {
    trycmd::TestCases::new()
        .register_bin(
            "mastermind",
            std::path::Path::new(env!("CARGO_BIN_EXE_mastermind")),
        )
        .case("README.md")
        .case("docs/GUIDE.md");
}
