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
  return `${wins} of ${games}`;
}

/** A label the server did not name (its id, "the-king") in words. */
function labelName(label) {
  return label.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
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
  const titleOf = (game) => s.by_game.find((g) => g.game === game)?.title || game;
  const shareCell = (r) => el("span", { class: "share" }, pct(r.share), " ", bar(r.share));
  // one small table per game (its title above it, so a phone never loses which game a row is
  // of): the monsters or factions played; the turn order apart, as it is neither
  const perGame = (rows, head, cell) => {
    const games = [...new Set(rows.map((r) => r.game))];
    if (!games.length) return [el("p", { class: "muted" }, "None yet.")];
    return games.map((game) => el("div", { class: "per-game", dataset: { game } }, el("h3", {}, titleOf(game)),
      table([head, "won", "win share"], rows.filter((r) => r.game === game)
        .map((r) => [cell(r), record(r.wins, r.games), shareCell(r)]))));
  };
  const played = s.by_label.filter((r) => r.kind !== "turn order");
  const order = s.by_label.filter((r) => r.kind === "turn order");
  $("by-label").replaceChildren(...perGame(played, "played as",
    (r) => `${r.name || labelName(r.label)} (${r.kind})`));
  $("by-order-box").hidden = order.length === 0;
  $("by-order").replaceChildren(...perGame(order, "turn", (r) => `${r.label} to play`));
  $("recent").replaceChildren(table(["when", "game", "~seat", "result", ""],
    s.recent.map((r) => [r.finished ? new Date(r.finished * 1000).toLocaleString() : "–", r.title,
                         seatWords(r), el("span", { class: r.won ? "won" : "lost" }, resultWords(r)),
                         el("a", { href: `/play/${encodeURIComponent(r.room)}?replay=1` }, "Replay")])));
}

/** The seat of a latest game as every page says it (the server's seatwords: monster, seat
    from 1, the person), with the others at the table. */
function seatWords(r) {
  const others = (r.players || []).filter((_, i) => i !== r.seat);
  return `${(r.players || [])[r.seat] || `seat ${r.seat + 1}`}${others.length ? `, with ${others.join(", ")}` : ""}`;
}

/** A latest game's result, said the same way in every game and as the lobby says it: won
    (with whom, when shared) or lost, "won by" whoever won ("the opponent" in a lost Crisis
    Format game, "nobody" in a draw). */
function resultWords(r) {
  const winners = r.winners || [];
  const me = (r.players || [])[r.seat];
  if (r.won) {
    const also = winners.filter((w, i) => w !== me || winners.indexOf(w) !== i);
    return also.length ? `won, with ${also.join(", ")}` : "won";
  }
  return `lost — won by ${winners.length ? winners.join(" and ") : "nobody"}`;
}

load();
