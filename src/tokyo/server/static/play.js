// The game page: one seat (?token=...) or a spectator (no token). It keeps the room's
// WebSocket open, redraws on every view pushed, sends actions over HTTP, and shows the
// replay of a finished game. Per-game views draw the observation; every game also gets
// the generic parts: the turn line, the log with its rules, the legal actions as
// buttons, the text picture.
import { api, el, seatLabel, withSeatNames, sentence, withYou, duration, ApiError, rememberSeat, cardNameIndex,
         withCardRefs } from "/static/common.js";
import * as kot from "/static/views/kot.js";
import * as crisis from "/static/views/crisis.js";
import * as storyline from "/static/views/storyline.js";
import * as generic from "/static/views/generic.js";
import { mountAdmin, standInNotice, takeCreatorLink } from "/static/admin.js";

const VIEWS = { "kot": kot, "kot-dark": kot, "kot-godzilla": kot, "crisis-tokyo": crisis,
                "storyline": storyline, "crisis-format": storyline };
const $ = (id) => document.getElementById(id);
const room = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const params = new URLSearchParams(location.search);
const token = params.get("token");

let view = null;          // the latest view of this seat
let log = [];             // every log line this seat may see, from 0
let cards = {};           // catalogue id -> card
let cardIndex = null;     // card names -> cards, to show a card's text wherever its name is written
let gameView = generic;
let socket = null;
let fatal = false;        // a bad room or token: do not reconnect
let busy = false;         // an action is on its way
let replay = null;        // the replay, once asked for
let replayObservation = null;   // the observation of the replay's step shown, while the replay is open
let actedAt = -1;         // the log's length when this page last sent an action of this seat
let turnEndClosed = null; // the log index of the turn whose end the person closed
const uiState = {};       // per-game view state kept across redraws (kept dice, ...)
// the version of the position the person made their current choice on (dice kept, ...),
// null when they have chosen nothing since their last action: the action made of that
// choice carries this version, so that a choice made on a position that has since
// changed under them (another tab of this seat acted, a push came) is refused by the
// server instead of being applied to the new position
let picked = null;
// on a touch screen, the answer to a tap redraws the page and another button may appear
// under the finger: a second tap that comes too soon after that redraw is ignored
const COARSE = window.matchMedia("(pointer: coarse)").matches;
const SETTLE_MS = 450;
let settleUntil = 0;
let refusing = false;     // a refusal is being shown: the position fetched with it does not scroll the page
let holdScrollUntil = 0;  // nor does a push that arrives just after it (performance.now() ms)

// ----- turn alerts: the tab's title and icon say "your move", an optional tone, and the
// prompt brought into view, whenever this seat comes to decide (a new decision, not a redraw)
const ICON = (colour) => "data:image/svg+xml," + encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="${colour}"/></svg>`);
const ICON_IDLE = ICON("#8a7f72");
const ICON_MOVE = ICON("#e0542e");
let baseTitle = "tokyo-engine";
let alerted = null;       // the version whose decision was last announced
const soundBox = document.getElementById("sound");
const paceBox = document.getElementById("pace");
paceBox.value = localStorage.getItem("tokyo-pace") || "normal";
paceBox.addEventListener("change", () => {
  localStorage.setItem("tokyo-pace", paceBox.value);
  if (socket) { socket.repace = true; socket.close(); }   // reconnects at once with the new pace
});
const rulesBox = document.getElementById("show-rules");
rulesBox.checked = localStorage.getItem("tokyo-rules") === "1";
const showRules = () => document.getElementById("log").classList.toggle("rules-hidden", !rulesBox.checked);
rulesBox.addEventListener("change", () => { localStorage.setItem("tokyo-rules", rulesBox.checked ? "1" : "0"); showRules(); });
showRules();
soundBox.checked = localStorage.getItem("tokyo-sound") === "1";
soundBox.addEventListener("change", () => localStorage.setItem("tokyo-sound", soundBox.checked ? "1" : "0"));

function tone() {
  try {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.12, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.35);
  } catch (err) { /* no audio here: the title and icon still tell */ }
}

/** Title, icon, tone and scroll for the current view; the tone and the scroll only once per
    decision (a version this seat is to act at), never on a plain redraw. */
function alertTurn() {
  const mine = !!(view && view.your_turn && view.status !== "finished" && !linkIsDead);
  document.title = mine ? `● Your move: ${baseTitle}` : baseTitle;
  $("favicon").href = mine ? ICON_MOVE : ICON_IDLE;
  document.body.dataset.alert = mine ? "1" : "0";
  if (!mine || alerted === view.version || replay) return;
  const fresh = alerted !== null || document.hidden;   // not the page's first paint
  alerted = view.version;
  if (soundBox.checked && fresh) tone();
  // bring what needs an answer into view: the prompt, or the board's first live button
  const target = !$("prompt").hidden ? $("prompt")
    : document.querySelector("#board button[data-action]:not([disabled])");
  // a refusal being shown (an undo or a move the server turned down) is read first: the
  // position that came with it does not scroll the page away from it
  if (target && !refusing && performance.now() > holdScrollUntil) {
    const box = target.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
      target.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    }
  }
}

function showError(message, kind = "error") {
  $("error-text").textContent = message;
  $("error").className = kind === "note" ? "error note" : "error";
  $("error").hidden = false;
}
function clearError() { $("error").hidden = true; }

/** What a refusal of this seat's move means, in a player's words (the server's message is
    written for API clients: versions, paths); null for a refusal without words of its own. */
const NOT_PLAYED = "Your move was not played.";
const MOVED_WHILE_CHOOSING = "The game moved on while you were choosing (another tab or player acted): "
  + "what you had picked was cleared, as it was picked on the old position. Choose again on the position shown.";
function refusalWords(err) {
  switch (err.code) {
    case "stale_version":
    case "not_your_turn":
      return `The game moved on (another tab or player acted); here is the current position. ${NOT_PLAYED}`;
    case "bot_plays":
      return `A bot is playing your seat for you now (the room's creator put it there while you were away). `
        + `Take your seat back to play yourself. ${NOT_PLAYED}`;
    case "game_over":
      return `The game is over. ${NOT_PLAYED}`;
    case "illegal_action":
      return `That move is not allowed now (${err.message}). ${NOT_PLAYED}`;
    case "unknown_room":
      return view ? DELETED : NO_GAME;
    case "bad_token":
      return "This seat link no longer works: the room's creator may have made a new link for this seat. "
        + "Ask them for it.";
    case "network":
      return `The server cannot be reached; check your connection. ${NOT_PLAYED}`;
    default:
      return null;
  }
}

/** The room is gone (deleted by its creator, or a link to a room that never was): the page
    says so in words, with the way back to the lobby, instead of empty panels. A page that
    showed the room saw it deleted; a page opened on an unknown address cannot tell a
    deleted room from a mistyped link (a deleted room leaves nothing in the server's store;
    a game ended by its creator stays and opens), so it says both. */
const DELETED = "The room's creator deleted this room.";
const NO_GAME = "There is no game at this address.";
function roomGone() {
  const deleted = !!view;
  fatal = true;
  document.body.dataset.gone = deleted ? "deleted" : "unknown";
  $("title").textContent = deleted ? "Room deleted" : "No game here";
  document.title = `${deleted ? "Room deleted" : "No game here"}: tokyo-engine`;
  $("who").textContent = "";
  $("rules-link").hidden = true;
  for (const box of document.querySelectorAll("header.top label")) box.hidden = true;   // sound, bots: nothing to play
  clearError();
  $("status").replaceChildren(el("b", {}, deleted ? DELETED : NO_GAME), " ",
    deleted ? "Its seat and spectator links open nothing now. "
      : "The link may be mistyped or cut short, or its room was deleted by its creator (a deleted room leaves nothing behind). ",
    el("a", { href: "/", id: "gone-lobby" }, "Back to the lobby"),
    " to start a new game or watch one.");
  $("status").className = "status gone";
  for (const id of ["undo-bar", "undone", "stand-in"]) $(id).hidden = true;
  document.querySelector(".layout").hidden = true;
}

/** This seat's link opens nothing (a new link was made for the seat): said in words, and
    nothing on the page still looks playable (the prompt goes, the board's buttons are
    disabled, the undo and the automatic decisions go), as the server would refuse it all. */
let linkIsDead = false;
function linkDead(message) {
  fatal = true;
  linkIsDead = true;
  document.body.dataset.linkDead = "1";
  if (view) redraw();
  $("status").textContent = "This link does not open a game.";
  $("status").className = "status";
  $("who").textContent = "this link no longer opens a seat";
  showError(message);
}
$("error-close").addEventListener("click", clearError);

async function loadCards(game) {
  try {
    const list = await api(`/api/games/${encodeURIComponent(game)}/cards`);
    cards = Object.fromEntries(list.map((c) => [c.id, c]));
    cardIndex = cardNameIndex(cards);
  } catch (err) {
    cards = {};
  }
}

/** Take a view (from the socket or an HTTP answer) into the page; ``fresh``: the view as
    fetched again (refetch), taken even when older than the one shown. */
async function applyView(next, fresh = false) {
  if (view && !fresh && next.version < view.version) return;  // an older answer that arrived late
  if (next.log_from === 0) log = next.log.slice();
  else if (next.log_from <= log.length) log = log.slice(0, next.log_from).concat(next.log);
  else { await refetch(); return; }
  const first = !view;
  // a new position: choices made on the page for the old one (kept dice, ...) go; the
  // same version arriving again (an HTTP answer after the socket's push) keeps them
  if (view && next.version !== view.version) for (const key of Object.keys(uiState)) delete uiState[key];
  // a choice the person was making on the old position (not one they sent: act() forgets
  // it) is dropped and they are told; ``picked`` stays, so that a click already on its
  // way is refused by the server rather than played on the new position
  if (view && next.version !== view.version && picked !== null && picked !== next.version) {
    if (gameView.dropPicks) gameView.dropPicks();
    showError(MOVED_WHILE_CHOOSING, "note");
  }
  view = next;
  viewAt = Date.now();
  viewClock = Math.max(Date.now() / 1000, ...view.seats.map((s) => s.away_since || 0));
  if (first) {
    gameView = VIEWS[view.game] || generic;
    await loadCards(view.game);
    $("title").textContent = view.title;
    $("rules-link").href = `/rules/${encodeURIComponent(view.game)}`;
    baseTitle = `${view.title}: tokyo-engine`;
    // a seat link opened here is remembered, so the lobby can offer to rejoin it
    if (token && view.seat !== null && view.seat !== undefined) {
      rememberSeat({ room: view.room, seat: view.seat, link: location.pathname + location.search, title: view.title });
    }
    document.title = baseTitle;
    $("render-box").open = gameView === generic;
    $("legal-details").open = gameView === generic;
  }
  redraw();
  if (first && params.get("replay") && view.status === "finished") openReplay();
}

async function refetch() {
  const path = token ? `/api/rooms/${room}/seat/${encodeURIComponent(token)}` : `/api/rooms/${room}`;
  try {
    const fresh = await api(path);
    await applyView(fresh, true);
  } catch (err) {
    if (err.code === "unknown_room") roomGone();
    else showError(refusalWords(err) || err.message);
  }
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const query = new URLSearchParams();
  if (token) query.set("token", token);
  if (log.length) query.set("log_from", String(log.length));
  query.set("pace", $("pace").value);
  const qs = query.toString();
  socket = new WebSocket(`${proto}//${location.host}/ws/rooms/${encodeURIComponent(room)}${qs ? "?" + qs : ""}`);
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "view") {
      applyView(message);
    } else if (message.type === "error") {
      if (message.error === "unknown_room") roomGone();
      else if (message.error === "bad_token") linkDead(refusalWords({ code: "bad_token" }));
      else showError(refusalWords({ code: message.error, message: message.message }) || message.message);
    }
  });
  const mine = socket;
  mine.addEventListener("close", () => {
    if (fatal) return;
    if (mine.repace) { connect(); return; }   // closed to ask for another pace
    $("status").textContent = "Connection lost; reconnecting…";
    $("status").className = "status";
    setTimeout(connect, 1000);
  });
}

/** The seat's automatic decisions (view.auto: the game's settings and this seat's values):
    a form drawn once per set of values, so typing is never interrupted; a change is sent at
    once (PUT .../auto) and the answer redraws the page. */
let autoShown = null;
function drawAuto() {
  const auto = view && view.status !== "finished" && !linkIsDead ? view.auto : null;
  $("auto-box").hidden = !auto;
  if (!auto) return;
  const key = JSON.stringify(auto.values);
  if (key === autoShown || $("auto").contains(document.activeElement)) return;
  autoShown = key;
  $("auto").replaceChildren(...auto.settings.map((s) => {
    const value = auto.values[s.name];
    const id = `auto-${s.name}`;
    const input = s.kind === "bool"
      ? el("input", { type: "checkbox", id, checked: value === true, onchange: () => sendAuto() })
      : el("input", { type: "number", id, min: s.low, max: s.high, step: 1, inputmode: "numeric",
                      value: value === null || value === undefined ? "" : String(value), placeholder: "ask me",
                      onchange: () => sendAuto() });
    input.dataset.name = s.name;
    input.dataset.kind = s.kind;
    return el("div", { class: `auto-row ${s.kind}` }, s.kind === "bool" ? [input, el("label", { for: id }, s.label)]
      : [el("label", { for: id }, s.label), input], el("span", { class: "small muted" }, s.help));
  }));
}

async function sendAuto() {
  const values = {};
  for (const input of $("auto").querySelectorAll("input")) {
    if (input.dataset.kind === "bool") values[input.dataset.name] = input.checked;
    else values[input.dataset.name] = input.value === "" ? null : Number(input.value);
  }
  try {
    const next = await api(`/api/rooms/${room}/auto`, { method: "PUT", json: { token, auto: values } });
    $("auto-note").textContent = "Saved.";
    autoShown = null;
    clearError();
    await applyView(next);
  } catch (err) {
    $("auto-note").textContent = "";
    showError(`Not saved: ${err.message}`);
  }
}

/** Send one action text of this seat; the answer (or the socket) redraws. */
async function act(text) {
  if (busy || !view || !token) return;
  if (COARSE && performance.now() < settleUntil) return;   // a double tap, not a new choice
  busy = true;
  document.body.dataset.busy = "1";
  actedAt = log.length;   // what follows in the log comes from this decision on
  // the version of the position the choice was made on (see ``picked``), else the one shown
  const at = picked !== null ? picked : view.version;
  picked = null;
  try {
    const next = await api(`/api/rooms/${room}/actions`, { json: { token, action: text, version: at } });
    clearError();
    await applyView(next);
    settleUntil = performance.now() + SETTLE_MS;
  } catch (err) {
    if (err instanceof ApiError) {
      if (err.code === "unknown_room") {
        roomGone();
      } else if (err.code === "stale_version" || err.code === "not_your_turn") {
        // another tab of this seat, or the game, moved first: show the position as it is now
        refusing = true;
        await refetch();
        refusing = false;
        showError(refusalWords(err), "note");
      } else if (err.code === "bad_token") {
        linkDead(refusalWords(err));
      } else {
        showError(refusalWords(err) || `Not accepted: ${err.message}`);
        if (err.code === "bot_plays" || err.code === "game_over") await refetch();
      }
    } else {
      showError(String(err));
    }
  } finally {
    busy = false;
    delete document.body.dataset.busy;
  }
}

/** Take back this seat's last action (POST .../undo): the answer is the position before
    it, with its prompt. A refusal says why in the server's words; the game may have moved
    on meanwhile (a die, another seat), so the page fetches the view again first. */
async function undo() {
  if (busy || !view || !token) return;
  busy = true;
  document.body.dataset.busy = "1";
  picked = null;   // a choice made before the undo is the person's own: it is not dropped
  try {
    const next = await api(`/api/rooms/${room}/undo`, { json: { token, version: view.version } });
    clearError();
    await applyView(next);
    // keyboard users land where the game asks again, not on a button that went away
    const target = document.querySelector("#prompt:not([hidden]) button:not([disabled]), #board button[data-action]:not([disabled])");
    if (target) target.focus({ preventScroll: true });
  } catch (err) {
    if (err instanceof ApiError) {
      refusing = true;
      await refetch();
      refusing = false;
      const why = err.code === "cannot_undo" ? err.message
        : view && !view.can_undo && view.undo_refused ? `your last action cannot be taken back: ${view.undo_refused}`
        : err.code === "stale_version" ? "the game moved on (another tab or player acted) before the undo; "
          + "nothing was taken back. The page now shows the game as it is."
        : `${err.message} The page now shows the game as it is.`;
      showError(`Undo refused: ${why}`);
      holdScrollUntil = performance.now() + 2500;
      $("error").scrollIntoView({ block: "nearest" });   // the refusal first, before the board
    } else {
      showError(String(err));
    }
  } finally {
    busy = false;
    delete document.body.dataset.busy;
  }
}
$("undo").addEventListener("click", undo);

/** The game's own name for a seat (a monster, a faction), or null. */
function gameName(seat, observation = view.observation) {
  return gameView.seatName ? gameView.seatName(observation, seat) : null;
}

/** A seat in the words every page uses (common.js seatLabel): "The King, seat 2 (bot: heuristic)". */
function seatName(seat) {
  return seatLabel(view.seats, seat, gameName(seat));
}

/** The engine's text picture with its seats numbered from 1, as everywhere on the page
    ("Seat 0" and "seat 0" are the first seat; King of Tokyo's "[0]" marks too). */
function renderText(text) {
  return (text || "").replace(/\b([Ss])eat (\d+)\b/g, (whole, s, n) => `${s}eat ${Number(n) + 1}`)
    .replace(/^(\s*[>*]?\s*)\[(\d+)\]/gm, (whole, lead, n) => `${lead}[${Number(n) + 1}]`);
}

function drawStatus() {
  const status = $("status");
  if (linkIsDead) {
    status.textContent = "This link does not open a game.";
    status.className = "status";
    $("who").textContent = "this link no longer opens a seat";
    return;
  }
  if (view.status === "ended") {
    status.textContent = "The room's creator ended this game before its end; nothing more is played.";
    status.className = "status over";
  } else if (view.status === "finished") {
    const winners = view.winners || [];
    const mine = view.seat !== null && winners.includes(view.seat);
    // a game view may say how it ended in its own words (a side that won, a draw)
    const told = sentence(gameView.resultText ? gameView.resultText(view.observation, seatName) : null);
    // won, lost, or neither (a draw, a spectator): the colour and the first words say which
    const seated = view.seat !== null && view.seat !== undefined;
    const tone = gameView.resultTone ? gameView.resultTone(view.observation, view.seat)
      : !seated ? "" : mine ? "won" : winners.length ? "lost" : "";
    status.textContent = `Game over. ${tone === "won" ? "You won! " : tone === "lost" ? "You lost. " : ""}` +
      (told || (winners.length ? `Won by ${winners.map(seatName).join(" and ")}.` : "Nobody won."));
    status.className = `status over${tone ? ` ${tone}` : ""}`;
    document.body.dataset.result = tone;
  } else if (view.your_turn) {
    status.textContent = "Your move" + (gameView.moveHint ? `: ${gameView.moveHint(view.observation, view.legal)}` : "");
    status.className = "status yours";
  } else if (view.to_act === null || view.to_act === undefined) {
    status.textContent = "The game goes on…";
    status.className = "status";
  } else {
    const away = awayWords(view.seats[view.to_act]);
    status.textContent = `Waiting for ${seatName(view.to_act)}${away ? ` (${away})` : ""}`;
    status.className = "status";
  }
  // another seat took back its last action: say so, or the board would just jump back
  const undone = view.undone_by;
  $("undone").hidden = undone === null || undone === undefined || undone === view.seat;
  if (!$("undone").hidden) {
    const who = seatName(undone);
    $("undone").textContent = `${who.charAt(0).toUpperCase()}${who.slice(1)} took back their last action.`;
  }
  $("who").textContent = view.seat === null ? "watching" : `you are ${seatName(view.seat)}`;
}

let viewAt = Date.now();   // when the last view came, to age the "not connected for" times
let viewClock = 0;         // the server's away_since times are its clock: read them against the view's arrival

/** Whether a person is here, in words for everyone ("Bob — not connected for 5 min"): null
    for a seat whose person is connected, a bot's seat, or this page's own seat. */
function awayWords(s) {
  if (!s || s.kind === "bot" || s.connected || s.seat === view.seat) return null;
  if (s.stand_in) return `away: a ${s.stand_in} bot plays for them`;
  if (s.away_since === null || s.away_since === undefined) return "not connected";
  const seconds = (Date.now() - viewAt) / 1000 + Math.max(0, viewClock - s.away_since);
  return `not connected for ${duration(seconds)}`;
}

function drawSeats() {
  // in the replay the seats are those of the step shown (who is out at that step), not the end's
  const observation = replayObservation || view.observation;
  $("seats").replaceChildren(...view.seats.map((s) => {
    // a seat out of the game (an eliminated monster) is shown as out, whoever is connected
    const out = gameView.seatOut ? gameView.seatOut(observation, s.seat) : null;
    const here = !out && (s.kind === "bot" || s.connected || s.stand_in || s.seat === view.seat);
    const away = out ? null : awayWords(s);
    return el("span", { class: `seat${out ? " out" : here ? "" : " away"}`, dataset: { seat: s.seat },
                        title: out ? `out of the game (${out})` : s.kind === "bot" ? "a bot: always here"
                          : s.connected ? "connected" : "not connected" },
      el("span", { class: `dot${out ? " out" : here ? " on" : ""}`, "aria-hidden": out ? "true" : null }), " ",
      view.seat === s.seat ? el("b", {}, withYou(seatName(s.seat))) : seatName(s.seat),
      out ? el("span", { class: "tag out-tag seat-out" }, `out: ${out}`) : null,
      // one bracket for who sits there; a bot standing in is said after a dash, to the person in words
      away ? el("span", { class: "small muted presence" }, ` — ${away}`) : null,
      s.stand_in && !out && s.seat === view.seat
        ? el("span", { class: "small muted presence" }, ` — a bot (${s.stand_in}) is playing for you while you are away`) : null);
  }));
}
// the "for N min" of an absent person grows while nothing else changes
setInterval(() => { if (view && !fatal && view.status === "playing") { drawSeats(); if (!view.your_turn) drawStatus(); } }, 30000);

// A log line's rule: "<game> <statement> <title>" (docs/rules/README.md); the statement id
// is shown apart and links to it on the game's rules page (/rules/<game>, a new tab).
function ruleTag(rule) {
  const m = /^(\S+ \S+) (.*)$/.exec(rule);
  if (!m) return el("span", { class: "rule" }, rule);
  const href = `/rules/${encodeURIComponent(view.game)}#${encodeURIComponent(m[1].replace(" ", "-"))}`;
  return el("span", { class: "rule", title: `rule statement ${m[1]}` }, m[2], " ",
            el("a", { href, target: "_blank", rel: "noopener", title: `${m[1]} on the rules page` }, el("code", {}, m[1])));
}

/** The names this seat goes by in log sentences: "Seat N" and the game's own (a monster). */
function myLogNames() {
  if (!view || view.seat === null || view.seat === undefined) return [];
  const fromGame = gameView.seatName ? gameView.seatName(view.observation, view.seat) : null;
  return [`Seat ${view.seat}`].concat(fromGame ? [fromGame] : []);
}

const TURN_LINE = /^Turn (\d+):/;   // every game opens a turn with "Turn N: ..." (docs/architecture.md)

/** A test of whether a log line names this seat (myLogNames), or null for a spectator. */
function mineTest() {
  const names = myLogNames().map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return names.length ? new RegExp(`(^|[^\\w])(${names.join("|")})([^\\w]|$)`) : null;
}

/** The end of this seat's last turn, told where the person looks (under the status line, on
    a phone as on a desktop): the game may go on past it at once (a monster entering Tokyo,
    an automatic step, no card to buy) and the next thing seen is another player's turn.
    It lists what happened from the person's last decision of that turn to its end (at
    least the turn's last 3 lines), for a turn played on this page, and stays until they
    act again or close it. */
function drawTurnEnd() {
  const box = $("turn-end");
  const hide = () => { box.hidden = true; box.replaceChildren(); };
  const mine = mineTest();
  if (!view || !mine || replay || view.status !== "playing") return hide();
  const starts = [];
  log.forEach((line, i) => { if (TURN_LINE.test(line.text)) starts.push(i); });
  let k = starts.length - 2;   // the last turn of this seat that another turn followed
  while (k >= 0 && !mine.test(log[starts[k]].text)) k -= 1;
  if (k < 0) return hide();
  const start = starts[k];
  const end = starts[k + 1];
  // only a turn the person played on this page (a page just opened has the log for that),
  // and not once they acted again (a later turn, a Yield)
  if (turnEndClosed === start || actedAt <= start || actedAt > end) return hide();
  // from the last decision of that turn, and at least its last 3 lines
  const from = Math.max(start + 1, Math.min(actedAt, end - 3));
  const lines = log.slice(from, end).map((line, j) => [from + j, line]);
  if (!lines.length) return hide();
  const turn = TURN_LINE.exec(log[start].text)[1];
  box.replaceChildren(
    el("button", { type: "button", class: "close", "aria-label": "close", title: "close (the log keeps it)",
                   onclick: () => { turnEndClosed = start; hide(); } }, "×"),
    el("b", {}, `Your turn ${turn} ended`), el("span", { class: "small muted" }, " — its last events:"),
    el("ol", { start: from + 1 }, lines.map(([i, line]) => {
      const text = withSeatNames(line.text, view.seats, gameName);
      return el("li", { dataset: { line: i } }, ...(logLineOf(text) || withCardRefs(text, cardIndex)));
    })));
  box.dataset.turn = turn;
  box.hidden = false;
}

/** A log line as the game's view draws it (its ``logLine(text, words)``: dice drawn as
    dice in King of Tokyo), or null to draw it as words with card references. */
function logLineOf(text) {
  return gameView.logLine ? gameView.logLine(text, (part) => withCardRefs(part, cardIndex)) : null;
}

/** The log as a story: one group per turn headed by its opening line, the set-up before
    the first; this seat's own events marked; the rule of each line on demand (the
    "rules" switch, or a line's tooltip). Line numbers run on across the groups. */
function drawLog(lines, target = $("log")) {
  const mine = mineTest();
  const groups = [];
  lines.forEach((line, i) => {
    const turn = TURN_LINE.exec(line.text);
    if (turn || !groups.length) groups.push({ head: turn ? withSeatNames(line.text, view.seats, gameName) : "Set-up", start: i + 1, items: [] });
    const classes = [line.seats ? "private" : "", mine && mine.test(line.text) ? "mine" : ""].filter(Boolean);
    // the engine says "Seat 0": a person reads the seat's words ("seat 2 (bot: heuristic)")
    const text = withSeatNames(line.text, view.seats, gameName);
    groups[groups.length - 1].items.push(el("li", { class: classes.join(" "), title: line.rule || "" },
      ...(logLineOf(text) || withCardRefs(text, cardIndex)), line.seats ? el("span", { class: "small muted" }, " (only you see this)") : null,
      line.rule ? ruleTag(line.rule) : null));
  });
  const blocks = groups.map((g, k) => el("section", { class: `turn-group${k === groups.length - 1 ? " current" : ""}` },
    el("ol", { start: g.start }, g.items)));
  const stick = target.scrollTop + target.clientHeight >= target.scrollHeight - 30;
  target.replaceChildren(...(lines.length ? blocks : [el("p", { class: "muted" }, "Nothing yet.")]));
  if (stick || !target.dataset.drawn) target.scrollTop = target.scrollHeight;
  target.dataset.drawn = "1";
}

/** The context a game view draws with (``log``: the log lines this seat sees, up to the
    replay's step in the replay). button(text, label) makes a button for a legal
    action (disabled if it is not legal) and remembers it, so that the prompt shows only
    the legal actions the board did not place. */
function makeContext(observation, legal, interactive, finished = false, lines = log) {
  const placed = new Set();
  const ctx = {
    observation, legal, interactive, cards, placed, state: uiState, finished, log: lines,
    seat: view.seat, seats: view.seats, options: view.options, version: view.version,
    // the person changed a choice on the board (kept a die, ...): the action made of it will
    // carry this position's version (see ``picked``)
    pick: () => { if (interactive) picked = view.version; },
    seatName: (seat) => seatName(seat),
    seatLabel: (seat) => seatLabel(view.seats, seat),
    isLegal: (text) => interactive && legal.includes(text),
    act: (text) => act(text),
    button(text, label, attrs = {}) {
      const ok = ctx.isLegal(text);
      if (ok) placed.add(text);
      return el("button", { type: "button", class: attrs.class || "", title: attrs.title || undefined, disabled: !ok || undefined,
                            dataset: { action: text }, onclick: () => act(text) }, label || text);
    },
    label: (text) => (gameView.label ? gameView.label(text, ctx) : generic.label(text, ctx)),
    name: (id) => (cards[id] ? cards[id].name : id),
    redraw: () => redraw(),
  };
  return ctx;
}

// ----- the room's management (admin.js): the creator's panel, and a bot playing this seat
let adminPanel = null;

function drawManagement() {
  const notice = standInNotice(view, room, token, (next) => { clearError(); applyView(next); },
                               (err) => showError(err.message));
  $("stand-in").replaceChildren(...(notice ? [notice] : []));
  $("stand-in").hidden = !notice;
  if (adminPanel) adminPanel.refresh();
}

function redraw() {
  if (!view) return;
  drawStatus();
  drawAuto();
  drawManagement();
  drawSeats();
  if (!replay) drawLog(log);
  drawTurnEnd();
  $("render").textContent = renderText(view.render);
  const legal = view.your_turn && !linkIsDead ? view.legal : [];
  const ctx = makeContext(view.observation, legal, !linkIsDead, view.status === "finished");
  $("board").replaceChildren(gameView.draw(ctx));
  // a dead link plays nothing: a button a game view draws for itself (not through ctx.button) goes inert too
  if (linkIsDead) for (const b of $("board").querySelectorAll("button")) b.disabled = true;
  document.body.dataset.game = view.game;
  document.body.dataset.version = String(view.version);
  document.body.dataset.yourTurn = view.your_turn ? "1" : "0";
  document.body.dataset.status = view.status;
  // the kind of decision and the active seat, for tests and styles (games that have them)
  const obs = view.observation || {};
  document.body.dataset.node = (obs.node && obs.node.kind) || "";
  document.body.dataset.active = obs.active === undefined || obs.active === null ? "" : String(obs.active);

  const rest = legal.filter((text) => !ctx.placed.has(text));
  const prompt = $("prompt");
  if (rest.length) {
    const title = sentence(gameView.promptTitle ? gameView.promptTitle(ctx) : "Your choices");
    // a game view may explain the choice (the cards it names, what each button does)
    const body = gameView.promptBody ? gameView.promptBody(ctx, rest) : null;
    prompt.replaceChildren(...[el("h2", {}, title), body,
      el("div", { class: "buttons" }, rest.map((text) => ctx.button(text, ctx.label(text))))].filter(Boolean));
    prompt.hidden = false;
  } else {
    prompt.replaceChildren();   // no stale buttons left behind a hidden prompt
    prompt.hidden = true;
  }
  alertTurn();
  // the undo button: only while this seat's last action may be taken back
  $("undo-bar").hidden = !(token && view.can_undo && view.status !== "finished" && !replay && !linkIsDead);
  document.body.dataset.canUndo = $("undo-bar").hidden ? "0" : "1";
  $("legal-box").hidden = legal.length === 0;
  $("notes").textContent = view.notes || "";
  $("legal").replaceChildren(...legal.map((text) => el("button", { type: "button", dataset: { legal: text },
    onclick: () => act(text) }, text)));
  if (view.status === "finished" && !replay) {
    const box = $("replay");
    box.hidden = false;
    box.replaceChildren(el("h2", {}, "Replay"), el("p", { class: "small" }, "Go through the game step by step."),
      el("button", { type: "button", class: "primary", id: "open-replay", onclick: openReplay }, "Open the replay"));
  }
}

/** The replay of a finished game: a step slider over the public observations, with the
    log up to the chosen step in the log panel. It takes the place of the live board. */
async function openReplay() {
  const box = $("replay");
  box.hidden = false;
  try {
    replay = replay || await api(`/api/rooms/${room}/replay`);
  } catch (err) {
    showError(`The replay cannot be shown: ${err.message}`);
    return;
  }
  for (const id of ["board", "prompt", "legal-box"]) $(id).hidden = true;
  $("main-col").prepend(box);
  const total = replay.steps.length;
  const slider = el("input", { type: "range", min: 1, max: total, value: total, id: "replay-slider",
                               "aria-label": "replay step" });
  const label = el("span", { id: "replay-step" });
  const board = el("div", { id: "replay-board" });
  let shownAt = 0;
  const show = () => {
    const at = Number(slider.value);
    label.textContent = `Step ${at} of ${total}`;
    const step = replay.steps[at - 1];
    const ctx = makeContext(step.observation, [], false, at === total && view.status === "finished",
                            replay.steps.slice(0, at).flatMap((s) => s.log));
    // one step (Back, Next) shows its changes moving; a jump of the slider shows the position
    ctx.still = Math.abs(at - shownAt) !== 1;
    shownAt = at;
    board.replaceChildren(gameView.draw(ctx));
    replayObservation = step.observation;
    drawSeats();
    $("seats-at").textContent = ` at step ${at}`;
    drawLog(replay.steps.slice(0, at).flatMap((s) => s.log));
    $("log").scrollTop = $("log").scrollHeight;
  };
  const move = (delta) => { slider.value = String(Math.min(total, Math.max(1, Number(slider.value) + delta))); show(); };
  slider.addEventListener("input", show);
  box.replaceChildren(el("h2", {}, "Replay"),
    el("p", { class: "small muted" }, "Every step of the game as a spectator saw it; the log beside it stops at the chosen step."),
    el("div", { class: "buttons" }, el("button", { type: "button", onclick: () => move(-1) }, "◀ Back"),
       el("button", { type: "button", onclick: () => move(1) }, "Next ▶"), el("span", { class: "small" }, label)),
    slider, board);
  show();
  window.scrollTo(0, 0);
}

if (!room) {
  showError("This page needs a room: /play/ROOM");
} else {
  takeCreatorLink(room);
  adminPanel = mountAdmin(room, $("admin"));
  connect();
}
