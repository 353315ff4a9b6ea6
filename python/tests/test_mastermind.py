"""The Python package against the figures the papers publish and the files the tool commits."""

import json
import pathlib

import pytest

import mastermind

TREES = pathlib.Path(__file__).resolve().parents[2] / "trees"


def test_knuth_reproduces_5801_and_the_committed_file_byte_for_byte():
    tree = mastermind.generate("knuth")
    assert (tree.total, tree.codes, tree.worst_case) == (5801, 1296, 5)
    assert tree.solved_by_guess == [1, 6, 62, 533, 694]
    assert tree.to_json() == (TREES / "knuth-4x6.json").read_text()
    assert tree.to_dict()["claims"]["total_guesses"] == 5801


def test_a_python_score_reproduces_knuth_from_python():
    calls = 0

    def largest_class(sizes, is_candidate):
        nonlocal calls
        calls += 1
        assert sum(sizes.values()) >= 2
        return max(sizes.values())

    tree = mastermind.generate(score=largest_class, name="largest-class")
    assert tree.total == 5801
    assert tree.strategy == "largest-class"
    assert calls > 1000
    knuth = json.loads(mastermind.generate("knuth").to_json())["tree"]
    assert tree.to_dict()["tree"] == knuth


def test_a_score_of_our_own_builds_a_valid_tree_with_its_name():
    def fewest_left_on_average(sizes, is_candidate):
        return sum(n * n for n in sizes.values()) - (0.5 if is_candidate else 0)

    tree = mastermind.generate(score=fewest_left_on_average, name="mine", pegs=3, colours=5)
    report = mastermind.verify(tree.to_json())
    assert report.valid and report.codes == 125
    assert report.tree.total == tree.total
    assert tree.to_dict()["strategy"] == {"name": "mine"}


def test_text_that_is_no_tree_is_reported_once_at_its_place():
    report = mastermind.verify("not a tree")
    assert not report.valid
    assert len(report.problems) == len(set(report.problems)), report.problems
    assert report.problems[0].startswith("line 1, column 1: at the root: `not` cannot be read")


def test_ctrl_c_stops_a_build_with_a_score_of_our_own_promptly():
    import _thread
    import threading
    import time

    calls = []

    def slow(sizes, is_candidate):
        calls.append(1)
        time.sleep(0.002)  # thousands of calls: the whole build would take half a minute
        return max(sizes.values())

    started = time.monotonic()
    threading.Timer(0.3, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        mastermind.generate(score=slow)
    assert time.monotonic() - started < 2.0
    assert calls, "the build had begun"


def test_ctrl_c_stops_a_score_that_never_returns():
    import _thread
    import threading
    import time

    entered = threading.Event()

    def forever(sizes, is_candidate):
        entered.set()
        while True:
            pass

    started = time.monotonic()
    threading.Timer(0.3, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        mastermind.generate(score=forever)
    assert entered.is_set() and time.monotonic() - started < 3.0
    # The builder's threads run Python again without a stray interrupt.
    mine = mastermind.generate(score=lambda sizes, is_candidate: max(sizes.values()))
    assert mine.total == 5801


@pytest.mark.parametrize(
    "search",
    [
        lambda directory: mastermind.generate("optimal", pegs=4, colours=8),
        lambda directory: mastermind.resume(directory, pegs=4, colours=8),
        lambda directory: mastermind.compare(["knuth", "optimal"], pegs=4, colours=8),
        # 4×6's least static set takes a minute and more.
        lambda directory: mastermind.static_search(pegs=4, colours=6),
        lambda directory: mastermind.atlas(pegs=[4], colours=[6], measures=["static"]),
        lambda directory: mastermind.atlas_entry("static", pegs=4, colours=6),
    ],
    ids=["generate", "resume", "compare", "static_search", "atlas", "atlas_entry"],
)
def test_ctrl_c_stops_a_built_in_search_promptly(search, tmp_path):
    import _thread
    import threading
    import time

    # Each search takes seconds whole (4×8's optimum, about 6 s on two cores; 4×7's took
    # under 0.5 s once the search shared bounds between renamed sets, so that Ctrl-C came
    # after it had ended); Ctrl-C after 0.5 s ends it within a second or so.
    started = time.monotonic()
    threading.Timer(0.5, _thread.interrupt_main).start()
    with pytest.raises(KeyboardInterrupt):
        search(tmp_path)
    assert time.monotonic() - started < 3.0
    # Nothing was left broken: the next search runs as ever.
    assert mastermind.generate("optimal", pegs=3, colours=5).total == 451


def test_an_exception_in_the_score_is_raised_from_generate():
    def broken(sizes, is_candidate):
        raise ZeroDivisionError("on purpose")

    with pytest.raises(ZeroDivisionError, match="on purpose"):
        mastermind.generate(score=broken)


def test_the_optimum_read_back_from_its_file_is_5625():
    tree = mastermind.read((TREES / "optimal-4x6.json").read_text())
    assert (tree.total, tree.worst_case, tree.strategy) == (5625, 6, "optimal")


def test_the_deepest_trees_the_tool_writes_read_back():
    # A code solved only with the 100th guess: nested 200 deep in its JSON.
    deep = mastermind.generate("first-consistent", pegs=1, colours=100)
    again = mastermind.read(deep.to_json())
    assert (again.total, again.worst_case) == (deep.total, 100)


def test_a_certificate_proves_the_optimum_and_never_knuths_tree():
    optimum = (TREES / "optimal-4x6.json").read_text()
    certificate = (TREES / "certificates" / "optimal-4x6.cert").read_bytes()
    proven = mastermind.verify(optimum, certificate=certificate)
    assert (proven.valid, proven.optimality, proven.optimality_problem) == (True, "proven", None)
    unchecked = mastermind.verify(optimum)
    assert (unchecked.valid, unchecked.optimality) == (True, "unproven")
    knuth = mastermind.verify((TREES / "knuth-4x6.json").read_text(), certificate=certificate)
    assert (knuth.valid, knuth.optimality) == (False, "unproven")
    assert not knuth and repr(knuth).startswith("<mastermind.Report invalid")
    assert "5625" in knuth.optimality_problem and "5801" in knuth.optimality_problem
    cut = mastermind.verify(optimum, certificate=certificate[: len(certificate) // 2])
    assert not cut.valid and "truncated" in cut.optimality_problem
    assert mastermind.verify((TREES / "knuth-4x6.json").read_text()).optimality is None


def test_a_score_is_a_strategy_of_its_own_and_claims_no_built_in_name():
    def largest(sizes, is_candidate):
        return max(sizes.values())

    with pytest.raises(ValueError, match="not both"):
        mastermind.generate("bogus", score=largest)
    with pytest.raises(ValueError, match="not both"):
        mastermind.generate("optimal", score=largest)
    with pytest.raises(ValueError, match="built-in strategy's name"):
        mastermind.generate(score=largest, name="optimal", pegs=3, colours=4)
    with pytest.raises(ValueError, match="score of your own"):
        mastermind.generate("knuth", name="mine")
    assert mastermind.generate(score=largest, name="mine", pegs=3, colours=4).total > 0


def test_a_python_score_that_prefers_useless_guesses_ends():
    tree = mastermind.generate(score=lambda sizes, c: -max(sizes.values()), pegs=3, colours=3)
    assert mastermind.verify(tree.to_json()).valid
    tree = mastermind.generate(
        score=lambda sizes, c: len(sizes), pegs=1, colours=4, black_only=True
    )
    assert tree.total == 1 + 2 + 3 + 4


def test_a_score_on_one_thread_never_blocks_the_library_on_another():
    import threading

    results = {}
    scoring = threading.Event()

    def largest(sizes, is_candidate):
        scoring.set()
        return max(sizes.values())

    def with_score():
        results["score"] = mastermind.generate(score=largest).total

    def optimal():
        scoring.wait(30)
        results["optimal"] = mastermind.generate("optimal", pegs=3, colours=5).total

    def large_game():
        scoring.wait(30)
        tree = mastermind.generate("knuth", pegs=8, colours=2)
        results["large"] = (
            len(tree.to_json()) > 0
            and len(tree.write("knuth")) > 0
            and tree.next() is not None
            and len(tree.trace("12121212")) > 0
        )

    threads = [threading.Thread(target=f, daemon=True) for f in (with_score, optimal, large_game)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert not any(thread.is_alive() for thread in threads), f"a call never ended: {results}"
    assert results == {"score": 5801, "optimal": 451, "large": True}


def test_a_reply_is_scored_as_the_rules_say():
    assert mastermind.score("1122", "1234") == "1B1W"
    assert mastermind.score("1234", "1122") == "1B1W"
    assert mastermind.score("6543", "3456") == "0B4W"
    assert mastermind.score("1122", "1122") == "4B0W"
    assert mastermind.score("1212", "2121", black_only=True) == "0B"
    with pytest.raises(ValueError, match="guess"):
        mastermind.score("1127", "1122")
    with pytest.raises(ValueError, match="secret"):
        mastermind.score("1122", "112")


def test_colours_past_36_are_written_as_two_digits():
    assert mastermind.score("0799", "9907", pegs=2, colours=100) == "0B2W"
    with pytest.raises(ValueError, match="two digits for each of its 2 pegs"):
        mastermind.score("079", "9907", pegs=2, colours=100)
    tree = mastermind.generate("knuth", pegs=2, colours=40)
    assert tree.codes == 1600


def test_goddards_small_game_optimum():
    tree = mastermind.generate("optimal", pegs=3, colours=5)
    assert tree.total == 451


def test_every_notation_and_format_reads_back_the_same_tree():
    tree = mastermind.generate("expected-size", pegs=3, colours=4)
    for notation in ["json", "knuth", "irving", "yaml", "punch-card"]:
        text = tree.write(notation)
        again = mastermind.read(text, format=notation, pegs=3, colours=4)
        assert again.total == tree.total, notation
        assert json.loads(again.to_json())["tree"] == json.loads(tree.to_json())["tree"], notation


def test_a_wrong_claim_is_reported_with_where_it_is():
    document = json.loads(mastermind.generate("knuth").to_json())
    document["claims"]["total_guesses"] = 5800
    report = mastermind.verify(json.dumps(document))
    assert not report.valid and report.tree is None
    assert any("5800" in problem for problem in report.problems)
    with pytest.raises(ValueError, match="does not verify"):
        mastermind.read(json.dumps(document))


def test_game_arguments_that_disagree_with_the_file_are_refused():
    with pytest.raises(ValueError, match="4×6"):
        mastermind.verify((TREES / "knuth-4x6.json").read_text(), pegs=5)


def test_next_and_trace_follow_the_tree():
    tree = mastermind.generate("knuth")
    assert tree.next() == "1122"
    assert tree.next([("1122", "1B0W")]) == "1344"
    turns = tree.trace("3632")
    assert turns[0] == ("1122", "1B0W") and turns[-1] == ("3632", "4B0W")
    with pytest.raises(ValueError, match="tree plays 1122"):
        tree.next([("1234", "0B0W")])


def test_compare_lists_each_strategy():
    rows = mastermind.compare(["knuth", "most-parts"], pegs=3, colours=4)
    assert [row["strategy"] for row in rows] == ["knuth", "most-parts"]
    for row in rows:
        # Each row is the tree the strategy builds, figures and all.
        tree = mastermind.generate(row["strategy"], pegs=3, colours=4)
        assert (row["total"], row["worst_case"]) == (tree.total, tree.worst_case)


def test_compare_puts_your_trees_beside_the_strategies():
    mine = mastermind.generate("first-consistent", pegs=3, colours=4)
    rows = mastermind.compare(["knuth", "optimal"], pegs=3, colours=4, trees=[mine])
    assert [(row["strategy"], row["total"], row.get("tree")) for row in rows] == [
        ("knuth", 216, None),
        ("optimal", 206, None),
        ("first-consistent", 250, True),
    ]
    with pytest.raises(ValueError, match="a tree of 3×4 cannot be compared in 4×6"):
        mastermind.compare(["knuth"], trees=[mine])


def test_options_and_bad_names():
    assert mastermind.generate("optimal", opening="1123").total == 5625
    assert mastermind.generate("knuth", opening="1123").parameters == {"opening": "1123"}
    with pytest.raises(ValueError, match="no strategy named"):
        mastermind.generate("fastest")
    with pytest.raises(ValueError, match="max_guesses"):
        mastermind.generate("knuth", max_guesses=5)


@pytest.mark.parametrize("function", [mastermind.generate, mastermind.compare, mastermind.verify, mastermind.read, mastermind.score])
def test_the_docstring_examples_run_as_shown(function):
    import doctest

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    for test in finder.find(function, globs={"mastermind": mastermind}):
        runner.run(test)
    assert runner.summarize(verbose=False).attempted > 0
    assert runner.summarize(verbose=False).failed == 0


def test_the_readme_script_prints_what_the_readme_shows(capsys):
    readme = (TREES.parent / "README.md").read_text()
    section = readme[readme.index("### From Python"):]
    script = section.split("```python\n", 1)[1].split("```", 1)[0]
    shown = section.split("```text\n", 1)[1].split("```", 1)[0]
    assert len([line for line in script.splitlines() if line.strip()]) < 20
    exec(compile(script, "README.md", "exec"), {})
    assert capsys.readouterr().out == shown


def section_of(document, reply):
    """The file of the section of `document` after its first guess and `reply`."""
    from fractions import Fraction

    root = document["tree"]
    tree = root["children"][reply]
    solved = {}

    def count(node, guesses):
        below = node.get("children", {}).values()
        solved[guesses] = solved.get(guesses, 0) + node["candidates"] - sum(c["candidates"] for c in below)
        for child in below:
            count(child, guesses + 1)

    count(tree, 2)
    by_guess = [solved.get(n, 0) for n in range(1, max(solved) + 1)]
    total = sum(n * codes for n, codes in enumerate(by_guess, 1))
    average = Fraction(total, tree["candidates"])
    document = dict(document, tree=tree, after=[{"guess": root["guess"], "reply": reply}])
    document["claims"] = {
        "codes": tree["candidates"],
        "total_guesses": total,
        "average": {"fraction": f"{average.numerator}/{average.denominator}",
                    "decimal": f"{float(average):.4f}"},
        "worst_case": len(by_guess),
        "solved_by_guess": by_guess,
    }
    return document


def test_a_section_file_verifies_but_is_no_whole_tree():
    knuth = json.loads(mastermind.generate("knuth").to_json())
    section = section_of(knuth, "1B0W")
    report = mastermind.verify(json.dumps(section))
    assert report.valid and report.codes == 256 and report.tree is None
    assert "a section of a tree, after 1122=1B0W" in report.notes[-1]
    with pytest.raises(ValueError, match="a section of a tree"):
        mastermind.read(json.dumps(section))
    section["after"][0]["reply"] = "1B9W"
    report = mastermind.verify(json.dumps(section))
    assert any("step 1 of `after`" in problem for problem in report.problems)
