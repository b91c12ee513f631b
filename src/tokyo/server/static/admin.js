// The creator's panel on the game page, and the notice a person sees while a bot plays
// their seat. The creator token comes from the creator link (/play/ROOM#admin=TOKEN: the
// part after # never reaches the server) and is kept in this browser (common.js myRooms),
// with every seat link the browser was given. docs/server.md, Managing a room.
import { api, el, copyText, absolute, ApiError, managedRoom, rememberRoom, forgetRoom, mySeats,
         rememberSeat } from "/static/common.js";

/** Move a creator token found in the address (#admin=...) into this browser's storage, and
    take it out of the address bar (so that it is not shared with a copied address). */
export function takeCreatorLink(room) {
  const found = /(?:^#|&)admin=([^&]+)/.exec(location.hash);
  if (!found) return;
  rememberRoom({ room, token: decodeURIComponent(found[1]) });
  history.replaceState(null, "", location.pathname + location.search);
}

const adminPath = (room, token, tail = "") =>
  `/api/rooms/${encodeURIComponent(room)}/admin/${encodeURIComponent(token)}${tail}`;

function seatTitle(s) {
  // seatwords.py: as every page says it; a heading is no sentence, so no capital (common.js sentence)
  return s.label || `seat ${s.seat + 1}`;
}

/** Who is in the seat now, in words, with the class of its mark. */
function seatState(s) {
  if (s.kind === "bot") return ["bot", `a bot plays it (${s.agent || "bot"})`];
  if (s.stand_in) return ["stand-in", `a bot plays for them (${s.stand_in})`];
  if (s.connected) return ["here", "connected"];
  return ["away", "not connected"];
}

/** The creator's panel in ``box`` (a section of the page), for ``room``; nothing is shown
    unless this browser holds the room's creator token. Returns {refresh()}: call it when
    the room may have changed (a view arrived); it also refreshes itself every 5 s. */
export function mountAdmin(room, box) {
  let agents = null;        // the game's bots, for the stand-in choice
  let defaultAgent = null;
  const picked = {};        // seat -> the bot chosen in its menu: a redraw (every 5 s, each view) keeps it
  let busy = false;
  let last = null;          // the last answer of GET .../admin
  let gone = false;
  const message = el("p", { class: "small admin-message", role: "status", "aria-live": "polite" });

  const say = (text, bad = false) => {
    message.textContent = text;
    message.classList.toggle("bad", bad);
  };

  async function call(tail, options = {}) {
    const entry = managedRoom(room);
    return api(adminPath(room, entry.token, tail), options);
  }

  async function run(work, done) {
    if (busy) return;
    busy = true;
    box.dataset.busy = "1";
    try {
      await work();
      if (done) say(done);
    } catch (err) {
      say(err instanceof ApiError ? `Not done (${err.code}): ${err.message}` : String(err), true);
    } finally {
      busy = false;
      delete box.dataset.busy;
      await refresh();
    }
  }

  function linkBox(s, link) {
    if (!link) {
      return el("p", { class: "small muted" }, "This browser does not have this seat's link. ",
                "\"New link\" makes one (the old one stops working).");
    }
    const url = absolute(link);
    const input = el("input", { type: "text", readonly: true, value: url, "aria-label": `link of seat ${s.seat + 1}`,
                                onfocus: (e) => e.target.select() });
    const copied = el("span", { class: "small muted" });
    const copy = el("button", { type: "button", class: "small", onclick: async () => {
      input.select();
      copied.textContent = (await copyText(url)) ? "copied" : "select the link and copy it";
    } }, "Copy");
    return el("div", { class: "admin-link" }, input, copy, copied);
  }

  function seatRow(s, entry) {
    const [mark, words] = seatState(s);
    const buttons = [];
    let note = null;
    if (s.kind === "human" && !s.stand_in && last.status === "playing") {
      if (s.can_stand_in) {
        const choice = el("select", { "aria-label": `bot for seat ${s.seat + 1}`,
                                      onchange: (e) => { picked[s.seat] = e.target.value; } },
          (agents || ["heuristic"]).filter((a) => a !== "ismcts").map((a) =>
            el("option", { value: a, selected: a === (picked[s.seat] || defaultAgent) }, a)));
        buttons.push(choice, el("button", {
          type: "button", dataset: { admin: "stand-in" },
          title: "a bot plays this seat until you give it back or its person takes it back",
          onclick: () => run(() => call(`/seats/${s.seat}/bot`, { json: { agent: choice.value } }),
                             `A bot (${choice.value}) plays seat ${s.seat + 1} now.`),
        }, "Bot plays this seat"));
      } else {
        note = el("p", { class: "small muted" }, "Here now; a bot can take this seat only while its person is away.");
      }
    }
    if (s.stand_in) {
      buttons.push(el("button", { type: "button", class: "primary", dataset: { admin: "give-back" },
        onclick: () => run(() => call(`/seats/${s.seat}/return`, { method: "POST" }),
                           `Seat ${s.seat + 1} is its person's again.`) }, "Give the seat back"));
    }
    if (s.kind === "human") {
      buttons.push(el("button", { type: "button", dataset: { admin: "new-link" },
        onclick: () => {
          if (!confirm(`Make a new link for seat ${s.seat + 1}? Its old link stops working at once; `
                       + "send the new one to its player.")) return;
          run(async () => {
            const fresh = await call(`/seats/${s.seat}/link`, { method: "POST" });
            rememberRoom({ room, links: { [s.seat]: fresh.link } });
            // a seat this browser plays keeps working here: "Your games" gets the new link,
            // and a page open on the old one moves to the new one
            const played = mySeats().find((m) => m.room === room && m.seat === s.seat);
            if (played) {
              rememberSeat({ ...played, link: fresh.link });
              if (played.link === location.pathname + location.search) location.replace(fresh.link);
            }
          }, `Seat ${s.seat + 1} has a new link; the old one no longer works.`);
        } }, "New link"));
    }
    return el("div", { class: `admin-seat ${mark}`, dataset: { seat: s.seat, state: mark } },
      el("div", { class: "admin-seat-head" }, el("span", { class: `dot ${mark === "away" ? "" : "on"}` }),
         el("b", {}, seatTitle(s)), el("span", { class: "small muted" }, words)),
      s.kind === "human" ? linkBox(s, (entry.links || {})[s.seat]) : null, note,
      buttons.length ? el("div", { class: "buttons" }, buttons) : null);
  }

  function draw() {
    const entry = managedRoom(room);
    const open = last.status === "playing";
    const end = el("button", { type: "button", dataset: { admin: "end" }, disabled: !open || undefined,
      onclick: () => {
        if (!confirm("End this game now? Nothing more can be played; everyone sees where it stopped.")) return;
        run(() => call("/end", { method: "POST" }), "The game is ended.");
      } }, "End game");
    const remove = el("button", { type: "button", class: "danger", dataset: { admin: "delete" },
      onclick: () => {
        if (!confirm("Delete this room? The game and every link of it are gone for good.")) return;
        run(async () => {
          await call("", { method: "DELETE" });
          forgetRoom(room);
          gone = true;
          box.replaceChildren(el("h2", {}, "Room deleted"),
            el("p", {}, "The room and its links are gone. ", el("a", { href: "/" }, "Back to the lobby")));
        });
      } }, "Delete room");
    box.replaceChildren(
      el("h2", {}, "Manage this room"),
      el("p", { class: "small muted" }, "Only you see this panel: this browser holds the room's creator link."),
      ...last.seats.map((s) => seatRow(s, entry)),
      el("div", { class: "buttons admin-room" }, end, remove),
      message);
    box.hidden = false;
  }

  async function refresh() {
    const entry = managedRoom(room);
    if (gone || !entry) { if (!gone) box.hidden = true; return; }
    try {
      if (agents === null) {
        try {
          const summary = await api(`/api/rooms/${encodeURIComponent(room)}`);
          const games = await api("/api/games");
          const game = games.find((g) => g.id === summary.game);
          agents = game ? game.agents : ["random"];
          defaultAgent = game ? game.default_agent : "random";
          rememberRoom({ room, title: summary.title });
        } catch (err) { agents = null; }
      }
      last = await call("");
      if (!busy) draw();
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_creator") {
        forgetRoom(room);   // a token that is not this room's: nothing to manage here
        box.hidden = true;
      } else if (err instanceof ApiError && err.code === "unknown_room") {
        forgetRoom(room);
        box.hidden = true;
      } else {
        say(`The room cannot be managed now: ${err.message}`, true);
      }
    }
  }

  let timer = null;
  /** Ask again soon (views may come many a second while bots play: one request for them all). */
  const soon = () => {
    if (!timer) timer = setTimeout(() => { timer = null; refresh(); }, 400);
  };
  setInterval(() => { if (!document.hidden) refresh(); }, 5000);
  refresh();
  return { refresh: soon };
}

/** For a person whose seat a bot plays (view.seats[seat].stand_in): a notice with a button
    that takes the seat back; ``onView`` gets the seat's view after it. Null otherwise. */
export function standInNotice(view, room, token, onView, onError) {
  if (!token || view.seat === null || view.seat === undefined) return null;
  const mine = view.seats[view.seat];
  if (!mine || !mine.stand_in || view.status !== "playing") return null;
  const take = el("button", { type: "button", class: "primary", id: "take-back", onclick: async () => {
    take.disabled = true;
    try {
      onView(await api(`/api/rooms/${encodeURIComponent(room)}/seat/${encodeURIComponent(token)}/return`,
                       { method: "POST" }));
    } catch (err) {
      onError(err);
      take.disabled = false;
    }
  } }, "Take my seat back");
  return el("div", { class: "stand-in-notice", role: "status" },
    el("span", {}, el("b", {}, `A bot (${mine.stand_in}) plays for you.`),
       " The room's creator gave it your seat while you were away."), take);
}
