// King of Tokyo (kot-dark): monsters, Tokyo City and Bay, the dice (click to keep, then
// reroll the others), the market, Wickedness tiles. Every button sends a legal action
// text of docs/notation.md.
import { el } from "/static/common.js";

const FACE_ORDER = ["1", "2", "3", "e", "h", "c"];
const FACE_SHOWN = { "1": "1", "2": "2", "3": "3", e: "⚡", h: "♥", c: "⚔" };
const FACE_NAME = { "1": "one", "2": "two", "3": "three", e: "Energy", h: "Heart", c: "Claw" };
const LOCATION = ["outside Tokyo", "Tokyo City", "Tokyo Bay"];

export function seatName(obs, seat) {
  const monster = obs && obs.monsters && obs.monsters[seat];
  return monster ? monster.name : null;
}

function sortFaces(faces) {
  return faces.slice().sort((a, b) => FACE_ORDER.indexOf(a) - FACE_ORDER.indexOf(b));
}

/** A readable label for an action text (card ids become card names). */
export function label(text, ctx) {
  const words = text.split(" ");
  const named = words.map((w) => (ctx.cards[w] ? ctx.cards[w].name : w));
  const [verb] = words;
  const fixed = {
    stop: "Stop rolling", end: "End my turn", stay: "Stay in Tokyo", yield: "Yield Tokyo", pass: "Pass",
    sweep: "Sweep the market (2 ⚡)", peek: "Peek at the top card", "buy-top": "Buy the top card", smoke: "Use a Smoke token (roll again)",
    drink: "Energy Drink (1 ⚡, roll again)", "rapid-heal": "Rapid Healing (2 ⚡: +1 ♥)", done: "Done", wings: "Wings (2 ⚡: no damage)",
    jump: "Super Jump (1 ⚡: lose 1 ♥ less)",
  };
  if (fixed[text]) return fixed[text];
  if (verb === "resolve") return `Resolve ${words[1]}`;
  if (verb === "buy") return `Buy ${named.slice(1).join(" ")}`;
  if (verb === "tile") return `Take the tile ${named.slice(1).join(" ")}`;
  if (verb === "reroll") return `Reroll ${words.slice(1).map((f) => FACE_SHOWN[f]).join(" ")}`;
  if (verb === "heart") return `Heart die: ${words[1]}`;
  return named.join(" ");
}

export function promptTitle(ctx) {
  const node = ctx.observation.node || {};
  const titles = { yield: "You were hit in Tokyo: stay or yield?", tile: "Choose a Wickedness tile",
                   heart: "Heart die: heal or discard a token", card: "A card of yours lets you choose" };
  return titles[node.kind] || "Your choices";
}

export function moveHint(obs, legal) {
  const node = obs.node || {};
  const hints = { roll: "click dice to keep them, then reroll the others or stop", resolve: "resolve your dice",
                  buy: "buy cards or end your turn", yield: "stay in Tokyo or yield", tile: "take a Wickedness tile" };
  return hints[node.kind] || "choose below";
}

function cardChip(ctx, id, extra = "") {
  const card = ctx.cards[id];
  return el("span", { class: "tag", title: card ? `${card.name}: ${card.text}` : id }, (card ? card.name : id) + extra);
}

function monsterPanel(ctx, m) {
  const obs = ctx.observation;
  const classes = ["card", "monster"];
  if (m.seat === obs.active) classes.push("active");
  if (m.seat === ctx.seat) classes.push("you");
  if (!m.alive) classes.push("dead");
  const tokens = [];
  if (m.poison) tokens.push(`${m.poison} Poison`);
  if (m.shrink) tokens.push(`${m.shrink} Shrink Ray`);
  if (m.smoke) tokens.push(`${m.smoke} Smoke`);
  return el("div", { class: classes.join(" "), dataset: { seat: m.seat } },
    el("div", { class: "name" }, m.name, m.seat === ctx.seat ? " (you)" : "",
       m.seat === obs.active && !ctx.finished ? el("span", { class: "tag" }, "playing") : null),
    el("div", { class: "small muted" }, `${ctx.seatLabel(m.seat)}; ${m.alive ? LOCATION[m.location] || "" : "eliminated"}`,
       m.zombified ? ", zombified" : ""),
    el("div", { class: "stats" },
       el("span", { class: "stat heart", title: "hearts" }, "♥ ", el("b", {}, m.hearts), `/${m.max_hearts}`),
       el("span", { class: "stat star", title: "stars (20 wins)" }, "★ ", el("b", {}, m.stars)),
       el("span", { class: "stat energy", title: "energy" }, "⚡ ", el("b", {}, m.energy)),
       el("span", { class: "stat wicked", title: "Wickedness" }, "☠ ", el("b", {}, m.wickedness))),
    m.cards.length ? el("div", {}, m.cards.map((c) => cardChip(ctx, c))) : null,
    m.tiles.length ? el("div", {}, m.tiles.map((t) => cardChip(ctx, t, " (tile)"))) : null,
    m.copy ? el("div", { class: "small" }, "copies ", cardChip(ctx, m.copy)) : null,
    tokens.length ? el("div", { class: "small" }, "Tokens: " + tokens.join(", ")) : null);
}

function tokyoPanel(ctx) {
  const obs = ctx.observation;
  const place = (title, seat, inUse = true) => el("div", { class: `place ${seat !== null && seat !== undefined ? "taken" : ""}` },
    el("div", { class: "name" }, title),
    inUse ? el("div", {}, seat !== null && seat !== undefined ? ctx.seatName(seat) : "empty")
          : el("div", { class: "small muted" }, "not used with so few monsters"));
  return el("section", { class: "panel", id: "tokyo" }, el("h2", {}, "Tokyo"),
    el("div", { class: "tokyo-board" }, place("Tokyo City", obs.tokyo_city),
       place("Tokyo Bay", obs.tokyo_bay, obs.bay_in_use)));
}

function dicePanel(ctx) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const dice = obs.dice || [];
  const rolling = ctx.interactive && node.kind === "roll" && ctx.legal.length > 0;
  const key = JSON.stringify(dice);
  if (ctx.state.diceKey !== key) { ctx.state.diceKey = key; ctx.state.kept = []; }
  const kept = new Set(ctx.state.kept || []);
  const dieButtons = dice.map((face, i) => {
    if (face === null) return el("span", { class: "die blank", title: "not rolled yet" }, "?");
    const isKept = kept.has(i);
    return el("button", { type: "button", class: `die face-${face} ${isKept ? "kept" : ""}`,
                          title: `${FACE_NAME[face]}${rolling ? (isKept ? " (kept: click to reroll it)" : " (click to keep)") : ""}`,
                          "aria-pressed": isKept ? "true" : "false", disabled: !rolling || undefined,
                          dataset: { die: i, face },
                          onclick: () => {
                            if (isKept) kept.delete(i); else kept.add(i);
                            ctx.state.kept = [...kept];
                            ctx.redraw();
                          } }, FACE_SHOWN[face]);
  });
  const parts = [el("h2", {}, "Dice"),
    el("div", { class: "small muted" }, ctx.finished ? "The game is over: the last roll."
      : obs.active !== null && obs.active !== undefined
        ? `${ctx.seatName(obs.active)}: roll ${obs.rolls_used} of ${obs.rolls_allowed}` : ""),
    el("div", { class: "dice", id: "dice" }, dieButtons)];
  if (rolling) {
    const loose = sortFaces(dice.filter((f, i) => f !== null && !kept.has(i)));
    const text = loose.length ? `reroll ${loose.join(" ")}` : "stop";
    const buttons = [];
    if (loose.length) buttons.push(ctx.button(text, kept.size ? "Reroll the others" : "Reroll all", { class: "primary" }));
    buttons.push(ctx.button("stop", "Keep these dice (stop)"));
    for (const extra of ["smoke", "drink"]) if (ctx.isLegal(extra)) buttons.push(ctx.button(extra, label(extra, ctx)));
    // every other reroll is reachable by clicking dice: count them as placed
    for (const t of ctx.legal) if (t.startsWith("reroll ")) ctx.placed.add(t);
    if (loose.length && !ctx.isLegal(text)) parts.push(el("p", { class: "small muted" }, "That reroll is not allowed now."));
    parts.push(el("p", { class: "small" }, "Click the dice to keep, then reroll the others."));
    parts.push(el("div", { class: "buttons" }, buttons));
  } else if (ctx.interactive && node.kind === "resolve") {
    parts.push(el("div", { class: "buttons" }, ctx.legal.map((t) => ctx.button(t, label(t, ctx), { class: t.startsWith("resolve") ? "primary" : "" }))));
  }
  return el("section", { class: "panel", id: "dice-panel" }, parts);
}

function marketPanel(ctx) {
  const obs = ctx.observation;
  const node = obs.node || {};
  const buying = ctx.interactive && node.kind === "buy";
  const cardsShown = (obs.market || []).map((id) => {
    const card = ctx.cards[id] || { name: id, cost: "?", type: "", text: "" };
    return el("div", { class: "card", dataset: { card: id } },
      el("div", { class: "name" }, card.name),
      el("div", {}, el("span", { class: "tag energy" }, `${card.cost} ⚡`), el("span", { class: "tag" }, card.type)),
      el("div", { class: "text" }, card.text),
      buying ? ctx.button(`buy ${id}`, "Buy", { class: "primary" }) : null);
  });
  const known = (obs.known_top || []).map((id) => el("div", { class: "small" }, "Top of the deck (you looked): ", cardChip(ctx, id)));
  const others = buying ? ctx.legal.filter((t) => !t.startsWith("buy ") || t === "buy-top")
    .sort((a, b) => (a === "end") - (b === "end")).map((t) => ctx.button(t, label(t, ctx), { class: t === "end" ? "primary" : "" })) : [];
  return el("section", { class: "panel", id: "market" }, el("h2", {}, `Market `, el("span", { class: "small muted" }, `(deck ${obs.deck_size})`)),
    el("div", { class: "grid" }, cardsShown), known, others.length ? el("div", { class: "buttons" }, others) : null);
}

function tilesPanel(ctx) {
  const obs = ctx.observation;
  const levels = Object.entries(obs.wickedness_tiles || {});
  if (!levels.length) return null;
  return el("section", { class: "panel" }, el("details", {}, el("summary", {}, "Wickedness tiles"),
    levels.map(([level, ids]) => el("div", {}, el("b", {}, `${level}: `), ids.length ? ids.map((id) => cardChip(ctx, id)) : "none left"))));
}

export function draw(ctx) {
  const obs = ctx.observation;
  return el("div", { class: "kot" },
    el("section", { class: "panel" }, el("h2", {}, `Turn ${obs.turn}`),
       el("div", { class: "grid", id: "monsters" }, obs.monsters.map((m) => monsterPanel(ctx, m)))),
    tokyoPanel(ctx), dicePanel(ctx), marketPanel(ctx), tilesPanel(ctx));
}
