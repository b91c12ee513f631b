// The view of any game the client has no drawing for: the game's own text picture.
// Its legal actions appear as buttons in the prompt (play.js), so every game can be played.
import { el } from "/static/common.js";

export function label(text, ctx) {
  return text;
}

export function promptTitle(ctx) {
  return "Your choices";
}

export function draw(ctx) {
  return el("section", { class: "panel" }, el("h2", {}, "Table"),
            el("p", { class: "small muted" }, "This game has no drawing here yet: see the text view below."),
            el("details", {}, el("summary", {}, "What your seat knows (observation)"),
               el("pre", {}, JSON.stringify(ctx.observation, null, 1))));
}
