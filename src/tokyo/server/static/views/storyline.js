// Storyline (storyline) and its Crisis Format (crisis-format): the Map as three Bands
// (Deep Space, Orbit, Surface), each card with its controller's colour, Strike, Power,
// Range, damage against Durability, Contested / Fallen, counters and attached Devices;
// each player's Treasury, Story Points, hand and deck; the Storylines and their Chapters;
// in the Crisis Format the shared Story Point pool against both targets and the Crisis
// Storylines with their Time counters. Every button sends a legal action text.
//
// Actions with a choice of target (attack, move, a card played onto a Location or a host)
// start on the acting card: with several targets its button opens a picker (kept in
// ctx.state until the position changes) and the prompt lists the targets by name.
//
// An action that pays the whole Treasury (the observation's ``empties``, worked out by the
// engine) is marked on its button and asks for a confirmation first: a Treasury of 0 at
// the Lose check gives the opponents a Story Point (storyline 16.3). In the Main Phase the
// prompt lists what can be done (the playable cards first), so that a phone need not
// scroll past the Map to find them, with Pass last.
import { el, withYou } from "/static/common.js";

const OPPONENT = -1;   // the Crisis Format's opponent as a controller (no seat of its own)
const BANDS = [[3, "Deep Space"], [2, "Orbit"], [1, "Surface"]];
const BAND_NAME = { 1: "Surface", 2: "Orbit", 3: "Deep Space" };
const TYPE_NAME = { character: "Character", "ground-unit": "Ground Unit", spacecraft: "Spacecraft",
                    location: "Location", device: "Device", event: "Event", storyline: "Storyline",
                    epilogue: "Epilogue" };
const PHASE_NAME = { setup: "Setup", admin: "Admin Phase", draw: "Draw Phase", main: "Main Phase",
                     end: "End Phase", over: "game over" };
const COUNTER_NAME = { story: "Story", time: "Time", liberation: "Liberation", damage: "damage" };

const isCrisis = (obs) => obs && obs.format === "crisis-format";
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** The opponent seat's person, when there is one (crisis-format, opponent=seat). */
function isOpponentSeat(obs, seat) {
  return isCrisis(obs) && obs.opponent_seat !== null && obs.opponent_seat !== undefined && seat === obs.opponent_seat;
}

export function seatName(obs, seat) {
  if (!obs) return null;
  if (isOpponentSeat(obs, seat)) return "the opponent";
  const pl = obs.players && obs.players[seat];
  return pl && pl.deck_id ? pl.deck_name || cap(pl.deck_id) : null;
}

/** A controller as the log and the seats name it: "Ironclad Concord, seat 1 (Ann, you)", "the opponent" (seats from 1). */
function controllerName(ctx, c) {
  const obs = ctx.observation;
  if (c === OPPONENT) return isOpponentSeat(obs, ctx.seat) ? "the opponent (you)" : "the opponent";
  const name = ctx.seatName(c);
  return c === ctx.seat ? withYou(name) : name;
}

function ctlClass(c) {
  return c === OPPONENT ? "ctl-opp" : `ctl-${c}`;
}

function entry(obs, uid) {
  return (obs.map || []).find((e) => e.uid === Number(uid)) || null;
}

/** "Line Trooper #5" for a card on the Map (the number tells copies apart). */
function uidName(obs, uid) {
  const e = entry(obs, uid);
  return e ? `${e.name} #${e.uid}` : `#${uid}`;
}

/** Where a card on the Map is, in a few words: "on Anvil Prime", "aboard Carrier Hive",
    "in Orbit" (a Crisis Storyline: "with no Band"). */
function whereWords(obs, e) {
  const holder = entry(obs, e.host !== null && e.host !== undefined ? e.host : e.place);
  if (holder) return `${holder.type === "spacecraft" && e.type !== "device" ? "aboard" : "on"} ${holder.name}`;
  return e.band ? `in ${BAND_NAME[e.band]}` : "with no Band";
}

/** A card on the Map as a button names it: by its name; when another card on the Map has
    that name too, with where it is ("Line Trooper on Anvil Prime"), and its number as well
    if that still does not tell them apart ("Scrap Drone in Surface, #7"), as the engine's
    words do (words.card_ref). */
function buttonName(obs, uid) {
  const e = entry(obs, uid);
  if (!e) return `#${uid}`;
  const same = (obs.map || []).filter((x) => x.name === e.name);
  if (same.length < 2) return e.name;
  const where = whereWords(obs, e);
  return same.filter((x) => whereWords(obs, x) === where).length < 2 ? `${e.name} ${where}` : `${e.name} ${where}, #${e.uid}`;
}

function cardName(ctx, cid) {
  const info = (ctx.observation.card_info || {})[cid];
  return info ? info.name : cid;
}

/** The uid a text is aimed at (attack target, move destination, host or Location). */
function targetOf(text) {
  const w = text.split(" ");
  if (w[0] === "attack") return Number(w[2]);
  if (w[0] === "move" && w[2] === "to") return Number(w[3]);
  if (w[0] === "play" && w[2] === "on") return Number(w[3]);
  return null;
}

/** "onto Greensong #2", or "aboard Carrier Hive #17" for a Capital Spacecraft. */
function moveWords(obs, uid) {
  const dest = entry(obs, uid);
  return `${dest && dest.type === "spacecraft" ? "aboard" : "onto"} ${buttonName(obs, uid)}`;
}

/** What a use, bargain, repair or rally costs and does, in the engine's words (the
    observation's ``actions``, the same words as ``tokyo play``): "pay 2 Treasury and spend
    Lantern Shrine to put 1 Story counter on target Storyline you control", and, when it
    would change nothing but its cost, why ("it has no Time counter"). */
function paidWords(obs, text) {
  const p = (obs.actions || {})[text];
  if (!p) return null;
  return `${p.cost} to ${p.does}${p.idle ? ` (${p.idle}, so this changes nothing: you only pay the cost)` : ""}`;
}

/** "Use Lantern Shrine: pay 2 Treasury and spend Lantern Shrine to ...", "Rally Drop Marine:
    pay 2 Treasury to remove its 3 damage counters" (null when the engine gave no words). */
function paidLabel(obs, text) {
  const p = (obs.actions || {})[text];
  if (!p) return null;
  const verb = { use: "Use", bargain: "Bargain with", rally: "Rally", repair: "Repair" }[text.split(" ")[0]];
  return `${verb} ${p.card}: ${paidWords(obs, text)}`;
}

/** A readable label for an action text, naming the cards. */
export function label(text, ctx) {
  const obs = ctx.observation;
  const w = text.split(" ");
  const fixed = { keep: "Keep this hand", mulligan: "Mulligan (shuffle it back, draw 6 new cards and keep them)",
                  pass: "Pass: end my Main Phase" };
  if (fixed[text]) return fixed[text];
  switch (w[0]) {
    case "play": {
      const info = (obs.card_info || {})[w[1]] || {};
      const name = info.name || w[1];
      if (w[2] === "on") {
        const dest = entry(obs, w[3]);
        const verb = info.type === "device" ? "attached to" : "on";
        return `Play ${name} ${verb} ${buttonName(obs, w[3])}`;
      }
      return `Play ${name}${info.cost !== undefined ? ` (cost ${info.cost})` : ""}`;
    }
    case "attack": return `Attack ${buttonName(obs, w[2])} with ${buttonName(obs, w[1])}`;
    case "move": {
      if (w[2] === "orbit") return `Move ${buttonName(obs, w[1])} back to Orbit`;
      return `Move ${buttonName(obs, w[1])} ${moveWords(obs, w[3])}`;
    }
    case "use": {
      if (paidLabel(obs, text)) return paidLabel(obs, text);
      const [uid, k] = w[1].split(":");
      return `Use ${buttonName(obs, uid)}${k ? ` (ability ${Number(k) + 1})` : ""}`;
    }
    case "bargain": {
      if (paidLabel(obs, text)) return paidLabel(obs, text);
      const [uid, k] = w[1].split(":");
      return `Bargain with ${buttonName(obs, uid)}${k ? ` (bargain ${Number(k) + 1})` : ""}`;
    }
    case "rally": case "repair": {
      if (paidLabel(obs, text)) return paidLabel(obs, text);
      const e = entry(obs, w[1]);
      return `${cap(w[0])} ${buttonName(obs, w[1])}${e ? ` (pay ${e.cost}, remove its damage)` : ""}`;
    }
    case "choose": return `Choose ${buttonName(obs, w[1])}`;
    case "pick": return `Pick ${buttonName(obs, w[1])}`;
    case "player": return `Pick ${ctx.seatName(Number(w[1]))}`;
    case "discard": return `Discard ${cardName(ctx, w[1])}`;
    default: return text;
  }
}

export function promptTitle(ctx) {
  const node = ctx.observation.node || {};
  const titles = {
    mulligan: "Your opening hand: keep it, or mulligan?",
    main: "Your Main Phase",
    choose: "An ability asks you to choose a card",
    discard: "Over the hand limit of 7: discard a card",
    "discard-effect": "An effect makes you discard a card: which one?",
    pick: "The opponent's choice: pick a card (you decide for the opponent)",
    player: "The opponent's choice: pick a player (you decide for the opponent)",
  };
  return titles[node.kind] || "Your choices";
}

export function moveHint(obs, legal) {
  const node = obs.node || {};
  const hints = { mulligan: "keep your opening hand or mulligan", main: "your Main Phase: act or pass",
                  choose: "choose a card for an ability", discard: "discard down to 7 cards",
                  "discard-effect": "choose a card to discard", pick: "pick a card for the opponent",
                  player: "pick a player for the opponent" };
  return hints[node.kind] || "choose below";
}

/** "won" (green) when this seat's side won, "lost" (red) when it lost, "" (neutral) for a
    draw or a spectator: the colour of the result panel. */
/** How the end reads for ``seat``: "won", "lost", or "" (a draw, or a spectator); the page's
    status line takes its colour from it (play.js), as the result panel does. In the Crisis
    Format the players lose together when the opponent reaches its target. */
export function resultTone(obs, seat) {
  if (!obs || obs.phase !== "over") return "";
  const winners = obs.winners || [];
  if (seat === null || seat === undefined) return "";
  if (winners.includes(seat)) return "won";
  const crisis = obs.format === "crisis-format";
  if (crisis && seat === obs.opponent_seat) return obs.opponent_story >= (obs.crises || []).length + 1 ? "won" : "lost";
  if (crisis) return obs.opponent_story >= (obs.crises || []).length + 1 ? "lost" : "";
  return winners.length ? "lost" : "";
}

/** The result of a finished game in words (the status line and the result panel);
    ``name(seat)`` names a seat (the page's seat names), else "seat N" (from 1). */
export function resultText(obs, name = null) {
  if (!obs || obs.phase !== "over") return null;
  if (isCrisis(obs)) {
    const n = (obs.crises || []).length;
    if (obs.pool >= n + 2) return `The players win together: the pool reached ${obs.pool} of ${n + 2} Story Points.`;
    if (obs.opponent_story >= n + 1) return `Won by the opponent: it reached ${obs.opponent_story} of ${n + 1} Story Points; the players lost together.`;
    return "A draw: the last Act ended before either side reached its target.";
  }
  const winners = obs.winners || [];
  const totals = (obs.players || []).map((p) => p.story);
  if (!winners.length) return "A draw: nobody wins.";
  const names = winners.map((s) => (name ? name(s) : `seat ${s + 1}`)).join(" and ");
  return `${names} win${winners.length === 1 ? "s" : ""} with ${plural(totals[winners[0]], "Story Point")}.`;
}

// ----- an empty Treasury (storyline 16.3) ---------------------------------------------------
/** Who gains the Story Point when this seat's Treasury is 0 at a Lose check. */
function gainers(obs) {
  return isCrisis(obs) ? "the opponent" : obs.players && obs.players.length > 2 ? "each opponent" : "your opponent";
}

/** What that point would decide (null: nothing): the opponent reaching N + 1 wins; a player
    reaching the target wins (storyline 15.6, 22.9). ``short`` for a button, ``long`` for a sentence. */
function winsWith(ctx) {
  const obs = ctx.observation;
  if (isCrisis(obs)) {
    const need = (obs.crises || []).length + 1;
    return obs.opponent_story + 1 >= need ? { short: "enough for it to win", long: `and wins (it reaches ${need})` } : null;
  }
  const target = ctx.options && ctx.options.target;
  if (!target) return null;
  const seats = (obs.players || []).map((pl, s) => s).filter((s) => s !== ctx.seat && obs.players[s].story + 1 >= target);
  if (!seats.length) return null;
  const names = seats.map((s) => ctx.seatName(s)).join(" and ");
  return { short: `${names} would reach ${target}`, long: `(${names} would reach the target of ${target})` };
}

/** The warning for an action that leaves this seat's Treasury at 0 (null if it does not):
    ``short`` for its button, ``long`` for the confirmation. From the engine's ``empties``:
    the Treasury once the action has resolved (its own gains counted), and whether the
    Main Phase then ends at once (nothing else to do), so that the Lose check sees it. */
function emptying(ctx, text) {
  const obs = ctx.observation;
  const after = (obs.empties || {})[text];
  if (!after || after.treasury !== 0) return null;
  const who = gainers(obs);
  const wins = winsWith(ctx);
  const point = `${who} gains 1 Story Point${wins ? ` ${wins.long}` : ""}`;
  return {
    short: `empties your Treasury: +1 Story Point to ${who}${wins ? `, ${wins.short}` : ""}`,
    long: after.lose_check
      ? `This leaves your Treasury at 0 and nothing else to do, so your Main Phase ends; at its Lose check ${point}, then your Treasury is set to 3.`
      : `This leaves your Treasury at 0. If it is still 0 at the end of this phase (the Lose check), ${point}, then your Treasury is set to 3.`,
  };
}

/** A button for an action that may pay Treasury: a plain button, or, when it would empty
    the Treasury, one marked so that asks first (``where`` names the place it is drawn,
    so that the confirmation opens there and nowhere else). */
function payButton(ctx, text, label, attrs = {}, where = "") {
  const warn = ctx.isLegal(text) ? emptying(ctx, text) : null;
  if (!warn) return ctx.button(text, label, attrs);
  ctx.placed.add(text);
  const asking = ctx.state.confirm;
  if (asking && asking.text === text && asking.where === where) {
    return el("div", { class: "confirm sl-confirm", id: "confirm-empty", role: "alertdialog", "aria-label": "empty your Treasury?" },
      el("p", {}, el("b", {}, `${label}: empty your Treasury? `), warn.long),
      el("div", { class: "buttons" },
        ctx.button(text, "Yes, pay it", { class: "primary" }),
        el("button", { type: "button", id: "cancel-empty", onclick: () => { ctx.state.confirm = null; ctx.redraw(); } },
           "No, keep my Treasury")));
  }
  return el("button", { type: "button", class: `${attrs.class || ""} empties`, title: warn.long, dataset: { confirm: text },
    onclick: () => { ctx.state.confirm = { text, where }; ctx.redraw(); } },
    label, el("span", { class: "empties-note" }, `⚠ ${warn.short}`));
}

/** A hint under a Treasury of 0 (or 1, for one's own): what an empty one costs at the Lose
    check (null otherwise). */
function treasuryHint(obs, treasury, you) {
  if (treasury > (you ? 1 : 0)) return null;
  const who = isCrisis(obs) ? "the opponent" : obs.players.length > 2 ? "each opponent" : you ? "your opponent" : "their opponent";
  const text = treasury === 0
    ? `Treasury empty: if it is still 0 at the end of the phase, ${who} gains 1 Story Point (then it is set to 3).`
    : `Treasury 1: paying or losing your last one empties it (${who} gains 1 Story Point at the end of the phase).`;
  return el("div", { class: "small warn treasury-hint" }, "⚠ ", text);
}

// ----- the picker ------------------------------------------------------------------------
function picker(ctx) {
  const p = ctx.state.picker;
  if (!p) return null;
  const texts = p.texts.filter((t) => ctx.isLegal(t));
  return texts.length ? { ...p, texts } : null;
}

/** The button(s) for a group of texts of one actor: one text, a direct button; several, a
    button that opens the picker. Every text of the group counts as placed. */
function groupButton(ctx, texts, single, many, title, cls = "", where = "") {
  texts = texts.filter((t) => ctx.isLegal(t));
  if (!texts.length) return null;
  if (texts.length === 1) return payButton(ctx, texts[0], single(texts[0]), { class: cls }, where);
  for (const t of texts) ctx.placed.add(t);
  const open = ctx.state.picker && ctx.state.picker.key === title;
  // every choice empties the Treasury (one cost): said on the opener too, asked on the choice
  const warn = texts.map((t) => emptying(ctx, t)).reduce((a, b) => (a && b ? a : null));
  return el("button", { type: "button", class: `${open ? "picking" : cls}${warn ? " empties" : ""}`, dataset: { picker: title },
    title: warn ? warn.long : undefined,
    onclick: () => { ctx.state.picker = open ? null : { key: title, label: many, texts }; ctx.redraw(); } },
    open ? `${many} (choosing…)` : `${many}…`, warn ? el("span", { class: "empties-note" }, `⚠ ${warn.short}`) : null);
}

/** Buttons for what a card on the Map may do now (it is the actor of the text). */
function actorButtons(ctx, e) {
  if (!ctx.interactive || !ctx.legal.length) return null;
  const node = ctx.observation.node || {};
  if (node.kind !== "main") return null;
  const mine = (verb) => ctx.legal.filter((t) => {
    const w = t.split(" ");
    return w[0] === verb && w[1].split(":")[0] === String(e.uid);
  });
  const obs = ctx.observation;
  // every label names the acting card (and its target), as the prompt's do: several units
  // that may move onto one Location each say which one moves (issue 12)
  const me = buttonName(obs, e.uid);
  const buttons = [
    groupButton(ctx, mine("attack"), (t) => label(t, ctx), `Attack with ${me}`, `attack ${e.uid}`),
    groupButton(ctx, mine("move"), (t) => label(t, ctx), `Move ${me}`, `move ${e.uid}`),
    // on the card itself: what it costs and does, named as in the prompt
    ...["use", "bargain", "rally", "repair"].flatMap((verb) => mine(verb).map((t) => payButton(ctx, t, label(t, ctx), {}, "map"))),
  ].filter(Boolean);
  return buttons.length ? el("div", { class: "buttons" }, buttons) : null;
}

/** The uids the current question is about (to be chosen or picked, or the picker's targets). */
function highlighted(ctx) {
  const out = new Map();
  for (const t of ctx.legal) {
    const w = t.split(" ");
    if (w[0] === "choose" || w[0] === "pick") out.set(Number(w[1]), w[0]);
  }
  const p = picker(ctx);
  if (p) for (const t of p.texts) if (targetOf(t) !== null) out.set(targetOf(t), "target");
  return out;
}

// ----- cards on the Map ------------------------------------------------------------------
/** The counter type a Storyline's current Chapter counts (shown on its Chapter line). */
function chapterCounter(e) {
  const ch = (e.chapters || [])[(e.chapter || 1) - 1];
  return ch ? ch.counter : null;
}

function counterTags(e, skip = null) {
  return Object.entries(e.counters || {}).filter(([k, n]) => n && k !== skip).map(([k, n]) =>
    el("span", { class: `tag counter counter-${k}`, title: `${COUNTER_NAME[k] || k} counters` }, `${COUNTER_NAME[k] || k} ${n}`));
}

function damageLine(e, destroyedAt) {
  const d = e.damage || 0;
  const pct = Math.min(100, Math.round((100 * d) / Math.max(1, destroyedAt)));
  const title = e.type === "storyline"
    ? `damage ${d}: destroyed at ${e.durability}`
    : `damage ${d} of Durability ${e.durability}: ${e.type === "character" ? "Fallen" : "Contested"} at ${e.durability}, destroyed at ${2 * e.durability}`;
  return el("div", { class: "dmg", title },
    el("span", { class: "dmg-text" }, `Damage ${d}/${e.durability}`),
    el("span", { class: "dmg-bar" }, el("span", { class: `dmg-fill ${d >= e.durability ? "broken" : ""}`, style: `width:${pct}%` })));
}

function isHomeworld(obs, e) {
  const pl = obs.players && obs.players[e.owner];
  return !!(pl && pl.homeworld === e.card);
}

function deviceChip(ctx, d) {
  const obs = ctx.observation;
  return el("div", { class: `device ${ctlClass(d.controller)}`, dataset: { uid: d.uid }, title: d.text },
    el("span", { class: "device-name" }, "⚙ ", d.name, el("span", { class: "uid" }, ` #${d.uid}`)),
    d.controller !== d.owner && d.owner === OPPONENT ? el("span", { class: "tag crisis-tag" }, "Crisis") : null,
    el("div", { class: "text" }, d.text), counterTags(d), actorButtons(ctx, d), choiceMark(ctx, d));
}

function choiceMark(ctx, e) {
  const kind = ctx.marks && ctx.marks.get(e.uid);
  if (!kind) return null;
  return el("div", { class: "choice-mark" }, kind === "target" ? "◆ a target of your choice (see the prompt)"
    : kind === "pick" ? "◆ the opponent may pick this (see the prompt)" : "◆ you may choose this (see the prompt)");
}

function statLine(e) {
  const bits = [];
  // a Location with no Strike cannot attack: no Strike or Range to show
  const attacks = ["character", "ground-unit", "spacecraft"].includes(e.type) || (e.type === "location" && e.strike);
  if (attacks || (e.strike && e.type !== "storyline")) {
    bits.push(el("span", { class: "stat-strike", title: "Strike and Power" }, `⚔ ${e.strike} ${cap(e.power)}`));
    bits.push(el("span", { class: "stat-range", title: "Range (Bands it reaches away from its own)" }, `⇕ Range ${e.range}`));
  }
  if (e.type === "location" && e.income) bits.push(el("span", { title: "Income in its controller's Admin Phase" }, `+${e.income} Income`));
  return bits.length ? el("div", { class: "stats sl-stats" }, bits) : null;
}

function mapCard(ctx, e, holders) {
  const obs = ctx.observation;
  const devices = (obs.map || []).filter((d) => d.type === "device" && d.host === e.uid);
  const permanent = ["character", "ground-unit", "spacecraft", "location"].includes(e.type);
  const classes = ["card", "sl-card", ctlClass(e.controller), `type-${e.type}`];
  if (e.fallen) classes.push("fallen");
  if (e.contested) classes.push("contested");
  if (permanent && !e.ready) classes.push("spent");
  const mark = ctx.marks && ctx.marks.get(e.uid);
  if (mark) classes.push("choice");
  const tags = [];
  if (isHomeworld(obs, e)) tags.push(el("span", { class: "tag homeworld" }, "Homeworld"));
  if (e.contested) tags.push(el("span", { class: "tag state-contested", title: "damage at least its Durability" }, "Contested"));
  if (e.fallen) tags.push(el("span", { class: "tag state-fallen", title: "damage at least its Durability: cannot attack, move or use abilities" }, "Fallen"));
  if (permanent) tags.push(el("span", { class: `tag ${e.ready ? "ready" : "spent-tag"}` }, e.ready ? "ready" : "spent"));
  if (e.shielded) tags.push(el("span", { class: "tag", title: "Low Power does not reach it" }, "Shielded"));
  if (e.token) tags.push(el("span", { class: "tag" }, "Drone"));
  if (e.crisis && e.type !== "storyline") tags.push(el("span", { class: "tag crisis-tag" }, "Crisis"));
  if (e.place !== null && e.place !== undefined) {
    const h = entry(obs, e.place);
    tags.push(el("span", { class: "tag on-place" }, `${h && h.type === "spacecraft" ? "aboard" : "on"} ${uidName(obs, e.place)}`));
  }
  if (e.owner !== e.controller && e.type !== "device") {
    tags.push(el("span", { class: "tag occupied", title: "owner" }, `owned by ${e.owner === OPPONENT ? "the opponent" : ctx.seatName(e.owner)}`));
  }
  const aboard = holders.get(e.uid) || 0;
  const kind = TYPE_NAME[e.type] + (e.class === "capital" ? " (Capital)" : "");
  return el("div", { class: classes.join(" "), dataset: { uid: e.uid, card: e.card, controller: e.controller } },
    el("div", { class: "name" }, e.name, el("span", { class: "uid" }, ` #${e.uid}`)),
    el("div", { class: "sub" }, el("span", { class: `ctl-chip ${ctlClass(e.controller)}` }, controllerName(ctx, e.controller)),
       " ", kind, aboard ? el("span", { class: "muted" }, `, ${plural(aboard, "unit")} ${e.type === "location" ? "on it" : "aboard"}`) : null),
    statLine(e),
    e.type === "storyline" ? chapterLine(e) : null,
    e.type !== "epilogue" && e.type !== "device" ? damageLine(e, e.type === "storyline" ? e.durability : 2 * e.durability) : null,
    el("div", { class: "tags" }, tags, counterTags(e, e.type === "storyline" ? chapterCounter(e) : null)),
    e.text ? el("div", { class: "text", title: e.text }, e.text) : null,
    e.type === "storyline" ? chapterText(e) : null,
    devices.length ? el("div", { class: "devices" }, devices.map((d) => deviceChip(ctx, d))) : null,
    choiceMark(ctx, e),
    actorButtons(ctx, e));
}

function chapterLine(e) {
  const chs = e.chapters || [];
  const ch = chs[(e.chapter || 1) - 1];
  if (!ch) return null;
  const have = (e.counters || {})[ch.counter] || 0;
  return el("div", { class: "chapter-line" }, el("b", {}, `Chapter ${e.chapter} of ${chs.length}`),
    `: ${have}/${ch.end} ${COUNTER_NAME[ch.counter]} counters`);
}

/** The current Chapter's text, the whole list folded away under it. */
function chapterText(e) {
  const chs = e.chapters || [];
  const ch = chs[(e.chapter || 1) - 1];
  return el("div", { class: "chapter-text" },
    ch && ch.text ? el("div", { class: "current-chapter" }, ch.text) : null,
    el("details", { class: "all-chapters" }, el("summary", { class: "small" }, "All Chapters"),
      el("ol", { class: "chapters" }, chs.map((ch2, i) => el("li", { class: i + 1 === e.chapter ? "current" : "" },
        chapterGoal(ch2), ch2.text ? `: ${ch2.text}` : "")))));
}

/** "ends at 3 Story counters": what completes a Chapter (its text, if any, follows). */
function chapterGoal(ch) {
  return el("span", { class: "small muted chapter-goal" }, `ends at ${plural(ch.end, `${COUNTER_NAME[ch.counter] || ch.counter} counter`)}`);
}

/** The cards of one Band: each Location or Capital followed by the units on or aboard it;
    the players' cards first (you first), the opponent's last. */
function bandCards(ctx, band) {
  const obs = ctx.observation;
  const inBand = (obs.map || []).filter((e) => e.band === band && e.type !== "device");
  const holders = new Map();
  for (const e of obs.map || []) if (e.place !== null && e.place !== undefined) holders.set(e.place, (holders.get(e.place) || 0) + 1);
  const rank = (c) => (c === ctx.seat ? -1 : c === OPPONENT ? 99 : c);
  const roots = inBand.filter((e) => e.place === null || e.place === undefined || !inBand.some((h) => h.uid === e.place));
  roots.sort((a, b) => rank(a.controller) - rank(b.controller) || a.uid - b.uid);
  const out = [];
  for (const r of roots) {
    out.push(r);
    for (const u of inBand.filter((e) => e.place === r.uid)) out.push(u);
  }
  return out.map((e) => mapCard(ctx, e, holders));
}

function mapPanel(ctx) {
  const rows = BANDS.map(([band, name]) => {
    const cards = bandCards(ctx, band);
    return el("div", { class: `band band-${band}`, dataset: { band } },
      el("div", { class: "band-name" }, name, el("div", { class: "small muted" }, `Band ${band}`)),
      cards.length ? el("div", { class: "band-cards" }, cards) : el("div", { class: "band-empty small muted" }, "empty"));
  });
  return el("section", { class: "panel", id: "sl-map" }, el("h2", {}, "The Map"), el("div", { class: "bands" }, rows));
}

// ----- Crisis Format ---------------------------------------------------------------------
function meter(label, have, need, cls, note) {
  const cells = Array.from({ length: need }, (_, i) => el("span", { class: `cell ${i < have ? "on" : ""}` }));
  return el("div", { class: `meter ${cls}`, dataset: { have, need } },
    el("div", { class: "meter-head" }, el("b", {}, label), el("span", { class: "meter-num" }, `${have} / ${need}`),
       note ? el("span", { class: "small muted" }, note) : null),
    el("div", { class: "cells" }, cells));
}

function poolPanel(ctx) {
  const obs = ctx.observation;
  const n = (obs.crises || []).length;
  const players = (obs.players || []).length;
  const you = ctx.seat !== null && ctx.seat !== undefined;
  const opp = isOpponentSeat(obs, ctx.seat);
  const goal = opp ? `You (the opponent) win at ${n + 1} Story Points; the players together at ${n + 2}.`
    : you ? `You win${players > 1 ? " together" : ""} at ${n + 2} Story Points; the opponent at ${n + 1}.`
    : `The players win together at ${n + 2} Story Points; the opponent at ${n + 1}.`;
  const why = `Targets: the number of Crisis Storylines (${n}) plus 2 for the players, plus 1 for the opponent.`;
  return el("section", { class: "panel", id: "sl-pool" },
    el("h2", {}, "Story Points"),
    el("p", { class: "sl-goal", title: why }, goal),
    meter("Players' pool", obs.pool, n + 2, "pool", null),
    meter("The opponent", obs.opponent_story, n + 1, "opp", null));
}

function crisisPanel(ctx) {
  const obs = ctx.observation;
  const items = (obs.crises || []).map((cid) => {
    const e = (obs.map || []).find((x) => x.card === cid);
    if (!e) {
      return el("div", { class: "card sl-card ctl-opp crisis-gone", dataset: { crisis: cid } },
        el("div", { class: "name" }, cardName(ctx, cid)),
        el("div", { class: "small" }, "Destroyed: out of the game (a destroyed Crisis Storyline gives the players 2 Story Points)."));
    }
    if (e.type !== "storyline") {
      return el("div", { class: "card sl-card ctl-opp crisis-flipped", dataset: { crisis: cid, uid: e.uid } },
        el("div", { class: "name" }, "Flipped"),
        el("div", { class: "small" }, `now ${e.name} #${e.uid}, a ${TYPE_NAME[e.type]}`,
           e.band ? ` in ${BAND_NAME[e.band]}` : "", ": see the Map"));
    }
    return mapCard(ctx, e, new Map());
  });
  return el("section", { class: "panel", id: "sl-crises" },
    el("h2", {}, "Crisis Storylines ", el("span", { class: "small muted" }, "(each takes a Time counter in every opponent Admin Phase)")),
    items.length ? el("div", { class: "grid" }, items) : el("p", { class: "muted" }, "None."));
}

// ----- players -----------------------------------------------------------------------
function playersPanel(ctx) {
  const obs = ctx.observation;
  const crisis = isCrisis(obs);
  const target = ctx.options && ctx.options.target;
  const cards = (obs.players || []).map((pl, seat) => {
    const home = (obs.map || []).find((e) => e.card === pl.homeworld && e.owner === seat);
    const active = obs.active === seat && obs.phase !== "over";
    return el("div", { class: `card player ${ctlClass(seat)} ${seat === ctx.seat ? "you" : ""} ${active ? "active" : ""}`, dataset: { seat } },
      el("div", { class: "name" }, el("span", { class: `swatch ${ctlClass(seat)}` }), seat === ctx.seat ? withYou(ctx.seatName(seat)) : ctx.seatName(seat),
         active ? el("span", { class: "tag" }, "playing") : null,
         crisis && obs.paired === seat && obs.phase !== "over" ? el("span", { class: "tag", title: "the opponent's turn follows this player's" }, "paired") : null),
      el("div", { class: "stats sl-stats" },
        el("span", { class: `stat-treasury ${pl.treasury <= 1 ? "low" : ""}`, title: "Treasury" }, "Treasury ", el("b", {}, pl.treasury)),
        crisis ? null : el("span", { class: "stat-story", title: "Story Points" }, "Story ", el("b", {}, pl.story),
                              target ? el("span", { class: "muted" }, `/${target}`) : null),
        el("span", { title: "cards in hand" }, "Hand ", el("b", {}, pl.hand_size)),
        el("span", { title: "cards left in the deck" }, "Deck ", el("b", {}, pl.deck_size)),
        el("span", { title: "discard pile" }, "Discard ", el("b", {}, pl.discard.length))),
      el("div", { class: "small" }, "Homeworld: ", home
        ? [el("b", {}, home.name), ` #${home.uid}, damage ${home.damage}/${home.durability}`,
           home.contested ? el("span", { class: "tag state-contested" }, "Contested") : null,
           home.controller !== seat ? el("span", { class: "tag occupied" }, `held by ${controllerName(ctx, home.controller)}`) : null]
        : el("span", { class: "muted" }, "not on the Map")),
      obs.phase !== "over" ? treasuryHint(obs, pl.treasury, seat === ctx.seat) : null,
      pl.empty_draw ? el("div", { class: "small warn" }, "drew from an empty deck") : null);
  });
  if (crisis) {
    const mine = (obs.map || []).filter((e) => e.controller === OPPONENT).length;
    const oppSeat = obs.opponent_seat;
    cards.push(el("div", { class: `card player ctl-opp ${isOpponentSeat(obs, ctx.seat) ? "you" : ""} ${obs.active === OPPONENT && obs.phase !== "over" ? "active" : ""}`, dataset: { seat: "opponent" } },
      el("div", { class: "name" }, el("span", { class: "swatch ctl-opp" }), "The opponent",
         isOpponentSeat(obs, ctx.seat) ? " (you make its choices)" : "",
         obs.active === OPPONENT && obs.phase !== "over" ? el("span", { class: "tag" }, "playing") : null),
      el("div", { class: "small" }, `Story Points ${obs.opponent_story}; controls ${plural(mine, "card")} on the Map. `,
         oppSeat !== null && oppSeat !== undefined ? `Its choices are made by ${ctx.seatLabel(oppSeat)}.` : "Its choices are made at random."),
      el("div", { class: "small muted" }, "No deck, hand or Treasury.")));
  }
  return el("section", { class: "panel", id: "sl-players" }, el("h2", {}, crisis ? "Players and the opponent" : "Players"),
    el("div", { class: "grid" }, cards));
}

// ----- the hand ------------------------------------------------------------------------
function handCard(ctx, cid, count) {
  const info = (ctx.observation.card_info || {})[cid] || { name: cid, type: "", cost: "?", text: "" };
  const node = ctx.observation.node || {};
  const plays = ctx.legal.filter((t) => t.split(" ")[0] === "play" && t.split(" ")[1] === cid);
  const stats = [];
  if (["character", "ground-unit", "spacecraft", "location"].includes(info.type)) {
    if (info.type !== "location" || info.strike) stats.push(`⚔ ${info.strike} ${cap(info.power)}`, `⇕ Range ${info.range}`);
    stats.push(`Durability ${info.durability}`);
    if (info.income) stats.push(`+${info.income} Income`);
  } else if (info.type === "storyline" && info.chapters) {
    stats.push(`${plural(info.chapters.length, "Chapter")}`, `Durability ${info.durability}`);
    if (info.award) stats.push(`award ${plural(info.award, "Story Point")}`);
  }
  const buttons = [];
  if (node.kind === "main" && plays.length) {
    const direct = plays.filter((t) => targetOf(t) === null);
    for (const t of direct) buttons.push(payButton(ctx, t, `Play ${info.name} (cost ${info.cost})`, { class: "primary" }, "hand"));
    // one place to play it: a direct button; several: the picker
    const onto = plays.filter((t) => targetOf(t) !== null);
    if (onto.length) {
      buttons.push(groupButton(ctx, onto, (t) => `Play ${info.name} ${info.type === "device" ? "on" : "onto"} ${buttonName(ctx.observation, targetOf(t))}`,
                               `Play ${info.name} (cost ${info.cost}): choose where`, `play ${cid}`, "primary", "hand"));
    }
  }
  const why = buttons.length ? null : whyNot(ctx, info);
  const kind = TYPE_NAME[info.type] + (info.class === "capital" ? " (Capital)" : "");
  return el("div", { class: `card hand-card type-${info.type}`, dataset: { card: cid } },
    el("div", { class: "name" }, info.name, count > 1 ? el("span", { class: "tag" }, `×${count}`) : null),
    el("div", { class: "sub" }, el("span", { class: "cost", title: "cost (Treasury)" }, `${info.cost}`), " ", kind,
       info.type === "device" ? el("span", { class: "muted" }, " (attaches to your permanent)") : null),
    stats.length ? el("div", { class: "stats sl-stats" }, stats.map((s) => el("span", {}, s))) : null,
    info.text ? el("div", { class: "text" }, info.text) : null,
    info.type === "storyline" && info.chapters ? el("ol", { class: "chapters" }, info.chapters.map((ch) =>
      el("li", {}, chapterGoal(ch), ch.text ? `: ${ch.text}` : ""))) : null,
    info.back ? el("div", { class: "small muted" }, `Flips to ${info.back.name} (${TYPE_NAME[info.back.type] || info.back.type})`) : null,
    buttons.length ? el("div", { class: "buttons" }, buttons) : null,
    why ? el("div", { class: "small why-not" }, why) : null);
}

/** Why a card of the hand has no Play button in this seat's Main Phase (null elsewhere):
    the engine's reasons (storyline 6.2.1, 6.5.2, 6.6.2), a cost first. */
function whyNot(ctx, info) {
  const obs = ctx.observation;
  if ((obs.node || {}).kind !== "main" || !ctx.legal.length) return null;
  const treasury = (obs.players[ctx.seat] || {}).treasury;
  if (info.cost > treasury) return `Too expensive: it costs ${info.cost}, your Treasury is ${treasury}.`;
  if (info.type === "device") return "Cannot be played: nothing of yours it may be attached to (see its text).";
  if (info.type === "event") return "Cannot be played: its target is missing (nothing it may target now).";
  return "Cannot be played now.";
}

function handPanel(ctx) {
  const obs = ctx.observation;
  if (!Array.isArray(obs.hand)) {
    if (isOpponentSeat(obs, ctx.seat)) {
      return el("section", { class: "panel", id: "sl-hand" }, el("h2", {}, "You play the opponent"),
        el("p", { class: "small" }, "The opponent has no hand. When one of its abilities would choose at random, ",
          "you make the choice instead; the rest of its turn runs by itself."));
    }
    return null;
  }
  const counts = new Map();
  for (const cid of obs.hand) counts.set(cid, (counts.get(cid) || 0) + 1);
  const pl = obs.players[ctx.seat] || {};
  const mainNow = (obs.node || {}).kind === "main" && ctx.legal.length;
  return el("section", { class: "panel", id: "sl-hand" },
    el("h2", {}, `Your hand (${obs.hand.length}) `, el("span", { class: `small ${pl.treasury <= 1 ? "warn" : "muted"}` }, `Treasury ${pl.treasury}`)),
    !mainNow && obs.phase !== "over" && obs.hand.length && ctx.interactive
      ? el("p", { class: "small muted", id: "sl-hand-when" }, "You play cards in your own Main Phase.") : null,
    obs.hand.length ? el("div", { class: "grid hand-grid" }, [...counts].map(([cid, n]) => handCard(ctx, cid, n)))
      : el("p", { class: "muted" }, "No cards."));
}

// ----- the prompt's explanations ---------------------------------------------------------
/** "Asking: The Grinding Front (#2). " from the log's latest ability line ("The ability of
    The Grinding Front (#2) resolves.", "The Chapter 2 completion of ... resolves."). */
function asking(ctx) {
  const lines = ctx.log || [];
  for (let i = lines.length - 1; i >= 0 && i >= lines.length - 30; i--) {
    const m = /^The (?:ability|Chapter \d+ completion) of (.*) resolves\.$/.exec(lines[i].text);
    if (m) return el("span", { class: "asking" }, "The ability of ", el("b", {}, m[1]), " asks. ");
  }
  return null;
}

/** The Main Phase at a glance, in the prompt (the first thing on a phone): the Treasury,
    the cards that can be played (a button each: a direct play, or the picker of where),
    the abilities, bargains, repairs and rallies, the attacks (a button per attacker), then
    a word on Pass, which play.js draws after this. The same buttons are on the hand and
    the Map. */
function mainChoices(ctx) {
  const obs = ctx.observation;
  const pl = obs.players[ctx.seat] || {};
  const legal = ctx.legal;
  const verb = (t) => t.split(" ")[0];
  const rows = [];
  const cards = [...new Set(legal.filter((t) => verb(t) === "play").map((t) => t.split(" ")[1]))];
  if (cards.length) {
    rows.push(el("div", { class: "sl-choice-row", id: "sl-quick-play" }, el("span", { class: "small sl-choice-head" }, "Play from your hand:"),
      el("div", { class: "buttons" }, cards.map((cid) => {
        const info = (obs.card_info || {})[cid] || { name: cid, cost: "?" };
        const plays = legal.filter((t) => verb(t) === "play" && t.split(" ")[1] === cid);
        const name = `${info.name} (cost ${info.cost})`;
        if (plays.length === 1 && targetOf(plays[0]) === null) return payButton(ctx, plays[0], `Play ${name}`, { class: "primary" }, "prompt");
        return groupButton(ctx, plays, (t) => `Play ${info.name} ${info.type === "device" ? "on" : "onto"} ${buttonName(obs, targetOf(t))} (cost ${info.cost})`,
                           `Play ${name}`, `play ${cid}`, "primary", "prompt");
      }))));
  }
  const paid = legal.filter((t) => ["use", "bargain", "rally", "repair"].includes(verb(t)));
  if (paid.length) {
    rows.push(el("div", { class: "sl-choice-row", id: "sl-quick-abilities" }, el("span", { class: "small sl-choice-head" }, "Abilities and repairs:"),
      el("div", { class: "buttons" }, paid.map((t) => payButton(ctx, t, label(t, ctx), {}, "prompt")))));
  }
  const attackers = [...new Set(legal.filter((t) => verb(t) === "attack").map((t) => t.split(" ")[1]))];
  if (attackers.length) {
    rows.push(el("div", { class: "sl-choice-row", id: "sl-quick-attack" }, el("span", { class: "small sl-choice-head" }, "Attack:"),
      el("div", { class: "buttons" }, attackers.map((uid) => groupButton(ctx, legal.filter((t) => verb(t) === "attack" && t.split(" ")[1] === uid),
        (t) => label(t, ctx), `Attack with ${buttonName(obs, uid)}`, `attack ${uid}`, "", "prompt")))));
  }
  const moves = legal.some((t) => verb(t) === "move");
  return el("div", { id: "sl-main-choices" },
    el("p", { class: "small sl-treasury-line" }, "Your Treasury: ", el("b", {}, pl.treasury)),
    treasuryHint(obs, pl.treasury, true),
    rows,
    el("p", { class: "small muted" }, moves ? "Moves are on your cards on the Map. " : "",
      "Pass ends your Main Phase: you cannot act again until your next turn."));
}

export function promptBody(ctx, rest) {
  const obs = ctx.observation;
  const node = obs.node || {};
  if (node.kind === "main") {
    const p = picker(ctx);
    if (!p) return mainChoices(ctx);
    return el("div", { id: "sl-picker" },
      el("p", {}, el("b", {}, `${p.label}: choose one`), el("span", { class: "small muted" }, " (the cards are marked ◆ on the Map)")),
      el("div", { class: "buttons" }, p.texts.map((t) => payButton(ctx, t, label(t, ctx), { class: "primary" }, "picker")),
         el("button", { type: "button", onclick: () => { ctx.state.picker = null; ctx.redraw(); } }, "Cancel")));
  }
  if (node.kind === "mulligan") {
    return el("p", { class: "small" }, "Your six cards are just below. A mulligan shuffles them back into your deck and deals six new ones, "
      + "which you keep: there is one mulligan only (rule 5.8.1).");
  }
  if (node.kind === "pick" || node.kind === "player") {
    return el("p", { class: "small" }, asking(ctx), "It would choose at random; with the opponent seat the choice is yours. ",
      "The cards it may pick are marked ◆ on the Map.");
  }
  if (node.kind === "choose") {
    return el("p", { class: "small" }, asking(ctx), "The cards you may choose are marked ◆ on the Map.");
  }
  return null;
}

// ----- the whole board ---------------------------------------------------------------------
/** The log lines of the last two turns (the opponent's turn and yours), for narrow screens
    where the log is far below the board. */
function recentEvents(ctx) {
  const lines = ctx.log || [];
  const starts = lines.map((l, i) => (/^Turn \d+:/.test(l.text) ? i : -1)).filter((i) => i >= 0);
  const recent = lines.slice(starts.length >= 2 ? starts[starts.length - 2] : 0).slice(-40);
  if (!recent.length) return null;
  return el("details", { class: "recent", id: "sl-recent" },
    el("summary", { class: "small" }, `What just happened (the last ${plural(Math.min(2, starts.length) || 1, "turn")})`),
    el("ol", { class: "small recent-lines" }, recent.map((l) => el("li", {}, l.text))));
}

/** The final Story Points of every side, in a line. */
function finalStanding(ctx) {
  const obs = ctx.observation;
  if (isCrisis(obs)) {
    const n = (obs.crises || []).length;
    return `Final: the players' pool ${obs.pool} of ${n + 2}, the opponent ${obs.opponent_story} of ${n + 1}. Act ${obs.act}, turn ${obs.turn}.`;
  }
  const target = ctx.options && ctx.options.target;
  return `Final Story Points${target ? ` (target ${target})` : ""}: ` +
    (obs.players || []).map((pl, seat) => `${ctx.seatName(seat)}: ${pl.story}`).join("; ") + `. Act ${obs.act}, turn ${obs.turn}.`;
}

function headPanel(ctx) {
  const obs = ctx.observation;
  const acts = ctx.options && ctx.options.acts;
  const rounds = ctx.options && ctx.options.act_rounds;
  let who = "";
  if (obs.phase === "over") who = "";
  else if (obs.active === OPPONENT) who = `The opponent's turn, paired with ${ctx.seatName(obs.paired)}`;
  else if (obs.phase !== "setup") who = obs.active === ctx.seat ? "Your turn" : `${ctx.seatName(obs.active)}'s turn`;
  const result = resultText(obs, ctx.seatName);
  const resolving = (obs.resolving || []).map(([seat, cid]) => `${cardName(ctx, cid)} (${ctx.seatName(seat)})`);
  return el("section", { class: "panel sl-head" },
    el("div", { class: "sl-turn" }, el("b", {}, `Act ${obs.act}${acts ? ` of ${acts}` : ""}`),
       obs.turn ? ` · Turn ${obs.turn}` : "", rounds ? el("span", { class: "small muted" }, ` (${plural(rounds, "round")} an Act)`) : null,
       who ? ` · ${who}` : "", obs.phase && obs.phase !== "over" ? ` · ${PHASE_NAME[obs.phase] || obs.phase}` : ""),
    resolving.length ? el("div", { class: "small" }, "Resolving: ", resolving.join(", ")) : null,
    // the result in words is on the status line above; here the final standing
    result ? el("div", { class: `sl-result ${resultTone(obs, ctx.seat)}`, id: "sl-result", title: result }, el("b", {}, "Game over. "),
                finalStanding(ctx)) : null,
    recentEvents(ctx));
}

export function draw(ctx) {
  const obs = ctx.observation;
  ctx.marks = highlighted(ctx);
  const crisis = isCrisis(obs);
  // built in this order so that buttons on cards are placed before the prompt is drawn
  const head = headPanel(ctx);
  const pool = crisis ? poolPanel(ctx) : null;
  const hand = handPanel(ctx);
  const crises = crisis ? crisisPanel(ctx) : null;
  const map = mapPanel(ctx);
  const players = playersPanel(ctx);
  // a decision about the hand (the opening hand, a discard, a card to play): the hand right
  // under the prompt, before the Story Points, the Crisis Storylines and the Map, so that on
  // a phone the cards the prompt speaks of are on the first screen
  if (handDecision(ctx)) {
    return el("div", { class: `storyline ${crisis ? "crisis-format" : "competitive"} hand-first` }, hand, head, pool, crises, map, players);
  }
  return el("div", { class: `storyline ${crisis ? "crisis-format" : "competitive"}` }, head, pool, crises, map, hand, players);
}

/** Whether this seat's decision is about its hand: keep or mulligan, a discard, or a Main
    Phase with a card of the hand to play. */
function handDecision(ctx) {
  const obs = ctx.observation;
  if (!ctx.interactive || !ctx.legal.length || !Array.isArray(obs.hand) || !obs.hand.length) return false;
  const kind = (obs.node || {}).kind;
  if (["mulligan", "discard", "discard-effect"].includes(kind)) return true;
  return kind === "main" && ctx.legal.some((t) => t.startsWith("play "));
}
