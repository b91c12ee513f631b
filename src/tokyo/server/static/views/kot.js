// King of Tokyo (kot-dark, kot-godzilla): monsters, Tokyo City and Bay, the dice (click to
// keep, then reroll the others), the market, Wickedness tiles (Dark); Dice tokens and black
// dice, Event cards and Evolutions (Godzilla). Every button sends a legal action text of
// docs/notation.md.
import { el } from "/static/common.js";

const FACE_ORDER = ["1", "2", "3", "e", "h", "c"];
const FACE_SHOWN = { "1": "1", "2": "2", "3": "3", e: "⚡", h: "♥", c: "⚔" };
const FACE_NAME = { "1": "one", "2": "two", "3": "three", e: "Energy", h: "Heart", c: "Claw" };
const GZ_FACE_NAME = { ...FACE_NAME, h: "Heal", c: "Smack" };
const LOCATION = ["outside Tokyo", "Tokyo City", "Tokyo Bay"];
// when an Evolution may be played (its window, data/godzilla_evolutions.toml)
const WINDOW_TEXT = {
  "turn-start": "at the start of your turn", "after-roll": "after your final roll",
  "before-damage": "when you are about to lose hearts", smacked: "after a Smack made you lose hearts",
  buy: "during your Buy step", "end-of-turn": "at the end of any monster's turn",
};

/** King of Tokyo: Godzilla (Dice tokens, Events, Evolutions) rather than Dark. */
function isGodzilla(obs) {
  return Boolean(obs && Array.isArray(obs.dice_tokens));
}

function plural(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
}

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
  if (isGodzilla(ctx.observation)) {
    const gz = godzillaLabel(text, words, named, ctx);
    if (gz) return gz;
  }
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

/** Godzilla's wording: Smack and Heal, flee, black dice, Evolutions, the Buy step's Energy. */
function godzillaLabel(text, words, named, ctx) {
  const obs = ctx.observation;
  const [verb] = words;
  const resolve = { "resolve numbers": "Resolve the numbers (stars)", "resolve hearts": "Resolve the Heal results",
                    "resolve smash": "Resolve the Smacks", "resolve energy": "Resolve the Energy results" };
  if (resolve[text]) return resolve[text];
  if (text === "stay") return "Stay in Tokyo";
  if (text === "flee") return "Flee Tokyo (you still lose the hearts)";
  if (text === "sweep") return "Sweep the market (2 ⚡; Events stay)";
  if (text === "pass") return "Pass (keep it in your hand)";
  if (text === "end") {
    return obs.bought_this_turn ? "End my turn" : "Buy nothing: gain 1 ⚡ and end my turn";
  }
  if (verb === "black") {
    const k = Number(words[1]);
    const have = (obs.dice_tokens || [])[ctx.seat] || 0;
    if (k === 0) return have ? `Roll without black dice (keep your ${plural(have, "Dice token", "Dice tokens")})` : "Roll";
    return `Roll with ${plural(k, "black die", "black dice")} (costs ${plural(k, "Dice token", "Dice tokens")})`;
  }
  if (verb === "evolve") return `Play ${named[1]}`;
  if (verb === "keep") return `Keep ${named[1]}`;
  return null;
}

export function promptTitle(ctx) {
  const node = ctx.observation.node || {};
  if (isGodzilla(ctx.observation)) {
    const obs = ctx.observation;
    const theirs = obs.active !== ctx.seat && obs.active !== null && obs.active !== undefined;
    const gz = {
      yield: "You were Smacked in Tokyo: stay or flee?",
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
  const titles = { yield: "You were hit in Tokyo: stay or yield?", tile: "Choose a Wickedness tile",
                   heart: "Heart die: heal or discard a token", card: "A card of yours lets you choose" };
  return titles[node.kind] || "Your choices";
}

export function moveHint(obs, legal) {
  const node = obs.node || {};
  if (isGodzilla(obs)) {
    const gz = { "dice-tokens": "black dice before your first roll?", evolution: "play an Evolution or pass",
                 "evo-keep": "keep one of two Evolutions", yield: "stay in Tokyo or flee",
                 buy: "buy cards, or buy nothing and gain 1 ⚡" };
    if (gz[node.kind]) return gz[node.kind];
  }
  const hints = { roll: "click dice to keep them, then reroll the others or stop", resolve: "resolve your dice",
                  buy: "buy cards or end your turn", yield: "stay in Tokyo or yield", tile: "take a Wickedness tile" };
  return hints[node.kind] || "choose below";
}

function cardChip(ctx, id, extra = "", cls = "") {
  const card = ctx.cards[id];
  return el("span", { class: `tag ${cls}`, title: card ? `${card.name}: ${card.text}` : id, dataset: { card: id } },
            (card ? card.name : id) + extra);
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
  const gz = isGodzilla(obs);
  const species = gz && ctx.cards[m.monster] && ctx.cards[m.monster].species;
  return el("div", { class: classes.join(" "), dataset: { seat: m.seat } },
    el("div", { class: "name" }, m.name, m.seat === ctx.seat ? " (you)" : "",
       m.seat === obs.active && !ctx.finished ? el("span", { class: "tag" }, "playing") : null,
       species ? el("span", { class: "tag species" }, species) : null),
    el("div", { class: "small muted" }, `${ctx.seatLabel(m.seat)}; ${m.alive ? LOCATION[m.location] || "" : "eliminated"}`,
       m.zombified ? ", zombified" : ""),
    el("div", { class: "stats" },
       el("span", { class: "stat heart", title: "hearts" }, "♥ ", el("b", {}, m.hearts), `/${m.max_hearts}`),
       el("span", { class: "stat star", title: "stars (20 wins)" }, "★ ", el("b", {}, m.stars)),
       el("span", { class: "stat energy", title: "energy" }, "⚡ ", el("b", {}, m.energy)),
       gz ? el("span", { class: "stat tokens", title: "Dice tokens (discard before your first roll: 1 black die each)" },
               "⚃ ", el("b", {}, obs.dice_tokens[m.seat]), obs.dice_tokens[m.seat] === 1 ? " Dice token" : " Dice tokens")
          : el("span", { class: "stat wicked", title: "Wickedness" }, "☠ ", el("b", {}, m.wickedness))),
    gz ? monsterEvolutions(ctx, m) : null,
    m.cards.length ? el("div", {}, m.cards.map((c) => cardChip(ctx, c))) : null,
    m.tiles.length ? el("div", {}, m.tiles.map((t) => cardChip(ctx, t, " (tile)"))) : null,
    m.copy ? el("div", { class: "small" }, "copies ", cardChip(ctx, m.copy)) : null,
    tokens.length ? el("div", { class: "small" }, "Tokens: " + tokens.join(", ")) : null);
}

/** A monster's Evolutions: the permanent ones in play (public), the temporary ones played,
    and how many it holds (the cards themselves are hidden from the other seats). */
function monsterEvolutions(ctx, m) {
  const obs = ctx.observation;
  const evo = obs.evolutions_on && (obs.evolutions || [])[m.seat];
  if (!evo) return null;
  const mine = m.seat === ctx.seat && Array.isArray(evo.hand);
  return el("div", { class: "evo-line small", dataset: { evolutions: m.seat } },
    el("div", {}, "Evolutions: ", el("b", {}, evo.hand_count), " in hand", mine ? " (see Your Evolutions)" : " (hidden)",
       evo.drawn_count ? `, ${evo.drawn_count} drawn` : ""),
    evo.in_play.length ? el("div", { class: "in-play" }, "In play: ",
      evo.in_play.map((id) => cardChip(ctx, id, "", "evo"))) : null,
    evo.used.length ? el("div", { class: "muted" }, "Played: ", evo.used.map((id) => cardChip(ctx, id))) : null);
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
  const gz = isGodzilla(obs);
  const names = gz ? GZ_FACE_NAME : FACE_NAME;
  // black dice have the faces of the brown ones and the engine does not tell them apart:
  // the last ones are drawn black
  const black = gz ? obs.black_dice || 0 : 0;
  const isBlack = (i) => i >= dice.length - black;
  const dieButtons = dice.map((face, i) => {
    const colour = isBlack(i) ? " black" : "";
    if (face === null) return el("span", { class: `die blank${colour}`, title: "not rolled yet" }, "?");
    const isKept = kept.has(i);
    return el("button", { type: "button", class: `die face-${face} ${isKept ? "kept" : ""}${colour}`,
                          title: `${isBlack(i) ? "black die: " : ""}${names[face]}${rolling ? (isKept ? " (kept: click to reroll it)" : " (click to keep)") : ""}`,
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
  if (black && dice.length) {
    parts.push(el("p", { class: "small", id: "black-note" }, `${plural(black, "black die", "black dice")} this turn `,
      `(paid with ${plural(black, "Dice token", "Dice tokens")}; the same faces as the brown dice).`));
  }
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
  const gz = isGodzilla(obs);
  const inForce = new Set(obs.events_in_force || []);
  const cardsShown = (obs.market || []).map((id) => {
    const card = ctx.cards[id] || { name: id, cost: "?", type: "", text: "" };
    const kind = (card.type || "").split(" ")[0];
    const event = gz && card.event;
    const text = event
      ? [el("div", { class: "text event-text" }, el("b", {}, card.event === "ongoing" ? "While face up: " : "When revealed: "),
            card.event_text),
         el("div", { class: "text" }, el("b", {}, "If bought: "), card.bought_text)]
      : el("div", { class: "text" }, gz && kind === "ACTION" ? [el("b", {}, "When bought: "), card.text] : card.text);
    return el("div", { class: `card${event ? " event" : ""}${inForce.has(id) ? " in-force" : ""}`, dataset: { card: id } },
      el("div", { class: "name" }, card.name),
      el("div", {}, el("span", { class: "tag energy" }, `${card.cost} ⚡`),
         el("span", { class: `tag type type-${kind.toLowerCase()}` }, gz ? kind : card.type),
         event ? el("span", { class: "tag" }, card.event === "ongoing" ? "ongoing" : "on reveal") : null,
         inForce.has(id) ? el("span", { class: "tag force" }, "in force") : null),
      text,
      buying ? ctx.button(`buy ${id}`, "Buy", { class: "primary" }) : null);
  });
  const known = (obs.known_top || []).map((id) => el("div", { class: "small" }, "Top of the deck (you looked): ", cardChip(ctx, id)));
  const others = buying ? ctx.legal.filter((t) => (!t.startsWith("buy ") || t === "buy-top") && !t.startsWith("evolve "))
    .sort((a, b) => (a === "end") - (b === "end")).map((t) => ctx.button(t, label(t, ctx), { class: t === "end" ? "primary" : "" })) : [];
  return el("section", { class: "panel", id: "market" }, el("h2", {}, `Market `, el("span", { class: "small muted" }, `(deck ${obs.deck_size})`)),
    el("div", { class: "grid" }, cardsShown), known,
    buying && gz ? el("p", { class: "small", id: "buy-note" }, obs.bought_this_turn
      ? "You bought a card this turn: ending the Buy step gains no Energy."
      : "Buy Energy cards, or buy nothing: a monster that buys no card in its Buy step gains 1 ⚡.") : null,
    others.length ? el("div", { class: "buttons" }, others) : null);
}

function tilesPanel(ctx) {
  const obs = ctx.observation;
  const levels = Object.entries(obs.wickedness_tiles || {});
  if (!levels.length) return null;
  return el("section", { class: "panel" }, el("details", {}, el("summary", {}, "Wickedness tiles"),
    levels.map(([level, ids]) => el("div", {}, el("b", {}, `${level}: `), ids.length ? ids.map((id) => cardChip(ctx, id)) : "none left"))));
}

/** One Evolution card: name, temporary or permanent, when it may be played, its text. */
function evolutionCard(ctx, id, extra = null) {
  const card = ctx.cards[id] || { name: id, text: "", type: "" };
  const kind = /PERMANENT/.test(card.type) ? "permanent" : "temporary";
  return el("div", { class: "card evolution", dataset: { evolution: id } },
    el("div", { class: "name" }, card.name),
    el("div", {}, el("span", { class: `tag evo` }, `Evolution, ${kind}`),
       card.window ? el("span", { class: "small muted" }, `play ${WINDOW_TEXT[card.window] || card.window}`) : null),
    el("div", { class: "text" }, card.effect || card.text,
       kind === "permanent" ? el("span", { class: "muted" }, " (stays in play)") : null),
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
    hand.length ? el("div", { class: "grid" }, hand) : el("p", { class: "small muted" }, "No Evolution in your hand."),
    el("p", { class: "small muted" }, "Three or more Heal results in your Roll draw two Evolutions: you keep one."));
}

/** What the prompt's question is about: the cards it names, what each choice does. */
export function promptBody(ctx, rest) {
  const obs = ctx.observation;
  if (!isGodzilla(obs)) return null;
  const node = obs.node || {};
  if (node.kind === "evolution") {
    const ids = rest.filter((t) => t.startsWith("evolve ")).map((t) => t.split(" ")[1]);
    return el("div", { id: "evolution-question" },
      el("p", { class: "small" }, "Playing it uses the card now; passing keeps it in your hand for a later chance."),
      el("div", { class: "grid" }, ids.map((id) => evolutionCard(ctx, id))));
  }
  if (node.kind === "evo-keep") {
    const ids = rest.filter((t) => t.startsWith("keep ")).map((t) => t.split(" ")[1]);
    return el("div", { id: "keep-question" },
      el("p", { class: "small" }, "The one you keep goes to your hand, hidden from the others; the other one does not."),
      el("div", { class: "grid" }, ids.map((id) => evolutionCard(ctx, id))));
  }
  if (node.kind === "dice-tokens") {
    const have = (obs.dice_tokens || [])[ctx.seat] || 0;
    return el("p", { class: "small", id: "tokens-question" },
      `You have ${plural(have, "Dice token", "Dice tokens")}. Each one you discard adds a black die to your rolls `
      + "this turn (at most 2 a turn, never more than 8 dice).");
  }
  if (node.kind === "yield") {
    return el("p", { class: "small" }, "Fleeing leaves Tokyo to the monster that Smacked you; either way you lose the hearts.");
  }
  return null;
}

export function draw(ctx) {
  const obs = ctx.observation;
  return el("div", { class: "kot" },
    el("section", { class: "panel" }, el("h2", {}, `Turn ${obs.turn}`),
       el("div", { class: "grid", id: "monsters" }, obs.monsters.map((m) => monsterPanel(ctx, m)))),
    tokyoPanel(ctx), dicePanel(ctx), marketPanel(ctx), evolutionsPanel(ctx), tilesPanel(ctx));
}
