"use strict";
// The page's behaviour: build a strategy's tree or verify a pasted one (Build, Verify), then
// four views of the tree (explore it, let it break your code, play against a hidden code,
// statistics). Every rule and every figure comes from the library compiled to WebAssembly
// (rules.js asks it); this script draws. A page written for one tree starts with it loaded.
(async function () {
  const $ = (id) => document.getElementById(id);
  const data = JSON.parse($("page-data").textContent);
  const moduleText = $("rules-module").textContent.trim();
  const module = await WebAssembly.compile(Uint8Array.from(atob(moduleText), (c) => c.charCodeAt(0)));
  const rules = (await WebAssembly.instantiate(module, { page: { progress() {} } })).exports;
  // How few codes must be left before the explorer lists them.
  const LIST_AT_MOST = 24;
  // The strategies that rank guesses by a score of their own, so that "Why this guess?" can say.
  const RANKED = ["knuth", "expected-size", "entropy", "most-parts", "optimal"];

  /** The module's answer to a quick request, or an exception saying what went wrong. */
  function ask(request) {
    const answer = askRules(rules, request);
    if (answer.error !== undefined) throw new Error(answer.error);
    return answer.ok;
  }

  // ---- The worker, for long requests -------------------------------------------------------

  const workerAddress = URL.createObjectURL(new Blob([$("rules-script").textContent], { type: "text/javascript" }));

  /**
   * A worker of its own for one kind of long request, so that a verify started during a build
   * runs beside it: `ask(request, progress)` answers `{ok}`, `{error}` or `{cancelled}`, and
   * `cancel()` ends whatever it is doing, answering each request waiting as cancelled.
   */
  function lane() {
    let current = null, next = 0;
    const waiting = new Map();
    function start() {
      const made = new Worker(workerAddress);
      made.postMessage({ module });
      made.onmessage = (event) => {
        // A cancelled worker's messages may still be queued; they must not touch the page.
        if (current !== made) return;
        const message = event.data;
        const request = waiting.get(message.id);
        if (message.progress) {
          if (request && request.progress) request.progress(message.progress);
          return;
        }
        waiting.delete(message.id);
        if (message.answer.broken) cancel();
        if (request) request.settle(message.answer);
      };
      current = made;
    }
    function cancel() {
      current.terminate();
      for (const request of waiting.values()) request.settle({ cancelled: true });
      waiting.clear();
      start();
    }
    function ask(request, progress) {
      const id = next++;
      return new Promise((settle) => {
        waiting.set(id, { settle, progress });
        current.postMessage({ id, request });
      });
    }
    start();
    return { ask, cancel };
  }

  // Builds, checks (verify and static) and "Why this guess?" each in a worker of their own.
  const builder = lane();
  const checker = lane();
  const explainer = lane();

  /** `lane`'s answer to `request`, with the button `cancel` enabled while it works. */
  async function cancellable(lane, cancel, request) {
    $(cancel).disabled = false;
    const answer = await lane.ask(request);
    $(cancel).disabled = true;
    return answer;
  }

  // ---- The tree shown ----------------------------------------------------------------------

  // Set by `load`: the tree file (as read and as text), its game and the names the views use.
  let file = null, treeText = "", reasons = null, game = null, spec = null, root = null, pegs = 0;
  let width = 1, symbols = [], colourOf = new Map(), solvedReply = "", replies = [];

  /** Shows `loaded` (a verified tree file, as text) in the tree's views, titled `title`. */
  function load(loadedText, title, loadedReasons, statistics) {
    treeText = loadedText;
    file = JSON.parse(loadedText);
    reasons = loadedReasons || null;
    game = file.game;
    spec = { pegs: game.pegs, colours: game.colours, repetition: game.repetition, black_only: game.feedback === "black-only" };
    root = file.tree;
    pegs = game.pegs;
    width = game.symbols.length / game.colours;
    symbols = namesIn(game.symbols);
    colourOf = new Map(symbols.map((symbol, index) => [symbol, index]));
    const facts = ask({ op: "game", game: spec });
    solvedReply = facts.solved;
    replies = facts.replies;
    $("title").textContent = title;
    document.title = title + " · Mastermind strategy";
    $("game").textContent = facts.people;
    $("statistics-body").innerHTML = statistics || ask({ op: "statistics", tree: treeText, title });
    for (const tab of tabs) if (tab.hasAttribute("data-tree")) tab.hidden = false;
    explore.replies = [];
    $("explore-outline-tree").replaceChildren();
    $("explore-outline").open = false;
    solve.replies = [];
    play.secret = null;
    drawPalette();
    renderSolve();
    document.body.dataset.tree = file.claims.total_guesses;
  }

  // ---- Scoring and the tree ----------------------------------------------------------------

  /** The colour names that `text` is written in, `width` characters each. */
  function namesIn(text) {
    const names = [];
    for (let at = 0; at < text.length; at += width) names.push(text.slice(at, at + width));
    return names;
  }

  /** The reply to `guess` when the code is `secret`, named as in the tree file: 1B2W or 1B. */
  function score(guess, secret) {
    return ask({ op: "score", game: spec, guess, secret });
  }

  /** Every reply a codemaker could give in this game (all black but one, one white: never). */
  function possibleReplies() {
    return replies.slice();
  }

  function children(node) {
    return node.children ? Object.entries(node.children) : [];
  }

  /** Whether the guess at `node` can itself be the code: one code more than its children hold. */
  function guessIsCandidate(node) {
    return node.candidates === 1 + children(node).reduce((sum, [, child]) => sum + child.candidates, 0);
  }

  /** The codes still possible at `node`: the guesses below it that are candidates, in order. */
  function codesLeft(node) {
    const codes = [];
    (function collect(at) {
      if (guessIsCandidate(at)) codes.push(at.guess);
      for (const [, child] of children(at)) collect(child);
    })(node);
    return codes.sort();
  }

  /** How the tree finds `secret`: each guess with its reply, the last one all black. */
  function route(secret) {
    const steps = [];
    let node = root;
    while (node) {
      const reply = score(node.guess, secret);
      steps.push({ guess: node.guess, reply });
      if (reply === solvedReply) break;
      node = node.children && node.children[reply];
    }
    return steps;
  }

  /** Follows `replies` from the root: the node reached, or `solved` if the last one ends it. */
  function follow(replies) {
    let node = root;
    for (const reply of replies) {
      if (reply === solvedReply) return { node, solved: true };
      node = node.children[reply];
    }
    return { node, solved: false };
  }

  // ---- Drawing -----------------------------------------------------------------------------

  // The Okabe–Ito colours first, then more that stay apart from them; the symbol is always
  // written on the peg, so colour is never the only cue.
  const PALETTE = [
    "#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#FFFFFF",
    "#000000", "#999999", "#882255", "#44AA99", "#DDCC77", "#117733", "#332288", "#AA4499",
    "#88CCEE", "#661100",
  ];

  function pegColours(colour) {
    if (colour < PALETTE.length) {
      const hex = PALETTE[colour];
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
      const light = 0.299 * r + 0.587 * g + 0.114 * b > 140;
      return { background: hex, text: light ? "#000" : "#fff" };
    }
    // Past the palette: light tints spread around the hue circle, with dark symbols.
    return { background: "hsl(" + Math.round(colour * 137.5) % 360 + " 60% 78%)", text: "#000" };
  }

  function element(tag, attributes, ...content) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (name === "class") made.className = value;
      else if (name === "text") made.textContent = value;
      else made.setAttribute(name, value);
    }
    for (const part of content) made.append(part);
    return made;
  }

  function peg(symbol, tag) {
    const colours = pegColours(colourOf.get(symbol));
    const made = element(tag || "span", { class: "peg", text: symbol, title: "colour " + symbol });
    made.style.background = colours.background;
    made.style.color = colours.text;
    return made;
  }

  function board(code) {
    const made = element("div", { class: "board", "data-code": code, role: "img", "aria-label": "code " + code });
    for (const symbol of namesIn(code)) made.append(peg(symbol));
    return made;
  }

  /**
   * A reply as players of the game say it: "1 bull, 2 cows" in Bulls and Cows (4 × 10, no
   * colour twice), the tree file's own name ("1B2W") in every other game.
   */
  function replyText(reply) {
    const bulls = game && game.pegs === 4 && game.colours === 10 && game.repetition === false && game.feedback !== "black-only";
    const parts = /^(\d+)B(\d+)W$/.exec(reply);
    if (!bulls || !parts) return reply;
    return plural(Number(parts[1]), "bull", "bulls") + ", " + plural(Number(parts[2]), "cow", "cows");
  }

  function plural(count, one, many) {
    return count + " " + (count === 1 ? one : many);
  }

  /** `text` as a sentence: a capital first, a full stop last. */
  function sentence(text) {
    const capital = text.charAt(0).toUpperCase() + text.slice(1);
    return /[.!?]$/.test(capital) ? capital : capital + ".";
  }

  function say(target, text, kind) {
    target.textContent = text;
    target.className = "message" + (kind ? " " + kind : "");
  }

  // ---- Views and the address ---------------------------------------------------------------

  const VIEWS = ["build", "verify", "explore", "solve", "play", "statistics"];
  const tabs = VIEWS.map((view) => $("tab-" + view));

  function show(view) {
    for (const name of VIEWS) {
      $(name).hidden = name !== view;
      $("tab-" + name).setAttribute("aria-selected", String(name === view));
      $("tab-" + name).tabIndex = name === view ? 0 : -1;
    }
    if (view === "play" && !play.secret) newGame();
  }

  for (const tab of tabs) {
    tab.addEventListener("click", () => {
      location.hash = tab.dataset.view === "explore" ? exploreFragment(explore.replies) || "explore" : tab.dataset.view;
    });
    tab.addEventListener("keydown", (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const shown = tabs.filter((candidate) => !candidate.hidden);
      const next = shown[(shown.indexOf(tab) + step + shown.length) % shown.length];
      next.focus();
      next.click();
    });
  }

  /** Shows what the address names: a view, or a position of the explorer as GUESS=REPLY,… */
  function showAddress() {
    const raw = location.hash.replace(/^#/, "");
    let fragment = raw;
    try {
      fragment = decodeURIComponent(raw);
    } catch {
      // A stray `%` is read as it stands; readFragment then says which step it spoils.
    }
    if (!root) {
      // Nothing to explore yet: the views that make a tree.
      show(fragment === "verify" ? "verify" : "build");
    } else if (VIEWS.includes(fragment) && fragment !== "explore") {
      show(fragment);
    } else {
      const read = readFragment(fragment);
      explore.replies = read.replies;
      renderExplore(read.error);
      show("explore");
    }
    // The address now shown, for scripts (and tests) that wait for a link to be followed.
    document.body.dataset.address = location.hash;
  }

  function exploreFragment(replies) {
    let node = root;
    return replies
      .map((reply) => {
        const step = node.guess + "=" + reply;
        if (reply !== solvedReply) node = node.children[reply];
        return step;
      })
      .join(",");
  }

  /** The replies a fragment walks through, up to the first step that does not fit the tree. */
  function readFragment(fragment) {
    const replies = [];
    if (fragment === "" || fragment === "explore") return { replies };
    let node = root;
    const steps = fragment.split(",");
    for (let index = 0; index < steps.length; index++) {
      const text = steps[index].trim();
      const where = "The link's step " + (index + 1) + ", “" + text + "”, ";
      const [guess, reply] = text.toUpperCase().split("=");
      if (reply === undefined) {
        return { replies, error: where + "should read GUESS=REPLY, such as " + root.guess + "=" + possibleReplies()[1] + "." };
      }
      if (guess !== node.guess.toUpperCase()) {
        return { replies, error: where + "does not fit the tree: its guess here is " + node.guess + "." };
      }
      if (reply === solvedReply && guessIsCandidate(node) && index === steps.length - 1) {
        replies.push(reply);
        return { replies };
      }
      const next = node.children && node.children[reply];
      if (!next) {
        const occur = children(node).map(([name]) => name);
        if (guessIsCandidate(node)) occur.push(solvedReply);
        return { replies, error: where + "does not fit the tree: after " + node.guess + " the replies that occur are " + occur.join(", ") + "." };
      }
      replies.push(reply);
      node = next;
    }
    return { replies };
  }

  // ---- Explore -----------------------------------------------------------------------------

  const explore = { replies: [] };

  function goExplore(replies) {
    location.hash = exploreFragment(replies) || "explore";
  }

  function renderExplore(error) {
    say($("explore-message"), error || "", error ? "error" : "");
    const { node, solved } = follow(explore.replies);
    const path = $("explore-path");
    path.replaceChildren();
    const crumbs = [["Start", []]];
    let at = root;
    explore.replies.forEach((reply, index) => {
      crumbs.push([at.guess + " = " + reply, explore.replies.slice(0, index + 1)]);
      if (reply !== solvedReply) at = at.children[reply];
    });
    for (const [label, replies] of crumbs) {
      const button = element("button", { type: "button", text: label });
      button.addEventListener("click", () => goExplore(replies));
      path.append(element("li", {}, button));
    }
    const turn = explore.replies.length + (solved ? 0 : 1);
    const replies = $("explore-replies");
    replies.replaceChildren();
    $("explore-candidates").replaceChildren();
    $("explore-why").hidden = true;
    $("explore-why-ranking").replaceChildren();
    if (solved) {
      $("explore-heading").textContent = "Solved with guess " + turn + ": the code is " + node.guess + ".";
      $("explore-guess").replaceChildren(board(node.guess));
      $("explore-remaining").textContent = "";
    } else {
      $("explore-heading").textContent = "Guess " + turn + ":";
      $("explore-guess").replaceChildren(board(node.guess));
      $("explore-remaining").textContent =
        node.candidates === 1 ? "It is the only code left." : plural(node.candidates, "code is", "codes are") + " still possible.";
      for (const [reply, child] of children(node)) {
        const button = element("button", { type: "button", "data-reply": reply },
          element("span", { class: "reply", text: replyText(reply) }),
          element("span", { class: "count", text: plural(child.candidates, "code", "codes") + " left" }));
        button.addEventListener("click", () => goExplore(explore.replies.concat([reply])));
        replies.append(button);
      }
      if (guessIsCandidate(node)) {
        const button = element("button", { type: "button", class: "solved", "data-reply": solvedReply },
          element("span", { class: "reply", text: replyText(solvedReply) }),
          element("span", { class: "count", text: "solved in " + turn }));
        button.addEventListener("click", () => goExplore(explore.replies.concat([solvedReply])));
        replies.append(button);
      }
      renderWhy(node);
      if (node.candidates > 1 && node.candidates <= LIST_AT_MOST) {
        const list = element("ul", { class: "candidates", id: "explore-codes" });
        for (const code of codesLeft(node)) list.append(element("li", {}, board(code)));
        $("explore-candidates").append(element("p", { text: "The codes still possible:" }), list);
      }
    }
  }

  /** The strategy's reason for the guess at `node`: the guesses it ranks best here by its own
   *  score, the one played among them. A page written for its tree carries them; otherwise the
   *  worker works them out when "Why this guess?" is opened. */
  function renderWhy(node) {
    const address = exploreFragment(explore.replies);
    const reason = reasons && reasons[address];
    const live = !reason && RANKED.includes(file.strategy.name) && node.candidates >= 3;
    const why = $("explore-why");
    why.dataset.address = address;
    why.dataset.state = "";
    if (!reason && !live) return;
    why.hidden = false;
    if (reason) {
      drawReason(reason, node);
    } else {
      $("explore-why-score").textContent = "Worked out when you open this.";
      if (why.open) explainLive(node, address);
    }
  }

  $("explore-why").addEventListener("toggle", () => {
    const why = $("explore-why");
    if (why.open && why.dataset.state === "" && !(reasons && reasons[why.dataset.address])) {
      explainLive(follow(explore.replies).node, why.dataset.address);
    }
  });

  async function explainLive(node, address) {
    const why = $("explore-why");
    why.dataset.state = "working";
    $("explore-why-score").textContent = "Working it out…";
    $("explore-why-cancel").hidden = false;
    const started = performance.now();
    const answer = await explainer.ask({ op: "explain", tree: treeText, history: address });
    if (why.dataset.address !== address) return;
    $("explore-why-cancel").hidden = true;
    why.dataset.seconds = ((performance.now() - started) / 1000).toFixed(3);
    if (answer.ok) {
      drawReason(answer.ok, node);
    } else {
      $("explore-why-score").textContent = answer.cancelled ? "Cancelled." : sentence("Not ranked here: " + answer.error);
    }
    why.dataset.state = "done";
  }

  $("explore-why-cancel").addEventListener("click", explainer.cancel);

  // ---- The outline: the whole tree, a line per position, drawn as it is opened ---------------

  /** The line of the position `node`, reached by `path` (replies), after `reply` (none at the root). */
  function outlineLine(node, path, reply) {
    const link = element("a", { href: "#" + (exploreFragment(path) || "explore") }, node.guess);
    const heading = [reply ? element("span", { class: "reply", text: replyText(reply) }) : "", reply ? " → " : "", link,
      element("span", { class: "count", text: " " + plural(node.candidates, "code", "codes") })];
    const below = children(node);
    if (below.length === 0) return element("li", {}, ...heading);
    const details = element("details", {}, element("summary", {}, ...heading));
    details.addEventListener("toggle", () => {
      if (!details.open || details.querySelector("ul")) return;
      const list = element("ul", {});
      for (const [childReply, child] of below) list.append(outlineLine(child, path.concat([childReply]), childReply));
      details.append(list);
    });
    return element("li", {}, details);
  }

  $("explore-outline").addEventListener("toggle", () => {
    const tree = $("explore-outline-tree");
    if ($("explore-outline").open && root && tree.childElementCount === 0) tree.append(outlineLine(root, [], null));
  });

  function drawReason(reason, node) {
    $("explore-why-score").textContent = "Ranked by " + reason.score + ":";
    $("explore-why-ranking").replaceChildren(...reason.ranking.map((ranked) => {
      const played = ranked.guess === node.guess;
      return element("tr", played ? { class: "played" } : {},
        element("td", { text: ranked.rank + "." }),
        element("td", { text: ranked.guess + (played ? " (played)" : "") }),
        element("td", { text: String(ranked.score) }),
        element("td", { text: ranked.candidate ? "yes" : "" }));
    }));
    $("explore-why").dataset.state = "done";
  }

  // ---- Solve my code -----------------------------------------------------------------------

  const solve = { replies: [] };

  function renderSolve() {
    const { node, solved } = follow(solve.replies);
    const history = $("solve-history");
    history.replaceChildren();
    let at = root;
    for (const reply of solve.replies) {
      history.append(element("li", { "data-guess": at.guess, "data-reply": reply }, board(at.guess), element("span", { class: "reply", text: replyText(reply) })));
      if (reply !== solvedReply) at = at.children[reply];
    }
    $("solve-turn").hidden = solved;
    $("solve-undo").disabled = solve.replies.length === 0;
    if (solved) {
      say($("solve-message"), "Your code is " + node.guess + ": found with guess " + solve.replies.length + ".", "done");
      return;
    }
    $("solve-heading").textContent =
      "Guess " + (solve.replies.length + 1) + " (" + plural(node.candidates, "code fits", "codes fit") + " your replies so far):";
    $("solve-guess").replaceChildren(board(node.guess));
    const replies = $("solve-replies");
    replies.replaceChildren();
    for (const reply of possibleReplies()) {
      // A reply no code that fits the replies so far gives is shown as such; taking it is refused.
      const occurs = reply === solvedReply ? guessIsCandidate(node) : Boolean(node.children && node.children[reply]);
      const attributes = { type: "button", "data-reply": reply };
      if (!occurs) Object.assign(attributes, { class: "impossible", title: "No code that fits your replies so far gives this reply" });
      const button = element("button", attributes, element("span", { class: "reply", text: replyText(reply) }));
      button.addEventListener("click", () => answer(reply));
      replies.append(button);
    }
  }

  /** Takes the reply `reply` to the current guess, or refuses it with the reason. */
  function answer(reply) {
    const { node } = follow(solve.replies);
    const message = $("solve-message");
    if (reply === solvedReply ? guessIsCandidate(node) : node.children && node.children[reply]) {
      solve.replies.push(reply);
      say(message, "");
      renderSolve();
      return;
    }
    if (reply === solvedReply) {
      let at = root;
      for (const earlier of solve.replies) {
        const would = score(at.guess, node.guess);
        if (would !== earlier) {
          say(message, "Not possible: " + reply + " would make " + node.guess + " your code, but " + at.guess + " would have scored " +
            would + " against it, not " + earlier + ". Check your replies, or Undo.", "error");
          return;
        }
        at = at.children[earlier];
      }
    }
    const occur = children(node).map(([name, child]) => name + " (" + plural(child.candidates, "code", "codes") + ")");
    if (guessIsCandidate(node)) occur.push(solvedReply + " (" + node.guess + " itself)");
    say(message, "Not possible: none of the " + plural(node.candidates, "code", "codes") + " that fit your replies so far scores " +
      node.guess + " as " + reply + ". They score it " + occur.join(", ") + ". Check your replies, or Undo.", "error");
  }

  $("solve-undo").addEventListener("click", () => {
    solve.replies.pop();
    say($("solve-message"), "");
    renderSolve();
  });
  $("solve-restart").addEventListener("click", () => {
    solve.replies = [];
    say($("solve-message"), "");
    renderSolve();
  });

  // ---- Play --------------------------------------------------------------------------------

  const play = { secret: null, guesses: [], over: false };

  function randomBelow(limit) {
    const word = new Uint32Array(1);
    // Rejection keeps every value equally likely.
    const bound = Math.floor(0x100000000 / limit) * limit;
    do crypto.getRandomValues(word); while (word[0] >= bound);
    return word[0] % limit;
  }

  function newGame() {
    const pool = symbols.slice();
    let secret = "";
    for (let peg = 0; peg < pegs; peg++) {
      const index = randomBelow(pool.length);
      secret += pool[index];
      if (!game.repetition) pool.splice(index, 1);
    }
    play.secret = secret;
    play.guesses = [];
    play.over = false;
    $("play-input").value = "";
    say($("play-message"), "");
    renderPlay();
  }

  /** The guess typed, in the symbols' own case, or why it is not a guess of this game. */
  function readGuess(text) {
    const upper = new Map(symbols.map((symbol) => [symbol.toUpperCase(), symbol]));
    const typed = namesIn(text.replace(/[\s,]/g, "")).map((name) => upper.get(name.toUpperCase()) || name);
    const stranger = typed.find((character) => !colourOf.has(character));
    if (stranger !== undefined) {
      return { error: "“" + stranger + "” is not a colour of this game; the colours are " + symbols.join(" ") + "." };
    }
    if (typed.length !== pegs) {
      return { error: "A guess has " + plural(pegs, "peg", "pegs") + "; this one has " + typed.length + "." };
    }
    if (!game.repetition) {
      const twice = typed.find((symbol, index) => typed.indexOf(symbol) !== index);
      if (twice !== undefined) return { error: "No colour twice in this game: " + twice + " appears more than once." };
    }
    return { guess: typed.join("") };
  }

  function renderPlay() {
    const history = $("play-history");
    history.replaceChildren();
    for (const { guess, reply } of play.guesses) {
      history.append(element("li", { "data-guess": guess, "data-reply": reply }, board(guess), element("span", { class: "reply", text: replyText(reply) })));
    }
    $("play-form").hidden = play.over;
    $("play-give-up").disabled = play.over;
    const end = $("play-end");
    end.replaceChildren();
    if (!play.over) return;
    const steps = route(play.secret);
    const list = element("ol", { class: "history", id: "play-tree" });
    for (const { guess, reply } of steps) {
      list.append(element("li", { "data-guess": guess, "data-reply": reply }, board(guess), element("span", { class: "reply", text: replyText(reply) })));
    }
    end.append(element("p", { text: "The tree would have found " + play.secret + " in " + plural(steps.length, "guess", "guesses") + ":" }), list);
  }

  $("play-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("play-input");
    const read = readGuess(input.value);
    if (read.error) {
      say($("play-message"), read.error, "error");
      return;
    }
    const reply = score(read.guess, play.secret);
    play.guesses.push({ guess: read.guess, reply });
    input.value = "";
    if (reply === solvedReply) {
      play.over = true;
      say($("play-message"), "Solved: the code is " + play.secret + ", found in " + plural(play.guesses.length, "guess", "guesses") + ".", "done");
    } else {
      say($("play-message"), read.guess + " scores " + reply + ".");
    }
    renderPlay();
    (play.over ? $("play-new") : input).focus();
  });

  $("play-new").addEventListener("click", newGame);
  $("play-give-up").addEventListener("click", () => {
    play.over = true;
    say($("play-message"), "The code was " + play.secret + ".", "done");
    renderPlay();
  });

  function drawPalette() {
    const palette = $("play-palette");
    palette.replaceChildren();
    for (const symbol of symbols) {
      const button = peg(symbol, "button");
      button.type = "button";
      button.setAttribute("aria-label", "add colour " + symbol);
      button.addEventListener("click", () => {
        const input = $("play-input");
        if (input.value.replace(/[\s,]/g, "").length < pegs * width) input.value += symbol;
      });
      palette.append(button);
    }
    const erase = element("button", { type: "button", class: "edit", text: "⌫", "aria-label": "remove the last colour" });
    erase.addEventListener("click", () => {
      const input = $("play-input");
      input.value = input.value.replace(/[\s,]/g, "").slice(0, -width);
    });
    palette.append(erase);
  }

  // ---- Build -------------------------------------------------------------------------------

  /** The game the form `prefix` (build or verify) names. */
  function formGame(prefix) {
    const variant = $(prefix + "-variant").value;
    if (variant === "bulls-and-cows") return { pegs: 4, colours: 10, repetition: false, black_only: false };
    return {
      pegs: wholeNumber(prefix + "-pegs", "Pegs"),
      colours: wholeNumber(prefix + "-colours", "Colours"),
      repetition: variant !== "no-repeat",
      black_only: variant === "black-only",
    };
  }

  /** The whole number of at least 1 in the field `id`, or an exception naming it `name`. */
  function wholeNumber(id, name) {
    const text = $(id).value.trim();
    const value = Number(text);
    if (text === "" || !Number.isInteger(value) || value < 1 || value > 1000) {
      throw new Error(name + " must be a whole number of at least 1" + (text === "" ? "" : ", not " + text));
    }
    return value;
  }

  /** What building the form's strategy on its game would cost, or why it cannot be built. */
  function buildPlan() {
    try {
      const facts = ask({ op: "game", game: formGame("build"), strategy: $("build-strategy").value });
      return { facts, refused: facts.cost.refused };
    } catch (error) {
      return { refused: sentence(error.message.startsWith("Pegs") || error.message.startsWith("Colours") ? error.message : "Not a game the page can build: " + error.message) };
    }
  }

  function showCost() {
    const plan = buildPlan();
    $("build-cost").textContent = plan.refused ? plan.refused : plan.facts.people + ". " + plan.facts.cost.note;
    $("build-cost").classList.toggle("error", Boolean(plan.refused));
  }

  $("build-variant").addEventListener("change", () => {
    if ($("build-variant").value === "bulls-and-cows") {
      $("build-pegs").value = 4;
      $("build-colours").value = 10;
    }
    showCost();
  });
  // Any change of the form may change the cost: typing, picking, or the browser restoring it.
  for (const kind of ["input", "change"]) $("build-form").addEventListener(kind, showCost);

  const building = { running: false };

  $("build-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    if (building.running) return;
    const plan = buildPlan();
    if (plan.refused) {
      say($("build-message"), plan.refused, "error");
      return;
    }
    const strategy = $("build-strategy").value;
    const opening = $("build-opening").value.trim();
    const request = {
      op: "build", game: formGame("build"), strategy,
      opening: opening === "" ? null : opening,
      consistent_only: $("build-consistent").checked,
    };
    const bar = $("build-progress");
    const codes = plan.facts.codes;
    const started = performance.now();
    building.running = true;
    $("build-start").disabled = true;
    $("build-cancel").disabled = false;
    bar.hidden = false;
    bar.removeAttribute("value");
    say($("build-message"), "Building " + strategy + " on " + plan.facts.describe + "…");
    let settled = 0;
    // A sign of life where no stage reports for a while (an exact search's first parts).
    const elapsed = setInterval(() => {
      $("build-elapsed").textContent = Math.round((performance.now() - started) / 1000) + " s so far";
    }, 1000);
    const answer = await builder.ask(request, ({ kind, done, total }) => {
      if (kind === 0) {
        settled = done;
        if (codes > 0) bar.value = settled / codes;
        say($("build-message"), "Building: " + settled + " of " + codes + " codes settled.");
      } else if (kind === 1) {
        if (total > 0) bar.value = done / total;
        say($("build-message"), "Scoring the first guesses: " + done + " of " + total + ".");
      } else {
        if (total > 0) bar.value = done / total;
        say($("build-message"), "Searching: " + done + " of " + plural(total, "part", "parts") + " settled.");
      }
    });
    clearInterval(elapsed);
    $("build-elapsed").textContent = "";
    building.running = false;
    $("build-start").disabled = false;
    $("build-cancel").disabled = true;
    bar.hidden = true;
    if (answer.cancelled) {
      say($("build-message"), "Cancelled.");
      return;
    }
    if (answer.error !== undefined) {
      say($("build-message"), sentence(answer.error), "error");
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    document.body.dataset.built = seconds;
    document.body.dataset.computed = answer.seconds.toFixed(4);
    load(answer.ok.tree, answer.ok.title);
    say($("build-message"), "Built in " + seconds + " s: " + file.claims.total_guesses + " guesses over " + file.claims.codes + " codes.", "done");
    location.hash = "statistics";
  });

  $("build-cancel").addEventListener("click", builder.cancel);

  // ---- Verify ------------------------------------------------------------------------------

  $("verify-example").addEventListener("change", () => {
    const example = data.examples[$("verify-example").value];
    if (!example) return;
    $("verify-text").value = example.text;
    $("verify-pegs").value = example.pegs;
    $("verify-colours").value = example.colours;
    $("verify-variant").value = "repeat";
  });

  const verified = { tree: null, title: "" };

  $("verify-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("verify-open").hidden = true;
    $("verify-report").textContent = "";
    say($("verify-message"), "Verifying…");
    let request;
    try {
      request = { op: "verify", text: $("verify-text").value, game: formGame("verify") };
    } catch (error) {
      say($("verify-message"), sentence(error.message), "error");
      return;
    }
    const answer = await cancellable(checker, "verify-cancel", request);
    if (answer.error !== undefined || answer.cancelled) {
      say($("verify-message"), answer.cancelled ? "Cancelled." : sentence("Cannot verify: " + answer.error), "error");
      return;
    }
    const result = answer.ok;
    $("verify-report").textContent = result.report;
    verified.tree = result.tree;
    verified.title = result.title;
    $("verify-open").hidden = !result.tree;
    if (result.valid) {
      say($("verify-message"), "Valid: " + result.document.total_guesses + " guesses over " + result.document.codes + " codes.", "done");
    } else {
      say($("verify-message"), "Not valid: " + result.document.problems.length + " problem" + (result.document.problems.length === 1 ? "" : "s") + ", listed below.", "error");
    }
  });

  for (const id of ["verify-cancel", "static-cancel"]) $(id).addEventListener("click", checker.cancel);

  $("verify-open").addEventListener("click", () => {
    load(verified.tree, verified.title);
    location.hash = "explore";
    showAddress();
  });

  $("static-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    $("static-groups").textContent = "";
    say($("static-message"), "Checking…");
    let request;
    try {
      request = { op: "static-check", game: formGame("verify"), guesses: $("static-guesses").value };
    } catch (error) {
      say($("static-message"), sentence(error.message), "error");
      return;
    }
    const answer = await cancellable(checker, "static-cancel", request);
    if (answer.error !== undefined || answer.cancelled) {
      say($("static-message"), answer.cancelled ? "Cancelled." : sentence("Cannot check: " + answer.error), "error");
      return;
    }
    say($("static-message"), sentence(answer.ok.verdict), answer.ok.determines ? "done" : "error");
    $("static-groups").textContent = answer.ok.groups.join("\n");
  });

  // ---- Downloads ---------------------------------------------------------------------------

  function download(name, text) {
    const link = element("a", { href: URL.createObjectURL(new Blob([text], { type: "text/plain" })), download: name });
    document.body.append(link);
    link.click();
    link.remove();
  }

  /** The name the command's own files take: `optimal-4x6-black-only`, `knuth-4x10-no-repeat`. */
  function fileStem() {
    const variant = (game.repetition === false ? "-no-repeat" : "") + (game.feedback === "black-only" ? "-black-only" : "");
    return file.strategy.name + "-" + game.pegs + "x" + game.colours + variant;
  }

  $("download-json").addEventListener("click", () => download(fileStem() + ".json", treeText));
  for (const notation of ["knuth", "irving"]) {
    $("download-" + notation).addEventListener("click", () => {
      download(fileStem() + "." + notation + ".txt", ask({ op: "print", tree: treeText, notation }));
    });
  }

  // ---- Start -------------------------------------------------------------------------------

  window.mastermind = {
    score, route, possibleReplies, ask,
    codesLeft: () => codesLeft(follow(explore.replies).node),
    treeText: () => treeText,
  };
  window.addEventListener("hashchange", showAddress);
  if (data.file) {
    load(JSON.stringify(data.file), $("title").textContent, data.reasons, $("statistics-body").innerHTML);
  } else {
    for (const tab of tabs) if (tab.hasAttribute("data-tree")) tab.hidden = true;
  }
  showCost();
  showAddress();
  document.body.dataset.ready = "true";
})();
