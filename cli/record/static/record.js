// ludolog scoresheet: the page of `ludolog record`. Plain JavaScript, no build step, no network
// beyond this page's own server. Every choice comes from the server's choice tree (/api/choices):
// the page draws what it is given and sends back what was tapped.
"use strict";

const TOKEN = new URLSearchParams(location.search).get("token") || "";
const $ = (id) => document.getElementById(id);
const state = { view: null, picks: [], offer: null, busy: false, pending: null, inflight: 0, waiters: [] };

async function api(method, path, body, background) {
  const init = { method, headers: { "X-Ludolog-Token": TOKEN } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  if (!background) state.inflight += 1;  // what the page waits for (a poll is not)
  try {
    let response;
    try {
      response = await fetch(path, init);
    } catch (err) {
      return { status: 0, data: { error: "the scoresheet's server does not answer (is `ludolog record` still running?)" } };
    }
    let data = {};
    try { data = await response.json(); } catch (err) { data = { error: `answer ${response.status}` }; }
    return { status: response.status, data };
  } finally {
    if (!background) state.inflight -= 1;
  }
}

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) node.append(c);
  return node;
}

function banner(text, kind) {
  const b = $("banner");
  b.replaceChildren();
  if (!text) { b.hidden = true; return; }
  b.className = "banner" + (kind ? " " + kind : "");
  if (typeof text === "string") b.textContent = text; else b.append(text);
  b.hidden = false;
}

// -- the position ------------------------------------------------------------------------------

async function load() {
  const { status, data } = await api("GET", "/api/view");
  if (status !== 200) { banner(data.error || `answer ${status}`); return; }
  await show(data);
}

async function show(view) {
  state.view = view;
  document.body.dataset.phase = view.phase;
  document.body.dataset.count = view.count;
  $("game-title").textContent = view.title;
  $("file").textContent = view.file;
  drawBoard(view);
  drawScores(view);
  drawLast(view);
  $("setup").hidden = view.phase !== "setup";
  $("play").hidden = view.phase === "setup";  // over: no choices left, the take-back still there
  $("end").hidden = !(view.phase === "over" || (view.claimed && view.claimed.final));
  $("interim").hidden = view.phase === "setup";
  if (view.phase === "setup") {
    $("status").textContent = "Set-up";
    await loadSetup(view.problems || []);
  } else {
    $("status").textContent = view.result ? `the game is over: ${view.result}` : view.to_move || "";
    const turn = view.turn ? `${view.turn.round_name} ${view.turn.round}, turn ${view.turn.turn}` : "";
    $("turn").textContent = [turn, `${view.count} moves recorded`, view.corrections ? `${view.corrections} taken back` : ""]
      .filter(Boolean).join(" · ");
    $("undo").disabled = view.count === 0;
    if (view.phase === "blocked") showRefused(view.refused);
    else if (!state.pending) banner(null);
    drawClaims(view);
    if (view.phase === "play") await choose(state.picks);
    else { $("options").replaceChildren(); $("path").replaceChildren(); $("search").hidden = true; }
  }
  document.body.dataset.ready = String(view.count) + ":" + view.phase;
  bump();
}

// a counter of what the page has drawn, for anyone waiting for the page to settle (the tests)
function bump() {
  document.body.dataset.gen = String(Number(document.body.dataset.gen || 0) + 1);
  for (const resolve of state.waiters.splice(0)) resolve();
}

function drawBoard(view) {
  const board = $("board");
  if (view.phase === "setup") { board.replaceChildren(el("p", { class: "muted", text: "The board appears once the set-up is complete." })); return; }
  if (view.svg === undefined) return;  // a view without the picture keeps the one shown
  if (view.svg) board.innerHTML = view.svg;
  else board.replaceChildren(el("pre", { text: view.describe || "" }));
}

function drawScores(view) {
  const table = $("scores");
  const head = $("head-scores");
  table.replaceChildren();
  head.replaceChildren();
  if (!view.scores) return;
  const acting = new Set(view.acting || []);
  // the scores in the header too: on a phone the table is below the board, out of sight
  for (const [pid, score] of [...Object.entries(view.scores), ...Object.entries(view.bots || {})]) {
    head.append(el("span", { class: acting.has(pid) ? "acting" : "", "data-player": pid },
      `${pid} ${score}${acting.has(pid) ? " ◀" : ""}`));
  }
  table.append(el("tr", {}, el("th", { text: "player" }), el("th", { text: "score" })));
  for (const [pid, score] of Object.entries(view.scores)) {
    table.append(el("tr", { class: acting.has(pid) ? "acting" : "" }, el("td", { text: pid + (acting.has(pid) ? " ◀" : "") }),
      el("td", { class: "n", text: String(score) })));
  }
  for (const [name, score] of Object.entries(view.bots || {})) {
    table.append(el("tr", {}, el("td", { text: name }), el("td", { class: "n", text: String(score) })));
  }
}

function drawLast(view) {
  const list = $("last");
  list.replaceChildren();
  for (const m of view.last || []) {
    const refused = view.refused && view.refused.index === m.index;
    const li = el("li", { value: String(m.index), "data-index": String(m.index), class: refused ? "refused" : "" },
      m.text, refused ? " (refused by the rules)" : "");
    if (m.note) li.append(" ", el("span", { class: "note", text: "— " + m.note }));
    li.append(el("button", { type: "button", title: "a note on this move", text: "note",
      onclick: () => editNote(m.index, m.note) }));
    list.append(li);
  }
}

async function editNote(index, old) {
  const text = prompt(`Note on move ${index}:`, old || "");
  if (text === null) return;
  const { status, data } = await api("POST", "/api/note", { index, note: text });
  if (status !== 200) { banner(data.error); return; }
  await show(data);
}

// -- choosing a move -------------------------------------------------------------------------------

async function choose(picks) {
  const { status, data } = await api("POST", "/api/choices", { count: state.view.count, picks });
  if (status === 409) { state.picks = []; await show(data.position); return; }
  if (status !== 200) { banner(data.error || `answer ${status}`); return; }
  if (data.kind === "none") { state.picks = []; return choose([]); }
  state.picks = picks;
  state.offer = data;
  if (data.kind === "move") { await record(data.move); return; }
  drawOffer(data);
}

function drawOffer(offer) {
  const path = $("path");
  path.replaceChildren();
  if (state.picks.length) {
    path.append(el("button", { type: "button", text: "⟲ start again", onclick: () => choose([]) }));
    state.picks.forEach(([field, value], i) => {
      path.append(el("button", { type: "button", title: "choose again from here", "data-pick": String(i),
        text: `${words(field)}: ${shortValue(value)}`, onclick: () => choose(state.picks.slice(0, i)) }));
    });
  }
  const box = $("options");
  box.replaceChildren();
  box.classList.toggle("whole", offer.kind === "whole");
  const search = $("search");
  const many = offer.options.length > 12;
  search.hidden = !many;
  if (!many) search.value = "";
  if (offer.kind === "whole") {
    $("turn").dataset.asking = "move";
    for (const o of offer.options) {
      box.append(el("button", { type: "button", class: o.unknown ? "unknown" : "", "data-key": o.key,
        "data-label": (o.label + " " + (o.detail || "")).toLowerCase(), title: o.detail || "", onclick: () => record(o.move) },
        o.player ? el("strong", { text: o.player + " " }) : null, o.label,
        o.detail ? el("span", { class: "detail", text: clip(o.detail, 140) }) : null));
    }
  } else {
    $("turn").dataset.asking = offer.field;
    box.append(el("div", { class: "muted", style: "grid-column: 1 / -1", text: `${QUESTIONS[offer.field] || words(offer.field)}? (${offer.remaining} moves possible)` }));
    for (const o of offer.options) {
      box.append(el("button", { type: "button", class: o.unknown ? "unknown" : "", "data-value": o.value,
        "data-label": (o.label + " " + (o.detail || "")).toLowerCase(), title: o.detail || "",
        onclick: () => choose([...state.picks, [offer.field, o.value]]) },
        el("span", { class: "count", text: o.count > 1 ? String(o.count) : "" }), o.label,
        o.detail ? el("span", { class: "detail", text: clip(o.detail, 80) }) : null));
    }
  }
  filter();
  bump();
}

// a long text cut at a word, marked as cut
function clip(text, n) {
  if (text.length <= n) return text;
  const cut = text.slice(0, n);
  return cut.slice(0, Math.max(cut.lastIndexOf(" "), n - 20)) + " …";
}

// a key of the log as words: first_player -> first player
function words(key) { return String(key).replace(/_/g, " "); }

// the question a field asks: the log's field name, in words where the name alone says little
const QUESTIONS = { type: "which move", player: "whose decision" };

function shortValue(value) {
  try { const v = JSON.parse(value); return typeof v === "string" ? v : JSON.stringify(v); } catch (e) { return value; }
}

function filter() {
  const words = $("search").value.trim().toLowerCase().split(/\s+/).filter(Boolean);
  for (const b of $("options").querySelectorAll("button")) {
    const label = b.dataset.label || "";
    b.hidden = words.length > 0 && !words.every((w) => label.includes(w));
  }
}

async function record(move, force) {
  if (state.busy) return;
  state.busy = true;
  try {
    const { status, data } = await api("POST", "/api/move", { count: state.view.count, move, force: !!force });
    if (status === 200) { state.picks = []; state.pending = null; $("search").value = ""; await show(data); return; }
    if (status === 409 && data.position) {
      state.picks = [];
      banner("Another page recorded a move meanwhile: this is the position now.", "info");
      state.pending = "stale";
      await show(data.position);
      state.pending = null;
      return;
    }
    if (status === 422) { showViolation(move, data.violation); return; }
    banner(data.error || `answer ${status}`);
  } finally {
    state.busy = false;
    bump();
  }
}

function showViolation(move, violation) {
  const box = el("div", {});
  box.append(el("p", {}, el("strong", { text: "The rules refuse this move: " }), violation.message),
    el("p", { class: "muted", text: `${violation.code} at ${violation.pointer}` + (violation.rule ? ` (${violation.rule})` : "") }),
    el("p", { text: "If the table played it anyway (a dispute), it can be recorded as played: the log then fails validation at this move, and recording stops until it is taken back." }));
  box.append(el("button", { type: "button", id: "force", class: "danger", text: "Record it anyway, as disputed",
    onclick: () => { if (confirm("Record a move the rules refuse? The log will not validate until it is taken back.")) record(move, true); } }),
    " ", el("button", { type: "button", text: "Cancel", onclick: () => { state.pending = null; banner(null); } }));
  state.pending = "violation";
  banner(box);
}

function showRefused(violation) {
  const box = el("div", {});
  box.append(el("p", {}, el("strong", { text: "Recording stopped: " }),
    `move ${violation.index} was recorded against the rules: ${violation.message}`),
    el("p", { class: "muted", text: `${violation.code} at ${violation.pointer}` }),
    el("button", { type: "button", text: "Take it back", onclick: undo }));
  banner(box);
}

async function undo() {
  const last = (state.view.last || [])[0];
  if (!last) return;
  if (!confirm(`Take back move ${last.index}: ${last.text}? (The log keeps a note of it.)`)) return;
  const { status, data } = await api("POST", "/api/undo", { count: state.view.count });
  if (status === 409 && data.position) { await show(data.position); return; }
  if (status !== 200) { banner(data.error); return; }
  state.picks = [];
  state.pending = null;
  banner(null);
  await show(data);
}

async function byHand() {
  const verdict = $("by-hand-verdict");
  let move;
  try { move = JSON.parse($("by-hand-text").value); } catch (e) { verdict.textContent = "Not JSON: " + e.message; return; }
  verdict.textContent = "";
  await record(move);
}

// -- set-up ----------------------------------------------------------------------------------------

async function loadSetup(problems) {
  const { status, data } = await api("GET", "/api/setup");
  if (status !== 200) { banner(data.error); return; }
  const wrong = new Map();
  for (const p of problems) wrong.set(p.pointer.replace(/^\/setup/, "") || "/", p.message);
  // values still empty are marked at their fields and counted; every other problem is listed
  const empty = problems.filter((p) => p.message.startsWith("still to be filled in"));
  const other = problems.filter((p) => !p.message.startsWith("still to be filled in"));
  const list = $("setup-problems");
  list.replaceChildren(...other.map((p) => el("li", { text: `${p.pointer.replace(/^\/setup/, "") || "set-up"}: ${p.message}` })));
  if (empty.length) list.append(el("li", { class: "muted", text: `${empty.length} value${empty.length === 1 ? "" : "s"} still to choose` }));
  const form = $("setup-form");
  form.replaceChildren();
  let group = null;
  for (const f of data.fields) {
    // the fields under one set-up key get one heading (its name and the schema's description);
    // each field is then labelled by what tells it apart (I1, ana hand 1)
    const rest = f.group && f.label.startsWith(f.group + " ") ? f.label.slice(f.group.length + 1) : "";
    if (rest && f.group !== group) {
      form.append(el("div", { class: "field-group" }, el("strong", { text: words(f.group) }),
        f.group_description ? el("span", { class: "muted", text: f.group_description }) : null));
    }
    group = rest ? f.group : null;
    const id = "f" + f.pointer.replace(/[^A-Za-z0-9]/g, "_");
    let input;
    const named = f.options.filter((o) => o.id !== "?");
    if (named.length) {
      input = el("select", { id, "data-pointer": f.pointer });
      input.append(el("option", { value: "", text: f.required ? "— choose —" : "— none —" }));
      for (const o of f.options) {
        input.append(el("option", { value: String(o.id), title: o.detail || "", text: o.label + (o.detail && o.detail !== o.label ? " — " + o.detail.slice(0, 60) : "") }));
      }
      input.value = f.value === "" ? "" : String(f.value);
    } else {
      const unknown = f.options.length > 0;  // only "?" is offered: an id typed in, or "?" for unseen
      input = el("input", { id, "data-pointer": f.pointer, type: f.kind === "int" ? "number" : "text",
        inputmode: f.kind === "int" ? "numeric" : null, value: f.value === "" ? "" : String(f.value),
        placeholder: unknown ? "id, or ? if not seen" : f.required ? "" : "optional", autocomplete: "off" });
    }
    input.dataset.kind = f.kind;
    const why = wrong.get(f.pointer);
    const mark = why === undefined ? "" : why.startsWith("still to be filled in") ? " empty" : " wrong";
    const row = el("div", { class: "field" + mark, title: f.description || "" },
      el("label", { for: id, text: words(rest || f.label) + (f.required ? "" : " (optional)") }), input);
    if (!rest && f.description) row.append(el("div", { class: "hint muted", text: f.description }));
    if (wrong.has(f.pointer) && !wrong.get(f.pointer).startsWith("still to be filled in")) {
      row.append(el("div", { class: "why", text: wrong.get(f.pointer) }));
    }
    form.append(row);
  }
}

async function startGame() {
  const values = {};
  for (const input of $("setup-form").querySelectorAll("[data-pointer]")) {
    if (input.value === "") continue;
    values[input.dataset.pointer] = input.dataset.kind === "int" && /^-?\d+$/.test(input.value) ? Number(input.value) : input.value;
  }
  const { status, data } = await api("POST", "/api/setup", { values });
  if (status !== 200) { banner(data.error); return; }
  await show(data.view);
}

// -- claims ----------------------------------------------------------------------------------------

function scoreInputs(form, players, values) {
  if (form.dataset.players === players.join(",")) return;
  form.dataset.players = players.join(",");
  form.replaceChildren(...players.map((pid) => el("div", { class: "field" }, el("label", { text: pid }),
    el("input", { type: "number", inputmode: "numeric", "data-player": pid, value: values && pid in values ? String(values[pid]) : "" }))));
}

function readScores(form) {
  const out = {};
  for (const input of form.querySelectorAll("input[data-player]")) {
    if (input.value !== "") out[input.dataset.player] = Number(input.value);
  }
  return out;
}

function drawClaims(view) {
  scoreInputs($("claim-form"), view.players, view.claimed.final);
  scoreInputs($("interim-form"), view.players, null);
  const check = $("claim-check");
  check.replaceChildren(...(view.claims || []).map((c) => el("li", { text: c.message })));
  if (view.claimed && view.claimed.final && !(view.claims || []).length) {
    check.append(el("li", { class: "ok", style: "color: green", text: "The claimed scores agree with the replay." }));
  }
}

async function saveClaim(body) {
  const { status, data } = await api("POST", "/api/claim", body);
  if (status !== 200) { banner(data.error); return; }
  await show(data);
}

// -- another tab -------------------------------------------------------------------------------------

async function poll() {
  if (state.view && !state.busy) {
    const { status, data } = await api("GET", `/api/view?since=${state.view.version}`, undefined, true);
    if (status === 200 && !data.unchanged) { state.picks = []; await show(data); }
  }
  setTimeout(poll, 1500);
}

$("search").addEventListener("input", filter);
$("search").addEventListener("keydown", (e) => {
  if (e.key !== "Enter") return;
  const shown = [...$("options").querySelectorAll("button")].filter((b) => !b.hidden);
  if (shown.length === 1) shown[0].click();
});
$("undo").addEventListener("click", undo);
$("by-hand-toggle").addEventListener("click", () => { $("by-hand").hidden = !$("by-hand").hidden; });
$("by-hand-check").addEventListener("click", byHand);
$("setup-start").addEventListener("click", startGame);
$("claim-save").addEventListener("click", () => saveClaim({ final: readScores($("claim-form")) }));
$("interim-save").addEventListener("click", () => {
  if (!state.view.count) { banner("Scores are written down after a move: record one first."); return; }
  saveClaim({ event: { after: state.view.count - 1, label: $("interim-label").value || `after move ${state.view.count - 1}`,
    scores: readScores($("interim-form")) } });
});
load().then(() => setTimeout(poll, 1500));
