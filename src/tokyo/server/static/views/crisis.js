// Crisis: Tokyo (crisis-tokyo): Tokyo's Districts, the Plot, the Conflict with both
// totals and the superior side, every Reserve, your hand with a button per legal way of
// playing each card (a half of an Event, a Character as Threat or Hero).
import { el } from "/static/common.js";

const POWER = { martial: "Martial arts", tech: "Technology", monster: "Monstrous", fire: "Firepower",
                mystic: "Mystic", wild: "wildcard" };

export function seatName(obs, seat) {
  return null;
}

function half(ctx, id, which) {
  return ctx.cards[`${id}:${which}`] || { name: id, text: "", type: "" };
}

function cardName(ctx, id) {
  if (ctx.cards[id]) return ctx.cards[id].name;
  const c = ctx.cards[`${id}:hero`] || ctx.cards[`${id}:a`];
  return c ? c.name : id;
}

export function label(text, ctx) {
  const words = text.split(" ");
  const [verb, arg, third] = words;
  if (verb === "play" && third) return `Play ${half(ctx, arg, third).name}`;
  if (verb === "power") return `Power: ${POWER[arg] || arg}`;
  if (verb === "draw") return `Draw a${arg === "event" ? "n" : ""} ${arg} card`;
  const fixed = { end: "End my turn", pass: "Pass", done: "Done", defend: "Defend", decline: "Do not defend",
                  skip: "Skip", none: "None", "half threat": "As a Threat", "half hero": "As a Hero" };
  if (fixed[text]) return fixed[text];
  return words.map((w) => (/^[a-z]+(-[a-z0-9]+)+$|^[a-z]+$/.test(w) && w !== verb ? cardName(ctx, w) : w)).join(" ");
}

export function promptTitle(ctx) {
  const node = ctx.observation.node || {};
  const titles = { action: "Your action", defend: "Defend this District?", "attack-power": "Choose the attacking power",
                   "defend-power": "Choose the defending power", manoeuvre: "Manoeuvre or pass", send: "Send Threats",
                   deploy: "Deploy Heroes", wild: "Choose the power of the wildcard spheres", effect: "A card asks you to choose",
                   resources: "Resources: draw a card?", "choose-deck": "Draw from which deck?" };
  return titles[node.kind] || "Your choices";
}

export function moveHint(obs, legal) {
  const node = obs.node || {};
  if (node.kind === "action") return `${obs.actions_left} action${obs.actions_left === 1 ? "" : "s"} left`;
  return promptTitle({ observation: obs }).toLowerCase();
}

function spheres(obj) {
  return el("span", { class: "spheres" }, Object.entries(obj || {}).map(([p, n]) =>
    el("span", { class: `power ${p}`, title: POWER[p] || p }, `${n} ${POWER[p] || p}`)));
}

/** Buttons for the legal actions whose words include ``key`` (a card id or a uid). */
function buttonsFor(ctx, key, labeller) {
  const mine = ctx.legal.filter((t) => t.split(" ")[1] === String(key));
  return mine.length ? el("div", { class: "buttons" }, mine.map((t) => ctx.button(t, labeller(t)))) : null;
}

function instance(ctx, inst) {
  const gifts = (inst.gifts || []).map((g) => el("span", { class: "tag", title: half(ctx, g.card, g.half).text }, `+ ${half(ctx, g.card, g.half).name}`));
  const own = half(ctx, inst.card, inst.half);
  return el("div", { class: "card", dataset: { uid: inst.uid } },
    el("div", { class: "name" }, `#${inst.uid} ${inst.name}`),
    el("div", {}, el("span", { class: "tag" }, inst.half === "hero" ? "Hero" : "Threat"), spheres(inst.spheres),
       inst.wild ? el("span", { class: "small muted" }, ` wild as ${POWER[inst.wild] || inst.wild}`) : null),
    el("div", { class: "text" }, own.text.replace(/^\[[^\]]*\]\s*/, "")), gifts,
    buttonsFor(ctx, inst.uid, (t) => {
      const [verb, , k] = t.split(" ");
      if (verb === "talent") return `Use Talent ${Number(k) + 1}`;
      return verb[0].toUpperCase() + verb.slice(1);
    }));
}

function districtsPanel(ctx) {
  const obs = ctx.observation;
  const target = obs.conflict && obs.conflict.district;
  return el("section", { class: "panel", id: "districts" }, el("h2", {}, "Tokyo"),
    el("div", { class: "grid" }, obs.tokyo.map((id, place) => {
      if (!id) return el("div", { class: "card district muted" }, `Place ${place + 1}: empty`);
      const card = ctx.cards[id] || { name: id, text: "" };
      return el("div", { class: `card district ${id === target ? "target" : ""}`, dataset: { district: id } },
        el("div", { class: "name" }, card.name), el("div", { class: "text" }, card.text),
        id === target ? el("span", { class: "tag" }, "under attack") : null,
        ctx.isLegal(`attack ${id}`) ? ctx.button(`attack ${id}`, "Attack", { class: "primary" }) : null);
    })),
    el("div", { class: "small muted" }, `Decks: ${obs.deck_sizes.character} Characters, ${obs.deck_sizes.event} Events, ${obs.deck_sizes.district} Districts`));
}

function plotPanel(ctx) {
  const plot = ctx.observation.plot;
  const p = plot ? half(ctx, plot.card, plot.half) : null;
  return el("section", { class: "panel", id: "plot" }, el("h2", {}, "Plot"),
    p ? el("div", {}, el("b", {}, p.name), el("div", { class: "text small" }, p.text)) : el("p", { class: "muted" }, "No Plot in play."));
}

function conflictPanel(ctx) {
  const c = ctx.observation.conflict;
  if (!c || ctx.finished) return null;  // a game won in a Conflict ends it
  const totals = c.totals || null;
  const side = (title, seat, power, list, i, who) => el("div", { class: "side", dataset: { side: who } },
    el("h3", {}, title, seat !== null && seat !== undefined ? `: ${ctx.seatName(seat)}` : ": nobody yet"),
    el("div", {}, power ? el("span", { class: `power ${power}` }, POWER[power]) : el("span", { class: "muted small" }, "power not chosen")),
    totals ? el("div", {}, el("span", { class: "total" }, totals[i]), " total",
                c.superior === who ? el("span", { class: "tag", title: "the Dragon: this power is tactically superior; a side with spheres of it gets the Superiority bonus" },
                                       c.no_superiority ? "superior power (no bonus here)" : "superior power") : null) : null,
    c.bonus && c.bonus[i] ? el("div", { class: "small" }, `bonus ${c.bonus[i] > 0 ? "+" : ""}${c.bonus[i]}`) : null,
    el("div", { class: "grid" }, list.map((inst) => instance(ctx, inst))));
  return el("section", { class: "panel", id: "conflict" },
    el("h2", {}, `Conflict for ${cardName(ctx, c.district)}`),
    el("div", { class: "conflict" }, side("Attacker", c.attacker, c.att_power, c.att, 0, "att"),
       side("Defender", c.defender, c.def_power, c.def, 1, "def")),
    totals ? null : el("p", { class: "small muted" }, "The totals show once both powers are chosen."));
}

function playersPanel(ctx) {
  const obs = ctx.observation;
  return el("section", { class: "panel", id: "players" }, el("h2", {}, "Players"),
    obs.reserves.map((reserve, seat) => el("div", { class: `card ${seat === ctx.seat ? "monster you" : ""}`, dataset: { seat } },
      el("div", { class: "name" }, ctx.seatName(seat), seat === ctx.seat ? " (you)" : "",
         seat === obs.active ? el("span", { class: "tag" }, "playing") : null),
      el("div", { class: "small" }, `Hand: ${obs.hand_sizes[seat]} cards. Levelled: `,
         obs.districts[seat].length ? obs.districts[seat].map((d) => cardName(ctx, d)).join(", ") : "none",
         ` (${obs.districts[seat].length} of ${ctx.options.districts_to_win ?? "?"})`),
      el("div", { class: "small muted" }, "Reserve:"),
      reserve.length ? el("div", { class: "grid" }, reserve.map((inst) => instance(ctx, inst))) : el("div", { class: "small muted" }, "empty"))));
}

function handPanel(ctx) {
  const hand = ctx.observation.hand;
  if (!hand) return null;
  const cardsShown = hand.map((id) => {
    const isCharacter = !!ctx.cards[`${id}:hero`];
    const halves = isCharacter ? ["threat", "hero"] : ["a", "b"];
    return el("div", { class: "card", dataset: { card: id } },
      halves.map((h) => {
        const c = half(ctx, id, h);
        return el("div", { class: "half" }, el("span", { class: "tag" }, c.type.toLowerCase()), el("b", {}, c.name),
                  el("div", { class: "text" }, c.text));
      }),
      buttonsFor(ctx, id, (t) => {
        const [verb, , which] = t.split(" ");
        if (verb === "play") return `Play ${half(ctx, id, which).name}`;
        if (verb === "recruit") return "Recruit as Hero";
        if (verb === "send") return "Send as Threat";
        return verb[0].toUpperCase() + verb.slice(1);
      }));
  });
  return el("section", { class: "panel", id: "hand" }, el("h2", {}, `Your hand (${hand.length})`),
    hand.length ? el("div", { class: "grid" }, cardsShown) : el("p", { class: "muted" }, "No cards."));
}

export function draw(ctx) {
  const obs = ctx.observation;
  return el("div", { class: "crisis" },
    el("section", { class: "panel" }, el("h2", {}, `Turn ${obs.turn}`),
       el("div", {}, obs.active !== null && obs.active !== undefined ? `${ctx.seatName(obs.active)} is playing` : "",
          obs.actions_left !== undefined ? `; ${obs.actions_left} action(s) left` : "")),
    conflictPanel(ctx), districtsPanel(ctx), handPanel(ctx), plotPanel(ctx), playersPanel(ctx));
}
