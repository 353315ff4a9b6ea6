"""What the command does beyond one tree, from Python: resumable runs, certificates, static
Mastermind, the atlas's figures and the page. Each is held to the command's own output or to
the literature's figures."""

import json
import os
import subprocess
import threading
from pathlib import Path

import pytest

import mastermind

ROOT = Path(__file__).resolve().parents[2]


def command():
    """The command built by `cargo build --release`, which these tests hold the package to."""
    binary = ROOT / "target" / "release" / "mastermind"
    if not binary.exists():
        message = f"SKIPPED: {binary} is not built; run `cargo build --release` first"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI never skips)")
        pytest.skip(message)
    return binary


def test_a_run_in_pieces_goes_on_where_it_stopped_and_proves_its_tree(tmp_path):
    first = mastermind.resume(tmp_path, pegs=3, colours=5, piece=0, certificate=True)
    assert first["tree"] is None and first["certificate"] is None
    assert (first["solved"], first["missing"]) == (1, first["pieces"] - 1)
    pieces = sorted(path.name for path in tmp_path.iterdir())
    assert pieces == [f"piece-0000-of-{first['pieces']}.cert", f"piece-0000-of-{first['pieces']}.json"]

    rest = mastermind.resume(tmp_path, pegs=3, colours=5, certificate=True)
    assert (rest["solved"], rest["missing"]) == (first["pieces"] - 1, 0)
    # Goddard's optimum for 3 pegs × 5 colours: 451 guesses over 125 codes.
    assert rest["tree"].total == 451
    assert rest["tree"].to_json() == mastermind.generate("optimal", pegs=3, colours=5).to_json()
    assert mastermind.verify(rest["tree"].to_json(), certificate=rest["certificate"]).optimality == "proven"

    again = mastermind.resume(tmp_path, pegs=3, colours=5)
    assert again["solved"] == 0 and again["tree"].total == 451


def test_a_run_for_one_piece_proves_that_piece_only(tmp_path):
    solved = mastermind.resume(tmp_path, pegs=3, colours=5)
    assert solved["missing"] == 0 and solved["unproven"] == 0
    one = mastermind.resume(tmp_path, pegs=3, colours=5, piece=2, certificate=True)
    assert one["tree"] is None and one["certificate"] is None
    assert (one["missing"], one["unproven"]) == (0, one["pieces"] - 1)
    proofs = sorted(path.name for path in tmp_path.iterdir() if path.suffix == ".cert")
    assert proofs == [f"piece-0002-of-{one['pieces']}.cert"]

    whole = mastermind.resume(tmp_path, pegs=3, colours=5, certificate=True)
    assert whole["unproven"] == 0 and whole["tree"].total == 451
    assert mastermind.verify(whole["tree"].to_json(), certificate=whole["certificate"]).optimality == "proven"


def test_a_run_that_cannot_go_on_says_why(tmp_path):
    with pytest.raises(ValueError, match="K from 0 to 14, not 15/15") as raised:
        mastermind.resume(tmp_path, pegs=3, colours=5, piece=15)
    # Python users are told of Python's arguments, not of the command's flags.
    assert "--" not in str(raised.value)
    # An empty path names no directory: nothing is written into the current one.
    before = sorted(os.listdir("."))
    with pytest.raises(ValueError, match="must be named"):
        mastermind.resume("", pegs=3, colours=5)
    assert sorted(os.listdir(".")) == before
    os.mkfifo(tmp_path / "piece-0003-of-15.json")
    with pytest.raises(OSError, match="not a regular file"):
        mastermind.resume(tmp_path, pegs=3, colours=5)
    with pytest.raises(ValueError, match="pegs"):
        mastermind.resume(tmp_path, pegs=0, colours=5)


def test_a_piece_another_process_solves_is_left_to_it(tmp_path):
    import fcntl

    mastermind.resume(tmp_path, pegs=3, colours=5, piece=0)
    notes = tmp_path / "piece-0001-of-15.notes"
    with open(notes, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        with pytest.raises(BlockingIOError, match="another process is solving it"):
            mastermind.resume(tmp_path, pegs=3, colours=5, piece=1)


def test_the_piece_files_are_the_commands(tmp_path):
    binary = command()
    mastermind.resume(tmp_path / "python", pegs=3, colours=5, piece=2)
    subprocess.run(
        [binary, "-q", "generate", "--strategy", "optimal", "--pegs", "3", "--colours", "5",
         "--resume", tmp_path / "command", "--shard", "2/15"],
        check=True,
    )
    name = "piece-0002-of-15.json"
    assert (tmp_path / "python" / name).read_text() == (tmp_path / "command" / name).read_text()


def test_a_certificate_proves_the_optimum_and_never_knuths_tree():
    optimal = mastermind.generate("optimal", pegs=3, colours=5)
    proof = mastermind.certify(optimal)
    assert mastermind.verify(optimal.to_json(), certificate=proof).optimality == "proven"
    knuth = mastermind.generate("knuth", pegs=3, colours=5)
    assert knuth.total > optimal.total
    with pytest.raises(ValueError):
        mastermind.certify(knuth)
    report = mastermind.verify(knuth.to_json(), certificate=proof)
    assert report.optimality != "proven"


def test_static_mastermind_from_python():
    # The classic game's static number is 6 (Goddard); five guesses never suffice.
    assert mastermind.static_check(["1122", "1344", "3515", "3524", "3651", "6236"])["determines"]
    left = mastermind.static_check(["1122", "1344", "3515", "3524", "3651"])
    assert not left["determines"]
    assert all(len(group) >= 2 for group in left["groups"])
    found = mastermind.static_search(pegs=3, colours=3)
    assert mastermind.static_check(found["guesses"], pegs=3, colours=3)["determines"]
    smaller = found["guesses"][:-1]
    assert not mastermind.static_check(smaller, pegs=3, colours=3)["determines"]
    with pytest.raises(ValueError, match="guess 2"):
        mastermind.static_check(["11", "19"], pegs=2, colours=3)


def test_the_atlas_figures_are_the_trees_figures():
    for measure, strategy in [("knuth", "knuth"), ("optimal", "optimal"), ("most-parts", "most-parts")]:
        tree = mastermind.generate(strategy, pegs=3, colours=5)
        assert mastermind.atlas_entry(measure, pegs=3, colours=5) == {
            "total": tree.total,
            "worst_case": tree.worst_case,
        }
    # A proven optimum is the optimum, with the facts of the certificate that was checked.
    proven = mastermind.atlas_entry("proven-least-worst", pegs=3, colours=5)
    least_worst = mastermind.atlas_entry("least-worst", pegs=3, colours=5)
    assert {key: proven[key] for key in least_worst} == least_worst
    assert proven["facts"] > 0
    # Bulls and Cows' no-repetition rules at 3 × 4 and black pegs only.
    assert "least" in mastermind.atlas_entry("static", pegs=2, colours=3)
    assert mastermind.atlas_entry("optimal", pegs=3, colours=4, variant="no-repeat")["total"] > 0
    with pytest.raises(ValueError, match="the measures are"):
        mastermind.atlas_entry("fastest")
    with pytest.raises(ValueError, match="the variants are"):
        mastermind.atlas_entry("knuth", variant="bulls")


def test_an_atlas_of_a_few_games_holds_each_games_figures():
    atlas = mastermind.atlas(pegs=[2, 3], colours=[3, 4], variants=["repeat", "black-only"],
                             measures=["knuth", "optimal", "static"], workers=2)
    games = [(e["pegs"], e["colours"], e["variant"]) for e in atlas["entries"]]
    assert sorted(games) == sorted(
        (p, c, v) for p in (2, 3) for c in (3, 4) for v in ("repeat", "black-only")
    )
    for entry in atlas["entries"]:
        for measure in ("knuth", "optimal"):
            result = entry["results"][measure]
            assert result["status"] == "finished"
            expected = mastermind.atlas_entry(
                measure, pegs=entry["pegs"], colours=entry["colours"], variant=entry["variant"]
            )
            assert {key: result[key] for key in expected} == expected
        assert entry["results"]["optimal"]["total"] <= entry["results"]["knuth"]["total"]
    with pytest.raises(ValueError, match="the measures are"):
        mastermind.atlas(pegs=[2], colours=[3], measures=["fastest"])


def test_the_page_holds_the_tree():
    tree = mastermind.generate("knuth")
    html = mastermind.page(tree, title="Knuth's 1976 tree")
    assert html.startswith("<!DOCTYPE html>")
    assert "<title>Knuth&#39;s 1976 tree · Mastermind strategy</title>" in html
    assert "694 codes in 5 guesses" in html
    assert "the largest class (smaller is better)" in html  # "Why this guess?"
    # Self-contained: nothing is fetched when it is opened.
    assert "<script src" not in html and "<link" not in html


def test_the_page_is_the_commands_page(tmp_path):
    binary = command()
    tree = mastermind.generate("expected-size", pegs=3, colours=5)
    (tmp_path / "tree.json").write_text(tree.to_json())
    subprocess.run(
        [binary, "-q", "html", tmp_path / "tree.json", "--title", "mine", "-o", tmp_path / "page.html"],
        check=True,
    )
    assert mastermind.page(tree, title="mine") == (tmp_path / "page.html").read_text()
    # Without a title, both name the strategy and the game alike.
    subprocess.run([binary, "-q", "html", tmp_path / "tree.json", "-o", tmp_path / "untitled.html"], check=True)
    assert mastermind.page(tree) == (tmp_path / "untitled.html").read_text()


def test_a_report_is_the_commands_document():
    optimum = ROOT / "trees" / "optimal-4x6.json"
    certificate = ROOT / "trees" / "certificates" / "optimal-4x6.cert"
    report = mastermind.verify(optimum.read_text(), certificate=certificate.read_bytes())
    shown = subprocess.run(
        [command(), "verify", optimum, "--certificate", certificate, "--json"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert report.to_json() == shown
    assert report.to_dict()["optimality"] == "proven" and report.to_dict()["total_guesses"] == 5625


def test_why_this_guess_is_the_commands_explanation():
    binary = command()
    after = [("1123", "1B1W"), ("1415", "1B1W"), ("3155", "0B1W")]
    tree = mastermind.generate("optimal")
    why = tree.explain(after)
    shown = subprocess.run(
        [binary, "-q", "next", "--strategy", "optimal", "--explain", "--json",
         "--after", ",".join(f"{g}={r}" for g, r in after)],
        check=True, capture_output=True, text=True,
    )
    expected = json.loads(shown.stdout)
    assert why["guess"] == expected["guess"] == tree.next(after)
    assert {key: why[key] for key in expected["explanation"]} == expected["explanation"]
    # The optimum's own total below here ranks first: 18 guesses for these 9 codes.
    assert why["alternatives"][0] == {"guess": why["guess"], "candidate": True, "score": 18.0}
    assert mastermind.generate("first-consistent").explain()["alternatives"] is None
    assert tree.explain([("1123", "4B0W")]) is None


def test_runs_proving_side_by_side_leave_the_tree_to_the_last(tmp_path):
    results = []
    threads = [
        threading.Thread(
            target=lambda: results.append(mastermind.resume(tmp_path, pegs=3, colours=5, certificate=True))
        )
        for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=300)
    assert len(results) == 3
    trees = [result for result in results if result["tree"] is not None]
    assert trees, "the last run to end writes the tree"
    for result in trees:
        report = mastermind.verify(result["tree"].to_json(), certificate=result["certificate"])
        assert report.optimality == "proven"


def test_a_build_inside_a_score_raises_at_once():
    def builds(sizes, is_candidate):
        mastermind.generate(pegs=2, colours=2)
        return max(sizes.values())

    with pytest.raises(RuntimeError, match="inside a score function"):
        mastermind.generate(score=builds, pegs=2, colours=3)

    def compares(sizes, is_candidate):
        mastermind.compare(["knuth"], pegs=2, colours=2)
        return 0

    with pytest.raises(RuntimeError, match="inside a score function"):
        mastermind.generate(score=compares, pegs=2, colours=3)


def test_long_runs_leave_the_gil_to_other_threads(tmp_path):
    done = []
    worker = threading.Thread(target=lambda: done.append(mastermind.resume(tmp_path, pegs=3, colours=5)))
    worker.start()
    scores = [mastermind.score("1122", "1234") for _ in range(100)]
    worker.join(timeout=120)
    assert not worker.is_alive() and done[0]["tree"].total == 451
    assert set(scores) == {"1B1W"}


@pytest.mark.parametrize(
    "function",
    [mastermind.resume, mastermind.static_check, mastermind.static_search, mastermind.atlas_entry,
     mastermind.atlas, mastermind.Tree.explain],
)
def test_the_new_docstring_examples_run_as_shown(function):
    import doctest

    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(function, globs={"mastermind": mastermind}):
        runner.run(test)
    assert runner.summarize(verbose=False).attempted > 0
    assert runner.summarize(verbose=False).failed == 0


def test_calls_in_threads_on_one_directory_all_return_the_tree(tmp_path):
    results = [None] * 3

    def run(slot):
        results[slot] = mastermind.resume(tmp_path, pegs=4, colours=7, certificate=True)

    threads = [threading.Thread(target=run, args=(slot,)) for slot in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for result in results:
        assert result["tree"].total == 11228
        assert result["missing"] == 0 and result["unproven"] == 0
        assert result["certificate"] is not None
    assert sum(result["solved"] for result in results) >= results[0]["pieces"]
