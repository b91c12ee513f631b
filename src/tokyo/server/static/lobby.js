// The lobby: choose a game, its players, seats (person or bot) and options; create the
// room; show every person's seat link; list the games being played and the finished ones.
import { api, el, copyText, absolute, ApiError, rememberedName, rememberName, mySeats, rememberSeat,
         forgetSeat, myRooms, rememberRoom, forgetRoom, seatLabel, when } from "/static/common.js";

let games = [];
const $ = (id) => document.getElementById(id);

function showError(message) {
  $("error-text").textContent = message;
  $("error").hidden = false;
  // the banner is at the top of the page: on a phone the person is far below, at the button
  $("error").scrollIntoView({ block: "nearest" });
}

/** A refused option in the lobby's words: the server's message names the option by its API
    name and lists the allowed ids for API clients ("option 'monsters': Godzilla is chosen
    for seats 1 and 2; …; allowed: Godzilla (godzilla), …"); the person picked from lists
    of names, so the option is named by its label and the list of ids is left out. */
function lobbyWords(game, message) {
  const m = /^option '([a-z_]+)'\s*:?\s*(.*)$/s.exec(message || "");
  if (!m) return message;
  const option = game.options.find((o) => o.name === m[1]);
  if (!option) return message;
  let rest = m[2];
  if (option.pick || option.choices) rest = rest.replace(/;\s*allowed:.*$/s, "");
  return `${option.label || option.name}: ${rest}`;
}
$("error-close").addEventListener("click", () => { $("error").hidden = true; });

function currentGame() {
  return games.find((g) => g.id === $("game").value) || games[0];
}

/** The rule statements an option comes from, as one small group after its words: "(rule
    8.11.2)", "(rules G53, G54)", each id a link to the game's rules page (a new tab). */
function ruleLinks(game, rules) {
  if (!rules || !rules.length) return null;
  const links = rules.map((id) => el("a", {
    href: `/rules/${encodeURIComponent(game.id)}#${encodeURIComponent(id.replace(" ", "-"))}`,
    target: "_blank", rel: "noopener", title: `the rule this option comes from (${id})`, class: "rule-link" },
  id.split(" ").slice(1).join(" ")));
  return el("span", { class: "rule-links" }, `(rule${rules.length > 1 ? "s" : ""} `,
    ...links.flatMap((a, i) => (i ? [", ", a] : [a])), ")");
}

/** How many places an id-taking option has now: one per seat or player (the players chosen). */
function pickPlaces() {
  return Number($("players").value) || 1;
}

/** The selects of an option that takes ids (option.pick): one per seat or player, each with
    the items by name and the "unset" choice; values kept across a redraw. */
function drawPick(option, box) {
  const pick = option.pick;
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  const items = pick.seats ? Array.from({ length: pickPlaces() }, (_, i) => ({ id: String(i), name: `Seat ${i + 1}` }))
    : pick.items;
  const places = pick.per === "one" ? 1 : pickPlaces();
  const who = "Seat";   // a player is the seat of that number: the seat rows above say "Seat N" too
  box.replaceChildren(...Array.from({ length: places }, (_, i) => {
    const select = el("select", { name: `${option.name}-${i}`, "aria-label": places > 1 ? `${option.label}: ${who} ${i + 1}` : option.label },
      el("option", { value: "" }, pick.unset), items.map((it) => el("option", { value: it.id }, it.name)));
    if (old[i] && items.some((it) => it.id === old[i])) select.value = old[i];
    return places > 1 ? el("label", { class: "pick-place" }, el("span", { class: "small" }, `${who} ${i + 1}`), select) : select;
  }));
}

/** A form control for one declared option (bool: checkbox, int: number, choices: select, ids:
    a list to choose from per seat or player), with its words and a small link to its rule. */
function optionControl(game, option) {
  const id = `opt-${option.name}`;
  let control;
  if (option.pick) {
    control = el("div", { id, class: "pick", role: "group", "aria-label": option.label });
    drawPick(option, control);
  } else if (option.kind === "bool") {
    control = el("input", { type: "checkbox", id, name: option.name });
    control.checked = !!option.default;
  } else if (option.kind === "int") {
    control = el("input", { type: "number", id, name: option.name, value: option.default,
                            min: option.minimum ?? undefined, max: option.maximum ?? undefined, step: 1 });
  } else if (option.kind === "str" && option.choices && option.choices.length) {
    control = el("select", { id, name: option.name },
                 option.choices.map((c) => el("option", { value: c, selected: c === option.default },
                                              (option.choice_words && option.choice_words[c]) || c)));
  } else {
    const value = Array.isArray(option.default) ? option.default.join(",") : (option.default ?? "");
    control = el("input", { type: "text", id, name: option.name, value });
  }
  control.dataset.kind = option.kind;
  const label = option.label || option.name.replaceAll("_", " ");
  return el("div", { class: "option", dataset: { option: option.name } },
            el("label", { for: option.pick ? null : id }, el("b", {}, label), option.kind === "bool" ? control : null),
            option.kind === "bool" ? null : control,
            el("span", { class: "help" }, option.words || option.help, " ", ruleLinks(game, option.rules)),
            option.pick ? el("span", { class: "help pick-note", "aria-live": "polite" }) : null,
            option.players ? el("span", { class: "help players-note", "aria-live": "polite" }) : null);
}

/** An option that applies to some numbers of players only (option.players: the Two-player
    variant) is turned off and greyed with the reason when another number is chosen. */
function drawLimits(game) {
  const players = pickPlaces();
  for (const option of game.options.filter((o) => o.players)) {
    const control = $(`opt-${option.name}`);
    if (!control) continue;
    const fits = players >= option.players.min && players <= option.players.max;
    if (!fits && option.kind === "bool") control.checked = false;
    control.disabled = !fits;
    const box = control.closest(".option");
    box.classList.toggle("not-applicable", !fits);
    box.querySelector(".players-note").textContent = fits ? ""
      : `Not for ${players} players: ${option.players.why}.`;
  }
}

/** The ids chosen in a pick option, as the API wants them (comma-separated, one per place);
    "" when nothing is chosen (the default). Places left unchosen get the ones not chosen:
    in their listed order (the board order) for seats, at random for players. */
function pickValue(option) {
  const box = $(`opt-${option.name}`);
  const chosen = [...box.querySelectorAll("select")].map((s) => s.value);
  const note = box.parentElement.querySelector(".pick-note");
  if (option.pick.per === "one") return chosen[0] || option.default;
  if (chosen.every((v) => !v)) { if (note) note.textContent = ""; return ""; }
  const twice = chosen.filter((v, i) => v && chosen.indexOf(v) !== i);
  if (note) {
    note.textContent = twice.length
      ? `Each one can be chosen only once: ${option.pick.items.find((it) => it.id === twice[0]).name} is chosen twice.` : "";
  }
  const rest = option.pick.items.map((it) => it.id).filter((v) => !chosen.includes(v));
  if (option.pick.per !== "seat") rest.sort(() => Math.random() - 0.5);
  return chosen.map((v) => v || rest.shift() || "").join(",");
}

/** The options whose control differs from the default, as the API wants them. */
function chosenOptions(game) {
  const out = {};
  for (const option of game.options) {
    const control = $(`opt-${option.name}`);
    if (!control) continue;
    let value;
    if (option.pick) value = pickValue(option);
    else if (option.kind === "bool") value = control.checked;
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
  const kind = el("select", { name: `kind-${index}`, "aria-label": `seat ${index + 1} player` },
                  el("option", { value: "human", selected: index === 0 }, "Person"),
                  el("option", { value: "bot", selected: index !== 0 }, "Bot"));
  const agent = el("select", { name: `agent-${index}`, "aria-label": `seat ${index + 1} bot` },
                   game.agents.map((a) => el("option", { value: a, selected: a === game.default_agent },
                                             a === "ismcts" ? "ismcts (search)" : a)));
  const sims = el("input", { type: "number", name: `sims-${index}`, min: 10, max: 5000, value: searchSims(game),
                             "aria-label": `seat ${index + 1} simulations`, style: "width:6rem",
                             title: "simulations per decision: more play better and think longer" });
  const simsLabel = el("label", { class: "small" }, "sims", sims);
  const name = el("input", { type: "text", name: `name-${index}`, maxlength: 40,
                             placeholder: index === 0 ? "your name" : "name", style: "width:9rem",
                             value: index === 0 ? rememberedName() : "",
                             "aria-label": `seat ${index + 1} name` });
  const update = () => {
    const bot = kind.value === "bot";
    agent.hidden = !bot;
    simsLabel.hidden = !(bot && agent.value === "ismcts");
  };
  kind.addEventListener("change", update);
  agent.addEventListener("change", update);
  update();
  const row = el("div", { class: "seat-row", dataset: { seat: index } },
                 el("span", { class: "seat-no" }, `Seat ${index + 1}`), kind, agent, simsLabel, name);
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

let seatsAsked = "";   // the last question asked (game, players, options): a change and an
                      // input event of one select ask it once, not twice

/** Whether an id list of the options has an id chosen twice (the note under it says so):
    the server would refuse these options, so they are not sent to be counted. */
function pickTwice(game) {
  return game.options.some((o) => o.pick && o.pick.per !== "one" && (() => {
    const chosen = [...$(`opt-${o.name}`).querySelectorAll("select")].map((s) => s.value).filter(Boolean);
    return new Set(chosen).size !== chosen.length;
  })());
}

async function askSeats() {
  const game = currentGame();
  const players = Number($("players").value);
  const options = chosenOptions(game);
  const question = JSON.stringify([game.id, players, options]);
  if (question === seatsAsked) return;
  seatsAsked = question;
  const ask = ++seatAsk;
  let count = players;
  if (pickTwice(game)) {
    seatRoles = [];   // refused anyway (the note says why): one seat per player
  } else {
    try {
      const answer = await api(`/api/games/${encodeURIComponent(game.id)}/seats`, { json: { players, options } });
      count = answer.seats;
      seatRoles = answer.roles || [];
    } catch (err) {
      count = players;   // an option being typed that is not valid yet: one seat per player
      seatRoles = [];
    }
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
  $("game-about").replaceChildren(`${game.players[0]} to ${game.players[1]} players. `,
    el("a", { href: `/rules/${encodeURIComponent(game.id)}`, id: "game-rules", target: "_blank", rel: "noopener" },
       `How to play ${game.title}, and its rules`));
  $("options").replaceChildren(...game.options.map((o) => optionControl(game, o)));
  drawLimits(game);
  $("seats").replaceChildren();
  drawSeats();
  seatsAsked = "";   // the rows were drawn again: ask again
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
    showError(err instanceof ApiError ? `Could not create the game: ${err.code === "bad_option" ? lobbyWords(game, err.message) : err.message}`
      : String(err));
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
    linkRow(`${cap(seatLabel(created.seats, s.seat))}${seatRoles[s.seat] && seatRoles[s.seat] !== "player"
      ? `, the ${seatRoles[s.seat]}` : ""}`, s.link, "secret: whoever has it plays this seat"));
  rows.push(linkRow("Spectators", created.spectator_link, "anyone may watch with this link"));

  $("links").replaceChildren(el("p", {}, `Your game: ${created.view.title}, ${created.view.players} player${created.view.players === 1 ? "" : "s"}.`), ...rows);
  // the creator's own link, apart from the links to send
  $("manage-link").replaceChildren(linkRow("Manage this room (keep it for yourself)", created.creator_link,
    "end or delete the room, let a bot play for someone who is away, make a new link for a seat; this browser keeps it"));
  $("created").hidden = false;
  $("created").scrollIntoView({ behavior: "smooth", block: "start" });
}

function seatSummary(seats) {
  // the words a person reads for a seat everywhere (seatLabel)
  return seats.map((s) => seatLabel(seats, s.seat)).join(", ");
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** Whose move it is in a listed room, in words ("Bob to play"), or "". */
function toPlay(r) {
  return r.to_act === null || r.to_act === undefined ? "" : `${cap(seatLabel(r.seats, r.to_act))} to play`;
}

/** How a finished or ended game came out, in the one wording the lobby uses everywhere
    ("won by Ann", "won by Ann and Bob", "won by the opponent", "won by nobody"; an ended
    room: "ended by its creator before the end"), as the game page's "Won by ...". */
function resultWords(r) {
  if (r.status === "ended") return "ended by its creator before the end";
  const winners = (r.returns || []).map((v, i) => (v > 0 ? i : null)).filter((i) => i !== null);
  if (winners.length) return `won by ${winners.map((w) => seatLabel(r.seats, w)).join(" and ")}`;
  // the Crisis Format's opponent has no seat of its own: only the game's words say it won
  if (r.result && /\bopponent wins\b/.test(r.result)) return "won by the opponent";
  return "won by nobody";
}

/** Ask before forgetting: a seat link (and a creator's Manage link) lives only in this
    browser, and the server cannot show it again. A game still being played goes on for the
    others; a finished one only leaves this browser's list: its record stays on the server. */
function confirmForget(title, seatLink, manageLink, over = false) {
  if (over) {
    const lost = [seatLink ? "your seat link" : null, manageLink ? "your link to manage the room" : null].filter(Boolean);
    return window.confirm(`Remove “${title}” from your games in this browser?\n\nThe game is over: this only takes it `
      + `off your list here (with ${lost.join(" and ")}). Its record stays on the server: its replay is still listed `
      + "under Finished games, and it still counts in the players' statistics.");
  }
  const lost = [seatLink ? "your seat link (you could not rejoin the game from this browser; nobody can show it again)" : null,
                manageLink ? "your link to manage the room (ending or deleting it, a bot for someone away, new links for "
                  + "its seats)" : null].filter(Boolean);
  return window.confirm(`Forget “${title}” in this browser?\n\nThis browser would lose ${lost.join(", and ")}. `
    + "The game itself goes on for the others.");
}

/** The seats this browser plays, with each room's state: to rejoin, or to forget; and the
    rooms it manages (it holds their creator token), to manage. Each says when it started and
    with whom, so that two games of one title can be told apart. */
function drawMine(open, finished, idle = []) {
  // a room left stopped at the server's start (nobody came for long) is still yours: opening it wakes it
  const resting = idle.map((r) => ({ ...r, status: "idle", to_act: null }));
  const known = Object.fromEntries([...open, ...finished, ...resting].map((r) => [r.room, r]));
  const managed = Object.fromEntries(myRooms().map((r) => [r.room, r]));
  const manage = (room, href) => managed[room]
    ? el("a", { class: "button", href, dataset: { manage: room }, title: "you made this room: the page shows your panel" }, "Manage")
    : null;
  const others = (r, seat) => (r.seats || []).filter((x) => x.seat !== seat).map((x) => seatLabel(r.seats, x.seat));
  const facts = (r, seat) => el("span", { class: "small muted mine-facts" },
    [r.created ? `started ${when(r.created)}` : null, others(r, seat).length ? `with ${others(r, seat).join(", ")}` : null]
      .filter(Boolean).join(" · "));
  const seated = new Set(mySeats().map((s) => s.room));
  // rooms this browser made without playing in them (all bots, or only others' seats)
  const over = (r) => r.status === "finished" || r.status === "ended";
  const onlyManaged = myRooms().filter((m) => known[m.room] && !seated.has(m.room)).map((m) => {
    const r = known[m.room];
    const state = r.status === "idle" ? "resting: opening it wakes it up"
      : r.status === "playing" ? toPlay(r) : resultWords(r);
    return el("div", { class: "room-item", dataset: { room: m.room } },
      el("b", {}, r.title || m.title || r.game), el("span", { class: "small" }, "you made it"),
      el("span", { class: "small muted mine-state" }, state), facts(r, null), manage(m.room, `/play/${m.room}`),
      el("button", { type: "button", class: "small",
                     title: over(r) ? "remove this game from your list in this browser (its record and replay stay)"
                       : "forget this room in this browser (the room stays)",
                     onclick: () => {
                       if (!confirmForget(r.title || m.title || r.game, false, true, over(r))) return;
                       forgetRoom(m.room);
                       loadRooms();
                     } }, "Forget"));
  });
  const rows = mySeats().filter((s) => known[s.room]).map((s) => {
    const r = known[s.room];
    const state = r.status === "idle" ? "resting: opening it wakes it up"
      : over(r) ? resultWords(r) : r.to_act === s.seat ? "your move" : toPlay(r);
    return el("div", { class: `room-item${state === "your move" ? " yours" : ""}`, dataset: { room: s.room } },
      el("b", {}, r.title || s.title),
      el("span", { class: "small" }, `you are ${r.seats ? seatLabel(r.seats, s.seat) : `seat ${s.seat + 1}`}`),
      el("span", { class: "small muted mine-state" }, state), facts(r, s.seat),
      el("a", { class: "button primary", href: s.link }, ["playing", "idle"].includes(r.status) ? "Rejoin" : "Look back"),
      manage(s.room, s.link),
      el("button", { type: "button", class: "small",
                     title: over(r) ? "remove this game from your list in this browser (its record and replay stay)"
                       : managed[s.room] ? "forget this game in this browser: its seat link and your link to manage it"
                       : "forget this seat in this browser",
                     onclick: () => {
                       if (!confirmForget(r.title || s.title, true, !!managed[s.room], over(r))) return;
                       forgetSeat(s.room, s.seat);
                       forgetRoom(s.room);
                       loadRooms();
                     } }, "Forget"));
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
        el("span", { class: "small muted" }, toPlay(r)),
        el("a", { class: "button", href: `/play/${r.room}` }, "Watch"))))) : [el("p", { class: "muted" }, "None yet.")]));
    $("finished").replaceChildren(...(finished.length ? finished.slice(0, 20).map((r) => {
      return el("div", { class: "room-item", dataset: { room: r.room } }, el("b", {}, titles[r.game] || r.game),
                el("span", { class: "small" }, `${seatSummary(r.seats)}; `, el("span", { class: "result" }, resultWords(r))),
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
  $("players").addEventListener("change", () => {
    // the lists of an option chosen per seat or player follow the number of players
    for (const option of currentGame().options.filter((o) => o.pick)) drawPick(option, $(`opt-${option.name}`));
    drawLimits(currentGame());
    refreshSeats();
  });
  $("options").addEventListener("change", refreshSeats);
  $("options").addEventListener("input", refreshSeats);
  $("create-form").addEventListener("submit", create);
  drawGame();
  loadRooms();
  setInterval(loadRooms, 5000);
  document.body.dataset.ready = "1";
}

start();
