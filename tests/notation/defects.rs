//! One defect at a time, of every kind the notation reader and the verifier tell apart, made in
//! a copy of Knuth's Figure 1 (or of Knuth's tree in Irving's notation): each run fails with
//! exit 1 and names the defect with its line, column, path and own message, and nothing else.

use super::{
    assert_problem, committed, damaged, location_of, problem_count, verify_text, FIGURE_1,
};

const IRVING: &str = "trees/knuth-4x6.irving.txt";

/// A defect made by replacing `from` with `to` in a tree, and the problems it must cause:
/// for each, text that starts where it is reported (or holds a `@` where it is), its path and
/// part of its message. The place is always the token that is wrong.
struct Defect {
    from: &'static str,
    to: &'static str,
    args: &'static [&'static str],
    problems: &'static [(&'static str, &'static str, &'static str)],
}

fn check(tree: &str, defects: &[Defect]) {
    let text = committed(tree);
    for defect in defects {
        let copy = damaged(&text, defect.from, defect.to);
        let run = verify_text(&copy, defect.args).expect_status(1);
        for &(at, path, message) in defect.problems {
            assert_problem(&run, location_of(&copy, at), path, message);
        }
        assert_eq!(
            problem_count(&run),
            defect.problems.len(),
            "{} → {}:\n{}",
            defect.from,
            defect.to,
            run.stdout
        );
    }
}

#[test]
fn each_defect_in_knuths_notation_is_named_where_it_is() {
    check(
        FIGURE_1,
        &[
            // A count that disagrees with the replay, and so with its parent's slots.
            Defect {
                from: "3(1145),0;1,3(4115)",
                to: "3(1145),0;1,4(4115)",
                args: &[],
                problems: &[
                    ("16(1213", "1122 → 0B3W", "the slots add up to 17, but the situation has 16"),
                    ("4(4115)", "1122 → 0B3W → 1213 → 2B1W", "claims 4 candidates, but 3 codes"),
                ],
            },
            // A wrong count before a section letter is named at that count, not at the
            // section's definition.
            Defect {
                from: "114H",
                to: "115H",
                args: &[],
                problems: &[
                    ("1296(", "the root", "the slots add up to 1297, but the situation has 1296"),
                    ("115H", "1122 → 2B0W", "claims 115 candidates, but 114 codes"),
                    ("115H", "1122 → 2B0W", "the slots add up to 114, but the situation has 115"),
                ],
            },
            // A definition that repeats its count must agree with the reference; the repeated
            // count is named.
            Defect {
                from: "H = (",
                to: "H = 113(",
                args: &[],
                problems: &[(
                    "H = @113(",
                    "1122 → 2B0W",
                    "section H is used as 114 candidates, but its definition says 113",
                )],
            },
            Defect {
                from: "0,0,0,0,0;1,4(1415)",
                to: "0,0,0,0;1,4(1415)",
                args: &[],
                problems: &[(
                    "1213: 0,0,0,0;",
                    "1122 → 0B3W",
                    "14 slots, but Knuth's notation has 15 for 4×6 (5, 4, 3, 2, 1",
                )],
            },
            Defect {
                from: "0,0,0,0,0;1,4(1415)",
                to: "0,0,0,0,0,1,4(1415)",
                args: &[],
                problems: &[(
                    ",1,4(1415)",
                    "1122 → 0B3W",
                    "expected `;` between the 0-black and 1-black slots, found `,`",
                )],
            },
            Defect {
                from: "4(1415)",
                to: "4(1475)",
                args: &[],
                problems: &[(
                    "4(@1475)",
                    "1122 → 0B3W → 1213 → 1B2W",
                    "the guess `1475` is not a code of this game",
                )],
            },
            // A single-guess form where replies leave two.
            Defect {
                from: "13(2425x)",
                to: "13(2425)",
                args: &[],
                problems: &[
                    ("13(@2425)", "1122 → 0B1W → 2344 → 2B1W → 2425 → 0B1W", "at most 1 candidate, but 0B1W leaves 2"),
                    ("13(@2425)", "1122 → 0B1W → 2344 → 2B1W → 2425 → 0B2W", "but 0B2W leaves 2"),
                    ("13(@2425)", "1122 → 0B1W → 2344 → 2B1W → 2425 → 1B1W", "but 1B1W leaves 2"),
                    ("13(@2425)", "1122 → 0B1W → 2344 → 2B1W → 2425 → 1B2W", "but 1B2W leaves 2"),
                    ("13(@2425)", "1122 → 0B1W → 2344 → 2B1W → 2425 → 2B0W", "but 2B0W leaves 2"),
                ],
            },
            // An `x` where every reply settles the code.
            Defect {
                from: "4(1415)",
                to: "4(1415x)",
                args: &[],
                problems: &[(
                    "4(@1415x)",
                    "1122 → 0B3W → 1213 → 1B2W",
                    "some reply to 1415 leaves two candidates, but every reply leaves at most one",
                )],
            },
            // A bare count for more than two candidates.
            Defect {
                from: "3(1145),0;1",
                to: "3,0;1",
                args: &[],
                problems: &[(
                    "3,0;1,3(4115)",
                    "1122 → 0B3W → 1213 → 1B1W",
                    "names no guess",
                )],
            },
            // The all-black slot says 1122 is not a candidate.
            Defect {
                from: ";0,20I;1),",
                to: ";0,20I;0),",
                args: &[],
                problems: &[
                    ("20I;@0),", "the root", "the text says 1122 is not a candidate, but it is consistent"),
                    ("1296(", "the root", "the slots add up to 1295, but the situation has 1296"),
                ],
            },
            Defect {
                from: ";0,20I;1),",
                to: ";0,20I;2),",
                args: &[],
                problems: &[(
                    "2),",
                    "the root",
                    "the all-black slot must be 1 (the guess is a candidate) or 0 (it is not), found `2`",
                )],
            },
            Defect {
                from: "4(1415)",
                to: "4(1415x: 1)",
                args: &[],
                problems: &[(
                    "1415x: 1",
                    "1122 → 0B3W → 1213 → 1B2W",
                    "an `x` guess settles every reply by itself and takes no slots",
                )],
            },
            Defect {
                from: "0,1;0),96A",
                to: "1,1;0),96A",
                args: &[],
                problems: &[
                    ("1,1;0),96A", "1122 → 0B3W", "the slot for 3B1W must be 0"),
                ],
            },
            Defect {
                from: "96A",
                to: "96Q",
                args: &[],
                problems: &[
                    ("Q,256B", "1122 → 0B2W", "no section Q is defined"),
                    ("A = (", "the root", "section A is never used"),
                ],
            },
            Defect {
                from: "8(1536x);0,1;0)",
                to: "8(1536x);0,1;0)\nI = (1223:  0,0,0,0,0;1,5(1145x),4(1114x),0;1,3(1415),4(1114x);0,2;0)",
                args: &[],
                problems: &[(
                    "I = (1223: 0,0,0,0,0;1,5",
                    "the root",
                    "section I is defined twice (first at line 42, column 1)",
                )],
            },
            Defect {
                from: "I = (1223: 0,0,0,0,0;1,5(1145x),4(1114x),0;1,3(1415),4(1114x);0,2;0)",
                to: "I = (1223: 0,0,0,0,0;1,5(1145x),4(1114x),0;1,3(1415),4(1114x);0,2;0",
                args: &[],
                problems: &[("(1223: 0,0,0,0,0;1,5", "1122 → 3B0W", "the `(` here is never closed")],
            },
            Defect {
                from: "96A,256B",
                to: "96A 256B",
                args: &[],
                problems: &[("256B", "the root", "a `,` or `;` is missing between two slots")],
            },
            Defect {
                from: "96A,",
                to: "96A§,",
                args: &[],
                problems: &[("§", "the root", "`§` is not part of either notation")],
            },
            Defect {
                from: "96A",
                to: "99999999999999999999999A",
                args: &[],
                problems: &[
                    ("1296(@1122", "1122 → 0B2W", "the reply 0B2W occurs for 96 candidates"),
                    ("99999", "the root", "the number `99999999999999999999999` is too large"),
                    ("A = (", "the root", "section A is never used"),
                ],
            },
            Defect {
                from: "4(1415)",
                to: "4(1415*)",
                args: &["--format", "knuth"],
                problems: &[(
                    "1415*",
                    "1122 → 0B3W → 1213 → 1B2W",
                    "`*` belongs to Irving's notation",
                )],
            },
        ],
    );
}

#[test]
fn a_section_used_twice_is_named_at_its_second_use() {
    let copy = damaged(&committed(FIGURE_1), "32G", "32I");
    let run = verify_text(&copy, &[]).expect_status(1);
    assert_problem(
        &run,
        location_of(&copy, "I;1),"),
        "1122 → 3B0W",
        "section I is used twice (first at line 2, column 19)",
    );
    assert_problem(
        &run,
        location_of(&copy, "G = ("),
        "the root",
        "section G is never used",
    );
}

#[test]
fn each_defect_in_irvings_notation_is_named_where_it_is() {
    check(
        IRVING,
        &[
            // A short form without `*` claims its guess is a candidate.
            Defect {
                from: "7(1462*)",
                to: "7(1462)",
                args: &[],
                problems: &[(
                    "7(@1462)",
                    "1122 → 1B0W → 1344 → 0B1W → 3526 → 1B2W",
                    "the text says 1462 is a candidate, but it is not consistent",
                )],
            },
            Defect {
                from: "2(4213)",
                to: "2",
                args: &[],
                problems: &[(
                    "2,16(3215",
                    "1122 → 0B2W → 2344 → 0B3W",
                    "Irving's notation names the guess for 2 candidates",
                )],
            },
            Defect {
                from: "4(1415*)",
                to: "4(1415x)",
                args: &[],
                problems: &[
                    (
                        "1415x",
                        "1122 → 0B3W → 1213 → 1B2W",
                        "the `x` form belongs to Knuth's notation",
                    ),
                    (
                        "4(@1415x)",
                        "1122 → 0B3W → 1213 → 1B2W",
                        "some reply to 1415 leaves two",
                    ),
                    (
                        "4(@1415x)",
                        "1122 → 0B3W → 1213 → 1B2W",
                        "the text says 1415 is a candidate",
                    ),
                ],
            },
            // The all-black slot and the `*` contradict each other.
            Defect {
                from: "16(1213*: 0,0,0,0,0;1,4(1415*),3(1145*),0;1,3(4115*),3(1145*);1;0)",
                to: "16(1213*: 0,0,0,0,0;1,4(1415*),3(1145*),0;1,3(4115*),3(1145*);0;1)",
                args: &[],
                problems: &[
                    (
                        "1213*",
                        "1122 → 0B3W",
                        "marked `*` (not a candidate) but its all-black slot is 1",
                    ),
                    (
                        "3(1145*);0;@1)",
                        "1122 → 0B3W",
                        "the text says 1213 is a candidate, but it is not consistent",
                    ),
                    (
                        "0;1)",
                        "1122 → 0B3W → 1213 → 3B0W",
                        "claims 0 candidates, but 1 code",
                    ),
                ],
            },
        ],
    );
}

#[test]
fn a_forced_notation_that_does_not_fit_says_how_many_slots_it_expects() {
    let run = verify_text(&committed(IRVING), &["--format", "knuth"]).expect_status(1);
    assert!(
        run.stdout
            .contains("14 slots, but Knuth's notation has 15 for 4×6"),
        "{}",
        run.stdout
    );
    let run = verify_text(&committed(FIGURE_1), &["--format", "irving"]).expect_status(1);
    assert!(
        run.stdout
            .contains("15 slots, but Irving's notation has 14 for 4×6 (5, 4, 3, 1, 1"),
        "{}",
        run.stdout
    );
}
