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

/** A seat's display text: "seat 2 (heuristic)" or "seat 0 (Ann)". Seats are shown from 0,
    as in the engine's notation. */
export function seatLabel(seats, seat) {
  const s = seats && seats[seat];
  if (!s) return `seat ${seat}`;
  if (s.kind === "bot") return `seat ${seat} (${s.agent || "bot"})`;
  // the server names an unnamed person "Player N" (from 1): shown as the seat alone
  return s.name && !/^Player \d+$/.test(s.name) ? `seat ${seat} (${s.name})` : `seat ${seat}`;
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
