// The atlas page: builds the table from the embedded data, sorts it by any column and filters
// it by variant, pegs, colours and size. Nothing is fetched.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("atlas-data").textContent);
  const columns = [
    { key: "game", label: "Game", cls: "game" },
    { key: "variant", label: "Variant", cls: "game" },
    { key: "codes", label: "Codes" },
  ].concat(data.measures.map((m) => ({ key: m.name, label: m.label, measure: true })));
  const head = document.getElementById("atlas-head");
  const body = document.getElementById("atlas-body");
  let sortKey = null;
  let ascending = true;

  // The number a cell sorts by: a total, the static number, else after every figure.
  function value(entry, key) {
    if (key === "game") return entry.pegs * 1000 + entry.colours;
    if (key === "variant") return entry.variant;
    if (key === "codes") return entry.codes;
    const outcome = entry.results[key];
    if (!outcome || outcome.status !== "finished") return Infinity;
    return outcome.total !== undefined ? outcome.total : outcome.least;
  }

  function cell(entry, column) {
    const td = document.createElement("td");
    if (column.cls) td.className = column.cls;
    if (column.key === "game") {
      td.textContent = entry.pegs + "×" + entry.colours;
      return td;
    }
    if (!column.measure) {
      td.textContent = entry[column.key];
      return td;
    }
    const outcome = entry.results[column.key];
    if (!outcome) {
      td.textContent = "·";
      td.title = "not computed";
    } else if (outcome.status === "unfinished") {
      td.className = "unfinished";
      td.textContent = ">" + Math.round(outcome.seconds) + " s";
      td.title = "stopped after " + outcome.seconds + " s: " + outcome.reached;
    } else if (outcome.status === "failed") {
      td.className = "failed";
      td.textContent = "–";
      td.title = outcome.reason;
    } else {
      let text;
      if (outcome.total !== undefined) {
        text = outcome.total + " (" + outcome.worst_case + ")";
        td.title = "average " + (outcome.total / entry.codes).toFixed(4) +
          ", worst case " + outcome.worst_case + ", " + outcome.seconds + " s";
        if (outcome.facts !== undefined) {
          text += " \u2713";
          td.title += "; proven: a certificate of " + outcome.facts + " facts checked";
        }
      } else {
        text = String(outcome.least);
        td.title = outcome.least + " guesses made at once, " + outcome.seconds + " s";
      }
      if (outcome.page) {
        const link = document.createElement("a");
        link.href = outcome.page;
        link.textContent = text;
        td.appendChild(link);
      } else {
        td.textContent = text;
      }
    }
    return td;
  }

  function shown(entry) {
    const variant = document.getElementById("filter-variant").value;
    const pegs = document.getElementById("filter-pegs").value;
    const colours = document.getElementById("filter-colours").value;
    const codes = document.getElementById("filter-codes").value;
    return (!variant || entry.variant === variant) &&
      (!pegs || entry.pegs === Number(pegs)) &&
      (!colours || entry.colours === Number(colours)) &&
      (!codes || entry.codes <= Number(codes));
  }

  function render() {
    const entries = data.entries.filter(shown);
    if (sortKey) {
      entries.sort((a, b) => {
        const x = value(a, sortKey), y = value(b, sortKey);
        const order = x < y ? -1 : x > y ? 1 : 0;
        return ascending ? order : -order;
      });
    }
    body.replaceChildren(...entries.map((entry) => {
      const tr = document.createElement("tr");
      columns.forEach((column) => tr.appendChild(cell(entry, column)));
      return tr;
    }));
    document.getElementById("shown").textContent =
      entries.length + " of " + data.entries.length + " games";
  }

  columns.forEach((column) => {
    const th = document.createElement("th");
    th.scope = "col";
    if (column.cls) th.className = column.cls;
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = column.label;
    button.addEventListener("click", () => {
      ascending = sortKey === column.key ? !ascending : true;
      sortKey = column.key;
      head.querySelectorAll("th").forEach((other) => other.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      render();
    });
    th.appendChild(button);
    head.appendChild(th);
  });
  document.getElementById("filters").addEventListener("input", render);
  document.getElementById("filters").addEventListener("submit", (event) => event.preventDefault());
  render();
})();
