// Crisis: Tokyo (crisis-tokyo): the turn bar (whose turn, the actions left, the Plot), the
// Conflict as a face-off (both sides, their powers and totals, the Dragon), Tokyo's
// Districts as a board (and the rubble of those levelled, with who levelled them), your
// hand as a fan of double cards (each button on the half it plays), every player's
// Reserve. Every button sends a legal action text of docs/notation.md and says in words
// what it does; a card name shows the card's text on hover, focus or tap.
import { el, sentence, withYou } from "/static/common.js";

const POWERS = ["martial", "tech", "monster", "fire", "mystic"];
const POWER = { martial: "Martial arts", tech: "Technological weapons", monster: "Monstrous attributes",
                fire: "Firepower", mystic: "Mystic powers", wild: "wildcard" };
const SHORT = { martial: "Martial", tech: "Tech", monster: "Monstrous", fire: "Fire", mystic: "Mystic", wild: "Wild" };
const FROM_TEXT = Object.fromEntries(Object.entries(POWER).map(([k, v]) => [v, k]));
const KIND_WORD = { OCCURRENCE: "Occurrence", PLOT: "Plot", GIFT: "Gift", THREAT: "Threat", HERO: "Hero" };
const SVGNS = "http://www.w3.org/2000/svg";

export function seatName(obs, seat) {
  return null;
}

// ----- small helpers ---------------------------------------------------------------------
function plural(n, one, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  for (const c of children.flat(Infinity)) if (c) node.append(c);
  return node;
}

/** The catalogue entry of a card half (``id:threat``, ``id:a``) or District (``id``). */
function entry(ctx, key) {
  return (ctx.cards && ctx.cards[key]) || null;
}

function half(ctx, id, which) {
  return entry(ctx, `${id}:${which}`) || { name: id, text: "", type: "" };
}

function isCharacter(ctx, id) {
  return !!entry(ctx, `${id}:hero`);
}

/** A double card's title, as the log says it: "Threat half / Hero half" or "a / b". */
function cardTitle(ctx, id) {
  if (entry(ctx, id)) return entry(ctx, id).name;
  const [x, y] = isCharacter(ctx, id) ? ["threat", "hero"] : ["a", "b"];
  return `${half(ctx, id, x).name} / ${half(ctx, id, y).name}`;
}

function districtName(ctx, id) {
  return (entry(ctx, id) || { name: id }).name;
}

/** Printed spheres of a Character half, read from its catalogue text "[3 Firepower, ...]". */
function printedSpheres(text) {
  const m = /^\[([^\]]*)\]\s*/.exec(text || "");
  if (!m) return { spheres: null, rest: text || "" };
  const spheres = {};
  for (const part of m[1].split(",")) {
    const pm = /^\s*(\d+)\s+(.+?)\s*$/.exec(part);
    if (pm && FROM_TEXT[pm[2]]) spheres[FROM_TEXT[pm[2]]] = Number(pm[1]);
  }
  return { spheres, rest: text.slice(m[0].length) };
}

/** A District's resistance and special rule, read from its catalogue text. */
function districtInfo(ctx, id) {
  const text = (entry(ctx, id) || { text: "" }).text;
  const m = /^Resistance: ([^.]*)\.\s*(.*)$/.exec(text);
  if (!m) return { resist: {}, white: null, special: text };
  const resist = {};
  let white = null;
  for (const part of m[1].split(",")) {
    const pm = /^\s*(\d+)\s+(.+?)\s*$/.exec(part);
    if (!pm) continue;
    if (pm[2] === "white") white = Number(pm[1]);
    else if (FROM_TEXT[pm[2]]) resist[FROM_TEXT[pm[2]]] = Number(pm[1]);
  }
  const special = m[2] === "No special rule." ? "" : m[2];
  return { resist, white, special };
}

function whose(ctx, owner) {
  return owner === ctx.seat ? "yours" : `${ctx.seatName(owner)}'s`;
}

/** Every Character in play: uid -> instance (with ``where``: reserve, att or def). */
function instances(obs) {
  const out = {};
  (obs.reserves || []).forEach((r) => r.forEach((i) => { out[i.uid] = { ...i, where: "reserve" }; }));
  const c = obs.conflict;
  if (c) for (const side of ["att", "def"]) (c[side] || []).forEach((i) => { out[i.uid] = { ...i, where: side }; });
  return out;
}

function nodeOf(obs) {
  return (obs && obs.node) || {};
}

function gameOver(ctx) {
  const obs = ctx.observation;
  return !!(ctx.finished || (obs && obs.winners));
}

// ----- artwork (our own SVG) ---------------------------------------------------------------
/** The glyph of a power, drawn white in a 20x20 box centred on 0,0. */
function glyph(power) {
  const white = { fill: "#fff" };
  if (power === "martial") {  // a knotted belt
    return [svg("rect", { x: -9, y: -4, width: 18, height: 5, rx: 1.2, ...white }),
            svg("path", { d: "M-1.5 0 L-6.5 8.5 L-3.2 9.2 L0.8 1.8 Z", ...white }),
            svg("path", { d: "M1.5 0 L6.2 8.2 L3 9.4 L-0.6 2 Z", ...white }),
            svg("rect", { x: -2.6, y: -5.4, width: 5.2, height: 7.6, rx: 1.2, fill: "#fff", stroke: "rgba(0,0,0,.35)", "stroke-width": 0.9 })];
  }
  if (power === "tech") {  // a gear
    const pts = [];
    for (let k = 0; k < 32; k++) {
      const a = (k / 32) * Math.PI * 2;
      const r = [8.6, 8.6, 6.2, 6.2][k % 4];
      pts.push(`${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`);
    }
    return [svg("polygon", { points: pts.join(" "), ...white }), svg("circle", { r: 2.8, fill: "rgba(0,0,0,.45)" })];
  }
  if (power === "monster") {  // three claw marks
    const claw = (dx) => svg("path", { d: `M${dx - 3} -8.5 Q${dx + 2.5} -1 ${dx - 1.5} 8.5 Q${dx} -1 ${dx - 3} -8.5 Z`, ...white });
    return [claw(-4), claw(1.5), claw(7)];
  }
  if (power === "fire") {  // a flame
    return [svg("path", { d: "M0.5 -9.5 C5 -4.5 7.5 -1 6.8 3.2 C6 7.4 3 9.5 0 9.5 C-3.4 9.5 -6.8 7 -6.6 2.8 C-6.4 -0.6 -3.8 -2.4 -2.8 -5.6 C-1.6 -3 -0.6 -1.8 0.6 -1.2 C2 -3.6 1.8 -6.4 0.5 -9.5 Z", ...white })];
  }
  if (power === "mystic") {  // a crescent and a star
    return [svg("path", { d: "M2.5 -8.6 A8.8 8.8 0 1 0 2.5 8.6 A7 7 0 1 1 2.5 -8.6 Z", ...white }),
            svg("path", { d: "M5.6 -4.2 L6.5 -1.6 L9.2 -1.6 L7 0 L7.8 2.6 L5.6 1 L3.4 2.6 L4.2 0 L2 -1.6 L4.7 -1.6 Z", ...white })];
  }
  if (power === "wild") {  // a question of power: a star of five points
    return [svg("path", { d: "M0 -9 L2.6 -2.8 L9 -2.6 L4 1.6 L5.8 8.4 L0 4.6 L-5.8 8.4 L-4 1.6 L-9 -2.6 L-2.6 -2.8 Z", ...white })];
  }
  return [svg("circle", { r: 3, fill: "rgba(255,255,255,.6)" })];  // grey: nothing
}

/** A power sphere: a coloured ball with the power's glyph. */
function sphereIcon(power, size = "1.35em") {
  return svg("svg", { viewBox: "-12 -12 24 24", width: size, height: size, class: `ct-ball ct-p-${power}`, "aria-hidden": "true" },
    svg("circle", { r: 11.5, class: "ct-ball-bg" }), svg("circle", { r: 11.5, fill: "url(#ct-shine)" }), glyph(power));
}

/** Shared SVG definitions (the shine of a sphere), once per page. */
function defs() {
  if (document.getElementById("ct-defs")) return;
  const box = svg("svg", { id: "ct-defs", width: 0, height: 0, style: "position:absolute", "aria-hidden": "true" },
    svg("defs", {}, svg("radialGradient", { id: "ct-shine", cx: "35%", cy: "30%", r: "75%" },
      svg("stop", { offset: "0", "stop-color": "#fff", "stop-opacity": ".55" }),
      svg("stop", { offset: ".45", "stop-color": "#fff", "stop-opacity": "0" }),
      svg("stop", { offset: "1", "stop-color": "#000", "stop-opacity": ".25" }))));
  document.body.append(box);
}

/** A row of sphere chips: {fire: 2, ...}; the grey sphere when there are none. */
function sphereRow(spheres, wildAs = null) {
  const entries = Object.entries(spheres || {}).filter(([, n]) => n);
  if (!entries.length) {
    return el("span", { class: "ct-spheres" }, el("span", { class: "ct-sph grey", title: "the grey sphere: no spheres of any power" },
      sphereIcon("grey"), el("span", { class: "ct-sph-n" }, "0")));
  }
  return el("span", { class: "ct-spheres" }, entries.map(([p, n]) => {
    const shown = p === "wild" && wildAs ? wildAs : p;
    const title = p === "wild" ? (wildAs ? `${n} wildcard sphere${n === 1 ? "" : "s"}, playing as ${POWER[wildAs]}`
                                         : `${n} wildcard sphere${n === 1 ? "" : "s"} (a power is chosen when it comes into play)`)
                               : `${n} ${POWER[p]} sphere${n === 1 ? "" : "s"}`;
    return el("span", { class: `ct-sph p-${p}`, title }, sphereIcon(shown), el("span", { class: "ct-sph-n" }, String(n)),
              el("span", { class: "ct-sph-name" }, SHORT[p]));
  }));
}

/** A cheerful, deterministic skyline for a District (from its id). */
function skyline(id, ruined = false) {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const rnd = () => { h = (h * 1103515245 + 12345) >>> 0; return (h >>> 8) / 16777216; };
  const parts = [];
  let x = 0;
  while (x < 120) {
    const w = 9 + Math.floor(rnd() * 12);
    const top = ruined ? 30 + rnd() * 6 : 6 + rnd() * 22;
    if (ruined) {
      const mid = top - 3 - rnd() * 5;
      parts.push(svg("polygon", { points: `${x},40 ${x},${top} ${x + w * 0.4},${mid} ${x + w * 0.7},${top + 2} ${x + w},${top - 1} ${x + w},40`, class: "ct-rubble" }));
    } else {
      parts.push(svg("rect", { x, y: top, width: w - 1, height: 40 - top, class: "ct-tower" }));
      for (let wy = top + 3; wy < 36; wy += 5) {
        for (let wx = x + 2; wx < x + w - 3; wx += 4) {
          if (rnd() < 0.45) parts.push(svg("rect", { x: wx, y: wy, width: 1.8, height: 2.2, class: "ct-window" }));
        }
      }
      if (rnd() < 0.25) parts.push(svg("rect", { x: x + w / 2 - 0.5, y: top - 5, width: 1, height: 5, class: "ct-tower" }));
    }
    x += w;
  }
  return svg("svg", { viewBox: "0 0 120 40", preserveAspectRatio: "xMidYMax slice", class: "ct-skyline", "aria-hidden": "true" }, parts);
}

/** The Dragon: the five powers round a circle, an arrow from each to the two it beats.
    ``att`` and ``def``: the powers in a Conflict, whose arrow is drawn bold. */
function dragonWheel(beats, att = null, def = null, size = "8.5rem") {
  // the cycle: each power's first victim is the one that beats its second
  const order = [];
  let p = "martial";
  const ok = beats && POWERS.every((q) => (beats[q] || []).length === 2);
  if (ok) {
    for (let k = 0; k < 5 && !order.includes(p); k++) {
      order.push(p);
      const [a, b] = beats[p];
      p = (beats[a] || []).includes(b) ? a : b;
    }
  }
  const ring = order.length === 5 ? order : POWERS;
  const pos = {};
  ring.forEach((q, k) => {
    const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
    pos[q] = [Math.cos(a) * 36, Math.sin(a) * 36];
  });
  const arrows = [];
  for (const q of POWERS) {
    for (const r of (beats && beats[q]) || []) {
      const [x1, y1] = pos[q];
      const [x2, y2] = pos[r];
      const d = Math.hypot(x2 - x1, y2 - y1);
      const ux = (x2 - x1) / d;
      const uy = (y2 - y1) / d;
      const live = (q === att && r === def) || (q === def && r === att);
      arrows.push(svg("line", { x1: (x1 + ux * 12).toFixed(1), y1: (y1 + uy * 12).toFixed(1), x2: (x2 - ux * 13).toFixed(1),
                                y2: (y2 - uy * 13).toFixed(1), class: live ? `ct-arrow live ${q === att ? "att" : "def"}` : "ct-arrow",
                                "marker-end": live ? "url(#ct-head-live)" : "url(#ct-head)" }));
    }
  }
  const nodes = ring.map((q) => {
    const [x, y] = pos[q];
    const mark = q === att && q === def ? "both" : q === att ? "att" : q === def ? "def" : "";
    return svg("g", { transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`, class: `ct-node ${mark}` },
      mark ? svg("circle", { r: 13.5, class: "ct-node-ring" }) : null,
      svg("g", { transform: "scale(0.88)" }, svg("circle", { r: 11.5, class: `ct-ball-bg ct-p-${q}` }),
          svg("circle", { r: 11.5, fill: "url(#ct-shine)" }), glyph(q)),
      svg("title", {}, document.createTextNode(`${POWER[q]}: superior to ${((beats && beats[q]) || []).map((r) => POWER[r]).join(" and ")}`)));
  });
  const marker = (id, cls) => svg("marker", { id, viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" },
    svg("path", { d: "M0 0 L10 5 L0 10 z", class: cls }));
  return svg("svg", { viewBox: "-52 -52 104 104", width: size, height: size, class: "ct-dragon", role: "img",
                      "aria-label": "The Dragon: each power is superior to the two its arrows point to" },
    svg("defs", {}, marker("ct-head", "ct-head"), marker("ct-head-live", "ct-head live")),
    svg("circle", { r: 46, class: "ct-dragon-bg" }), arrows, nodes);
}

/** The winner's crown. */
function crown() {
  return svg("svg", { viewBox: "0 0 40 30", width: "2.4rem", height: "1.8rem", class: "ct-crown", "aria-hidden": "true" },
    svg("path", { d: "M4 24 L2 7 L12 15 L20 3 L28 15 L38 7 L36 24 Z", class: "ct-crown-gold" }),
    svg("rect", { x: 4, y: 24, width: 32, height: 4, rx: 1, class: "ct-crown-gold" }),
    svg("circle", { cx: 20, cy: 17, r: 2.6, class: "ct-crown-gem" }),
    svg("circle", { cx: 11, cy: 20, r: 1.7, class: "ct-crown-gem" }), svg("circle", { cx: 29, cy: 20, r: 1.7, class: "ct-crown-gem" }));
}

/** Cards in hand, for the seats' panels: a little stack of card backs. */
function cardBacks(n) {
  return el("span", { class: "ct-backs", title: `${plural(n, "card")} in hand` },
    svg("svg", { viewBox: "0 0 22 16", width: "1.4em", height: "1em", "aria-hidden": "true" },
      svg("rect", { x: 1, y: 3, width: 10, height: 12, rx: 1.5, class: "ct-back", transform: "rotate(-10 6 9)" }),
      svg("rect", { x: 6, y: 1, width: 10, height: 12, rx: 1.5, class: "ct-back" }),
      svg("rect", { x: 11, y: 3, width: 10, height: 12, rx: 1.5, class: "ct-back", transform: "rotate(10 16 9)" })),
    el("b", {}, String(n)));
}

// ----- card names that show the card on hover, focus or tap ---------------------------------------
/** A card name: hovering, focusing or tapping it shows the card (``key``: a catalogue id). */
function ref(ctx, key, text = null, cls = "") {
  const card = entry(ctx, key);
  return el("span", { class: `ct-ref ${cls}`, tabindex: "0", role: "button", dataset: { ref: key },
                      "aria-label": card ? `${card.name}: show the card` : undefined }, text || (card ? card.name : key));
}

let tipCards = {};    // the catalogue the tip reads (set by draw)
let tipAnchor = null; // the name whose card is shown
let tipPinned = false;

function tipBox() {
  let tip = document.getElementById("ct-tip");
  if (!tip) {
    tip = el("div", { id: "ct-tip", role: "tooltip", hidden: true });
    document.body.append(tip);
  }
  return tip;
}

function showTip(anchor, pinned = false) {
  const key = anchor.dataset.ref;
  const card = tipCards[key];
  if (!card) return;
  const tip = tipBox();
  const kind = KIND_WORD[card.type] || (card.type === "DISTRICT" ? "District" : card.type);
  let body;
  if (card.type === "THREAT" || card.type === "HERO") {
    const { spheres, rest } = printedSpheres(card.text);
    body = [el("div", { class: "ct-tip-sph" }, sphereRow(spheres || {})), el("p", {}, rest || "No special ability.")];
  } else {
    body = [el("p", {}, card.text)];
  }
  tip.replaceChildren(el("div", { class: "ct-tip-head" }, el("b", {}, card.name), el("span", { class: `ct-kind k-${(card.type || "").toLowerCase()}` }, kind)), ...body);
  tip.hidden = false;
  tipAnchor = anchor;
  tipPinned = pinned;
  anchor.setAttribute("aria-describedby", "ct-tip");
  const box = anchor.getBoundingClientRect();
  const width = Math.min(320, window.innerWidth - 16);
  tip.style.width = `${width}px`;
  const left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8));
  tip.style.left = `${left}px`;
  const below = box.bottom + 6;
  tip.style.top = `${below}px`;
  const h = tip.getBoundingClientRect().height;
  if (below + h > window.innerHeight - 4 && box.top - h - 6 > 4) tip.style.top = `${box.top - h - 6}px`;
}

function hideTip() {
  const tip = document.getElementById("ct-tip");
  if (tip) tip.hidden = true;
  if (tipAnchor) tipAnchor.removeAttribute("aria-describedby");
  tipAnchor = null;
  tipPinned = false;
}

let tipsReady = false;
function installTips() {
  if (tipsReady) return;
  tipsReady = true;
  const refOf = (event) => (event.target instanceof Element ? event.target.closest(".ct-ref") : null);
  document.addEventListener("pointerover", (event) => {
    const r = refOf(event);
    if (r && event.pointerType !== "touch" && !tipPinned) showTip(r);
  });
  document.addEventListener("pointerout", (event) => {
    const r = refOf(event);
    if (r && r === tipAnchor && !tipPinned && !r.contains(event.relatedTarget)) hideTip();
  });
  document.addEventListener("focusin", (event) => {
    const r = refOf(event);
    if (r) showTip(r, tipPinned);
  });
  document.addEventListener("focusout", (event) => {
    const r = refOf(event);
    if (r && r === tipAnchor && !tipPinned) hideTip();
  });
  document.addEventListener("click", (event) => {
    const r = refOf(event);
    if (r) {
      if (tipAnchor === r && tipPinned) hideTip();
      else showTip(r, true);
    } else if (tipAnchor && !(event.target instanceof Element && event.target.closest("#ct-tip"))) {
      hideTip();
    }
  });
  document.addEventListener("keydown", (event) => {
    const r = refOf(event);
    if (event.key === "Escape") hideTip();
    else if (r && (event.key === "Enter" || event.key === " ")) {
      event.preventDefault();
      if (tipAnchor === r && tipPinned) hideTip(); else showTip(r, true);
    }
  });
  window.addEventListener("scroll", () => { if (tipAnchor && !tipPinned) hideTip(); }, { passive: true });
}

// ----- the words of every choice ----------------------------------------------------------------
function powerLine(ctx, power, mine) {
  // for a power choice: the spheres the deciding side has of it, and what it beats
  const obs = ctx.observation;
  const c = obs.conflict;
  const inst = c ? (c[mine] || []) : [];
  const have = inst.reduce((n, i) => n + ((i.spheres || {})[power] || 0), 0);
  const other = c ? (mine === "att" ? c.def_power : c.att_power) : null;
  const beats = obs.beats || {};
  let edge = "";
  if (other && (beats[power] || []).includes(other)) edge = `, superior to ${POWER[other]}`;
  else if (other && (beats[other] || []).includes(power)) edge = `, inferior to ${POWER[other]}`;
  return `${plural(have, "sphere")} on your side${edge}`;
}

function characterBy(ctx, uid) {
  return instances(ctx.observation)[uid] || null;
}

/** Spheres in words: "2 Technological weapons" / "1 Martial arts and 1 Mystic powers". */
function spheresWords(spheres, sign = "") {
  const order = [...POWERS, "wild"];
  const parts = Object.entries(spheres || {}).filter(([, n]) => n)
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([p, n]) => `${sign}${n} ${POWER[p] || p}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0] || "";
}

/** What a Gift half gives (the catalogue's ``gift``): {spheres, host, talents}, or null. */
function giftOf(ctx, id, which) {
  const card = entry(ctx, `${id}:${which}`);
  return card && card.gift ? card.gift : null;
}

/** What a Gift gives, in words: "+2 Technological weapons", "+1 Firepower and the Talent Sleepy Dart". */
function giftWords(gift) {
  if (!gift) return "";
  const parts = [];
  const sph = spheresWords(gift.spheres, "+");
  if (sph) parts.push(sph);
  for (const t of gift.talents || []) parts.push(`the Talent ${t}`);
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0] || "";
}

const HOST_WORDS = { hero: "a Hero", threat: "a Threat", any: "a Character" };

/** What giving ``gift`` to Character ``uid`` does now: in a Conflict, to its side's total;
    elsewhere, the spheres it will then have. */
function giftEffect(ctx, gift, uid) {
  const i = characterBy(ctx, uid);
  if (!i || !gift) return "";
  const c = ctx.observation.conflict;
  if (c && (i.where === "att" || i.where === "def")) {
    const power = i.where === "att" ? c.att_power : c.def_power;
    if (!power) return "";
    const add = (gift.spheres || {})[power] || 0;
    const mine = (i.where === "att" ? c.attacker : c.defender) === ctx.seat;
    const side = mine ? "your side" : "the other side";
    if (!add) return ` — ${side} fights with ${POWER[power]}, so this adds nothing now`;
    return ` — ${side} fights with ${POWER[power]}: +${add} to ${mine ? "your" : "its"} total now`;
  }
  const after = { ...(i.spheres || {}) };
  for (const [p, n] of Object.entries(gift.spheres || {})) after[p] = (after[p] || 0) + n;
  const now = spheresWords(after);
  return now ? `: it then has ${now}` : "";
}

/** The totals a power choice would give (the observation's ``what_if``): [attacker, defender] or null. */
function totalsIf(ctx, power) {
  const c = ctx.observation.conflict;
  const w = c && c.what_if;
  return w && w.totals && w.totals[power] ? w.totals[power] : null;
}

/** Why a superior side gets no Superiority bonus, in words (``reason``: the observation's
    ``withheld`` of that side; ``power``: the side's power; ``who``: the side in words). */
function withheldWords(ctx, reason, power, who) {
  if (reason === "no-spheres") return `no Superiority bonus: ${who} has no spheres of ${POWER[power]}`;
  if (reason === "district") {
    const c = ctx.observation.conflict;
    return `no Superiority bonus at ${c ? districtName(ctx, c.district) : "this District"} (its special rule)`;
  }
  if (reason === "card") return "no Superiority bonus: a card took it away in this Conflict";
  return "";
}

/** "your 4 against 5" (``mine``: the side of the seat deciding, "att" or "def"), with why a
    superior side gets no Superiority bonus when one does not (``withheld``: [attacker,
    defender] reasons; ``powers``: [attacker's, defender's] power). */
function totalsWords(totals, mine, ctx = null, withheld = null, powers = null) {
  if (!totals) return "";
  const [a, d] = totals;
  const words = mine === "att" ? `your ${a} against ${d}` : `your ${d} against ${a}`;
  if (!ctx || !withheld || !powers) return words;
  const order = mine === "att" ? [0, 1] : [1, 0];
  const why = order.filter((i) => withheld[i]).map((i) => withheldWords(ctx, withheld[i], powers[i], i === order[0] ? "your side" : "the other side"));
  return why.length ? `${words} — ${why.join("; ")}` : words;
}

/** What a power choice would give (``what_if``): the totals and the reasons a bonus is withheld. */
function whatIfWords(ctx, power, mine, enemy = false) {
  const c = ctx.observation.conflict;
  const totals = totalsIf(ctx, power);
  if (!totals) return "";
  const w = c.what_if;
  const withheld = w.withheld ? w.withheld[power] : null;
  const powers = w.side === "att" ? [power, c.def_power] : [c.att_power, power];
  if (!enemy) return totalsWords(totals, mine, ctx, withheld, powers);
  // the other side's new power: its total first
  const [mi, oi] = mine === "att" ? [0, 1] : [1, 0];
  const why = [oi, mi].filter((i) => withheld && withheld[i]).map((i) => withheldWords(ctx, withheld[i], powers[i], i === mi ? "your side" : "the other side"));
  return `${totals[oi]} against your ${totals[mi]}${why.length ? ` — ${why.join("; ")}` : ""}`;
}

/** What a wildcard choice of ``power`` gives (the observation's ``wild_if``): with both
    powers declared, "your 7 against 5"; else the side's total of that power and, for the
    attacking side, what the District needs: "total 6, Shibuya needs 6". */
function wildWords(ctx, w, power, mySide) {
  const c = ctx.observation.conflict;
  if (w.totals && w.totals[power]) return totalsWords(w.totals[power], mySide || w.side);
  const total = `total ${w.spheres[power]}`;
  if (w.side !== "att") return total;
  const name = districtName(ctx, c.district);
  const no = cannotLevel(ctx, power);
  if (no) return `${total}; ${POWER[power]} ${no.short}`;
  const info = districtInfo(ctx, c.district);
  const need = info.white !== null ? info.white : info.resist[power];
  return `${total}, ${name} needs ${need}`;
}

/** ": this changes nothing now, you only spend the card" for a play the observation's
    ``idle`` names, else "" (the button stays short on a hand card: its title and the
    confirm step say why). */
function idleWords(obs, text, kind, spent) {
  const why = (obs.idle || {})[text];
  if (!why) return "";
  const action = kind === "action" ? "an action and " : "";
  return `: this changes nothing now, you only spend ${action}${spent}`;
}

/** At the offer of the defence to a seat with no Hero in its Reserve: what defending would
    do (the observation's ``defend_alone``), {words, hopeless}; else null. */
function defendAlone(ctx) {
  const obs = ctx.observation;
  const c = obs.conflict;
  const a = c && c.defend_alone;
  if (!a || ((obs.reserves || [])[ctx.seat] || []).length) return null;
  const [att, dfn] = a.totals;
  const from = [a.parts.district ? `${districtName(ctx, c.district)}'s defender bonus` : null,
                a.parts.cards ? "cards" : null].filter(Boolean);
  const why = from.length ? ` (from ${wordList(from, "and")})` : "";
  return { words: `you have no Hero in your Reserve: your total would be ${dfn}${why} against ${att}`,
           hopeless: dfn < att, att, dfn };
}

/** "; 6 needed to level Kasumigaseki" for a power that can level the District under attack. */
function levelNeed(ctx, power) {
  const c = ctx.observation.conflict;
  if (!c) return "";
  const info = districtInfo(ctx, c.district);
  const need = info.white !== null ? info.white : info.resist[power];
  return need === undefined ? "" : `; ${need} needed to level ${districtName(ctx, c.district)}`;
}

/** Why an attack with ``power`` cannot level the District under attack (null: it can, with
    enough spheres). The rulebook: the attempt fails when the District has no resistance value
    for that power; white spheres count for every power; the optional rules Brute Force and
    Collateral Damage change that. */
function cannotLevel(ctx, power) {
  const c = ctx.observation.conflict;
  if (!c) return null;
  const info = districtInfo(ctx, c.district);
  if (info.white !== null || info.resist[power] !== undefined) return null;
  const opts = ctx.options || {};
  if (opts.collateral_damage) return null;
  const name = districtName(ctx, c.district);
  const only = Object.keys(info.resist).map((p) => POWER[p]);
  const list = only.length > 1 ? `${only.slice(0, -1).join(", ")} or ${only[only.length - 1]}` : only[0] || "no power";
  const why = `only ${list} can level it`;
  if (opts.brute_force) return { short: `levels ${name} only with 8 or more spheres (Brute Force)`, why };
  return { short: `cannot level ${name}`, why };
}

/** A Character in play and whose it is: "Cop, your Hero", "Cop, Hero of seat 1 (Ann)". */
function charWords(ctx, uid) {
  const i = characterBy(ctx, uid);
  if (!i) return "a Character no longer in play";
  const role = i.half === "hero" ? "Hero" : "Threat";
  return i.owner === ctx.seat ? `${i.name}, your ${role}` : `${i.name}, ${role} of ${ctx.seatName(i.owner)}`;
}

function charName(ctx, uid) {
  const i = characterBy(ctx, uid);
  return i ? i.name : "a Character no longer in play";
}

/** A button's words for a legal action text: what it does, with card names. */
export function label(text, ctx) {
  const obs = ctx.observation || {};
  const node = nodeOf(obs);
  const data = node.data || {};
  const kind = node.kind;
  const words = text.split(" ");
  const [verb, arg, third] = words;
  const c = obs.conflict;
  const mySide = c ? (c.attacker === ctx.seat ? "att" : c.defender === ctx.seat ? "def" : null) : null;

  if (kind === "effect") {
    const name = data.name;
    const op = data.op || {};
    if (verb === "host") {
      const gift = giftOf(ctx, data.card, data.half);
      const what = giftWords(gift);
      return `Give ${half(ctx, data.card, data.half).name}${what ? ` (${what})` : ""} to ${charWords(ctx, arg)}${giftEffect(ctx, gift, Number(arg))}`;
    }
    if (verb === "target") {
      if (name === "destroy") return `Destroy ${charWords(ctx, arg)}`;
      if (name === "to_hand") {
        const i = characterBy(ctx, arg);
        const back = i && i.owner === ctx.seat ? "your hand" : i ? `the hand of ${ctx.seatName(i.owner)}` : "its owner's hand";
        return `Return ${charName(ctx, arg)} to ${back}`;
      }
      const n = Math.abs(op.n || 1);
      const what = op.power && op.power !== "chosen" ? `${n} ${POWER[op.power]} sphere${n === 1 ? "" : "s"}`
                                                      : `${plural(n, "sphere")} of a power you choose next`;
      return (op.n || 0) < 0 ? `Take ${what} from ${charWords(ctx, arg)}` : `Give ${what} to ${charWords(ctx, arg)}`;
    }
    if (verb === "power" && name === "spheres-power") {
      const n = Math.abs(data.n || 1);
      const who = characterBy(ctx, data.uid);
      const of = who ? who.name : "the Character";
      const has = who ? ` (has ${(who.spheres || {})[arg] || 0})` : "";
      return (data.n || 0) < 0 ? `${of} loses ${n} ${POWER[arg]} sphere${n === 1 ? "" : "s"}${has}`
                               : `${of} gains ${n} ${POWER[arg]} sphere${n === 1 ? "" : "s"}${has}`;
    }
    if (verb === "power" && name === "change-power") {
      const enemy = data.side === "enemy";
      const words = whatIfWords(ctx, arg, mySide, enemy);
      return `${enemy ? "The other side" : "Your side"} now fights with ${POWER[arg]}${words ? `: ${words}` : ""}`;
    }
    if (verb === "take") return `Take ${cardTitle(ctx, arg)} into your hand`;
    if (verb === "half") {
      const h = half(ctx, data.card, arg);
      return arg === "threat" ? `Add it as the Threat ${h.name}` : `Add it as the Hero ${h.name}`;
    }
    if (verb === "deploy" && name === "deploy-hand") {
      const which = mySide === "att" ? "threat" : "hero";
      return `Put ${half(ctx, arg, which).name} into the Conflict`;
    }
    if (verb === "deploy" && name === "deploy-reserve") return `Bring ${charName(ctx, arg)} into the defence`;
    if (verb === "recruit") return `Recruit ${half(ctx, arg, "hero").name} as a Hero`;
    if (verb === "none") {
      return { "deploy-hand": "Put nobody into the Conflict", "deploy-reserve": "Bring nobody into the defence",
               recruit: "Recruit nobody" }[name] || "Choose nothing";
    }
  }
  if (verb === "draw" && (arg === "character" || arg === "event")) {
    const deck = arg === "event" ? "an Event card" : "a Character card";
    if (kind === "choose-deck") return `Draw ${deck}`;
    if (kind === "resources") return `Draw ${deck} for free`;
    return `Draw ${deck}`;
  }
  if (verb === "power") {
    if (kind === "attack-power") {
      const no = cannotLevel(ctx, arg);
      return `Attack with ${POWER[arg]} (${powerLine(ctx, arg, "att")}${no ? "" : levelNeed(ctx, arg)})${no ? ` — ${no.short}: ${no.why}` : ""}`;
    }
    if (kind === "defend-power") {
      const words = whatIfWords(ctx, arg, "def");
      return `Defend with ${POWER[arg]} (${powerLine(ctx, arg, "def")})${words ? `: ${words}` : ""}`;
    }
    if (kind === "wild") {
      const i = characterBy(ctx, data.uid);
      const w = c && c.wild_if && c.wild_if.uid === data.uid ? c.wild_if : null;
      if (!w) return `${i ? i.name + "'s" : "The"} wildcard spheres become ${POWER[arg]}`;
      return `Wildcards become ${POWER[arg]}: ${wildWords(ctx, w, arg, mySide)}`;
    }
    return `Choose ${POWER[arg] || arg}`;
  }
  if (verb === "recruit") return `Recruit ${half(ctx, arg, "hero").name} as a Hero`;
  if (verb === "play" && third) {
    const h = half(ctx, arg, third);
    if (h.type === "PLOT") return obs.plot ? `Play ${h.name} in place of ${half(ctx, obs.plot.card, obs.plot.half).name}` : `Play ${h.name} as the Plot`;
    if (h.type === "GIFT") {
      const gift = giftOf(ctx, arg, third);
      const what = giftWords(gift);
      return `Play ${h.name}${what ? ` (${what})` : ""} on ${HOST_WORDS[(gift || {}).host] || "a Character"}`;
    }
    return `Play ${h.name}${idleWords(obs, text, kind, "the card")}`;
  }
  if (verb === "talent") {
    const i = characterBy(ctx, arg);
    const t = i && i.talents ? i.talents[Number(third)] : null;
    return (i ? `Use ${t ? `the Talent ${t}` : "a Talent"} of ${i.name}` : "Use a Talent") + idleWords(obs, text, kind, "the Talent for this turn");
  }
  if (verb === "attack") {
    const cost = `(${plural(limits(obs).attack_actions, "action")})`;
    return pointless(obs, arg) ? `Attack ${districtName(ctx, arg)} ${cost}: no Threat in your hand can level it now`
                               : `Attack ${districtName(ctx, arg)} ${cost}`;
  }
  if (verb === "send") return `Send ${half(ctx, arg, "threat").name} as a Threat`;
  if (verb === "discard") return `Discard ${cardTitle(ctx, arg)}`;
  if (verb === "destroy") return `Destroy ${charName(ctx, arg)} from your Reserve`;
  if (verb === "deploy") return `Deploy ${charName(ctx, arg)} to defend`;
  if (text === "end") {
    const left = obs.actions_left || 0;
    return left > 0 ? `End my turn (${plural(left, "action")} unused)` : "End my turn";
  }
  if (text === "pass") return c && c.defender === null ? "Pass and go on to the levelling" : "Pass: no more manoeuvres";
  if (text === "defend") {
    if (!c) return "Defend";
    const alone = defendAlone(ctx);
    return `Defend ${districtName(ctx, c.district)}${alone ? ` (${alone.words})` : ""}`;
  }
  if (text === "decline") return "Do not defend";
  if (text === "skip") return "No free card this turn";
  if (text === "done") {
    if (kind === "send") return "That is all: choose the attacking power";
    if (kind === "deploy") return c && (c.def || []).length ? "That is all: choose the defending power" : "Defend with no Heroes";
    return "Done";
  }
  // anything new: ids become names, words stay words
  return words.map((w, k) => {
    if (k === 0) return w[0].toUpperCase() + w.slice(1);
    if (entry(ctx, w)) return entry(ctx, w).name;
    if (entry(ctx, `${w}:hero`) || entry(ctx, `${w}:a`)) return cardTitle(ctx, w);
    return w;
  }).join(" ");
}

// ----- what the prompt asks ---------------------------------------------------------------------
function wordList(items, and = "or") {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} ${and} ${items[items.length - 1]}` : items[0] || "";
}

/** The District of a reward draw (the node data's ``parts``), or "". */
function rewardDistrict(data) {
  const d = (data.parts || []).find((p) => p[2] === "district");
  return d ? d[0] : "";
}

/** Which reward draw this is and why so many (the node data's ``n``, ``of`` and ``parts``):
    "card 1 of 3 (Shibuya's reward 2, The Evil Twin +1) "; "a card " for a single one. */
function rewardCount(data, one = "card") {
  if (!data.of || data.of < 2) return `a ${one} `;
  const why = (data.parts || []).filter((p) => p[1] > 0).map(([name, n, what]) =>
    what === "district" && data.why === "level" ? `${name}'s reward ${n}`
      : what === "threat" && data.why === "reward" ? `the Threat ${name} ${n}` : `${name} +${n}`);
  return `card ${data.n} of ${data.of}${why.length ? ` (${why.join(", ")})` : ""} `;
}

/** The turn's action: only what can be done now ("draw, recruit or play"), and why there is
    no attack when the actions left are too few for one. */
function actionTitle(ctx) {
  const obs = ctx.observation;
  const verbs = new Set((ctx.legal || []).map((t) => t.split(" ")[0]));
  const can = [["draw", "draw"], ["recruit", "recruit"], ["play", "play"], ["talent", "use a Talent"], ["attack", "attack"]]
    .filter(([v]) => verbs.has(v)).map(([, w]) => w);
  const left = obs.actions_left || 0;
  const cost = limits(obs).attack_actions;
  const head = `Your action (${left} left)`;
  const why = !verbs.has("attack") && left < cost ? ` (an attack takes ${plural(cost, "action")})` : "";
  return can.length ? `${head}: ${wordList(can)}${why}` : `${head}: end your turn${why}`;
}

/** The question of the decision before this seat, as a sentence (it may open with a seat's
    words: "Seat 3 (bot: heuristic) attacks Akihabara …"). */
export function promptTitle(ctx) {
  return sentence(questionWords(ctx));
}

function questionWords(ctx) {
  const obs = ctx.observation;
  const node = nodeOf(obs);
  const data = node.data || {};
  const c = obs.conflict;
  const where = c ? districtName(ctx, c.district) : "";
  const src = data.source ? `${data.source}: ` : "";
  switch (node.kind) {
    case "action": return actionTitle(ctx);
    case "resources": return "Start of your turn: take a free card?";
    case "choose-deck":
      if (data.why === "level") return `You levelled ${rewardDistrict(data) || "a District"}: draw ${rewardCount(data)}from either deck`;
      if (data.why === "reward") return `You held ${rewardDistrict(data) || "the District"}: draw ${rewardCount(data, "reward card")}from either deck`;
      if (data.why === "plot") return "The Plot gives you a card: from which deck?";
      return `${data.why ? data.why + ": " : ""}draw a card from either deck`;
    case "discard":
      return data.reason === "hand limit" ? "Your hand is over the limit: discard a card"
        : `${src}discard ${plural(data.left || 1, "card")}`;
    case "reserve-limit": return "Your Reserve is over the limit: destroy one of your Heroes";
    case "wild": {
      const i = characterBy(ctx, data.uid);
      return `Choose the power of ${i ? i.name + "'s" : "the"} wildcard spheres`;
    }
    case "send": return `Attack on ${where}: send Threats from your hand`;
    case "attack-power": return `Attack on ${where}: choose the power your Threats fight with`;
    case "defend": {
      if (!c) return "Defend?";
      const soFar = attackSoFar(c);
      const total = soFar ? `, a total of ${soFar.total} so far` : "";
      return `${ctx.seatName(c.attacker)} attacks ${where} with ${POWER[c.att_power] || "a power"}${total}: will you defend it?`;
    }
    case "deploy": return `Defending ${where}: deploy Heroes from your Reserve`;
    case "defend-power": return `Defending ${where}: choose the power your side fights with`;
    case "manoeuvre": {
      const verbs = new Set((ctx.legal || []).map((t) => t.split(" ")[0]));
      const can = [verbs.has("play") ? "play an Event" : null, verbs.has("talent") ? "use a Talent" : null].filter(Boolean);
      if (c && c.defender === null) return `Nobody defends: your one manoeuvre before the levelling${can.length ? "" : " (you can only pass)"}`;
      return can.length ? `Your manoeuvre: ${can.join(", ")} or pass` : "Your manoeuvre: nothing to play, so pass";
    }
    case "effect": {
      const name = data.name;
      if (name === "gift-host") return `Give ${half(ctx, data.card, data.half).name} to which Character?`;
      if (name === "spheres") {
        const op = data.op || {};
        const n = Math.abs(op.n || 1);
        const what = op.power && op.power !== "chosen" ? `${n} ${POWER[op.power]} sphere${n === 1 ? "" : "s"}` : plural(n, "sphere");
        return `${src}which Character ${(op.n || 0) < 0 ? "loses" : "gains"} ${what}?`;
      }
      if (name === "spheres-power") {
        const i = characterBy(ctx, data.uid);
        return `${src}${(data.n || 0) < 0 ? "take" : "give"} ${plural(Math.abs(data.n || 1), "sphere")} of which power${i ? ` ${(data.n || 0) < 0 ? "from" : "to"} ${i.name}` : ""}?`;
      }
      if (name === "destroy") return `${src}choose the Character to destroy`;
      if (name === "to_hand") return `${src}choose the Character to return to its owner's hand`;
      if (name === "from-discard") return `${src}take a card from the ${data.deck === "event" ? "Event" : "Character"} discard pile`;
      if (name === "portal-half") return `${src}${cardTitle(ctx, data.card)} joins your side: as which half?`;
      if (name === "deploy-hand") return `${src}put a Character from your hand into the Conflict`;
      if (name === "deploy-reserve") return `${src}bring a Hero from your Reserve into the defence`;
      if (name === "change-power") return `${src}choose the new power of ${data.side === "enemy" ? "the other side" : "your side"}`;
      if (name === "recruit") return `${src}recruit a Hero from your hand`;
      return `${src}choose`;
    }
    default: return "Your choices";
  }
}

/** What the prompt's choices are about: the Characters and cards they name, shown with
    their text; for a power, the Dragon. */
export function promptBody(ctx, rest) {
  const obs = ctx.observation;
  const node = nodeOf(obs);
  const data = node.data || {};
  const parts = [];
  const uids = [...new Set(rest.map((t) => t.split(" ")).filter((w) => ["host", "target", "deploy", "destroy"].includes(w[0])
                                                                          && /^\d+$/.test(w[1] || "")).map((w) => Number(w[1])))];
  if (uids.length) {
    parts.push(el("div", { class: "ct-choice-cards" }, uids.map((u) => {
      const i = characterBy(ctx, u);
      return i ? charCard(ctx, i, { compact: true, noButtons: true }) : null;
    })));
  }
  const cardsNamed = [...new Set(rest.map((t) => t.split(" ")).filter((w) => w[0] === "take").map((w) => w[1]))];
  if (node.kind === "effect" && data.name === "portal-half") cardsNamed.push(data.card);
  if (cardsNamed.length) {
    parts.push(el("div", { class: "ct-choice-cards" }, cardsNamed.map((id) => doubleCard(ctx, id, [], { small: true }))));
  }
  if (node.kind === "effect" && data.name === "gift-host") {
    parts.push(el("p", { class: "small" }, "The Gift: ", ref(ctx, `${data.card}:${data.half}`)));
  }
  const powerKinds = ["attack-power", "defend-power", "change-power"];
  if (powerKinds.includes(node.kind) || (node.kind === "effect" && powerKinds.includes(data.name))) {
    const c = obs.conflict;
    const note = node.kind === "defend-power" && c && c.att_power
      ? `The attack is in ${POWER[c.att_power]}: a power superior to it adds ${c.no_superiority || c.superiority_off ? "nothing here (no Superiority)"
                                                                              : "the Superiority bonus, but only to a side with spheres of that power"}.`
      : node.kind === "attack-power" ? "The defender chooses after you; a superior power gets the Superiority bonus."
      : "";
    parts.push(el("div", { class: "ct-prompt-dragon" }, dragonWheel(obs.beats, c && c.att_power, c && c.def_power, "6.5rem"),
      el("p", { class: "small" }, note, note ? " " : "", "Each power is superior to the two its arrows point to.")));
  }
  if (node.kind === "defend") {
    const facts = defendFacts(ctx);
    if (facts) parts.push(facts);
  }
  const elsewhere = choicesElsewhere(ctx);
  if (elsewhere) parts.push(elsewhere);
  const confirm = confirmBox(ctx, rest);
  if (confirm) parts.push(confirm);
  // (an element even when empty: the page puts whatever this returns into the prompt)
  return el("div", { class: "ct-prompt-body", hidden: !parts.length }, parts);
}

/** For the defender's choice: the attacking side's total so far and its parts, the powers
    that would give it Superiority, and what levels the District. */
function defendFacts(ctx) {
  const obs = ctx.observation;
  const c = obs.conflict;
  const soFar = attackSoFar(c);
  if (!soFar) return null;
  const power = c.att_power;
  const beats = obs.beats || {};
  const beaten = (beats[power] || []).map((p) => POWER[p]);
  const beaters = POWERS.filter((p) => (beats[p] || []).includes(power)).map((p) => POWER[p]);
  const yours = `you get it with ${wordList(beaters)}, if your side has spheres of that power.`;
  const sup = c.superiority_off === "district" ? `There is no Superiority bonus at ${districtName(ctx, c.district)} (its special rule).`
    : c.superiority_off || c.no_superiority ? "A card took Superiority away in this Conflict."
    : soFar.parts.spheres + soFar.parts.abilities > 0
      ? `It gets the Superiority bonus against ${wordList(beaten)}; ${yours}`
      : `It has no ${POWER[power]} spheres, so it gets no Superiority bonus (a side with no spheres of its power gets none); ${yours}`;
  const info = districtInfo(ctx, c.district);
  const need = info.white !== null ? info.white : info.resist[power];
  const have = soFar.parts.spheres + soFar.parts.abilities;
  const level = need === undefined ? `${POWER[power]} cannot level ${districtName(ctx, c.district)} by its resistance.`
    : `${need} needed to level ${districtName(ctx, c.district)}; it has ${have}${have >= need ? ": enough, unless you beat it" : ": not enough"}.`;
  return el("div", { class: "ct-defend-facts small", id: "ct-defend-facts" },
    el("p", {}, el("b", {}, "The attacking side: "), el("b", { dataset: { total: "att-so-far" } }, String(soFar.total)), " so far = ",
       partTags(ctx, c, power, soFar.parts)),
    el("p", {}, sup, " ", level));
}

/** The choices of this decision placed on the table (an Event in the hand, a Talent in a
    Reserve or the Conflict), named in the prompt with a link to each: a prompt that shows
    only "Pass" would hide them. Null when there are none. */
function choicesElsewhere(ctx) {
  const node = nodeOf(ctx.observation);
  if (node.kind !== "manoeuvre" || !ctx.interactive || !ctx.placed) return null;
  const placed = (ctx.legal || []).filter((t) => ctx.placed.has(t) && /^(play|talent) /.test(t));
  if (!placed.length) return null;
  const link = (text) => {
    const [verb, arg, third] = text.split(" ");
    let words;
    if (verb === "play") words = half(ctx, arg, third).name;
    else {
      const i = characterBy(ctx, Number(arg));
      const t = i && i.talents ? i.talents[Number(third)] : null;
      words = i ? `${t || "a Talent"} (${i.name})` : "a Talent";
    }
    return el("button", { type: "button", class: "ct-goto", dataset: { goto: text },
                          title: verb === "play" ? "show this card in your hand" : "show this Character",
                          onclick: () => goTo(text) }, words);
  };
  const plays = placed.filter((t) => t.startsWith("play "));
  const talents = placed.filter((t) => t.startsWith("talent "));
  const cards = new Set(plays.map((t) => t.split(" ")[1])).size;
  // a phone gets one line (the hand comes right below), a wider screen every name
  const short = [plays.length ? `play one of ${plural(cards, "card")} of your hand` : null,
                 talents.length ? `use ${talents.length === 1 ? "a Talent" : `one of ${talents.length} Talents`}` : null]
    .filter(Boolean).join(" or ");
  return el("div", { class: "ct-elsewhere small", id: "ct-elsewhere" },
    el("div", { class: "ct-elsewhere-list" },
      plays.length ? el("div", {}, el("span", {}, "Or play from your hand ↓ "), plays.map(link)) : null,
      talents.length ? el("div", {}, el("span", {}, "Or use a Talent ↓ "), talents.map(link)) : null),
    el("div", { class: "ct-elsewhere-short" },
      el("button", { type: "button", class: "ct-goto", dataset: { goto: placed[0] }, onclick: () => goTo(placed[0]) },
         `Or ${short} ↓`)));
}

/** Bring the button of action ``text`` on the table into view, focused and flashed. */
function goTo(text) {
  const b = [...document.querySelectorAll("#board button[data-action]")].find((x) => x.dataset.action === text);
  if (!b) return;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  b.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  b.focus({ preventScroll: true });
  b.classList.remove("ct-flash");
  void b.offsetWidth;  // restart the flash
  b.classList.add("ct-flash");
}

// ----- a choice that needs a second click: an attack with a power that cannot level the District,
// an attack on a District no Threat of the hand can level
let liveCtx = null;     // the context of the live board, for the confirm step
let confirmReady = false;

/** Whether attacking District ``id`` is legal but cannot level it with the Threats of the hand
    as they are (the observation's ``can_level``): the rulebook lets any District be attacked
    with any power (13.1.1, 13.1.4); an attack that falls short just fails to level (14.4). */
function pointless(obs, id) {
  return !!(obs && obs.can_level && obs.can_level[id] === false);
}

/** Why the action ``text`` needs confirming (words; ``armed``: the button's words once
    asked), or null. */
function needsConfirm(ctx, text) {
  if (!ctx) return null;
  const kind = nodeOf(ctx.observation).kind;
  const [verb, arg] = text.split(" ");
  if (kind === "action" && verb === "attack" && pointless(ctx.observation, arg)) {
    return { armed: `Yes, attack ${districtName(ctx, arg)} anyway`, district: arg };
  }
  const idle = (ctx.observation.idle || {})[text];
  if (idle && (kind === "action" || kind === "manoeuvre")) {
    return { armed: verb === "talent" ? "Yes, use it for nothing" : "Yes, play it for nothing", idle,
             ask: `${verb === "talent" ? "Use this Talent" : "Play this card"} for nothing?`,
             why: `It changes nothing now: ${idle}.`, no: verb === "talent" ? "No, keep the Talent" : "No, keep the card" };
  }
  if (kind === "defend" && text === "defend") {
    const alone = defendAlone(ctx);
    if (alone && alone.hopeless) {
      return { armed: "Yes, defend with no Heroes", ask: "Defend with no Heroes?",
               why: `You have no Hero in your Reserve: your total would be ${alone.dfn} against ${alone.att}, `
                    + "unless cards change it; and you could not defend again before your next turn.",
               no: "No, do not defend" };
    }
  }
  if (kind !== "attack-power" || verb !== "power") return null;
  const no = cannotLevel(ctx, arg);
  return no ? { power: arg, armed: `Yes, attack with ${POWER[arg]} anyway`, ...no } : null;
}

/** What levels District ``id``, in words: "6 Technological weapons or 6 Mystic powers". */
function levelNeedWords(ctx, id) {
  const info = districtInfo(ctx, id);
  const opts = ctx.options || {};
  const ways = info.white !== null ? [`${info.white} spheres of any one power`]
    : Object.entries(info.resist).map(([p, n]) => `${n} ${POWER[p]}`);
  if (opts.brute_force) ways.push("8 spheres of the attack power (Brute Force)");
  return wordList(ways);
}

/** The confirm step of an attack on a District no Threat of the hand can level, under its button. */
function attackConfirmBox(ctx, text) {
  const id = text.split(" ")[1];
  const name = districtName(ctx, id);
  return el("div", { class: "ct-confirm", id: "ct-confirm", role: "alertdialog", "aria-label": `attack ${name} anyway?` },
    el("p", {}, el("b", {}, `Attack ${name} anyway?`),
       ` None of your Threats, alone or two together, can level it now: it needs ${levelNeedWords(ctx, id)}. `,
       "Cards played in the Conflict may still add spheres. Click the attack again to attack anyway."),
    el("button", { type: "button", id: "ct-confirm-no", onclick: () => { delete ctx.state.confirm; ctx.redraw(); } },
       "No, keep my actions"));
}

/** The confirm step under the prompt's buttons: what the attack can and cannot do. */
function confirmBox(ctx, rest) {
  const text = ctx.state && ctx.state.confirm;
  if (!text || !rest.includes(text)) return null;
  const no = needsConfirm(ctx, text);
  if (no && no.ask) return askBox(ctx, no);
  if (!no || !no.power) return null;
  const c = ctx.observation.conflict;
  return el("div", { class: "ct-confirm", id: "ct-confirm", role: "alertdialog", "aria-label": "attack with this power?" },
    el("p", {}, el("b", {}, `Attack with ${POWER[no.power]}? It ${no.short}`), `: ${no.why}. `,
       `Your Threats can still beat the defence, but ${districtName(ctx, c.district)} stays standing. `,
       "Click the power again to attack with it anyway."),
    el("button", { type: "button", id: "ct-confirm-no", onclick: () => { delete ctx.state.confirm; ctx.redraw(); } },
       "No, choose another power"));
}

/** The confirm step of a play that changes nothing or a defence with no Heroes (``no``:
    needsConfirm's answer with ``ask``, ``why`` and ``no``). */
function askBox(ctx, no) {
  return el("div", { class: "ct-confirm", id: "ct-confirm", role: "alertdialog", "aria-label": no.ask },
    el("p", {}, el("b", {}, no.ask), " ", no.why, " Click it again to go on anyway."),
    el("button", { type: "button", id: "ct-confirm-no", onclick: () => { delete ctx.state.confirm; ctx.redraw(); } }, no.no));
}

/** The confirm step under a card's or a Character's button (a play that changes nothing). */
function boardAsk(ctx, texts) {
  const text = ctx.state && ctx.state.confirm;
  if (!text || !texts.includes(text)) return null;
  const no = needsConfirm(ctx, text);
  return no && no.ask ? askBox(ctx, no) : null;
}

/** Arm the confirmed button (its words say so) once the page has drawn the prompt. */
function markConfirm(ctx) {
  if (!ctx.interactive) return;
  for (const b of document.querySelectorAll("#prompt button[data-action], #board button[data-action]")) {
    const no = needsConfirm(ctx, b.dataset.action);
    if (!no) continue;
    b.dataset.confirm = "1";
    if (ctx.state && ctx.state.confirm === b.dataset.action) {
      b.dataset.armed = "1";
      b.classList.add("ct-armed");
      b.textContent = no.armed;
    }
  }
}

function installConfirm() {
  if (confirmReady) return;
  confirmReady = true;
  // before the button's own click (capture): the first click only asks
  document.addEventListener("click", (event) => {
    const b = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
    if (!b || !liveCtx || b.disabled) return;
    const text = b.dataset.action;
    if (!needsConfirm(liveCtx, text) || (liveCtx.state && liveCtx.state.confirm === text)) return;
    event.preventDefault();
    event.stopPropagation();
    liveCtx.state.confirm = text;
    liveCtx.redraw();
    const again = [...document.querySelectorAll("#prompt button[data-action], #board button[data-action]")]
      .find((x) => x.dataset.action === text);
    if (again) again.focus();
  }, true);
}

export function moveHint(obs, legal) {
  const node = nodeOf(obs);
  if (node.kind === "action") return `${plural(obs.actions_left, "action")} left`;
  const hints = { manoeuvre: "your manoeuvre in the Conflict", defend: "defend or not", send: "send Threats",
                  "attack-power": "choose the attacking power", "defend-power": "choose the defending power",
                  deploy: "deploy Heroes", discard: "discard a card", "reserve-limit": "destroy a Hero",
                  wild: "choose a power", effect: "a card asks you to choose", resources: "a free card?",
                  "choose-deck": "draw a card" };
  return hints[node.kind] || "your choice";
}

/** How the game ended, in words (the status line). */
export function resultText(obs, name) {
  const winners = (obs && obs.winners) || [];
  const held = (s) => plural(((obs.districts || [])[s] || []).length, "District");
  if (!winners.length) return "Nobody won: nobody levelled a District.";
  if (winners.length === 1) return `${name(winners[0])} won, holding ${held(winners[0])}.`;
  return `${winners.map(name).join(" and ")} share the win, holding ${held(winners[0])} each.`;
}

// ----- the pieces of the table ---------------------------------------------------------------------
/** Buttons of ``ctx.legal`` texts, made with words, and told which half they play. */
function actButton(ctx, text, cls = "") {
  const idle = ((ctx.observation || {}).idle || {})[text];
  // a play that changes nothing: on a (narrow) card, the button keeps its words and a note
  // under it says so (idleNote); the title holds the whole of it
  const words = idle ? label(text, ctx).replace(/: this changes nothing now, .*$/, "") : label(text, ctx);
  const b = ctx.button(text, words, { class: `${cls}${idle ? " ct-idle" : ""}` });
  b.title = label(text, ctx) + (idle ? ` (${idle})` : "");
  return b;
}

/** Under the buttons of a card or a Character: "Ammunition Shortage changes nothing now: no
    Character it can choose has ..." for each of ``texts`` the observation's ``idle`` names. */
function idleNotes(ctx, texts) {
  const idle = (ctx.observation || {}).idle || {};
  return texts.filter((t) => idle[t]).map((t) => el("div", { class: "ct-idle-note small", dataset: { idle: t } },
    el("b", {}, "This changes nothing now: "), idle[t], "."));
}

/** Light up ``target`` while the button is hovered or focused. */
function lights(button, target) {
  const on = () => target.classList.add("lit");
  const off = () => target.classList.remove("lit");
  button.addEventListener("mouseenter", on);
  button.addEventListener("mouseleave", off);
  button.addEventListener("focus", on);
  button.addEventListener("blur", off);
  return button;
}

/** A Character in play: name, role, spheres, Gifts, Talents (a button each when usable). */
function charCard(ctx, inst, opts = {}) {
  const legal = opts.noButtons ? [] : ctx.legal.filter((t) => t.startsWith(`talent ${inst.uid} `));
  const picked = ctx.legal.some((t) => /^(host|target|deploy|destroy) /.test(t) && Number(t.split(" ")[1]) === inst.uid);
  const talents = (inst.talents || []).map((name, k) => {
    const text = `talent ${inst.uid} ${k}`;
    if (legal.includes(text)) return actButton(ctx, text, "ct-talent-btn");
    return el("span", { class: `ct-talent ${inst.talent_used ? "used" : ""}`, title: inst.talent_used ? "a Talent was used this turn" : "a Talent" },
      "Talent: ", name, inst.talent_used ? " (used this turn)" : "");
  });
  const mods = Object.entries(inst.mods || {}).filter(([, n]) => n);
  return el("div", { class: `ct-char ${inst.half} ct-s${inst.owner} ${picked && !opts.noButtons ? "ct-pick" : ""} ${opts.compact ? "compact" : ""}`,
                     dataset: { uid: inst.uid } },
    el("div", { class: "ct-char-head" },
      el("span", { class: `ct-role ${inst.half}` }, inst.half === "hero" ? "Hero" : "Threat"),
      ref(ctx, `${inst.card}:${inst.half}`, inst.name, "ct-char-name")),
    el("div", { class: "ct-char-sph" }, sphereRow(inst.wild_open ? { ...inst.spheres, wild: inst.wild_open } : inst.spheres, inst.wild),
       inst.wild_open ? el("span", { class: "ct-wild-open small" }, `${inst.wild_open} wild, `,
                           inst.owner === ctx.seat ? "choose their power" : "power not chosen yet") : null,
       opts.showOwner ? el("span", { class: "ct-owner" }, ctx.seatName(inst.owner)) : null),
    mods.length ? el("div", { class: "ct-mods small" }, mods.map(([p, n]) => `${n > 0 ? "+" : ""}${n} ${SHORT[p]}`).join(", "), " from cards") : null,
    (inst.gifts || []).length ? el("div", { class: "ct-gifts" }, inst.gifts.map((g) => el("span", { class: "ct-gift" }, "Gift: ", ref(ctx, `${g.card}:${g.half}`)))) : null,
    talents.length ? el("div", { class: "ct-talents" }, talents, idleNotes(ctx, legal), boardAsk(ctx, legal)) : null,
    picked && !opts.noButtons ? el("div", { class: "ct-pick-mark" }, "a choice in the prompt") : null);
}

// ----- a card's text, cut to a few lines: a click, tap or Enter shows it all ------------------------
const openTexts = new Set();   // the halves whose whole text is shown (card id:half), across redraws

function textBox(key, text) {
  const open = openTexts.has(key);
  const box = el("div", { class: `ct-half-text${open ? " open" : ""}`, dataset: { text: key } }, text);
  const toggle = () => {
    if (!box.classList.contains("clamped") && !box.classList.contains("open")) return;  // nothing hidden
    if (openTexts.has(key)) openTexts.delete(key); else openTexts.add(key);
    box.classList.toggle("open", openTexts.has(key));
    markClamped();
  };
  box.addEventListener("click", toggle);
  box.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") { event.preventDefault(); toggle(); }
  });
  return box;
}

/** Mark the card texts cut short ("more"): those, and the open ones ("less"), answer a click,
    a tap or the keyboard; the others are plain text. */
function markClamped() {
  for (const t of document.querySelectorAll(".ct-half-text")) {
    const open = t.classList.contains("open");
    const cut = !open && t.scrollHeight > t.clientHeight + 1;
    t.classList.toggle("clamped", cut);
    if (cut || open) {
      t.tabIndex = 0;
      t.setAttribute("role", "button");
      t.setAttribute("aria-expanded", open ? "true" : "false");
      t.title = open ? "show less" : "show the whole text";
    } else {
      t.removeAttribute("tabindex");
      t.removeAttribute("role");
      t.removeAttribute("aria-expanded");
      t.removeAttribute("title");
    }
  }
}

/** A double card from a hand (or named in a prompt): both halves, each with the buttons that
    play it; the buttons for the whole card below. */
function doubleCard(ctx, id, texts, opts = {}) {
  const character = isCharacter(ctx, id);
  const halves = character ? ["threat", "hero"] : ["a", "b"];
  const mySide = ctx.observation.conflict ? (ctx.observation.conflict.attacker === ctx.seat ? "att" : "def") : null;
  const halfOf = (t) => {
    const [verb, , which] = t.split(" ");
    if (verb === "play") return which;
    if (verb === "recruit") return "hero";
    if (verb === "send") return "threat";
    if (verb === "deploy") return mySide === "att" ? "threat" : "hero";
    return null;
  };
  const boxes = halves.map((h) => {
    const c = half(ctx, id, h);
    const { spheres, rest } = character ? printedSpheres(c.text) : { spheres: null, rest: c.text };
    const box = el("div", { class: `ct-half k-${(c.type || "").toLowerCase()}`, dataset: { half: h } },
      el("div", { class: "ct-half-head" }, el("span", { class: `ct-kind k-${(c.type || "").toLowerCase()}` }, KIND_WORD[c.type] || c.type),
         ref(ctx, `${id}:${h}`, c.name, "ct-half-name")),
      spheres ? el("div", { class: "ct-half-sph" }, sphereRow(spheres)) : null,
      opts.small ? null : textBox(`${id}:${h}`, rest));
    const mine = texts.filter((t) => halfOf(t) === h);
    if (mine.length) {
      box.classList.add("playable");
      box.append(el("div", { class: "ct-half-buttons" }, mine.map((t) => lights(actButton(ctx, t, "ct-play"), box))));
      box.append(...idleNotes(ctx, mine));
      const ask = boardAsk(ctx, mine);
      if (ask) box.append(ask);
    }
    return box;
  });
  const whole = texts.filter((t) => halfOf(t) === null);
  const card = el("div", { class: `ct-dcard ${character ? "character" : "event"} ${opts.small ? "small" : ""} ${texts.length ? "live" : ""}`,
                           dataset: { card: id } },
    el("div", { class: "ct-dcard-face" }, boxes[0], el("div", { class: "ct-fold", "aria-hidden": "true" }), boxes[1]));
  // a button for the whole card (discard) lights the whole card
  if (whole.length) card.append(el("div", { class: "ct-card-buttons" }, whole.map((t) => lights(actButton(ctx, t, "ct-whole"), card))));
  return card;
}

function turnBar(ctx) {
  const obs = ctx.observation;
  const over = gameOver(ctx);
  const plot = obs.plot;
  const plotBox = el("div", { class: `ct-plot ${plot ? "on" : ""}`, id: "plot" },
    el("span", { class: "ct-label" }, "Plot "),
    plot ? [ref(ctx, `${plot.card}:${plot.half}`, null, "ct-plot-name"),
            el("div", { class: "ct-plot-text small" }, half(ctx, plot.card, plot.half).text)]
         : el("span", { class: "muted small" }, "none in play: the usual rules"));
  let head;
  if (over) {
    const winners = obs.winners || [];
    head = el("div", { class: "ct-result", id: "ct-result" },
      el("div", { class: "ct-result-title" }, crown(), winners.length ? "Game over" : "Game over: nobody won"),
      el("div", { class: "ct-result-who" },
        winners.length ? [winners.map((s, i) => el("span", { class: `ct-seat ct-s${s}` },
                          (i ? (x) => x : sentence)(s === ctx.seat ? withYou(ctx.seatName(s)) : ctx.seatName(s)))),
                          ` ${winners.length === 1 ? "wins" : "share the win"}, holding ${plural((obs.districts[winners[0]] || []).length, "District")}.`]
                       : "Nobody levelled a District."),
      el("div", { class: "ct-result-table small" }, obs.districts.map((d, s) =>
        el("span", { class: `ct-seat-count ct-s${s}` }, `${ctx.seatName(s)}: ${plural(d.length, "District")}`))));
  } else {
    const left = obs.actions_left || 0;
    const you = obs.active === ctx.seat;
    const pips = [];
    for (let k = 0; k < Math.max(left, 2); k++) pips.push(el("span", { class: `ct-pip ${k < left ? "on" : ""}` }));
    head = el("div", { class: "ct-turn-main" },
      el("div", { class: "ct-turn-no" }, `Turn ${obs.turn}`),
      el("div", { class: "ct-turn-who" }, el("span", { class: `ct-seat ct-s${obs.active}` }, you ? "You" : sentence(ctx.seatName(obs.active))),
         you ? " are playing" : " is playing"),
      el("div", { class: "ct-actions", id: "ct-actions", "aria-label": `${plural(left, "action")} left this turn` },
         el("span", { class: "ct-pips" }, pips), el("b", {}, plural(left, "action")), " left"),
      obs.conflict && !left ? el("span", { class: "small muted" }, "the turn ends with this Conflict") : null,
      scoreLine(ctx));
  }
  return el("section", { class: `panel ct-turnbar ${over ? "over" : `ct-s${obs.active}`}`, id: "ct-turn" }, head,
    over && !plot ? null : plotBox);
}

/** The decks and discard piles, in a line. */
function decksLine(ctx) {
  const obs = ctx.observation;
  const ds = obs.deck_sizes || {};
  const dis = obs.discards || {};
  return el("div", { class: "ct-decks small" },
    el("span", { title: "cards left in the Character deck, and in its discard pile" }, `Characters ${ds.character ?? "?"}`,
       el("span", { class: "muted ct-discarded" }, ` · ${(dis.character || []).length} discarded`)),
    el("span", { title: "cards left in the Event deck, and in its discard pile" }, `Events ${ds.event ?? "?"}`,
       el("span", { class: "muted ct-discarded" }, ` · ${(dis.event || []).length} discarded`)),
    el("span", { title: "Districts left in the District deck" }, `Districts ${ds.district ?? "?"}`));
}

/** The Conflict in one line (on a phone, where the face-off comes after your choices). */
function scoreLine(ctx) {
  const c = ctx.observation.conflict;
  if (!c) return null;
  const totals = c.result ? c.result.totals : c.totals;
  const soFar = c.result ? null : attackSoFar(c);
  const side = (who, i) => {
    const seat = who === "att" ? c.attacker : c.defender;
    const power = who === "att" ? c.att_power : c.def_power;
    const early = who === "att" && soFar;
    return el("span", { class: `ct-score-side ${who} ${c.superior === who && !c.result ? "superior" : ""}` },
      seat === null || seat === undefined ? el("span", { class: "muted" }, "no defender")
        : el("span", { class: `ct-seat ct-s${seat}` }, seat === ctx.seat ? "You" : ctx.seatName(seat)),
      power ? sphereIcon(power) : null,
      el("b", { dataset: { score: who }, title: early ? "total so far: Superiority is counted once the defender chooses a power" : undefined },
         totals ? String(totals[i]) : early ? String(soFar.total)
           : c.result && who === "att" && c.spheres && typeof c.spheres[0] === "number" ? String(c.spheres[0]) : "–"),
      early ? el("span", { class: "small muted" }, " so far") : null,
      !c.result && c.withheld && c.withheld[i] ? el("span", { class: "small muted ct-score-withheld" },
        c.withheld[i] === "no-spheres" ? " no spheres, so no bonus" : " no bonus here") : null);
  };
  return el("a", { class: "ct-score", href: "#conflict" },
    el("span", { class: "ct-label" }, "Conflict for ", districtName(ctx, c.district)),
    c.result ? el("span", { class: "ct-score-result small" }, resultWords(ctx, c)) : null,
    el("span", { class: "ct-score-row" }, side("att", 0), el("span", { class: "ct-score-vs" }, "vs"), side("def", 1)));
}

/** Every part of a side's total (the observation's ``parts``), each a tag with its number
    (``data-n``), so that they visibly add up to the total: the spheres of its power, Threat
    abilities, cards, Superiority and the District's bonus for the defender. */
function totalParts(ctx, c, who, i) {
  const tag = (part, n, cls, text) => el("span", { class: `ct-part ${cls}`, dataset: { part, n } }, text);
  const p = c.parts && c.parts[i];
  if (!p) {  // an observation without parts: what it has
    const sup = (c.superiority || [0, 0])[i];
    const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
    return [sup ? tag("superiority", sup, "ct-sup-tag", `+${sup} Superiority`) : null,
            c.bonus && c.bonus[i] ? tag("cards", c.bonus[i], "ct-bonus-tag", `${signed(c.bonus[i])} from cards`) : null];
  }
  return partTags(ctx, c, who === "att" ? c.att_power : c.def_power, p);
}

/** The attacking side's total while the defender has not chosen a power yet (so no
    Superiority can be counted): {total, parts} from its Threats' spheres of the attack
    power, Threat abilities and cards; null before the attack power is chosen. */
function attackSoFar(c) {
  if (!c || !c.att_power || c.totals) return null;
  const raw = (c.att || []).reduce((n, i) => n + ((i.spheres || {})[c.att_power] || 0), 0);
  const side = c.spheres && c.spheres[0] !== null && c.spheres[0] !== undefined ? c.spheres[0] : raw;
  const cards = (c.bonus || [0, 0])[0] || 0;
  return { total: side + cards, parts: { spheres: raw, abilities: side - raw, cards, superiority: 0, district: 0 } };
}

/** The tags of a total's parts ({spheres, abilities, cards, superiority, district}), each
    with its number (``data-n``). */
function partTags(ctx, c, power, p) {
  const signed = (n) => `${n > 0 ? "+" : ""}${n}`;
  const tag = (part, n, cls, text) => el("span", { class: `ct-part ${cls}`, dataset: { part, n } }, text);
  const out = [tag("spheres", p.spheres, "ct-sph-tag", `${plural(p.spheres, `${SHORT[power] || ""} sphere`.trim())}`)];
  if (p.abilities) out.push(tag("abilities", p.abilities, "ct-bonus-tag", `${signed(p.abilities)} from Threat abilities`));
  if (p.cards) out.push(tag("cards", p.cards, "ct-bonus-tag", `${signed(p.cards)} from cards`));
  if (p.superiority) out.push(tag("superiority", p.superiority, "ct-sup-tag", `+${p.superiority} Superiority`));
  if (p.district) out.push(tag("district", p.district, "ct-district-tag", `${signed(p.district)} ${districtName(ctx, c.district)} (defender's bonus)`));
  return out;
}

/** How a Conflict ended (the observation's ``result``), in words: "Over: you levelled Shibuya". */
function resultWords(ctx, c) {
  const r = c.result;
  if (!r) return "";
  const name = districtName(ctx, c.district);
  const who = (seat) => (seat === ctx.seat ? "you" : ctx.seatName(seat));
  if (r.outcome === "levelled") return `Over: ${who(c.attacker)} levelled ${name}`;
  if (r.outcome === "standing") return `Over: the attack failed to level ${name}`;
  if (r.outcome === "held") return `Over: ${who(c.defender)} defended ${name}; it stands`;
  if (r.outcome === "tie") return `Over: a tie, both sides are destroyed; ${name} stands`;
  return "Over";
}

function conflictPanel(ctx) {
  const obs = ctx.observation;
  const c = obs.conflict;
  if (!c || gameOver(ctx)) return null;  // a game won in a Conflict ends it
  const node = nodeOf(obs);
  const info = districtInfo(ctx, c.district);
  const over = !!c.result;
  // once over, the totals the combat was resolved with (the sides are being cleared)
  const totals = over ? c.result.totals : c.totals || null;
  const soFar = over ? null : attackSoFar(c);
  const sup = c.superiority || [0, 0];
  const stage = () => {
    if (over) return resultWords(ctx, c);
    if (node.kind === "send") return "The attacker sends Threats";
    if (node.kind === "attack-power") return "The attacker chooses a power";
    if (node.kind === "defend") return `Looking for a defender: ${ctx.seatName(node.seat)} is asked`;
    if (node.kind === "deploy") return "The defender deploys Heroes";
    if (node.kind === "defend-power") return "The defender chooses a power";
    if (node.kind === "manoeuvre") return c.defender === null ? "Nobody defends: the attacker's one manoeuvre"
                                                              : `Combat: ${node.seat === ctx.seat ? "your" : ctx.seatName(node.seat) + "'s"} manoeuvre`;
    return "The Conflict goes on";
  };
  const side = (who, i) => {
    const seat = who === "att" ? c.attacker : c.defender;
    const power = who === "att" ? c.att_power : c.def_power;
    const list = c[who] || [];
    const superior = c.superior === who;
    const passed = !over && c.passed && c.passed[i];
    const early = who === "att" && soFar;  // the attack's total before the defender's power
    // over without a combat (nobody defended): the attack's spheres that tried to level
    const levelling = over && !totals && who === "att" && c.spheres && typeof c.spheres[0] === "number";
    const number = totals ? String(totals[i]) : early ? String(soFar.total) : levelling ? String(c.spheres[0]) : "–";
    const words = over ? (totals ? "final total" : levelling ? `${POWER[power]} spheres against ${districtName(ctx, c.district)}` : "nobody defended")
      : totals ? "total"
      : early ? "total so far: Superiority is counted once the defender chooses a power"
      : "total when both powers are chosen";
    return el("div", { class: `ct-side ${who} ${superior && !over ? "superior" : ""} ${seat !== null && seat !== undefined ? `ct-s${seat}` : "nobody"}`,
                       dataset: { side: who } },
      superior && !over ? el("div", { class: "ct-sup-badge", title: "the Dragon: this side's power is superior to the other's" }, "★ superior power") : null,
      el("div", { class: "ct-side-head" }, el("span", { class: "ct-side-role" }, who === "att" ? "Attacker" : "Defender"),
         seat !== null && seat !== undefined ? el("span", { class: `ct-seat ct-s${seat}` }, seat === ctx.seat ? withYou(ctx.seatName(seat)) : ctx.seatName(seat))
                                             : el("span", { class: "muted" }, who !== "def" ? ""
                                                 : ["send", "attack-power", "defend", "wild"].includes(node.kind) && !over ? "nobody yet" : "nobody defends")),
      el("div", { class: "ct-side-power" }, power ? [sphereIcon(power, "1.6em"), el("span", {}, POWER[power])]
                                                  : el("span", { class: "muted small" }, over ? "no power" : "power not chosen yet")),
      el("div", { class: "ct-total-box" },
        el("span", { class: "ct-total", dataset: { total: who } }, number),
        el("span", { class: "ct-total-words small" }, words)),
      totals && !over ? el("div", { class: "ct-breakdown small", dataset: { side: who } },
        totalParts(ctx, c, who, i),
        superior && !sup[i] ? el("span", { class: "ct-withheld", dataset: { withheld: (c.withheld || [])[i] || "" } },
          `superior power, but ${withheldWords(ctx, (c.withheld || [])[i], power, seat === ctx.seat ? "your side" : "this side")
                                 || "no Superiority bonus"}`) : null) : null,
      early ? el("div", { class: "ct-breakdown small", dataset: { side: who } }, partTags(ctx, c, power, soFar.parts)) : null,
      passed ? el("div", { class: "ct-passed" }, "passed") : null,
      el("div", { class: "ct-side-cards" }, list.length ? list.map((inst) => charCard(ctx, inst))
                                                       : el("p", { class: "muted small" }, who === "att" ? "no Threats yet" : "no Heroes")));
  };
  let verdict = "";
  if (c.att_power && c.def_power) {
    verdict = c.superior === "att" ? `${POWER[c.att_power]} is superior to ${POWER[c.def_power]}: the attacker has Superiority`
      : c.superior === "def" ? `${POWER[c.def_power]} is superior to ${POWER[c.att_power]}: the defender has Superiority`
      : "Neither power is superior to the other";
  } else if (c.att_power) {
    const beaten = (obs.beats || {})[c.att_power] || [];
    const beaters = POWERS.filter((p) => ((obs.beats || {})[p] || []).includes(c.att_power));
    verdict = `${POWER[c.att_power]} is superior to ${beaten.map((p) => POWER[p]).join(" and ")}; ${beaters.map((p) => POWER[p]).join(" and ")} are superior to it`;
  }
  let level = null;
  if (over) {
    level = el("div", { class: "ct-level ct-result-line small", id: "ct-conflict-result" }, el("b", {}, `${resultWords(ctx, c)}.`),
      c.result.outcome === "levelled" ? " The attacking side is destroyed as the Conflict ends." : "");
  } else if (c.att_power) {
    const need = info.white !== null ? info.white : info.resist[c.att_power];
    const have = (c.spheres && c.spheres[0] !== null && c.spheres[0] !== undefined) ? c.spheres[0]
      : (c.att || []).reduce((n, i) => n + ((i.spheres || {})[c.att_power] || 0), 0);
    const no = need === undefined ? cannotLevel(ctx, c.att_power) : null;
    level = el("div", { class: "ct-level small" }, need === undefined
      ? (no ? `An attack with ${POWER[c.att_power]} ${no.short}: ${no.why}.`
            : `${districtName(ctx, c.district)} has no resistance value for ${POWER[c.att_power]}; with Collateral Damage any power of the Threats may level it.`)
      : `To level ${districtName(ctx, c.district)}: ${need} ${POWER[c.att_power]} sphere${need === 1 ? "" : "s"} needed; the Threats have ${have}: `,
      need === undefined ? null : el("b", {}, have >= need ? "enough, if the attack is not beaten" : "not enough"));
  }
  const lead = totals ? (totals[0] > totals[1] ? "att" : totals[1] > totals[0] ? "def" : "tie") : "";
  return el("section", { class: `panel ct-conflict lead-${lead} ${over ? "ct-over-conflict" : ""}`, id: "conflict",
                         dataset: { result: over ? c.result.outcome : "" } },
    el("div", { class: "ct-conflict-head" }, el("h2", {}, "Conflict for ", ref(ctx, c.district)),
       el("span", { class: `ct-stage small ${over ? "over" : ""}` }, stage())),
    el("div", { class: "ct-faceoff" }, side("att", 0),
       el("div", { class: "ct-vs" }, el("div", { class: "ct-vs-word" }, "VS"), dragonWheel(obs.beats, c.att_power, c.def_power),
          el("div", { class: "ct-verdict small" }, verdict)),
       side("def", 1)),
    level);
}

function districtsPanel(ctx) {
  const obs = ctx.observation;
  const target = obs.conflict && !gameOver(ctx) ? obs.conflict.district : null;
  const places = obs.tokyo.map((id, place) => {
    if (!id) return el("div", { class: "ct-district empty" }, el("div", { class: "muted small" }, `Place ${place + 1}: empty`));
    const info = districtInfo(ctx, id);
    const text = `attack ${id}`;
    const resist = info.white !== null
      ? el("span", { class: "ct-resist" }, el("span", { class: "ct-white", title: "white spheres: any power levels it with this many" }, String(info.white)), " any power")
      : el("span", { class: "ct-resist" }, Object.entries(info.resist).map(([p, n]) =>
          el("span", { class: "ct-sph", title: `${n} ${POWER[p]} spheres level it` }, sphereIcon(p), el("span", { class: "ct-sph-n" }, String(n)))));
    return el("div", { class: `ct-district district ${id === target ? "target" : ""}`, dataset: { district: id } },
      skyline(id),
      el("div", { class: "ct-district-body" },
        el("div", { class: "ct-district-name" }, ref(ctx, id)),
        el("div", { class: "ct-resist-line" }, el("span", { class: "small muted" }, "Resists "), resist),
        info.special ? el("div", { class: "ct-special small" }, info.special) : null,
        id === target ? el("div", { class: "ct-under" }, "under attack") : null,
        ctx.isLegal(text) ? actButton(ctx, text, `${pointless(obs, id) ? "ct-attack ct-pointless" : "primary ct-attack"}`) : null,
        ctx.isLegal(text) && ctx.state && ctx.state.confirm === text && needsConfirm(ctx, text) ? attackConfirmBox(ctx, text) : null));
  });
  const levelled = [];
  obs.districts.forEach((ids, seat) => ids.forEach((id) => levelled.push([id, seat])));
  return el("section", { class: "panel ct-board", id: "districts" },
    el("h2", {}, "Tokyo"),
    el("div", { class: "ct-places" }, places),
    el("div", { class: "ct-decks-row" }, el("span", { class: "ct-label" }, "Decks "), decksLine(ctx)),
    levelled.length ? el("div", { class: "ct-rubble-row" }, el("h3", {}, "Levelled"),
      el("div", { class: "ct-rubbles" }, levelled.map(([id, seat]) => el("div", { class: `ct-levelled ct-s${seat}`, dataset: { levelled: id, by: seat } },
        skyline(id, true), el("div", { class: "ct-levelled-body" }, ref(ctx, id),
          el("div", { class: "ct-by" }, "levelled by ", el("span", { class: `ct-seat ct-s${seat}` }, seat === ctx.seat ? "you" : ctx.seatName(seat)))))))) : null);
}

function limits(obs) {
  return { hand: 7, reserve: 3, attack_actions: 2, ...(obs.limits || {}) };
}

function handPanel(ctx) {
  const hand = ctx.observation.hand;
  if (!hand) return null;
  const limit = limits(ctx.observation).hand;
  const ids = [...new Set(hand)];
  const n = ids.length;
  const cards = ids.map((id, k) => {
    const texts = ctx.legal.filter((t) => t.split(" ")[1] === id && ["play", "recruit", "send", "discard", "deploy"].includes(t.split(" ")[0]));
    const card = doubleCard(ctx, id, texts);
    const tilt = n > 1 ? (k - (n - 1) / 2) * (Math.min(8, 2 * (n - 1)) / (n - 1)) : 0;
    card.style.setProperty("--tilt", `${tilt.toFixed(2)}deg`);
    card.style.setProperty("--lift", `${(Math.abs(tilt) * 0.9).toFixed(2)}px`);
    return card;
  });
  const live = cards.some((c) => c.classList.contains("live"));
  return el("section", { class: `panel ct-hand ${live ? "ct-live" : ""}`, id: "hand" },
    el("h2", {}, "Your hand ", el("span", { class: "small muted" }, `${plural(hand.length, "card")}, at most ${limit}`)),
    hand.length ? el("div", { class: "ct-fan" }, cards) : el("p", { class: "muted" }, "No cards in your hand."));
}

function playersPanel(ctx) {
  const obs = ctx.observation;
  const over = gameOver(ctx);
  const need = ctx.options.districts_to_win ?? 4;
  const mats = obs.reserves.map((reserve, seat) => {
    const you = seat === ctx.seat;
    const active = !over && seat === obs.active;
    const won = over && (obs.winners || []).includes(seat);
    const levelled = obs.districts[seat] || [];
    const track = [];
    for (let k = 0; k < Math.max(need, levelled.length); k++) {
      track.push(el("span", { class: `ct-track-slot ${k < levelled.length ? "on" : ""}`, title: k < levelled.length ? districtName(ctx, levelled[k]) : "not yet" }));
    }
    return el("div", { class: `ct-mat ct-s${seat} ${you ? "you" : ""} ${active ? "active" : ""} ${won ? "won" : ""}`, dataset: { seat } },
      el("div", { class: "ct-mat-head" },
        el("span", { class: `ct-seat ct-s${seat}` }, you ? withYou(ctx.seatName(seat)) : ctx.seatName(seat)),
        active ? el("span", { class: "ct-playing" }, "playing") : null,
        won ? el("span", { class: "ct-won" }, "winner") : null,
        (obs.defended || []).includes(seat) && !over ? el("span", { class: "ct-defended", title: "it defended since its last turn and cannot defend again before it" }, "defended") : null,
        cardBacks(obs.hand_sizes[seat])),
      el("div", { class: "ct-track", "aria-label": `${plural(levelled.length, "District")} of ${need}` },
        el("span", { class: "small" }, "Districts "), track, el("span", { class: "small" }, ` ${levelled.length}/${need}`),
        levelled.length ? el("span", { class: "small muted" }, " · ", levelled.map((d, k) => [k ? ", " : "", ref(ctx, d)])) : null),
      el("div", { class: "ct-reserve" },
        el("div", { class: "ct-label" }, `Reserve (${reserve.length} of ${limits(obs).reserve} Heroes)`),
        reserve.length ? el("div", { class: "ct-reserve-cards" }, reserve.map((inst) => charCard(ctx, inst)))
                       : el("div", { class: "small muted" }, "empty")));
  });
  const live = obs.reserves.some((r) => r.some((i) => ctx.legal.some((t) => t.startsWith(`talent ${i.uid} `))));
  return el("section", { class: `panel ct-players ${live ? "ct-live" : ""}`, id: "players" },
    el("h2", {}, "Players", el("span", { class: "small muted" }, `the first to hold ${plural(need, "District")} wins`)),
    el("div", { class: "ct-mats" }, mats));
}

/** Button titles say the words, not the notation (the buttons keep their action texts). */
function wordTitles(ctx) {
  for (const b of document.querySelectorAll("#prompt button[data-action]")) b.title = label(b.dataset.action, ctx);
  if (tipAnchor && !tipAnchor.isConnected) hideTip();
}

export function draw(ctx) {
  defs();
  installTips();
  tipCards = ctx.cards || {};
  const obs = ctx.observation;
  const node = nodeOf(obs);
  installConfirm();
  if (ctx.interactive) liveCtx = ctx;
  setTimeout(() => { wordTitles(ctx); markConfirm(ctx); markClamped(); }, 0);
  const sections = [turnBar(ctx), conflictPanel(ctx), districtsPanel(ctx), handPanel(ctx), playersPanel(ctx)];
  // every choice is on the table (the page shows no prompt then): the question goes at the
  // top of the part of the table that holds the first of them
  if (ctx.interactive && ctx.legal.length && ctx.legal.every((t) => ctx.placed.has(t))) {
    const home = sections.find((sec) => sec && sec.querySelector("button[data-action]:not([disabled])"));
    const ask = el("div", { class: "ct-ask", id: "ct-ask", role: "status" }, el("b", {}, promptTitle(ctx)));
    if (home) home.querySelector("h2") ? home.querySelector("h2").after(ask) : home.prepend(ask);
  }
  return el("div", { class: `crisis ct ${gameOver(ctx) ? "ct-over" : ""}`,
                     dataset: { node: node.kind || "", effect: (node.data && node.data.name) || "" } }, sections);
}
