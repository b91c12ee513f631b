// King of Tokyo (kot, kot-dark, kot-godzilla): the dice tray (click dice to keep them, reroll the
// others; kept dice stay in their places and stay marked until released), Tokyo drawn with
// the monsters in it, the monsters with their hearts, stars, energy and Wickedness, the
// market as cards; Dice tokens and black dice, Event cards and Evolutions (Godzilla). Every
// button sends a legal action text of docs/notation.md and says in words what it does.
import { el } from "/static/common.js";

const FACE_ORDER = ["1", "2", "3", "e", "h", "c"];
const FACE_NAME = { "1": "1", "2": "2", "3": "3", e: "Energy", h: "Heart", c: "Claw" };
const GZ_FACE_NAME = { ...FACE_NAME, h: "Heal", c: "Smack" };
const LOCATION = ["outside Tokyo", "Tokyo City", "Tokyo Bay"];
const WICKED_LEVELS = [3, 6, 10];
const WIN_STARS = 20;
// when an Evolution may be played (its window, data/godzilla_evolutions.toml)
const WINDOW_TEXT = {
  "turn-start": "at the start of your turn", "after-roll": "after your final roll",
  "before-damage": "when you are about to lose hearts", smacked: "after a Smack made you lose hearts",
  buy: "during your Buy step", "end-of-turn": "at the end of any monster's turn",
};
const ANIMATION_MS = 1400;  // how long a changed number or a new roll stays animated

/** King of Tokyo: Godzilla (Dice tokens, Events, Evolutions) rather than Dark. */
function isGodzilla(obs) {
  return Boolean(obs && Array.isArray(obs.dice_tokens));
}

/** The base game (kot): no Wickedness; Mimic is its copy card. */
function isBase(obs) {
  return Boolean(obs && obs.game === "kot");
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

function faceNames(obs) {
  return isGodzilla(obs) ? GZ_FACE_NAME : FACE_NAME;
}

/** "a Claw", "an Energy", "a 3" */
function aFace(obs, f) {
  const name = faceNames(obs)[f];
  return `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;
}

const FACE_PLURAL = { "1": "1s", "2": "2s", "3": "3s", e: "Energy", h: "Hearts", c: "Claws" };
const GZ_FACE_PLURAL = { ...FACE_PLURAL, h: "Heal results", c: "Smack results" };

/** "two 1s, a 3 and an Energy" for a list of faces */
function facesInWords(obs, faces) {
  const counts = FACE_ORDER.map((f) => [f, faces.filter((x) => x === f).length]).filter(([, n]) => n);
  const numbers = ["", "a", "two", "three", "four", "five", "six", "seven", "eight"];
  const many = isGodzilla(obs) ? GZ_FACE_PLURAL : FACE_PLURAL;
  const parts = counts.map(([f, n]) => (n === 1 ? aFace(obs, f) : `${numbers[n] || n} ${many[f]}`));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}` : parts[0] || "";
}

export function seatName(obs, seat) {
  const monster = obs && obs.monsters && obs.monsters[seat];
  return monster ? monster.name : null;
}

/** Why a seat is out of the game, in words ("eliminated"), or null while it plays on: the
    page's Seats panel shows such a seat as out, not as present. */
export function seatOut(obs, seat) {
  const monster = obs && obs.monsters && obs.monsters[seat];
  return monster && monster.alive === false ? "eliminated" : null;
}

function monsterName(ctx, seat) {
  return seatName(ctx.observation, seat) || ctx.seatLabel(seat);
}

function sortFaces(faces) {
  return faces.slice().sort((a, b) => FACE_ORDER.indexOf(a) - FACE_ORDER.indexOf(b));
}

function cardName(ctx, id) {
  return ctx.cards[id] ? ctx.cards[id].name : id.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
}

// ----- glyphs and emblems (original simple drawings, constant strings) ----------------------------
const FACE_SVG = {
  c: '<svg viewBox="0 0 40 40" aria-hidden="true"><g fill="currentColor" transform="rotate(-8 20 20)">'
    + '<path d="M11 3 Q19.5 18 10 37 Q14.5 19 7.5 4.5 Z"/><path d="M21 2 Q28.5 18 20 38 Q23.5 19 17.5 3.5 Z"/>'
    + '<path d="M31 3 Q38 18 30 37 Q32.5 19 27.5 4.5 Z"/></g></svg>',
  h: '<svg viewBox="0 0 40 40" aria-hidden="true"><path fill="currentColor" d="M20 34 C7 25 4 16 10 10 C14.5 6 19 8.5 20 12.5 C21 8.5 25.5 6 30 10 C36 16 33 25 20 34 Z"/></svg>',
  e: '<svg viewBox="0 0 40 40" aria-hidden="true"><path fill="currentColor" d="M24 3 L9 22 H18.5 L15 37 L31 16 H21.5 L25.5 3 Z"/></svg>',
};
const STAT_SVG = {
  heart: FACE_SVG.h,
  energy: FACE_SVG.e,
  star: '<svg viewBox="0 0 40 40" aria-hidden="true"><path fill="currentColor" d="M20 3 L25 15 L38 15.5 L28 24 L31.5 37 L20 29.5 L8.5 37 L12 24 L2 15.5 L15 15 Z"/></svg>',
  wicked: '<svg viewBox="0 0 40 40" aria-hidden="true"><path fill="currentColor" d="M20 4 C10 4 5 11 5 18 C5 24 9 27 11 28 V34 H29 V28 C31 27 35 24 35 18 C35 11 30 4 20 4 Z M13.5 16 A3.8 3.8 0 1 1 13.5 23.6 A3.8 3.8 0 1 1 13.5 16 Z M26.5 16 A3.8 3.8 0 1 1 26.5 23.6 A3.8 3.8 0 1 1 26.5 16 Z M17 31 V28 H19 V31 Z M21 31 V28 H23 V31 Z"/></svg>',
  tokens: '<svg viewBox="0 0 40 40" aria-hidden="true"><rect x="6" y="6" width="28" height="28" rx="6" fill="currentColor"/><g fill="#fff"><circle cx="14" cy="14" r="3"/><circle cx="26" cy="26" r="3"/><circle cx="26" cy="14" r="3"/><circle cx="14" cy="26" r="3"/></g></svg>',
};

// one emblem per monster: [background colour, drawing on a 48 x 48 badge]
const EMBLEMS = {
  alienoid: ["#5e35b1", '<path d="M24 40 C14 40 10 31 10 24 C10 15 16 9 24 9 C32 9 38 15 38 24 C38 31 34 40 24 40 Z" fill="#b9f0a4"/>'
    + '<path d="M18 9 L14 3 M30 9 L34 3" stroke="#b9f0a4" stroke-width="2.2" stroke-linecap="round"/>'
    + '<ellipse cx="17.5" cy="25" rx="3.6" ry="4.6" fill="#1b1030"/><ellipse cx="30.5" cy="25" rx="3.6" ry="4.6" fill="#1b1030"/>'
    + '<ellipse cx="24" cy="17" rx="3" ry="3.6" fill="#1b1030"/><path d="M19 34 Q24 37 29 34" stroke="#1b1030" stroke-width="2" fill="none"/>'],
  "the-king": ["#6d4c41", '<circle cx="24" cy="30" r="12" fill="#c8935c"/><path d="M11 19 L14 7 L19.5 14 L24 5 L28.5 14 L34 7 L37 19 Z" fill="#ffd54f" stroke="#a87b00" stroke-width="1"/>'
    + '<ellipse cx="24" cy="34" rx="7" ry="4.5" fill="#e8c49a"/><circle cx="19" cy="27" r="2" fill="#2b1d12"/><circle cx="29" cy="27" r="2" fill="#2b1d12"/>'
    + '<path d="M16 23 L22 25 M32 23 L26 25" stroke="#2b1d12" stroke-width="2" stroke-linecap="round"/>'],
  gigazaur: ["#2e7d32", '<path d="M6 32 L12 20 L20 15 L34 14 Q43 15 43 23 L43 29 Q40 33 33 32 L22 34 Q14 37 6 32 Z" fill="#aed581"/>'
    + '<path d="M12 20 L11 12 L16 17 L17 9 L21 15 L24 8 L26 14.5" fill="#7cb342"/><circle cx="33" cy="20" r="2.4" fill="#1b2e0f"/>'
    + '<path d="M28 28 L30 31 L32 28 L34 31 L36 28 L38 31 L40 28" stroke="#fff" stroke-width="1.6" fill="none"/>'],
  "meka-dragon": ["#b71c1c", '<path d="M7 30 L15 15 L33 11 L43 19 L41 30 L24 35 Z" fill="#cfd8dc" stroke="#546e7a" stroke-width="1.4"/>'
    + '<path d="M15 15 L12 5 L21 13" fill="#90a4ae"/><rect x="22" y="17" width="16" height="5" rx="2" fill="#ff5252"/>'
    + '<path d="M14 27 H38" stroke="#546e7a" stroke-width="1.6"/><circle cx="12" cy="30" r="1.8" fill="#546e7a"/>'],
  "cyber-bunny": ["#d81b60", '<rect x="13" y="3" width="7.5" height="21" rx="3.7" fill="#f8bbd0" transform="rotate(-10 16.7 13.5)"/>'
    + '<rect x="27.5" y="3" width="7.5" height="21" rx="3.7" fill="#f8bbd0" transform="rotate(10 31.2 13.5)"/>'
    + '<circle cx="24" cy="30" r="12.5" fill="#f8bbd0"/><rect x="13" y="25" width="22" height="6.5" rx="3" fill="#263238"/>'
    + '<path d="M16 28.2 H32" stroke="#4dd0e1" stroke-width="2"/><path d="M21 37 Q24 39 27 37" stroke="#880e4f" stroke-width="1.8" fill="none"/>'],
  kraken: ["#00838f", '<path d="M10 25 C10 13 16 7 24 7 C32 7 38 13 38 25 Z" fill="#80deea"/>'
    + '<g fill="none" stroke="#80deea" stroke-width="3.6" stroke-linecap="round"><path d="M13 25 C11 31 15 33 11 40"/><path d="M20 25 C19 32 22 35 19 42"/>'
    + '<path d="M28 25 C29 32 26 35 29 42"/><path d="M35 25 C37 31 33 33 37 40"/></g>'
    + '<circle cx="19" cy="18" r="2.6" fill="#004d55"/><circle cx="29" cy="18" r="2.6" fill="#004d55"/>'],
  godzilla: ["#1b5e20", '<path d="M8 40 L13 24 L18 31 L22 12 L26 28 L31 17 L34 30 L40 22 L40 40 Z" fill="#c8e6c9" stroke="#4fc3f7" stroke-width="2" stroke-linejoin="round"/>'
    + '<path d="M22 12 L24 20 M31 17 L31.5 24" stroke="#4fc3f7" stroke-width="1.5"/>'],
  mothra: ["#e65100", '<ellipse cx="14" cy="18" rx="10" ry="8" fill="#ffcc80" transform="rotate(-25 14 18)"/>'
    + '<ellipse cx="34" cy="18" rx="10" ry="8" fill="#ffcc80" transform="rotate(25 34 18)"/>'
    + '<ellipse cx="16" cy="32" rx="7" ry="6" fill="#ffb74d" transform="rotate(20 16 32)"/><ellipse cx="32" cy="32" rx="7" ry="6" fill="#ffb74d" transform="rotate(-20 32 32)"/>'
    + '<circle cx="13" cy="18" r="2.8" fill="#0277bd"/><circle cx="35" cy="18" r="2.8" fill="#0277bd"/><ellipse cx="24" cy="25" rx="3" ry="11" fill="#4e342e"/>'],
  rodan: ["#8d2f1f", '<path d="M3 24 L20 17 L24 11 L28 17 L45 24 L31 27 L26 37 L24 33 L22 37 L17 27 Z" fill="#ffab91"/>'
    + '<path d="M24 11 L18 6 L24 8 Z" fill="#ffab91"/><circle cx="25.5" cy="13.5" r="1.3" fill="#3e1209"/>'],
  "king-ghidorah": ["#b8860b", '<g fill="none" stroke="#fff3b0" stroke-width="4" stroke-linecap="round"><path d="M24 42 C24 30 13 26 12 14"/>'
    + '<path d="M24 42 C24 28 24 22 24 10"/><path d="M24 42 C24 30 35 26 36 14"/></g>'
    + '<g fill="#fff3b0"><circle cx="12" cy="12" r="4.5"/><circle cx="24" cy="8" r="4.5"/><circle cx="36" cy="12" r="4.5"/></g>'
    + '<g fill="#b8860b"><circle cx="11" cy="11" r="1.2"/><circle cx="24" cy="7" r="1.2"/><circle cx="37" cy="11" r="1.2"/></g>'],
  mechagodzilla: ["#37474f", '<circle cx="24" cy="24" r="14" fill="none" stroke="#b0bec5" stroke-width="6" stroke-dasharray="5 3.8"/>'
    + '<circle cx="24" cy="24" r="10" fill="#90a4ae"/><rect x="15" y="21" width="18" height="5" rx="2" fill="#ef5350"/>'],
  anguirus: ["#5d4037", '<path d="M6 36 A18 18 0 0 1 42 36 Z" fill="#bcaaa4"/>'
    + '<path d="M8 29 L4 24 L11 25 M12 22 L10 15 L16 19 M19 18 L19 10 L23 17 M27 17 L30 10 L30 18 M33 19 L38 14 L36 22 M38 25 L44 23 L40 29" fill="#efebe9" stroke="#efebe9" stroke-width="2" stroke-linejoin="round"/>'
    + '<circle cx="16" cy="30" r="2" fill="#3e2723"/><circle cx="24" cy="27" r="2" fill="#3e2723"/><circle cx="32" cy="30" r="2" fill="#3e2723"/>'],
};

function svgSpan(cls, markup, title = null) {
  const span = el("span", { class: cls, title });
  span.innerHTML = markup;  // constant drawings only (never text from the game or a player)
  return span;
}

/** A monster's emblem (an original badge); an unknown monster gets a plain one. */
function emblem(monsterId, size = "") {
  const [colour, art] = EMBLEMS[monsterId] || ["#6b655c", '<circle cx="24" cy="24" r="11" fill="#f4f1ea"/>'];
  const span = svgSpan(`emblem ${size}`, `<svg viewBox="0 0 48 48" aria-hidden="true"><circle cx="24" cy="24" r="23" fill="${colour}"/>${art}</svg>`);
  span.dataset.emblem = monsterId;
  return span;
}

// ----- what a text does, in words ---------------------------------------------------------------
/** The card decision open now (node kind "card"): which card asks, from the texts offered. */
function cardDecision(ctx, legal) {
  const verbs = new Set(legal.map((t) => t.split(" ")[0]));
  if (verbs.has("wings")) return "wings";
  if (verbs.has("jump")) return "super-jump";
  if (verbs.has("rapid-heal")) return "rapid-healing";
  if (verbs.has("probe")) return "probe";
  if (verbs.has("swap")) return "unstable-dna";
  if (verbs.has("metamorph")) return "metamorph";
  if (verbs.has("copy")) return "fluxling";
  if (verbs.has("freeze")) return "freeze-time";
  if (verbs.has("shield")) return "energy-shield";
  if (verbs.has("buy")) return "opportunist";
  if (verbs.has("stay") || verbs.has("yield")) return "jets";
  if (verbs.has("target")) return "pick-monster";
  if (verbs.has("pay")) return "pick-number";
  return null;
}

/** The most recent card among ``ids`` the log names (the card that opened a question). */
function recentCard(ctx, ids) {
  const lines = ctx.log || [];
  for (let i = lines.length - 1; i >= Math.max(0, lines.length - 30); i--) {
    const rule = lines[i].rule || "";
    const hit = ids.find((id) => rule.includes(`card:${id} `) || rule.endsWith(`card:${id}`));
    if (hit) return hit;
  }
  return null;
}

function decisionKind(ctx) {
  const node = ctx.observation.node || {};
  if (node.kind === "card") return cardDecision(ctx, ctx.legal || []) || "card";
  return node.kind || "";
}

/** kot: the card the deciding monster's Mimic copies now (null: none). Mimic asks when it is
    gained and at the start of each of its owner's turns; moving a token that is on a card
    costs 1 energy (ruling B6), so a copy now means the choice costs 1 ⚡. */
function mimicCopy(ctx) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const seat = node.seat !== undefined && node.seat !== null ? node.seat : ctx.seat;
  const m = (obs.monsters || [])[seat];
  return (m && m.copy) || null;
}

/** The question of a Heart die, from the uses on offer (heal, tokens, Healing Ray), with
 * how many Hearts are still to use when more than one (``left``, this one included). */
function heartTitle(legal, left) {
  const uses = [];
  if (legal.includes("heart heal")) uses.push("heal yourself");
  if (legal.includes("heart poison") || legal.includes("heart shrink")) uses.push("discard a token");
  if (legal.some((t) => t.startsWith("heart ray "))) uses.push("heal another monster with Healing Ray");
  const head = left > 1 ? `${left} Hearts to use; this one` : "A Heart die";
  if (!uses.length) return `${head}: heal, or discard a token?`;
  if (uses.length === 1) return `${head}: ${uses[0]}?`;
  return `${head}: ${uses.slice(0, -1).join(", ")} or ${uses[uses.length - 1]}?`;
}

/** A readable label for an action text: what clicking it does, with card and monster names. */
export function label(text, ctx) {
  const obs = ctx.observation;
  const gz = isGodzilla(obs);
  const words = text.split(" ");
  const [verb] = words;
  const kind = decisionKind(ctx);
  const name = (i) => cardName(ctx, words[i]);
  const face = (i) => faceNames(obs)[words[i]] || words[i];
  const dice = (obs.dice || []).filter((f) => f !== null);
  const count = (f) => dice.filter((x) => x === f).length;
  switch (verb) {
    case "stop": return "Resolve these dice";
    case "reroll": {
      const faces = words.slice(1);
      if (obs.rolls_used >= obs.rolls_allowed && faces.every((f) => f === "3")) {
        return `Reroll ${plural(faces.length, "die", "dice")} showing 3 (Background Dweller)`;
      }
      return `Reroll ${facesInWords(obs, faces)}`;
    }
    case "smoke": {
      const me = obs.monsters[ctx.seat];
      return `Smoke Cloud: spend a Smoke token for one more roll${me ? ` (${me.smoke} left)` : ""}`;
    }
    case "drink": return "Energy Drink: pay 1 ⚡ for one more roll";
    case "resolve": {
      const what = words[1];
      if (what === "numbers") return gz || isBase(obs) ? "Score the numbers (stars)" : "Score the numbers (stars, Wickedness)";
      if (what === "hearts") return gz ? `Heal with ${plural(count("h"), "Heal result", "Heal results")}` : `Heal with ${plural(count("h"), "Heart", "Hearts")}`;
      if (what === "energy") return `Take ${count("e")} ⚡ from the Energy ${count("e") === 1 ? "die" : "dice"}`;
      if (what === "smash") return gz ? `Smack with ${plural(count("c"), "Smack result", "Smack results")}` : `Smash with ${plural(count("c"), "Claw", "Claws")}`;
      return `Resolve the ${what}`;
    }
    case "cull": return `Herd Culler: turn ${aFace(obs, words[1])} into a 1`;
    case "twist": return `Plot Twist: turn ${aFace(obs, words[1])} into ${aFace(obs, words[2])} (then discard it)`;
    case "stretch": return `Stretchy: pay 2 ⚡ to turn ${aFace(obs, words[1])} into ${aFace(obs, words[2])}`;
    case "rapid-heal": return kind === "rapid-healing" ? "Rapid Healing: pay 2 ⚡ to gain 1 heart now" : "Rapid Healing: pay 2 ⚡ to gain 1 heart";
    case "discard": return `Discard ${name(1)} (its effects end)`;
    case "heart":
      if (words[1] === "ray") {
        const m = obs.monsters[Number(words[2])];
        return `Healing Ray: heal ${m ? m.name : ctx.seatLabel(Number(words[2]))} 1 heart (they pay up to 2 ⚡)`;
      }
      return { heal: "Heal 1 heart", poison: "Remove a Poison token", shrink: "Remove a Shrink Ray token",
               none: count("h") === 1 ? "Leave the Heart unused" : "Use no more Hearts (leave the rest unused)" }[words[1]]
        || `Use the Heart die: ${words[1]}`;
    case "stay": return kind === "jets" ? "Stay in Tokyo (and lose the hearts)" : "Stay in Tokyo";
    case "yield": return kind === "jets" ? "Yield Tokyo with Jets (lose no hearts)" : "Yield Tokyo";
    case "flee": return "Flee Tokyo (you still lose the hearts)";
    case "tile": return `Take the tile ${name(1)}`;
    case "buy":
      if (kind === "opportunist") return `Buy ${name(1)} now (Opportunist)`;
      return `Buy ${name(1)}`;
    case "buy-top": {
      const top = (obs.known_top || [])[0];
      return top ? `Buy the top card, ${cardName(ctx, top)} (Made in a Lab)` : "Buy the top card (Made in a Lab)";
    }
    case "peek": return "Made in a Lab: look at the top card of the deck";
    case "sweep": return gz ? "Sweep the market (2 ⚡; Events stay)" : "Sweep the market: pay 2 ⚡ for three new cards";
    case "take": return `Parasitic Tentacles: buy ${name(2)} from ${monsterName(ctx, Number(words[1]))}`;
    case "end":
      if (gz) return obs.bought_this_turn ? "End my turn" : "Buy nothing: gain 1 ⚡ and end my turn";
      return "End my turn";
    case "wings": return "Wings: pay 2 ⚡ to lose no hearts this turn";
    case "jump": return "Super Jump: pay 1 ⚡ to lose 1 heart less";
    case "probe": return `Psychic Probe: make ${monsterName(ctx, obs.active)} reroll ${aFace(obs, words[1])}`;
    case "swap": return `Unstable DNA: swap it for ${name(1)}`;
    case "metamorph": {
      const c = ctx.cards[words[1]];
      return `Metamorph: discard ${name(1)}${c && c.cost !== undefined && c.cost !== null ? ` for ${c.cost} ⚡` : ""}`;
    }
    case "done":
      if (kind === "metamorph") return "Keep my other cards (done)";
      return kind === "resolve" ? "Go on without using a card" : "Done";
    case "copy": {
      if (!isBase(obs)) return `Fluxling: copy ${name(1)}`;
      const now = mimicCopy(ctx);
      return now ? `Mimic: pay 1 ⚡ to copy ${name(1)} instead` : `Mimic: copy ${name(1)}`;
    }
    case "freeze": return "Freeze Time: take another turn (with one die fewer)";
    case "shield": return "Energy Shield: pay 2 ⚡ to lose 2 hearts fewer";
    case "target": {
      const card = recentCard(ctx, ["air-strike", "gravity-lightning"]);
      const m = obs.monsters[Number(words[1])];
      return `Choose ${m ? m.name : ctx.seatLabel(Number(words[1]))}${card ? ` for ${cardName(ctx, card)}` : ""}`;
    }
    case "pay": return `Pay ${words[1]} ⚡ for ${plural(Number(words[1]), "more Smack", "more Smacks")}`;
    case "black": {
      const k = Number(words[1]);
      const have = (obs.dice_tokens || [])[ctx.seat] || 0;
      if (k === 0) return have ? `Roll without black dice (keep your ${plural(have, "Dice token", "Dice tokens")})` : "Roll";
      return `Roll with ${plural(k, "black die", "black dice")} (costs ${plural(k, "Dice token", "Dice tokens")})`;
    }
    case "evolve": return `Play ${name(1)}`;
    case "keep": return `Keep ${name(1)}`;
    case "pass": {
      const pass = {
        evolution: "Pass (keep it in your hand)", tile: "Take no tile", wings: "Do not use Wings",
        "super-jump": "Do not use Super Jump", "rapid-healing": "Do not use Rapid Healing",
        probe: "Let the roll stand (no Psychic Probe)", opportunist: "Do not buy it", "unstable-dna": "Keep Unstable DNA",
        fluxling: "Copy nothing", "freeze-time": "No extra turn", "energy-shield": "Do not use Energy Shield",
      };
      if (kind === "fluxling" && isBase(obs)) {
        const now = mimicCopy(ctx);
        return now ? `Keep copying ${cardName(ctx, now)}` : "Copy nothing for now";
      }
      return pass[kind] || "Pass (do nothing)";
    }
    default: {
      // a text this view does not know yet: its words with card names, never a bare id
      const named = words.map((w) => (ctx.cards[w] ? ctx.cards[w].name : w.replace(/-/g, " ")));
      const out = named.join(" ");
      return out.charAt(0).toUpperCase() + out.slice(1) + " (unusual action)";
    }
  }
}

export function promptTitle(ctx) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const kind = decisionKind(ctx);
  if (isGodzilla(obs)) {
    const theirs = obs.active !== ctx.seat && obs.active !== null && obs.active !== undefined;
    const gz = {
      yield: `${seatName(obs, obs.active)} Smacked you in Tokyo: stay or flee?`,
      "dice-tokens": "Before your first roll: spend Dice tokens for black dice?",
      evolution: theirs ? `Play an Evolution now, during ${seatName(obs, obs.active)}'s turn?` : "Play an Evolution now?",
      "evo-keep": "You drew two Evolutions: keep one",
    };
    const w = obs.evolution_window;
    if (node.kind === "evolution" && w && w.amount) {
      const hearts = `${w.amount} heart${w.amount === 1 ? "" : "s"}`;
      if (w.window === "before-damage") return `You are about to lose ${hearts}: play an Evolution now?`;
      if (w.window === "smacked") return `You just lost ${hearts} to a Smack: play an Evolution now?`;
    }
    if (gz[node.kind]) return gz[node.kind];
  }
  const active = monsterName(ctx, obs.active);
  const titles = {
    yield: `${active} hit you in Tokyo: stay or yield?`, tile: "Your Wickedness reached a new level: choose a tile",
    heart: "A Heart die: heal, or discard a token?", roll: "Your dice", resolve: "Resolve your dice", buy: "Buy cards",
    jets: "Jets: you are about to lose hearts in Tokyo", wings: "You are about to lose hearts: use Wings?",
    "super-jump": "You are about to lose hearts: use Super Jump?",
    "rapid-healing": "You are about to reach 0 hearts: use Rapid Healing?",
    probe: `Psychic Probe: make ${active} reroll one die?`, opportunist: "Opportunist: a new card is face up",
    "unstable-dna": "Unstable DNA: swap it for a card of the monster you yielded to?",
    metamorph: "Metamorph: discard cards for their cost in Energy?", fluxling: "Fluxling: choose a card to copy",
    "freeze-time": "Freeze Time: take an extra turn?", "energy-shield": "You are about to lose hearts: use Energy Shield?",
    "pick-number": "Finger Missiles: how much Energy do you pay?",
  };
  if (kind === "resolve" && (ctx.legal || []).includes("done")) return "Your dice have nothing to resolve";
  if (kind === "heart") return heartTitle(ctx.legal || [], (obs.node || {}).left || 0);
  if (kind === "fluxling" && isBase(obs)) {
    const now = mimicCopy(ctx);
    return now ? `Mimic copies ${cardName(ctx, now)}: move its token to another card for 1 ⚡?`
      : "Mimic: choose a card to copy";
  }
  if (kind === "pick-monster") {
    const card = recentCard(ctx, ["air-strike", "gravity-lightning"]);
    return card ? `${cardName(ctx, card)}: choose a monster` : "Choose a monster";
  }
  return titles[kind] || "A card of yours lets you choose";
}

export function moveHint(obs, legal) {
  const node = obs.node || {};
  if (isGodzilla(obs)) {
    const gz = { "dice-tokens": "black dice before your first roll?", evolution: "play an Evolution or pass",
                 "evo-keep": "keep one of two Evolutions", yield: "stay in Tokyo or flee",
                 buy: "buy cards, or buy nothing and gain 1 ⚡" };
    if (gz[node.kind]) return gz[node.kind];
  }
  if (node.kind === "resolve" && (legal || []).includes("done")) return "use a card now, or go on";
  const hints = { roll: "click dice to keep them, then reroll the others or resolve", resolve: "resolve your dice",
                  buy: "buy cards or end your turn", yield: "stay in Tokyo or yield", tile: "take a Wickedness tile",
                  heart: "use a Heart die", card: "a card asks you" };
  return hints[node.kind] || "choose below";
}

// ----- animation bookkeeping: numbers that changed, new rolls --------------------------------------
const memory = { live: {}, replay: {} };

function memo(ctx) {
  return memory[ctx.interactive ? "live" : "replay"];
}

/** A number shown on the board: when it changed since it was last drawn, for ANIMATION_MS it
    carries the class "bump up|down" and a floating "+n"; an animation cut by a redraw resumes
    where it was (negative delay). */
function animatedNumber(ctx, key, value, extra = "") {
  const m = memo(ctx);
  m.numbers = m.numbers || {};
  const now = Date.now();
  const seen = m.numbers[key];
  if (!seen) m.numbers[key] = { value, at: 0, delta: 0 };
  else if (seen.value !== value) m.numbers[key] = { value, at: now, delta: value - seen.value };
  const info = m.numbers[key];
  if (ctx.still) info.at = 0;   // a replay jumping over several steps: no "+n" for the whole jump
  const age = now - info.at;
  const b = el("b", {}, value);
  if (info.at && age < ANIMATION_MS && info.delta) {
    const dir = info.delta > 0 ? "up" : "down";
    b.className = `bump ${dir}`;
    b.style.animationDelay = `-${age}ms`;
    const delta = el("span", { class: `delta ${dir}`, style: `animation-delay:-${age}ms`, "aria-hidden": "true" },
                     `${info.delta > 0 ? "+" : ""}${info.delta}${extra}`);
    return [b, delta];
  }
  return [b];
}

// ----- the dice tray: kept dice stay where they are ---------------------------------------------------
/** The tray of the live page (or of the replay): for each place on the screen ("slot"), the
    engine's index of the die shown there, the slots kept, the slots the last roll changed. The
    engine moves the kept dice to the front at a reroll: the tray puts them back in their places. */
function trayFor(ctx) {
  const m = memo(ctx);
  if (!m.tray) m.tray = { key: null, slots: [], kept: new Set(), fresh: new Set(), dice: [], rolls: 0, node: "",
                          rolledAt: 0, pending: null, confirm: null };
  return m.tray;
}

/** Whether the "Resolve now?" question is open: tray.confirm holds the version it was asked
    at, as the question belongs to that position; a new version (the answer, an undo back to
    before the first click, another tab's move) never shows it again. */
function confirming(ctx, tray) {
  return tray.confirm !== null && tray.confirm === ctx.version;
}

/** The page's dice picked on a position that has since changed under the person (play.js,
    when a new version comes while they were choosing): released, so that none of them goes
    with a reroll made for other dice. */
export function dropPicks() {
  const tray = memory.live.tray;
  if (!tray) return;
  tray.kept = new Set();
  tray.confirm = null;
  tray.pending = null;
  tray.dropped = true;   // and none inferred from the new dice either (updateTray)
}

// the live tray's kept dice survive a reload of the page (this tab only)
const STORE_KEY = `kot-kept:${typeof location === "undefined" ? "" : location.pathname}`;

function saveKept(ctx, tray) {
  if (!ctx.interactive) return;
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify({ key: tray.key, rolls: tray.rolls, dice: tray.dice,
                                                        slots: tray.slots, kept: [...tray.kept] }));
  } catch (err) { /* no storage: the kept dice are only kept on this page */ }
}

function restoreKept(ctx, tray, obs) {
  if (!ctx.interactive) return;
  try {
    const saved = JSON.parse(sessionStorage.getItem(STORE_KEY) || "null");
    if (saved && saved.key === tray.key && saved.rolls === obs.rolls_used && sameList(saved.dice, obs.dice || [])
        && saved.slots.length === (obs.dice || []).length) {
      tray.slots = saved.slots;
      tray.kept = new Set(saved.kept);
    }
  } catch (err) { /* nothing saved */ }
}

function sameList(a, b) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The engine's groups of dice: the brown ones, then (Godzilla) the black ones, the last
    ``black_dice`` entries. A reroll keeps each group's kept dice first, in order, within it. */
function diceGroups(obs, n) {
  const black = isGodzilla(obs) ? Math.min(n, obs.black_dice || 0) : 0;
  return black ? [[0, n - black], [n - black, n]] : [[0, n]];
}

/** The old engine indices our reroll ``faces`` keeps, as the engine rerolls: a face rerolls
    the first die showing it (with black dice, ruling G20: a Smack the brown die first, any
    other face the black die first). */
function simulateReroll(old, faces, groups) {
  const gone = new Set();
  const brown = groups[0];
  const black = groups[1];
  const first = (f, [lo, hi]) => {
    for (let i = lo; i < hi; i++) if (old[i] === f && !gone.has(i)) return i;
    return -1;
  };
  for (const f of faces) {
    let i = -1;
    if (!black) i = first(f, brown);
    else {
      const [a, b] = f === "c" ? [brown, black] : [black, brown];
      i = first(f, a);
      if (i < 0) i = first(f, b);
    }
    if (i >= 0) gone.add(i);
  }
  return old.map((_, i) => i).filter((i) => !gone.has(i));
}

/** Which old engine indices of one group a reroll kept, seen from the outside: the largest
    k such that the group's new first k dice are what removing the first die of each face
    rerolled leaves, in order; null when none fits. */
function inferKept(old, dice, [lo, hi]) {
  const before = old.slice(lo, hi);
  const after = dice.slice(lo, hi);
  for (let k = after.length - 1; k >= 0; k--) {
    const keep = after.slice(0, k);
    // the faces rerolled: the old multiset minus the kept one
    const counts = {};
    for (const f of before) counts[f] = (counts[f] || 0) + 1;
    if (!keep.every((f) => (counts[f] -= 1) >= 0)) continue;
    const gone = new Set();
    for (const [f, n] of Object.entries(counts)) {
      let todo = n;
      for (let i = 0; i < before.length && todo > 0; i++) if (before[i] === f) { gone.add(i); todo -= 1; }
    }
    const keptIdx = before.map((_, i) => i).filter((i) => !gone.has(i));
    if (sameList(keptIdx.map((i) => before[i]), keep)) return keptIdx.map((i) => i + lo);
  }
  return null;
}

/** The tray after a reroll: per group, the faces the engine kept go to the slots we kept
    (``prefer``), then to other slots showing them; every other slot of the group shows a
    rerolled die, in order. Returns false when the new dice do not fit. */
function placeReroll(tray, old, dice, keptOld, groups, prefer) {
  const slots = new Array(dice.length);
  const kept = new Set();
  const fresh = new Set();
  const keptSet = new Set(keptOld);
  for (const [lo, hi] of groups) {
    const inGroup = tray.slots.map((e, s) => [s, e]).filter(([, e]) => e >= lo && e < hi);
    const faces = {};
    let k = 0;
    for (let i = lo; i < hi; i++) if (keptSet.has(i)) { faces[old[i]] = (faces[old[i]] || 0) + 1; k += 1; }
    const order = [...inGroup.filter(([s]) => prefer.has(s)), ...inGroup.filter(([s]) => !prefer.has(s))];
    const used = new Set();
    for (const [s, e] of order) {
      const f = old[e];
      if (!faces[f]) continue;
      let j = lo;
      while (j < lo + k && (used.has(j) || dice[j] !== f)) j += 1;
      if (j >= lo + k) return false;
      faces[f] -= 1;
      used.add(j);
      slots[s] = j;
      kept.add(s);
    }
    let next = lo + k;
    for (const [s] of inGroup) if (slots[s] === undefined) { slots[s] = next++; fresh.add(s); }
    if (next !== hi) return false;
  }
  tray.slots = slots;
  tray.kept = kept;
  tray.fresh = fresh;
  return true;
}

function updateTray(ctx) {
  const obs = ctx.observation;
  const tray = trayFor(ctx);
  const dice = obs.dice || [];
  const node = (obs.node || {}).kind || "";
  const key = `${obs.turn}|${obs.active}|${dice.length}`;
  const now = Date.now();
  const identity = dice.map((_, i) => i);
  if (tray.key !== key) {
    const first = tray.key === null;
    tray.key = key;
    tray.slots = identity;
    tray.kept = new Set();
    tray.pending = null;
    tray.confirm = null;
    const rolled = identity.filter((i) => dice[i] !== null && dice[i] !== undefined);
    tray.fresh = !first || obs.rolls_used <= 1 ? new Set(rolled) : new Set();
    tray.rolledAt = first ? 0 : now;
    if (first) restoreKept(ctx, tray, obs);
  } else if (!sameList(tray.dice, dice) || tray.rolls !== obs.rolls_used) {
    const old = tray.dice;
    const groups = diceGroups(obs, dice.length);
    const reroll = tray.pending || tray.rolls !== obs.rolls_used || tray.node === "roll";
    let placed = false;
    if (reroll && tray.pending && sameList(tray.pending.dice, old)) {
      // our own reroll: exactly what the engine kept, shown in the slots we kept
      const keptOld = simulateReroll(old, tray.pending.faces, groups);
      placed = placeReroll(tray, old, dice, keptOld, groups, tray.pending.kept);
    }
    if (reroll && !placed) {
      // another monster's reroll (or ours, seen late): inferred from the engine's order
      const found = groups.map((g) => inferKept(old, dice, g));
      if (found.every(Boolean)) placed = placeReroll(tray, old, dice, found.flat(), groups, new Set());
    }
    if (placed) {
      tray.rolledAt = now;
    } else {
      // dice changed in place (a card turned one into another face, Psychic Probe): same slots
      if (!tray.slots.every((e) => e < dice.length)) tray.slots = identity;
      const fresh = new Set();
      tray.slots.forEach((e, s) => { if (old[e] !== dice[e]) fresh.add(s); });
      tray.fresh = fresh;
      tray.rolledAt = now;
      if (tray.rolls !== obs.rolls_used) tray.kept = new Set();
    }
    tray.pending = null;
    tray.confirm = null;
  }
  // dice picked on a position that changed under the person were let go (dropPicks): the
  // new dice show none kept, not a guess at what the other tab kept
  if (tray.dropped) tray.kept = new Set();
  tray.dropped = false;
  tray.dice = dice.slice();
  tray.rolls = obs.rolls_used;
  tray.node = node;
  saveKept(ctx, tray);
  return tray;
}

/** With black dice a reroll names faces (ruling G20: a Smack rerolls a brown die first, any
    other face a black one first): when that keeps another colour than the dice kept on
    screen, say so before the reroll. */
function colourSwap(obs, tray, faces) {
  const dice = obs.dice || [];
  const groups = diceGroups(obs, dice.length);
  if (groups.length < 2) return null;
  const cut = groups[1][0];
  const count = (indices) => {
    const c = {};
    for (const e of indices) {
      const k = `${e >= cut ? "black" : "brown"} ${dice[e]}`;
      c[k] = (c[k] || 0) + 1;
    }
    return c;
  };
  const engine = count(simulateReroll(dice, faces, groups));
  const wanted = count([...tray.kept].map((s) => tray.slots[s]));
  for (const [k, n] of Object.entries(wanted)) {
    if ((engine[k] || 0) >= n) continue;
    const [colour, face] = k.split(" ");
    const other = colour === "black" ? "brown" : "black";
    const name = faceNames(obs)[face];
    return `Rerolling names faces: your ${colour} ${name} will be rerolled and a ${other} ${name} kept instead `
      + `(${face === "c" ? "a Smack rerolls a brown die first" : "a face other than Smack rerolls a black die first"}).`;
  }
  return null;
}

const LOG_FACE = { "1": "1", "2": "2", "3": "3", Energy: "e", Heart: "h", Claw: "c", Heal: "h", Smack: "c" };
const LOG_DICE = /^(.+?: )((?:1|2|3|Energy|Heart|Claw|Heal|Smack)(?: (?:1|2|3|Energy|Heart|Claw|Heal|Smack))*)\.$/;

/** A log line that lists dice ("The King rolls: 1 3 3 Energy Claw Claw.", "... keeps: ...")
    drawn with small dice; null for any other line. The dice keep their words for screen
    readers and for copying (a visually hidden word after each symbol), so the line's text
    is unchanged. ``words(text)`` draws the part before the dice (card references). */
export function logLine(text, words) {
  const m = LOG_DICE.exec(text);
  if (!m) return null;
  const dice = [];
  m[2].split(" ").forEach((word, i) => {
    const face = LOG_FACE[word];
    if (i) dice.push(" ");
    dice.push(FACE_SVG[face]
      ? el("span", { class: `log-die face-${face}`, title: word }, svgSpan("pip", FACE_SVG[face]), el("span", { class: "sr-only" }, word))
      : el("span", { class: `log-die face-${face}`, title: word }, word));
  });
  return [...words(m[1]), el("span", { class: "log-dice" }, ...dice), "."];
}

// ----- the last roll of each monster: "What did I roll?" after the turn has moved on ---------------
const LOG_KEPT = /^(.+?) keeps: ((?:1|2|3|Energy|Heart|Claw|Heal|Smack)(?: (?:1|2|3|Energy|Heart|Claw|Heal|Smack))*)\.$/;

/** Each monster's final roll, read from the log (its "<name> keeps: ..." line, Resolve Dice
    1.6), with the turn it was rolled in: {seat -> {monster, faces, turn, at}}. */
function lastRolls(ctx) {
  const bySeatName = new Map((ctx.observation.monsters || []).map((m) => [m.name, m]));
  const out = {};
  let turn = null;
  (ctx.log || []).forEach((line, at) => {
    const t = TURN_OPENING.exec(line.text);
    if (t) { turn = Number(t[1]); return; }
    const m = LOG_KEPT.exec(line.text);
    const monster = m ? bySeatName.get(m[1]) : null;
    if (monster) out[monster.seat] = { monster, faces: m[2].split(" ").map((w) => LOG_FACE[w]), words: m[2], turn, at };
  });
  return out;
}
const TURN_OPENING = /^Turn (\d+):/;

/** The final roll of every monster but the one rolling now (its dice are in the tray), yours
    first, then the most recent first: each stays until that monster's next final roll. */
function lastRollsStrip(ctx) {
  const obs = ctx.observation;
  const rolls = Object.values(lastRolls(ctx)).filter((r) => r.monster.seat !== obs.active && r.monster.alive);
  if (!rolls.length) return null;
  rolls.sort((a, b) => (b.monster.seat === ctx.seat) - (a.monster.seat === ctx.seat) || b.at - a.at);
  const names = faceNames(obs);
  return el("div", { class: "last-rolls", id: "last-rolls" },
    el("h3", {}, "Last rolls"),
    el("ul", {}, rolls.map((r) => {
      const mine = r.monster.seat === ctx.seat;
      return el("li", { class: `last-roll${mine ? " mine" : ""}`, dataset: { seat: r.monster.seat } },
        emblem(r.monster.monster, "tiny"),
        el("span", { class: "last-roll-who" }, mine ? "Your roll" : r.monster.name),
        r.turn ? el("span", { class: "small muted" }, `turn ${r.turn}`) : null,
        el("span", { class: "log-dice", "aria-label": r.faces.map((f) => names[f]).join(", ") },
          r.faces.map((f) => (FACE_SVG[f]
            ? el("span", { class: `log-die face-${f}`, title: faceTitle(obs, f) }, svgSpan("pip", FACE_SVG[f]))
            : el("span", { class: `log-die face-${f}`, title: faceTitle(obs, f) }, f)))));
    })));
}

/** A face's name, with what it does for the ones whose name differs from the word the
    cards and the log use for their effect (a Claw is a Smash). */
function faceTitle(obs, face) {
  const name = faceNames(obs)[face];
  if (face === "c" && !isGodzilla(obs)) return `${name}: a Smash (each monster it reaches loses 1 heart)`;
  return name;
}

/** For the tests: the tray's pure parts. */
export const trayLogic = { diceGroups, simulateReroll, inferKept, placeReroll };

function dieFace(face) {
  if (FACE_SVG[face]) return svgSpan("pip", FACE_SVG[face]);
  return el("span", { class: "num" }, face);
}

function dicePanel(ctx) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const dice = obs.dice || [];
  const tray = updateTray(ctx);
  const atRoll = node.kind === "roll";
  const rolling = ctx.interactive && atRoll && ctx.legal.length > 0;
  const rollsLeft = Math.max(0, (obs.rolls_allowed || 0) - (obs.rolls_used || 0));
  const canPick = rolling && rollsLeft > 0;
  const gz = isGodzilla(obs);
  const names = faceNames(obs);
  // black dice have the faces of the brown ones; the engine keeps them last (a reroll keeps
  // the brown dice first and the black ones last) and the tray keeps each in its group
  const black = gz ? obs.black_dice || 0 : 0;
  const isBlack = (s) => (tray.slots[s] === undefined ? s : tray.slots[s]) >= dice.length - black;
  const age = Date.now() - tray.rolledAt;
  const animate = tray.rolledAt && age < ANIMATION_MS;
  const showKept = atRoll;
  const slots = dice.map((_, s) => {
    const e = tray.slots[s] === undefined ? s : tray.slots[s];
    const face = dice[e];
    const colour = isBlack(s) ? " black" : "";
    if (face === null || face === undefined) {
      return el("div", { class: "die-slot" }, el("span", { class: `die blank${colour}`, title: "not rolled yet" }, "?"),
                el("span", { class: "die-note" }, ""));
    }
    const kept = showKept && tray.kept.has(s);
    // the dice the last roll changed are marked (not when it rolled them all: the first roll)
    const fresh = tray.fresh.has(s);
    const marked = fresh && !kept && tray.fresh.size < dice.length;
    const cls = ["die", `face-${face}`];
    if (kept) cls.push("kept");
    if (marked) cls.push("fresh");
    if (fresh && animate) cls.push("rolling");
    if (colour) cls.push("black");
    const what = `${isBlack(s) ? "black die: " : ""}${faceTitle(obs, face)}`;
    const title = canPick ? `${what}${kept ? " (kept: click to roll it again)" : " (click to keep it)"}` : what;
    const die = el("button", { type: "button", class: cls.join(" "), title, "aria-label": `${what}${kept ? ", kept" : ""}${marked ? ", just rolled" : ""}`,
                               "aria-pressed": kept ? "true" : "false", disabled: !canPick || undefined,
                               dataset: { slot: s, die: e, face },
                               style: fresh && animate ? `animation-delay:-${age}ms` : null,
                               onclick: () => {
                                 if (tray.kept.has(s)) tray.kept.delete(s); else tray.kept.add(s);
                                 tray.confirm = null;
                                 ctx.pick();
                                 saveKept(ctx, tray);
                                 ctx.redraw();
                               } }, dieFace(face));
    const note = kept ? el("span", { class: "die-note kept-note" }, "kept")
      : marked ? el("span", { class: "die-note fresh-note" }, "new") : el("span", { class: "die-note" }, "");
    return el("div", { class: `die-slot${kept ? " is-kept" : ""}` }, die, note);
  });
  const who = obs.active !== null && obs.active !== undefined ? obs.monsters[obs.active] : null;
  const rollPips = [];
  for (let i = 0; i < (obs.rolls_allowed || 0); i++) {
    rollPips.push(el("span", { class: `roll-pip${i < obs.rolls_used ? " used" : ""}` }));
  }
  const head = el("div", { class: "tray-head" },
    who ? emblem(who.monster, "small") : null,
    el("h2", {}, who ? (who.seat === ctx.seat ? "Your dice" : `${who.name}'s dice`) : "Dice"),
    ctx.finished ? el("span", { class: "small muted" }, "the last roll")
      : who ? el("span", { class: "rolls", title: "rolls used this turn" }, rollPips,
                 el("span", { class: "small muted" }, ` roll ${obs.rolls_used} of ${obs.rolls_allowed}`)) : null);
  const parts = [head, el("div", { class: "dice", id: "dice" }, slots)];
  if (!dice.length) parts.push(el("p", { class: "small muted" }, "No dice rolled yet."));
  if (black && dice.length) {
    parts.push(el("p", { class: "small", id: "black-note" }, `${plural(black, "black die", "black dice")} this turn `,
      `(paid with ${plural(black, "Dice token", "Dice tokens")}; the same faces as the brown dice).`));
  }
  if (rolling) {
    const loose = [];
    dice.forEach((_, s) => {
      const f = dice[tray.slots[s]];
      if (f !== null && f !== undefined && !tray.kept.has(s)) loose.push(f);
    });
    const text = `reroll ${sortFaces(loose).join(" ")}`;
    const buttons = [];
    // every reroll is reachable by clicking dice: count them as placed
    for (const t of ctx.legal) if (t.startsWith("reroll ") && canPick) ctx.placed.add(t);
    if (canPick && loose.length) {
      buttons.push(ctx.button(text, tray.kept.size ? "Reroll the others" : "Reroll all", { class: "primary" }));
    }
    const risky = canPick && loose.length > 0;
    const asking = confirming(ctx, tray);
    if (risky && asking) {
      ctx.placed.add("stop");
      parts.push(el("div", { class: "confirm", id: "confirm-stop", role: "alertdialog", "aria-label": "resolve now?" },
        el("p", {}, el("b", {}, `Resolve now? You still have ${plural(rollsLeft, "reroll", "rerolls")}`),
           ` and ${plural(loose.length, "die", "dice")} not kept.`),
        el("div", { class: "buttons" },
          ctx.button("stop", "Yes, resolve now", { class: "primary" }),
          el("button", { type: "button", id: "cancel-stop", onclick: () => { tray.confirm = null; ctx.redraw(); } }, "No, keep rolling"))));
    } else if (risky) {
      // stopping now throws the rerolls away: a confirm step first
      ctx.placed.add("stop");
      buttons.push(el("button", { type: "button", id: "ask-stop", disabled: !ctx.isLegal("stop") || undefined,
                                  dataset: { confirm: "stop" }, onclick: () => { tray.confirm = ctx.version; ctx.redraw(); } },
                      "Resolve now"));
    } else {
      buttons.push(ctx.button("stop", "Resolve these dice", { class: loose.length ? "" : "primary" }));
    }
    for (const t of ctx.legal) {
      if (t === "smoke" || t === "drink" || (!canPick && t.startsWith("reroll "))) buttons.push(ctx.button(t, label(t, ctx)));
    }
    if (canPick && loose.length && !ctx.isLegal(text)) parts.push(el("p", { class: "small muted" }, "That reroll is not allowed now."));
    const swap = black && canPick && loose.length ? colourSwap(obs, tray, sortFaces(loose)) : null;
    if (swap) parts.push(el("p", { class: "small warn", id: "colour-note" }, swap));
    if (!asking || !risky) {
      parts.push(el("p", { class: "small muted tray-hint" }, canPick
        ? (tray.kept.size ? `${plural(tray.kept.size, "die", "dice")} kept: click a die to keep or release it.` : "Click the dice you want to keep.")
        : "No rerolls left: resolve your dice."));
      parts.push(el("div", { class: "buttons" }, buttons));
    }
  } else if (ctx.interactive && node.kind === "resolve") {
    // "done" comes only when no die has anything left to do and a card is on offer (R42)
    const nothing = ctx.legal.includes("done");
    parts.push(el("p", { class: "small muted tray-hint" },
      nothing ? "These dice have nothing to resolve: use a card now, or go on." : "Choose what to resolve first."));
    parts.push(el("div", { class: "buttons" }, ctx.legal.map((t) => ctx.button(t, label(t, ctx),
      { class: t.startsWith("resolve") || t === "done" ? "primary" : "" }))));
  }
  parts.push(lastRollsStrip(ctx));
  return el("section", { class: "panel tray", id: "dice-panel", style: `--dice:${Math.max(6, dice.length)}` }, parts);
}

// remember the kept slots when our reroll leaves, so the answer can put them back in place
function watchReroll(ctx, panel) {
  const tray = trayFor(ctx);
  for (const b of panel.querySelectorAll("button[data-action^='reroll ']")) {
    b.addEventListener("click", () => {
      tray.pending = { kept: new Set(tray.kept), dice: tray.dice.slice(), faces: b.dataset.action.split(" ").slice(1) };
    });
  }
}

// ----- Tokyo ----------------------------------------------------------------------------------------
const CITY_ART = '<svg viewBox="0 0 320 90" preserveAspectRatio="xMidYMax slice" aria-hidden="true">'
  + '<g fill="#3b3550">'
  + '<rect x="0" y="52" width="26" height="38"/><rect x="28" y="38" width="22" height="52"/><rect x="52" y="58" width="18" height="32"/>'
  + '<rect x="72" y="28" width="26" height="62"/><rect x="100" y="48" width="20" height="42"/><rect x="196" y="44" width="24" height="46"/>'
  + '<rect x="222" y="24" width="20" height="66"/><rect x="244" y="54" width="26" height="36"/><rect x="272" y="36" width="22" height="54"/>'
  + '<rect x="296" y="60" width="24" height="30"/></g>'
  + '<g fill="none" stroke="#3b3550" stroke-width="3"><path d="M140 90 L160 8 L180 90"/><path d="M146 64 H174 M151 44 H169 M155 26 H165"/>'
  + '<path d="M143 76 L177 60 M177 76 L143 60"/></g>'
  + '<g fill="#ffd66b"><rect x="33" y="44" width="4" height="4"/><rect x="41" y="56" width="4" height="4"/><rect x="78" y="36" width="4" height="4"/>'
  + '<rect x="88" y="50" width="4" height="4"/><rect x="227" y="32" width="4" height="4"/><rect x="233" y="48" width="4" height="4"/>'
  + '<rect x="278" y="44" width="4" height="4"/><rect x="202" y="54" width="4" height="4"/><rect x="106" y="58" width="4" height="4"/></g></svg>';
const BAY_ART = '<svg viewBox="0 0 320 90" preserveAspectRatio="xMidYMax slice" aria-hidden="true">'
  + '<path d="M0 50 Q80 10 160 50 Q240 10 320 50" fill="none" stroke="#3b3550" stroke-width="4"/>'
  + '<g stroke="#3b3550" stroke-width="2"><path d="M40 33 V60 M80 23 V60 M120 33 V60 M200 33 V60 M240 23 V60 M280 33 V60"/></g>'
  + '<path d="M0 60 Q20 54 40 60 T80 60 T120 60 T160 60 T200 60 T240 60 T280 60 T320 60 V90 H0 Z" fill="#2f6fa8"/>'
  + '<path d="M0 72 Q20 66 40 72 T80 72 T120 72 T160 72 T200 72 T240 72 T280 72 T320 72 V90 H0 Z" fill="#245a8c"/></svg>';

function tokyoPanel(ctx) {
  const obs = ctx.observation;
  const place = (title, seat, cls, art) => {
    const m = seat !== null && seat !== undefined ? obs.monsters[seat] : null;
    return el("div", { class: `place ${cls} ${m ? "taken" : "empty"}`, dataset: { place: cls } },
      svgSpan("place-art", art),
      el("div", { class: "place-name" }, title),
      m ? el("div", { class: "occupant", dataset: { seat: m.seat } }, emblem(m.monster, "large"),
             el("div", { class: "occupant-name" }, m.name, m.seat === ctx.seat ? " (you)" : ""),
             el("div", { class: "small" }, el("span", { class: "heart" }, "♥ "), `${m.hearts}/${m.max_hearts}`))
        : el("div", { class: "occupant vacant", title: "the monster whose turn it is enters it after resolving its dice" }, "empty"));
  };
  const places = [place("Tokyo City", obs.tokyo_city, "city", CITY_ART)];
  if (obs.bay_in_use) places.push(place("Tokyo Bay", obs.tokyo_bay, "bay", BAY_ART));
  return el("section", { class: "panel", id: "tokyo" }, el("h2", {}, "Tokyo"),
    el("div", { class: `tokyo-board${places.length > 1 ? " two" : ""}` }, places));
}

// ----- monsters ---------------------------------------------------------------------------------------
/** A card's name as a small tag; clicked, it opens the card itself (``where``: the panel that
    shows it, so that the card opens there; on a phone there is no hover text to read). */
function cardChip(ctx, id, extra = "", cls = "", where = null) {
  const card = ctx.cards[id];
  const kind = card ? (card.type || "").split(" ")[0].toLowerCase() : "";
  const attrs = { class: `tag chip type-${kind} ${cls}`, title: card ? `${card.name} (${card.type}): ${card.text}` : id,
                  dataset: { card: id } };
  const text = (card ? card.name : cardName(ctx, id)) + extra;
  if (!where) return el("span", attrs, text);
  const m = memo(ctx);
  const open = m.openCard === `${where}:${id}`;
  return el("button", { ...attrs, type: "button", class: `${attrs.class}${open ? " open" : ""}`, "aria-expanded": open ? "true" : "false",
                        onclick: () => { m.openCard = open ? null : `${where}:${id}`; ctx.redraw(); } }, text);
}

/** The card opened from one of the chips of ``where`` (see cardChip), drawn as a card. */
function openedCard(ctx, where, ids) {
  const m = memo(ctx);
  const id = ids.find((x) => m.openCard === `${where}:${x}`);
  if (!id) return null;
  return el("div", { class: "opened" }, ctx.cards[id] && /^EVOLUTION/.test(ctx.cards[id].type) ? evolutionCard(ctx, id) : cardFace(ctx, id));
}

function wickednessGauge(ctx, m) {
  const cells = [];
  for (let i = 1; i <= 10; i++) {
    const level = WICKED_LEVELS.includes(i);
    const cls = ["wcell"];
    if (i <= m.wickedness) cls.push("on");
    if (level) cls.push("level");
    if (level && (m.levels || []).includes(i)) cls.push("taken");
    cells.push(el("span", { class: cls.join(" "), title: level ? `${i}: a Wickedness tile` : String(i) }, level ? String(i) : ""));
  }
  return el("div", { class: "wicked-gauge", dataset: { wickedness: m.wickedness },
                     title: `Wickedness ${m.wickedness}: a tile at 3, 6 and 10` },
    el("span", { class: "stat wicked" }, svgSpan("stat-icon", STAT_SVG.wicked), animatedNumber(ctx, `w${m.seat}`, m.wickedness)),
    el("span", { class: "cells" }, cells));
}

function meter(value, max, cls) {
  const pct = Math.max(0, Math.min(100, (100 * value) / (max || 1)));
  return el("span", { class: `meter-bar ${cls}` }, el("span", { class: "fill", style: `width:${pct}%` }));
}

function monsterPanel(ctx, m) {
  const obs = ctx.observation;
  const classes = ["card", "monster"];
  if (m.seat === obs.active) classes.push("active");
  if (m.seat === ctx.seat) classes.push("you");
  if (!m.alive) classes.push("dead");
  if (m.location) classes.push("in-tokyo");
  const tokens = [];
  if (m.poison) tokens.push(`${m.poison} Poison`);
  if (m.shrink) tokens.push(`${m.shrink} Shrink Ray`);
  if (m.smoke) tokens.push(`${m.smoke} Smoke`);
  const gz = isGodzilla(obs);
  const species = gz && ctx.cards[m.monster] && ctx.cards[m.monster].species;
  const where = `m${m.seat}`;
  const owned = [...m.cards, ...m.tiles, ...(m.copy ? [m.copy] : [])];
  // kot: the energy still on Battery Monster (held or copied with Mimic; public)
  const stored = (c) => (c === "battery-monster" && obs.stored_energy ? ` · ${obs.stored_energy[m.seat] || 0} ⚡ on it` : "");
  return el("div", { class: classes.join(" "), dataset: { seat: m.seat, monster: m.monster } },
    el("div", { class: "m-head" }, emblem(m.monster),
      el("div", { class: "m-title" },
        el("div", { class: "name" }, m.name, m.seat === ctx.seat ? " (you)" : ""),
        el("div", { class: "small muted seat-line" }, ctx.seatLabel(m.seat)))),
    el("div", { class: "m-tags" },
       m.seat === obs.active && !ctx.finished ? el("span", { class: "tag playing" }, "playing") : null,
       m.alive && m.location ? el("span", { class: "tag where-tag" }, `in ${LOCATION[m.location]}`) : null,
       !m.alive ? el("span", { class: "tag out-tag" }, "eliminated") : null,
       m.zombified ? el("span", { class: "tag" }, "zombified") : null,
       species ? el("span", { class: "tag species" }, species) : null),
    el("div", { class: "stats" },
       el("span", { class: "stat heart", title: `hearts (${m.hearts} of ${m.max_hearts})` }, svgSpan("stat-icon", STAT_SVG.heart),
          animatedNumber(ctx, `h${m.seat}`, m.hearts), el("span", { class: "of" }, `/${m.max_hearts}`), meter(m.hearts, m.max_hearts, "hearts")),
       el("span", { class: "stat star", title: `stars (${WIN_STARS} wins)` }, svgSpan("stat-icon", STAT_SVG.star),
          animatedNumber(ctx, `s${m.seat}`, m.stars), el("span", { class: "of" }, `/${WIN_STARS}`), meter(m.stars, WIN_STARS, "stars")),
       el("span", { class: "stat energy", title: "energy" }, svgSpan("stat-icon", STAT_SVG.energy), animatedNumber(ctx, `e${m.seat}`, m.energy)),
       gz ? el("span", { class: "stat tokens", title: "Dice tokens (discard before your first roll: 1 black die each)" },
               svgSpan("stat-icon", STAT_SVG.tokens), animatedNumber(ctx, `t${m.seat}`, obs.dice_tokens[m.seat]),
               obs.dice_tokens[m.seat] === 1 ? " Dice token" : " Dice tokens") : null),
    gz || isBase(obs) ? null : wickednessGauge(ctx, m),
    gz ? monsterEvolutions(ctx, m) : null,
    m.cards.length ? el("div", { class: "chips" }, m.cards.map((c) => cardChip(ctx, c, stored(c), "", where))) : null,
    m.tiles.length ? el("div", { class: "chips" }, m.tiles.map((t) => cardChip(ctx, t, "", "tile", where))) : null,
    m.copy ? el("div", { class: "small" }, "copies ", cardChip(ctx, m.copy, stored(m.copy), "", where)) : null,
    openedCard(ctx, where, owned),
    tokens.length ? el("div", { class: "small" }, "Tokens: " + tokens.join(", ")) : null);
}

/** A monster's Evolutions: the permanent ones in play (public), the temporary ones played,
    and how many it holds (the cards themselves are hidden from the other seats). */
function monsterEvolutions(ctx, m) {
  const obs = ctx.observation;
  const evo = obs.evolutions_on && (obs.evolutions || [])[m.seat];
  if (!evo) return null;
  const mine = m.seat === ctx.seat && Array.isArray(evo.hand);
  const where = `e${m.seat}`;
  return el("div", { class: "evo-line small", dataset: { evolutions: m.seat } },
    el("div", {}, "Evolutions: ", el("b", {}, evo.hand_count), " in hand", mine ? " (see Your Evolutions)" : " (hidden)",
       evo.drawn_count ? `, ${evo.drawn_count} drawn` : ""),
    evo.in_play.length ? el("div", { class: "in-play" }, "In play: ",
      evo.in_play.map((id) => cardChip(ctx, id, "", "evo", where))) : null,
    evo.used.length ? el("div", { class: "muted" }, "Played: ", evo.used.map((id) => cardChip(ctx, id, "", "", where))) : null,
    openedCard(ctx, where, [...evo.in_play, ...evo.used]));
}

// ----- cards -----------------------------------------------------------------------------------------
/** A card drawn as a card: cost, name, its text, its type and state (in force, too dear). */
function cardFace(ctx, id, { button = null, note = null, cls = "" } = {}) {
  const obs = ctx.observation;
  const card = ctx.cards[id] || { name: cardName(ctx, id), cost: null, type: "", text: "" };
  const gz = isGodzilla(obs);
  const kind = (card.type || "").split(" ")[0];
  const event = gz && card.event;
  const inForce = (obs.events_in_force || []).includes(id);
  const tile = /^WICKEDNESS/.test(card.type || "");
  const text = event
    ? [el("div", { class: "text event-text" }, el("b", {}, card.event === "ongoing" ? "While face up: " : "When revealed: "),
          card.event_text),
       el("div", { class: "text" }, el("b", {}, "If bought: "), card.bought_text)]
    : el("div", { class: "text" }, gz && kind === "ACTION" ? [el("b", {}, "When bought: "), card.text] : card.text);
  const typeWord = { KEEP: "Keep", DISCARD: "Discard", POWER: "Power", ACTION: "Action", EVENT: "Event" }[kind] || (tile ? "Wickedness tile" : kind);
  const me = obs.monsters && obs.monsters[ctx.seat];
  const buying = ctx.interactive && (obs.node || {}).kind === "buy" && ctx.legal.length > 0;
  // printed cost above the energy and no buy offered (a discount may make it affordable)
  const dear = buying && me && card.cost !== null && card.cost !== undefined && !tile && me.energy < card.cost
    && !ctx.isLegal(`buy ${id}`);
  return el("div", { class: `card kcard kind-${kind.toLowerCase()}${event ? " event" : ""}${inForce ? " in-force" : ""}${tile ? " tile" : ""} ${cls}`,
                     dataset: { card: id } },
    el("div", { class: "kcard-head" },
       card.cost !== null && card.cost !== undefined ? el("span", { class: "cost", title: `costs ${card.cost} energy` }, card.cost, svgSpan("cost-bolt", FACE_SVG.e)) : null,
       el("span", { class: "name" }, card.name)),
    text,
    el("div", { class: "kcard-foot" },
       el("span", { class: `tag type type-${kind.toLowerCase()}` }, gz ? kind : (tile ? card.type.replace("WICKEDNESS", "Wickedness") : card.type)),
       event ? el("span", { class: "tag" }, card.event === "ongoing" ? "ongoing" : "on reveal") : null,
       inForce ? el("span", { class: "tag force" }, "in force") : null,
       !event && !tile && typeWord ? el("span", { class: "small muted" }, kind === "KEEP" || kind === "POWER" ? "stays in front of you" : kind === "DISCARD" || kind === "ACTION" ? "used at once" : "") : null,
       dear ? el("span", { class: "tag dear", title: `you have ${me.energy} ⚡` }, "too dear") : null,
       note),
    button);
}

function marketPanel(ctx) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const buying = ctx.interactive && node.kind === "buy";
  const gz = isGodzilla(obs);
  const cardsShown = (obs.market || []).map((id) => cardFace(ctx, id, {
    // the price is the card's coin (a discount the observation does not show may lower it)
    button: buying ? ctx.button(`buy ${id}`, "Buy", { class: "primary buy" }) : null }));
  const known = (obs.known_top || []).map((id) => el("div", { class: "small" }, "Top of the deck (you looked): ", cardChip(ctx, id)));
  const others = buying ? ctx.legal.filter((t) => (!t.startsWith("buy ") || t === "buy-top") && !t.startsWith("evolve "))
    .sort((a, b) => (a === "end") - (b === "end")).map((t) => ctx.button(t, label(t, ctx), { class: t === "end" ? "primary" : "" })) : [];
  const me = obs.monsters && obs.monsters[ctx.seat];
  return el("section", { class: `panel${buying ? " my-buy" : ""}`, id: "market" },
    el("h2", {}, "Market ", el("span", { class: "small muted" }, `(deck ${obs.deck_size})`),
       buying && me ? el("span", { class: "small you-have" }, ` you have ${me.energy} ⚡`) : null),
    others.length ? el("div", { class: "buttons market-actions" }, others) : null,
    buying && gz ? el("p", { class: "small", id: "buy-note" }, obs.bought_this_turn
      ? "You bought a card this turn: ending the Buy step gains no Energy."
      : "Buy Energy cards, or buy nothing: a monster that buys no card in its Buy step gains 1 ⚡.") : null,
    el("div", { class: "grid cards-row" }, cardsShown), known);
}

function tilesPanel(ctx) {
  const obs = ctx.observation;
  const levels = Object.entries(obs.wickedness_tiles || {});
  if (!levels.length) return null;
  return el("section", { class: "panel", id: "tiles" }, el("details", {}, el("summary", {}, "Wickedness tiles (a tile at 3, 6 and 10 Wickedness)"),
    levels.map(([level, ids]) => el("div", { class: "tile-level" }, el("h3", {}, `Wickedness ${level}`),
      ids.length ? el("div", { class: "grid cards-row" }, ids.map((id) => cardFace(ctx, id))) : el("p", { class: "small muted" }, "none left")))));
}

/** One Evolution card: name, temporary or permanent, when it may be played, its text. */
function evolutionCard(ctx, id, extra = null) {
  const card = ctx.cards[id] || { name: cardName(ctx, id), text: "", type: "" };
  const kind = /PERMANENT/.test(card.type) ? "permanent" : "temporary";
  return el("div", { class: "card kcard evolution", dataset: { evolution: id } },
    el("div", { class: "kcard-head" }, card.monster ? emblem(card.monster, "tiny") : null, el("span", { class: "name" }, card.name)),
    el("div", { class: "text" }, card.effect || card.text,
       kind === "permanent" ? el("span", { class: "muted" }, " (stays in play)") : null),
    el("div", { class: "kcard-foot" }, el("span", { class: `tag evo` }, `Evolution, ${kind}`),
       card.window ? el("span", { class: "small muted" }, `play ${WINDOW_TEXT[card.window] || card.window}`) : null),
    extra);
}

/** The seat's own Evolutions (nobody else sees them); at the Buy step their Play buttons. */
function evolutionsPanel(ctx) {
  const obs = ctx.observation;
  if (!isGodzilla(obs) || !obs.evolutions_on || ctx.seat === null || ctx.seat === undefined) return null;
  const mine = (obs.evolutions || [])[ctx.seat];
  if (!mine || !Array.isArray(mine.hand)) return null;
  const node = obs.node || {};
  const buying = ctx.interactive && node.kind === "buy";
  const hand = mine.hand.map((id) => evolutionCard(ctx, id,
    buying && ctx.isLegal(`evolve ${id}`) ? ctx.button(`evolve ${id}`, "Play it now", { class: "primary" }) : null));
  return el("section", { class: "panel", id: "evolutions" },
    el("h2", {}, "Your Evolutions ", el("span", { class: "small muted" }, `(only you see them; deck ${mine.deck_count})`)),
    hand.length ? el("div", { class: "grid cards-row" }, hand) : el("p", { class: "small muted" }, "No Evolution in your hand."),
    el("p", { class: "small muted" }, "Three or more Heal results in your Roll draw two Evolutions: you keep one."));
}

/** What the prompt's question is about: the cards it names, what each choice does. */
export function promptBody(ctx, rest) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const kind = decisionKind(ctx);
  const ids = (verb, at = 1) => rest.filter((t) => t.startsWith(`${verb} `)).map((t) => t.split(" ")[at]);
  if (isGodzilla(obs)) {
    if (node.kind === "evolution") {
      return el("div", { id: "evolution-question" },
        el("p", { class: "small" }, "Playing it uses the card now; passing keeps it in your hand for a later chance."),
        el("div", { class: "grid cards-row" }, ids("evolve").map((id) => evolutionCard(ctx, id))));
    }
    if (node.kind === "evo-keep") {
      return el("div", { id: "keep-question" },
        el("p", { class: "small" }, "The one you keep goes to your hand, hidden from the others; the other one does not."),
        el("div", { class: "grid cards-row" }, ids("keep").map((id) => evolutionCard(ctx, id))));
    }
    if (node.kind === "dice-tokens") {
      const have = (obs.dice_tokens || [])[ctx.seat] || 0;
      return el("p", { class: "small", id: "tokens-question" },
        `You have ${plural(have, "Dice token", "Dice tokens")}. Each one you discard adds a black die to your rolls `
        + "this turn (at most 2 a turn, never more than 8 dice).");
    }
  }
  if (node.kind === "yield") {
    const me = obs.monsters[ctx.seat];
    const left = me ? `You have ${plural(me.hearts, "heart", "hearts")} left. ` : "";
    const verb = isGodzilla(obs) ? "Fleeing" : "Yielding";
    return el("p", { class: "small", id: "yield-question" }, `${left}${verb} leaves Tokyo to ${monsterName(ctx, obs.active)}, `
      + "who enters it; either way you lose the hearts.");
  }
  const shown = { tile: ids("tile"), metamorph: ids("metamorph"), fluxling: ids("copy"), "unstable-dna": ids("swap"),
                  opportunist: ids("buy") }[kind];
  const mine = { jets: "jets", wings: "wings", "super-jump": "super-jump", "rapid-healing": "rapid-healing",
                 probe: "psychic-probe", "freeze-time": "freeze-time", "energy-shield": "energy-shield" }[kind];
  const list = shown && shown.length ? shown : mine && ctx.cards[mine] ? [mine] : [];
  if (!list.length) return null;
  return el("div", { class: "grid cards-row", id: "question-cards" }, list.map((id) => cardFace(ctx, id)));
}

export function draw(ctx) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const dice = dicePanel(ctx);
  watchReroll(ctx, dice);
  const market = marketPanel(ctx);
  const myBuy = ctx.interactive && node.kind === "buy" && ctx.legal.length > 0;
  const monsters = el("section", { class: "panel", id: "monsters-panel" },
    el("h2", {}, "Monsters ", el("span", { class: "small muted" }, `turn ${obs.turn}`)),
    el("div", { class: "grid monsters", id: "monsters" }, obs.monsters.map((m) => monsterPanel(ctx, m))));
  return el("div", { class: `kot${isGodzilla(obs) ? " godzilla" : " dark"}${myBuy ? " buying" : ""}` },
    el("div", { class: "kot-top" }, dice, tokyoPanel(ctx)),
    myBuy ? market : null,
    monsters,
    myBuy ? null : market,
    evolutionsPanel(ctx), tilesPanel(ctx));
}
