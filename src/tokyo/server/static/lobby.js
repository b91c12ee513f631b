// The lobby: choose a game, its players, seats (person or bot) and options; create the
// room; show every person's seat link; list the games being played and the finished ones.
import { api, el, copyText, absolute, ApiError, rememberedName, rememberName, mySeats, rememberSeat,
         forgetSeat, myRooms, rememberRoom, forgetRoom } from "/static/common.js";

let games = [];
const $ = (id) => document.getElementById(id);

function showError(message) {
  $("error-text").textContent = message;
  $("error").hidden = false;
}
$("error-close").addEventListener("click", () => { $("error").hidden = true; });

function currentGame() {
  return games.find((g) => g.id === $("game").value) || games[0];
}

/** A form control for one declared option (bool: checkbox, int: number, choices: select). */
function optionControl(option) {
  const id = `opt-${option.name}`;
  let control;
  if (option.kind === "bool") {
    control = el("input", { type: "checkbox", id, name: option.name });
    control.checked = !!option.default;
  } else if (option.kind === "int") {
    control = el("input", { type: "number", id, name: option.name, value: option.default,
                            min: option.minimum ?? undefined, max: option.maximum ?? undefined, step: 1 });
  } else if (option.kind === "str" && option.choices && option.choices.length) {
    control = el("select", { id, name: option.name },
                 option.choices.map((c) => el("option", { value: c, selected: c === option.default }, c)));
  } else {
    const value = Array.isArray(option.default) ? option.default.join(",") : (option.default ?? "");
    control = el("input", { type: "text", id, name: option.name, value,
                            placeholder: option.kind === "list" ? "empty: the default" : "" });
  }
  control.dataset.kind = option.kind;
  return el("div", { class: "option" },
            el("label", { for: id }, el("b", {}, option.name.replaceAll("_", " ")),
               option.kind === "bool" ? control : null),
            option.kind === "bool" ? null : control,
            el("span", { class: "help" }, `${option.help} (allowed: ${option.allowed})`));
}

/** The options whose control differs from the default, as the API wants them. */
function chosenOptions(game) {
  const out = {};
  for (const option of game.options) {
    const control = $(`opt-${option.name}`);
    if (!control) continue;
    let value;
    if (option.kind === "bool") value = control.checked;
    else if (option.kind === "int") value = Number(control.value);
    else value = control.value.trim();
    const base = Array.isArray(option.default) ? option.default.join(",") : option.default;
    if (value !== base) out[option.name] = value;
  }
  return out;
}

/** The search bot's default simulations per decision: fewer for the Storyline games, whose
    engine is about ten times slower per turn (docs/performance.md), so a bot's move takes
    seconds, not minutes. */
function searchSims(game) {
  return ["storyline", "crisis-format"].includes(game.id) ? 20 : 200;
}

function seatRow(game, index) {
  const kind = el("select", { name: `kind-${index}`, "aria-label": `seat ${index} player` },
                  el("option", { value: "human", selected: index === 0 }, "Person"),
                  el("option", { value: "bot", selected: index !== 0 }, "Bot"));
  const agent = el("select", { name: `agent-${index}`, "aria-label": `seat ${index} bot` },
                   game.agents.map((a) => el("option", { value: a, selected: a === game.default_agent },
                                             a === "ismcts" ? "ismcts (search)" : a)));
  const sims = el("input", { type: "number", name: `sims-${index}`, min: 10, max: 5000, value: searchSims(game),
                             "aria-label": `seat ${index} simulations`, style: "width:6rem",
                             title: "simulations per decision: more play better and think longer" });
  const simsLabel = el("label", { class: "small" }, "sims", sims);
  const name = el("input", { type: "text", name: `name-${index}`, maxlength: 40,
                             placeholder: index === 0 ? "your name" : "name", style: "width:9rem",
                             value: index === 0 ? rememberedName() : "",
                             "aria-label": `seat ${index} name` });
  const update = () => {
    const bot = kind.value === "bot";
    agent.hidden = !bot;
    simsLabel.hidden = !(bot && agent.value === "ismcts");
  };
  kind.addEventListener("change", update);
  agent.addEventListener("change", update);
  update();
  const row = el("div", { class: "seat-row", dataset: { seat: index } },
                 el("span", { class: "seat-no" }, `Seat ${index}`), kind, agent, simsLabel, name);
  row.spec = () => {
    const spec = { kind: kind.value };
    if (name.value.trim()) spec.name = name.value.trim();
    if (kind.value === "bot") spec.agent = agent.value === "ismcts" ? `ismcts:sims=${Number(sims.value) || searchSims(game)}` : agent.value;
    return spec;
  };
  return row;
}

/** A row per seat: one per player, plus any seat the options add (the server says how
    many: crisis-format's opponent=seat gives the opponent's choices to a last seat). */
const ROLE_NOTES = { opponent: "the opponent's seat: whoever sits here makes the opponent's random choices" };
let seatRoles = [];   // per seat, what it is (the server's answer): "player" or a role

function drawSeats(count = null) {
  const game = currentGame();
  const players = Number($("players").value);
  if (count === null) count = players;
  const box = $("seats");
  const old = [...box.children];
  box.replaceChildren(...Array.from({ length: count }, (_, i) => old[i] && old[i].dataset.game === game.id
    ? old[i] : Object.assign(seatRow(game, i), {})));
  for (const [i, row] of [...box.children].entries()) {
    row.dataset.game = game.id;
    row.querySelector(".extra-note")?.remove();
    const role = seatRoles[i];
    if (i >= players) {
      row.append(el("span", { class: "small muted extra-note" },
                    ROLE_NOTES[role] || (role && role !== "player" ? `the ${role}'s seat` : "a seat the options add")));
    }
  }
}

let seatAsk = 0;
/** Ask the server how many seats these players and options give, then draw the rows. */
let seatsPending = Promise.resolve();   // the last seat count asked for (create waits for it)

function refreshSeats() {
  seatsPending = askSeats();
  return seatsPending;
}

async function askSeats() {
  const game = currentGame();
  const players = Number($("players").value);
  const ask = ++seatAsk;
  let count = players;
  try {
    const answer = await api(`/api/games/${encodeURIComponent(game.id)}/seats`,
                             { json: { players, options: chosenOptions(game) } });
    count = answer.seats;
    seatRoles = answer.roles || [];
  } catch (err) {
    count = players;   // an option being typed that is not valid yet: one seat per player
    seatRoles = [];
  }
  if (ask !== seatAsk || game !== currentGame()) return;
  drawSeats(count);
  document.body.dataset.seats = String(count);
}

function drawGame() {
  const game = currentGame();
  const [min, max] = game.players;
  $("players").replaceChildren(...Array.from({ length: max - min + 1 }, (_, i) =>
    el("option", { value: min + i, selected: min + i === game.default_players }, String(min + i))));
  $("game-about").textContent = `${game.players[0]} to ${game.players[1]} players; bots: ${game.agents.join(", ")}.`;
  $("options").replaceChildren(...game.options.map(optionControl));
  $("seats").replaceChildren();
  drawSeats();
  refreshSeats();
}

async function create(event) {
  event.preventDefault();
  $("create-button").disabled = true;
  await seatsPending;   // the seat rows must match the players and options chosen last
  const game = currentGame();
  const seats = [...$("seats").children].map((row) => row.spec());
  $("create-button").disabled = true;
  try {
    const created = await api("/api/rooms", { json: { game: game.id, players: Number($("players").value),
                                                       options: chosenOptions(game), seats } });
    // this browser keeps the creator token and every seat link: the creator's panel shows them
    rememberRoom({ room: created.room, token: created.creator_token, title: created.view.title,
                   links: Object.fromEntries(created.seats.filter((s) => s.link).map((s) => [s.seat, s.link])) });
    showCreated(created);
    // the creator's seat (the first person's) is remembered as theirs, with its name
    const first = created.seats.find((s) => s.kind === "human");
    if (first) {
      rememberName(first.name && !/^Player \d+$/.test(first.name) ? first.name : "");
      rememberSeat({ room: created.room, seat: first.seat, link: first.link, title: created.view.title });
    }
    $("error").hidden = true;
    loadRooms();
  } catch (err) {
    showError(err instanceof ApiError ? `Could not create the game: ${err.message}` : String(err));
  } finally {
    $("create-button").disabled = false;
  }
}

function linkRow(title, link, note) {
  const url = absolute(link);
  const input = el("input", { type: "text", readonly: true, value: url, "aria-label": title });
  const status = el("span", { class: "small muted" });
  const copy = el("button", { type: "button", onclick: async () => {
    input.select();
    status.textContent = (await copyText(url)) ? "copied" : "select the link and copy it";
  } }, "Copy");
  return el("div", { class: "link-row" }, el("b", {}, title), note ? el("span", { class: "small muted" }, note) : null,
            input, el("div", { class: "buttons" }, copy, el("a", { class: "button", href: link, target: "_blank" }, "Open"), status));
}

function showCreated(created) {
  const rows = created.seats.filter((s) => s.kind === "human").map((s) =>
    linkRow(`Seat ${s.seat}${s.name ? ` (${s.name})` : ""}${seatRoles[s.seat] && seatRoles[s.seat] !== "player"
      ? `, the ${seatRoles[s.seat]}` : ""}`, s.link, "secret: whoever has it plays this seat"));
  rows.push(linkRow("Spectators", created.spectator_link, "anyone may watch with this link"));

  $("links").replaceChildren(el("p", {}, `Room ${created.room}: ${created.view.title}, ${created.view.players} player${created.view.players === 1 ? "" : "s"}.`), ...rows);
  // the creator's own link, apart from the links to send
  $("manage-link").replaceChildren(linkRow("Manage this room (keep it for yourself)", created.creator_link,
    "end or delete the room, let a bot play for someone who is away, make a new link for a seat; this browser keeps it"));
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth", block: "start" });
}

function seatSummary(seats) {
  // an unnamed person is "Player N" (from 1) on the server: shown as "person"
  return seats.map((s) => s.kind === "bot" ? (s.agent || "bot")
    : (s.name && !/^Player \d+$/.test(s.name) ? s.name : "person")).join(", ");
}

/** The seats this browser plays, with each room's state: to rejoin, or to forget; and the
    rooms it manages (it holds their creator token), to manage. */
function drawMine(open, finished, idle = []) {
  // a room left stopped at the server's start (nobody came for long) is still yours: opening it wakes it
  const resting = idle.map((r) => ({ ...r, status: "idle", to_act: null }));
  const known = Object.fromEntries([...open, ...finished, ...resting].map((r) => [r.room, r]));
  const managed = Object.fromEntries(myRooms().map((r) => [r.room, r]));
  const manage = (room, href) => managed[room]
    ? el("a", { class: "button", href, dataset: { manage: room }, title: "you made this room: the page shows your panel" }, "Manage")
    : null;
  const seated = new Set(mySeats().map((s) => s.room));
  // rooms this browser made without playing in them (all bots, or only others' seats)
  const onlyManaged = myRooms().filter((m) => known[m.room] && !seated.has(m.room)).map((m) => {
    const r = known[m.room];
    const state = r.status === "idle" ? "resting: opening it wakes it up"
      : r.status === "playing" ? (r.to_act === null ? "" : `seat ${r.to_act} to play`) : r.status;
    return el("div", { class: "room-item", dataset: { room: m.room } },
      el("b", {}, r.title || m.title || r.game), el("span", { class: "small" }, "you made it"),
      el("span", { class: "small muted" }, state), manage(m.room, `/play/${m.room}`),
      el("button", { type: "button", class: "small", title: "forget this room in this browser (the room stays)",
                     onclick: () => { forgetRoom(m.room); loadRooms(); } }, "Forget"));
  });
  const rows = mySeats().filter((s) => known[s.room]).map((s) => {
    const r = known[s.room];
    const state = r.status === "idle" ? "resting: opening it wakes it up"
      : r.status === "ended" ? "ended" : r.status === "finished" ? "finished"
      : r.to_act === s.seat ? "your move" : r.to_act === null ? "" : `seat ${r.to_act} to play`;
    return el("div", { class: `room-item${state === "your move" ? " yours" : ""}`, dataset: { room: s.room } },
      el("b", {}, r.title || s.title), el("span", { class: "small" }, `you are seat ${s.seat}`),
      el("span", { class: "small muted" }, state),
      el("a", { class: "button primary", href: s.link }, ["playing", "idle"].includes(r.status) ? "Rejoin" : "Look back"),
      manage(s.room, s.link),
      el("button", { type: "button", class: "small",
                     title: managed[s.room] ? "forget this game in this browser: its seat link and your link to manage it"
                       : "forget this seat in this browser",
                     onclick: () => { forgetSeat(s.room, s.seat); forgetRoom(s.room); loadRooms(); } }, "Forget"));
  });
  rows.push(...onlyManaged);
  $("mine").replaceChildren(...rows);
  $("mine-box").hidden = rows.length === 0;
  // the statistics of the name this browser plays under (remembered from the seat form)
  const name = rememberedName();
  $("profile").hidden = !name;
  if (name) {
    $("profile").replaceChildren("Your statistics as ", el("a", { href: `/players/${encodeURIComponent(name)}` }, name),
                                 ": games, wins, and by monster or faction.");
  }
}

async function loadRooms() {
  try {
    const [open, finished, idle] = await Promise.all([api("/api/rooms"), api("/api/rooms?status=finished"),
                                                      api("/api/rooms?status=idle")]);
    const titles = Object.fromEntries(games.map((g) => [g.id, g.title]));
    drawMine(open, finished, idle.map((r) => ({ ...r, title: titles[r.game] })));
    // the games being played, grouped by game
    const byGame = {};
    for (const r of open) (byGame[r.game] = byGame[r.game] || []).push(r);
    $("rooms").replaceChildren(...(open.length ? Object.entries(byGame).map(([game, list]) => el("div", { class: "room-group" },
      el("h3", {}, `${titles[game] || game} (${list.length})`),
      list.map((r) => el("div", { class: "room-item" },
        el("span", { class: "small" }, `${r.players} player${r.players === 1 ? "" : "s"}: ${seatSummary(r.seats)}`),
        el("span", { class: "small muted" }, r.to_act === null ? "" : `seat ${r.to_act} to play`),
        el("a", { class: "button", href: `/play/${r.room}` }, "Watch"))))) : [el("p", { class: "muted" }, "None yet.")]));
    $("finished").replaceChildren(...(finished.length ? finished.slice(0, 20).map((r) => {
      const winners = (r.returns || []).map((v, i) => v > 0 ? i : null).filter((i) => i !== null);
      return el("div", { class: "room-item" }, el("b", {}, titles[r.game] || r.game),
                el("span", { class: "small" }, `${seatSummary(r.seats)}; ${r.result ? r.result.replace(/^Game over: /, "") : `won by ${winners.length ? winners.map((w) => `seat ${w}`).join(", ") : "nobody"}`}`),
                r.status === "ended" ? el("a", { class: "button", href: `/play/${r.room}` }, "Look")
                  : el("a", { class: "button", href: `/play/${r.room}?replay=1` }, "Replay"));
    }) : [el("p", { class: "muted" }, "None yet.")]));
  } catch (err) {
    $("rooms").replaceChildren(el("p", { class: "error" }, `The games cannot be listed: ${err.message}`));
  }
}

async function start() {
  try {
    games = await api("/api/games");
  } catch (err) {
    showError(`The games cannot be loaded: ${err.message}`);
    return;
  }
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id }, g.title)));
  const wanted = new URLSearchParams(location.search).get("game");
  if (wanted && games.some((g) => g.id === wanted)) $("game").value = wanted;
  else if (games.some((g) => g.id === "kot-dark")) $("game").value = "kot-dark";
  $("game").addEventListener("change", drawGame);
  $("players").addEventListener("change", refreshSeats);
  $("options").addEventListener("change", refreshSeats);
  $("options").addEventListener("input", refreshSeats);
  $("create-form").addEventListener("submit", create);
  drawGame();
  loadRooms();
  setInterval(loadRooms, 5000);
  document.body.dataset.ready = "1";
}

start();
