// Small helpers shared by the lobby and the game page.

/** Build an element: el("button", {class: "primary", onclick: f}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An API error: the server's {error, message, legal?} with the HTTP status. */
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.message ? body.message : `the server answered ${status}`);
    this.status = status;
    this.code = body && body.error;
    this.body = body || {};
  }
}

/** fetch JSON from the server; throws ApiError (with the server's message) on a refusal. */
export async function api(path, options = {}) {
  const init = { headers: { "Accept": "application/json" }, ...options };
  if (options.json !== undefined) {
    init.method = init.method || "POST";
    init.body = JSON.stringify(options.json);
    init.headers["Content-Type"] = "application/json";
    delete init.json;
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, { error: "network", message: "the server cannot be reached: " + err.message });
  }
  let body = null;
  try { body = await response.json(); } catch (err) { body = null; }
  if (!response.ok) throw new ApiError(response.status, body);
  return body;
}

/** Copy text to the clipboard (with a fallback for pages that are not a secure context). */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (err) {
    const area = el("textarea", { style: "position:fixed;opacity:0" }, text);
    document.body.append(area);
    area.select();
    let ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }
}

/** A seat in a person's words, the same on every page: "seat 2 (bot: heuristic)", "seat 1
    (Ann)", "seat 1" (numbered from 1; the engine's notation and the API count from 0), with
    the game's name for the seat in front when there is one: "The King, seat 2 (bot:
    heuristic)". The words come from the server (each seat's ``label``: seatwords.py, the
    one source); a seat the room does not have is just "seat N". */
export function seatLabel(seats, seat, gameName = null) {
  const s = seats && seats[seat];
  const base = s && s.label ? s.label : `seat ${seat + 1}`;
  return gameName ? `${gameName}, ${base}` : base;
}

/** ``text`` as a sentence starts: its first letter a capital ("seat 3 (bot: heuristic) attacks
    …" becomes "Seat 3 (bot: heuristic) attacks …"); the one rule on every page: a seat is
    "seat N" everywhere but where it opens a sentence. Anything but a string is left alone. */
export function sentence(text) {
  return typeof text === "string" ? text.replace(/^(\W*)(\p{Ll})/u, (whole, lead, c) => lead + c.toUpperCase()) : text;
}

/** A seat's words for the person who sits there: "seat 1 (Kai, you)", "The King, seat 1
    (you)": one bracket for who sits there, never "(Kai) (you)". */
export function withYou(words) {
  return /\)$/.test(words) ? `${words.slice(0, -1)}, you)` : `${words} (you)`;
}

/** ``text`` (a log line, a result) with the engine's "Seat N" (N from 0) replaced by the
    seat's words (seatLabel; ``gameName(seat)`` gives the game's name for it, or null),
    capitalised at the start of a sentence; a seat number the room does not have stays. */
export function withSeatNames(text, seats, gameName = null) {
  if (!text || !seats || !seats.length) return text;
  return text.replace(/\b[Ss]eat (\d+)\b/g, (whole, n, at) => {
    const seat = Number(n);
    if (seat >= seats.length) return whole;
    const words = seatLabel(seats, seat, gameName ? gameName(seat) : null);
    const opens = /(^|[.!?:]\s*|^\W*)$/.test(text.slice(0, at));
    return opens ? words.charAt(0).toUpperCase() + words.slice(1) : words;
  });
}

/** A moment as a person reads it: "today 14:05", "yesterday 09:30" or "3 Mar 14:05". */
export function when(seconds) {
  if (!seconds) return "";
  const d = new Date(seconds * 1000);
  const time = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const day = (x) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const diff = Math.round((day(new Date()) - day(d)) / 86400000);
  if (diff === 0) return `today ${time}`;
  if (diff === 1) return `yesterday ${time}`;
  return `${d.toLocaleDateString([], { day: "numeric", month: "short", year: diff > 300 ? "numeric" : undefined })} ${time}`;
}

/** How long ago, in words: "2 min", "3 h", "5 days" (at least "1 min"). */
export function duration(seconds) {
  const s = Math.max(0, seconds);
  if (s < 3600) return `${Math.max(1, Math.round(s / 60))} min`;
  if (s < 86400 * 2) return `${Math.round(s / 3600)} h`;
  return `${Math.round(s / 86400)} days`;
}

export function absolute(link) {
  return new URL(link, window.location.origin).href;
}

// ----- what this browser remembers: the person's name and the seats they play -----------
const SEATS_KEY = "tokyo-my-seats";

/** The name this person gave last (prefilled in the lobby). */
export function rememberedName() { return localStorage.getItem("tokyo-name") || ""; }
export function rememberName(name) { if (name) localStorage.setItem("tokyo-name", name); }

/** The seat links this browser has opened or created, newest first:
    [{room, seat, link, title, when}]. */
export function mySeats() {
  try { return JSON.parse(localStorage.getItem(SEATS_KEY) || "[]"); } catch (e) { return []; }
}
export function rememberSeat(entry) {
  const rest = mySeats().filter((s) => !(s.room === entry.room && s.seat === entry.seat));
  localStorage.setItem(SEATS_KEY, JSON.stringify([{ ...entry, when: Date.now() }, ...rest].slice(0, 50)));
}
export function forgetSeat(room, seat) {
  localStorage.setItem(SEATS_KEY, JSON.stringify(mySeats().filter((s) => !(s.room === room && s.seat === seat))));
}

// ----- card text on hover and tap, wherever a card's name is written ---------------------
let cardPopover = null;

function closeCardPopover() {
  if (cardPopover) { cardPopover.remove(); cardPopover = null; }
}
document.addEventListener("click", (event) => {
  if (cardPopover && !event.target.closest(".card-ref, .card-popover")) closeCardPopover();
});
document.addEventListener("keydown", (event) => { if (event.key === "Escape") closeCardPopover(); });

/** A card's name that shows its text: as a tooltip on hover, and as a small box on a tap
    or click (for touch screens), closed by a tap elsewhere or Escape. */
export function cardRef(card, label = card.name) {
  const facts = [card.type, card.cost !== undefined && card.cost !== null ? `cost ${card.cost}` : null]
    .filter(Boolean).join(", ");
  const ref = el("span", { class: "card-ref", tabindex: 0, role: "button", title: `${card.name} (${facts}): ${card.text || ""}`,
                           dataset: { card: card.id } }, label);
  const open = (event) => {
    event.stopPropagation();
    closeCardPopover();
    cardPopover = el("div", { class: "card-popover", role: "dialog", "aria-label": card.name },
      el("b", {}, card.name), el("div", { class: "small muted" }, facts), el("div", { class: "text" }, card.text || ""));
    document.body.append(cardPopover);
    const box = ref.getBoundingClientRect();
    const left = Math.max(8, Math.min(window.innerWidth - 300, box.left + window.scrollX));
    cardPopover.style.left = `${left}px`;
    cardPopover.style.top = `${box.bottom + window.scrollY + 4}px`;
  };
  ref.addEventListener("click", open);
  ref.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") open(event); });
  return ref;
}

/** ``text`` as nodes, each card name in it (longest first) a cardRef. ``byName`` maps a
    name to its card; build it once with cardNameIndex. */
export function withCardRefs(text, index) {
  if (!index || !index.pattern) return [text];
  const out = [];
  let last = 0;
  for (const m of text.matchAll(index.pattern)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(cardRef(index.byName[m[0]], m[0]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** {byName, pattern} for a catalogue (id -> card): names of three letters or more, whole
    words, longest first so that "Extra Head" wins over "Head". */
export function cardNameIndex(cards) {
  const byName = {};
  for (const c of Object.values(cards || {})) {
    // a monster is a seat's name, said on every line: not a card to look up
    if (c && c.name && c.name.length >= 3 && c.text && c.type !== "MONSTER") byName[c.name] = c;
  }
  const names = Object.keys(byName).sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return { byName, pattern: names.length ? new RegExp(`(?<![\\w'])(${names.join("|")})(?![\\w'])`, "g") : null };
}

// ----- the rooms this browser created: their creator token and every seat link -----------
const ROOMS_KEY = "tokyo-my-rooms";

/** The rooms this browser manages, newest first: [{room, token, title, links: {seat: link}, when}]. */
export function myRooms() {
  try { return JSON.parse(localStorage.getItem(ROOMS_KEY) || "[]"); } catch (e) { return []; }
}
/** The entry of ``room`` in myRooms(), or null. */
export function managedRoom(room) { return myRooms().find((r) => r.room === room) || null; }
/** Remember (or update) what this browser knows of a room it manages; fields given replace
    the old ones, links are merged. */
export function rememberRoom(entry) {
  const old = managedRoom(entry.room) || {};
  const merged = { ...old, ...entry, links: { ...(old.links || {}), ...(entry.links || {}) }, when: old.when || Date.now() };
  const rest = myRooms().filter((r) => r.room !== entry.room);
  localStorage.setItem(ROOMS_KEY, JSON.stringify([merged, ...rest].slice(0, 50)));
}
export function forgetRoom(room) {
  localStorage.setItem(ROOMS_KEY, JSON.stringify(myRooms().filter((r) => r.room !== room)));
}
