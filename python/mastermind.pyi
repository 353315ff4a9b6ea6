"""Exhaustive strategy trees for Mastermind and its variants.

>>> import mastermind
>>> mastermind.generate("knuth").total
5801
>>> mastermind.generate(score=lambda sizes, is_candidate: max(sizes.values()), name="mine").total
5801
"""

import os
from typing import Any, Callable, Literal, Optional, Sequence

__version__: str

Strategy = Literal[
    "knuth", "expected-size", "entropy", "most-parts", "optimal", "first-consistent",
    "random-consistent",
]
Notation = Literal["json", "knuth", "irving", "yaml", "punch-card"]
Score = Callable[[dict[str, int], bool], float]

class Tree:
    """A complete strategy tree for one game, verified or built by the tool."""

    @property
    def strategy(self) -> str:
        """The name of the strategy that built the tree."""
    @property
    def parameters(self) -> dict[str, Any]:
        """The strategy's parameters, as the tree file records them."""
    @property
    def game(self) -> tuple[int, int, bool, bool]:
        """(pegs, colours, repetition, black_only)."""
    @property
    def codes(self) -> int:
        """How many codes the tree solves: every code of its game."""
    @property
    def total(self) -> int:
        """The number of guesses over every code (5801 for Knuth's tree)."""
    @property
    def average(self) -> float:
        """The average number of guesses."""
    @property
    def worst_case(self) -> int:
        """The most guesses any code needs."""
    @property
    def solved_by_guess(self) -> list[int]:
        """How many codes need exactly 1, 2, ... guesses."""
    def to_json(self) -> str:
        """The tree file, byte for byte what `mastermind generate` writes."""
    def to_dict(self) -> dict[str, Any]:
        """The tree file as Python dicts and lists."""
    def write(self, notation: Notation = "json", layout: Literal["flat", "sections"] = "flat") -> str:
        """The tree in a notation or format (Knuth's and Irving's flat or in sections)."""
    def next(self, history: Sequence[tuple[str, str]] = ()) -> Optional[str]:
        """The guess the tree plays after `history`, such as [("1122", "1B0W")].

        >>> mastermind.generate("knuth").next([("1122", "1B0W")])
        '1344'
        """
    def explain(self, history: Sequence[tuple[str, str]] = ()) -> Optional[dict[str, Any]]:
        """Why the tree plays its guess after ``history``, as ``next --explain`` says it:
        ``guess``, ``classes``, ``score`` and ``alternatives``; None after an all-black reply."""
    def trace(self, secret: str) -> list[tuple[str, str]]:
        """The game the tree plays against `secret`: (guess, reply) per turn."""

class Report:
    """What the verifier found."""

    valid: bool
    problems: list[str]
    """Each problem, with its place in the tree (and line and column for notations)."""
    notes: list[str]
    codes: int
    solved: int
    total: int
    worst_case: int
    tree: Optional[Tree]
    """The verified tree, or None when there is a problem."""
    optimality: Optional[Literal["proven", "unproven"]]
    """"proven" when the certificate given proves the tree optimal; "unproven" for an optimal
    tree without one, or whose certificate does not prove it; None for other trees."""
    optimality_problem: Optional[str]
    """Why the certificate given does not prove the tree optimal, if it does not."""
    def __bool__(self) -> bool: ...
    def to_json(self) -> str:
        """The report as ``mastermind verify --json`` prints it, byte for byte."""
    def to_dict(self) -> dict[str, Any]:
        """The report as ``mastermind verify --json`` prints it, as Python objects."""

def score(
    guess: str,
    secret: str,
    *,
    pegs: int = 4,
    colours: int = 6,
    repetition: bool = True,
    black_only: bool = False,
) -> str:
    """The reply to ``guess`` when the secret is ``secret``, such as ``"1B2W"``."""

def generate(
    strategy: Optional[Strategy] = None,
    *,
    pegs: int = 4,
    colours: int = 6,
    repetition: bool = True,
    black_only: bool = False,
    tie_break: Literal["prefer-candidate", "lowest-code"] = "prefer-candidate",
    consistent_only: bool = False,
    max_guesses: Optional[int] = None,
    minimize: Literal["total", "worst"] = "total",
    seed: Optional[int] = None,
    opening: Optional[str] = None,
    score: Optional[Score] = None,
    name: Optional[str] = None,
) -> Tree:
    """Builds a whole strategy tree.

    With `score`, a callable `score(sizes, is_candidate)` scores each guess by the class
    sizes it leaves (a dict from reply, such as "1B2W", to size); the lowest score is played,
    ties going to a candidate and then to the first code. `name` is recorded in the file.

    >>> mastermind.generate("optimal", pegs=3, colours=5).total
    451
    """

def compare(
    strategies: Sequence[Strategy] = ("knuth", "expected-size", "entropy", "most-parts", "optimal"),
    *,
    pegs: int = 4,
    colours: int = 6,
    repetition: bool = True,
    black_only: bool = False,
    trees: Sequence[Tree] = (),
) -> list[dict[str, Any]]:
    """One row per strategy: strategy, total, average, worst_case, solved_by_guess; then one
    per tree of ``trees`` (of the same game), marked ``"tree": True``."""

def verify(
    text: str,
    *,
    format: Optional[Notation] = None,
    pegs: Optional[int] = None,
    colours: Optional[int] = None,
    repetition: Optional[bool] = None,
    black_only: Optional[bool] = None,
    max_guesses: Optional[int] = None,
    strategy: Optional[str] = None,
    certificate: Optional[bytes] = None,
) -> Report:
    """Verifies a tree given as text: every code replayed, every claim checked.

    The JSON file names its game; other formats are read in the game the keywords name.
    ``certificate``, the bytes of a certificate of optimality (``mastermind certify``), is
    checked against the tree and sets ``Report.optimality``.
    """

def read(
    text: str,
    *,
    format: Optional[Notation] = None,
    pegs: Optional[int] = None,
    colours: Optional[int] = None,
    repetition: Optional[bool] = None,
    black_only: Optional[bool] = None,
    strategy: Optional[str] = None,
) -> Tree:
    """Reads a valid tree from text; raises ValueError listing the problems otherwise."""

def resume(
    directory: str | os.PathLike[str],
    *,
    pegs: int = 4,
    colours: int = 6,
    repetition: bool = True,
    black_only: bool = False,
    consistent_only: bool = False,
    max_guesses: Optional[int] = None,
    piece: Optional[int] = None,
    certificate: bool = False,
) -> dict[str, Any]:
    """The optimal search in pieces kept in ``directory`` (as ``generate --resume DIR``):
    pieces already there are not solved again. ``piece`` solves that piece alone. Returns
    ``tree`` (a Tree once every piece is in, else None), ``pieces``, ``missing``,
    ``unproven`` (pieces in without a certificate: a call for one ``piece`` proves only its
    own), ``solved`` and ``certificate`` (bytes, gzip-compressed, with ``certificate=True``,
    once the tree is written)."""

def certify(tree: Tree) -> bytes:
    """The certificate that an optimal ``tree`` is optimal, for ``verify(certificate=...)``."""

def static_check(
    guesses: Sequence[str],
    *,
    pegs: int = 4,
    colours: int = 6,
    repetition: bool = True,
    black_only: bool = False,
) -> dict[str, Any]:
    """Whether guesses made all at once tell every code apart: ``determines`` and ``groups``."""

def static_search(
    *, pegs: int = 4, colours: int = 6, repetition: bool = True, black_only: bool = False
) -> dict[str, Any]:
    """The least static set: ``size``, ``guesses`` and ``proof`` ("counting" or "exhaustive")."""

def atlas_entry(
    measure: Literal[
        "knuth", "expected-size", "entropy", "most-parts", "first-consistent", "optimal",
        "least-worst", "proven-optimal", "proven-least-worst", "static",
    ],
    *,
    pegs: int = 4,
    colours: int = 6,
    variant: Literal["repeat", "no-repeat", "black-only"] = "repeat",
) -> dict[str, int]:
    """One figure of the atlas: ``total`` and ``worst_case`` (and ``facts``, those of the checked
    certificate, for a proven optimum), or ``least`` for ``static``."""

def atlas(
    *,
    pegs: Sequence[int],
    colours: Sequence[int],
    variants: Sequence[Literal["repeat", "no-repeat", "black-only"]] = ("repeat",),
    measures: Optional[Sequence[str]] = None,
    max_codes: int = 10_000,
    workers: int = 1,
) -> dict[str, Any]:
    """The atlas of a range of games, computed here, as the atlas file's dict."""

def page(tree: Tree, *, title: Optional[str] = None) -> str:
    """The tree's page: one self-contained HTML file, as ``mastermind html`` writes it."""
