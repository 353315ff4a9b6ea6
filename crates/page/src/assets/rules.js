"use strict";
// The rules, and every computation the page makes, come from the library compiled to
// WebAssembly: `askRules` sends one request as JSON and reads its JSON answer. This script
// runs in the page and, for the long requests (building, verifying, explaining), in a worker
// made from its own text, so that the page stays responsive and Cancel can end the worker.

/** The answer of the module whose exports are `rules` to `request`: `{ok}` or `{error}`. */
function askRules(rules, request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const at = rules.request_buffer(bytes.length);
  new Uint8Array(rules.memory.buffer, at, bytes.length).set(bytes);
  const length = rules.answer_request();
  const answer = new Uint8Array(rules.memory.buffer, rules.answer_pointer(), length);
  return JSON.parse(new TextDecoder().decode(answer));
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) {
  let settle;
  const ready = new Promise((resolve) => (settle = resolve));
  // The request under way, whose progress the module reports.
  let under = null;
  self.onmessage = async (event) => {
    const message = event.data;
    if (message.module) {
      const progress = (kind, done, total) => self.postMessage({ id: under, progress: { kind, done, total } });
      const rules = (await WebAssembly.instantiate(message.module, { page: { progress } })).exports;
      // Two small builds before the first request: the browser compiles the module quickly
      // at first, and well only once its functions have run a while.
      for (const strategy of ["knuth", "optimal"]) {
        askRules(rules, { op: "build", game: { pegs: 4, colours: 5 }, strategy });
      }
      settle(rules);
      return;
    }
    const rules = await ready;
    let answer;
    const started = performance.now();
    under = message.id;
    try {
      answer = askRules(rules, message.request);
    } catch (error) {
      answer = { error: "the computation stopped: " + error.message, broken: true };
    }
    // The time the module took, without the messages to and from the page.
    answer.seconds = (performance.now() - started) / 1000;
    self.postMessage({ id: message.id, answer });
  };
}
