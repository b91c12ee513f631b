// A player's statistics page (/players/<name>): GET /api/players/<name> drawn as tables
// with a bar for each win share.

import { api, el } from "/static/common.js";

const $ = (id) => document.getElementById(id);
const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());

function pct(share) {
  return share === null || share === undefined ? "–" : `${(100 * share).toFixed(0)}%`;
}

function bar(share) {
  const w = share === null || share === undefined ? 0 : Math.round(100 * share);
  return el("span", { class: "share-bar", title: pct(share), "aria-hidden": "true" }, el("span", { style: `width:${w}%` }));
}

/** A table; a header starting with "~" marks a column a phone leaves out. */
function table(headers, rows) {
  if (!rows.length) return el("p", { class: "muted" }, "None yet.");
  const opt = headers.map((h) => h.startsWith("~"));
  return el("table", { class: "profile-table" },
    el("thead", {}, el("tr", {}, headers.map((h, i) => el("th", { class: opt[i] ? "opt" : null }, h.replace(/^~/, ""))))),
    el("tbody", {}, rows.map((cells) => el("tr", {}, cells.map((c, i) => el("td", { class: opt[i] ? "opt" : null }, c))))));
}

function record(wins, games) {
  return el("span", { class: "record" }, `${wins} of ${games}`);
}

/** The names of a game's cards, monsters and the like by id (labels are ids: "the-king"). */
async function namesOf(game) {
  try {
    const cards = await api(`/api/games/${encodeURIComponent(game)}/cards`);
    return Object.fromEntries(cards.map((c) => [c.id, c.name]));
  } catch (err) {
    return {};
  }
}

function labelName(names, label) {
  return names[label] || label.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
}

async function load() {
  $("title").textContent = `Player: ${name}`;
  document.title = `tokyo-engine: ${name}`;
  let s;
  try {
    s = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (err) {
    $("error-text").textContent = `The statistics cannot be shown: ${err.message}`;
    $("error").hidden = false;
    $("overall").textContent = "";
    return;
  }
  $("overall").replaceChildren(s.games
    ? el("p", {}, el("b", {}, `${s.wins} win${s.wins === 1 ? "" : "s"}`), ` in ${s.games} game${s.games === 1 ? "" : "s"} `,
         `(${pct(s.share)})`, " ", bar(s.share))
    : el("p", { class: "muted" }, `No finished game on this server has a seat named “${s.name}” yet.`));
  $("by-game").replaceChildren(table(["game", "won", "win share"],
    s.by_game.map((g) => [g.title, record(g.wins, g.games), el("span", { class: "share" }, pct(g.share), " ", bar(g.share))])));
  const names = Object.fromEntries(await Promise.all(s.by_game.map(async (g) => [g.game, await namesOf(g.game)])));
  const titleOf = (game) => s.by_game.find((g) => g.game === game)?.title || game;
  // a phone leaves the game column out: with several games, each label names its game below it
  const several = s.by_game.length > 1;
  $("by-label").replaceChildren(table(["~game", "played as", "won", "win share"],
    s.by_label.map((r) => [titleOf(r.game),
                           el("span", {}, `${labelName(names[r.game] || {}, r.label)} (${r.kind})`,
                              several ? el("span", { class: "phone-only small muted" }, titleOf(r.game)) : null),
                           record(r.wins, r.games), el("span", { class: "share" }, pct(r.share), " ", bar(r.share))])));
  $("recent").replaceChildren(table(["when", "game", "~seat", "result", ""],
    s.recent.map((r) => [r.finished ? new Date(r.finished * 1000).toLocaleString() : "–", r.title, String(r.seat),
                         el("span", { class: r.won ? "won" : "lost" }, r.won ? "won" : "lost", r.result ? ` — ${r.result.replace(/^Game over: /, "")}` : ""),
                         el("a", { href: `/play/${encodeURIComponent(r.room)}?replay=1` }, "Replay")])));
}

load();
