"""Storyline and the Crisis Format in words: the plain-text picture of a position as one
seat sees it (``render_text``, the terminal client of ``tokyo play``) and the words for a
card face (``type_words``, ``face_text``: ``tokyo cards`` and the hand in the picture).

The picture is drawn from ``state.observation(seat)`` and the public card data only, so it
shows exactly what that seat may know (storyline 1.7): its own hand, every hand's and
deck's size, the Map with its counters, the Treasuries and the Story Points. It fits a
100-column terminal.
"""

from __future__ import annotations

import re
import textwrap
from typing import TYPE_CHECKING, Any

from .cards import Card, Face
from .words import ability_words, card_ref, counters

if TYPE_CHECKING:
    from .game import StorylineGame
    from .state import StorylineState

WIDTH = 100
BANDS = {1: "Surface", 2: "Orbit", 3: "Deep Space"}
PHASES = {"setup": "setup", "admin": "Admin Phase", "draw": "Draw Phase", "main": "Main Phase",
          "end": "End Phase", "over": "the game is over"}
TYPES = {"character": "Character", "ground-unit": "Ground Unit", "location": "Location", "device": "Device",
         "event": "Event", "storyline": "Storyline", "epilogue": "Epilogue"}
UNITS = ("character", "ground-unit", "spacecraft")


# ----- a card face in words (tokyo cards, the hand) --------------------------------------------
def type_words(card: Card, which: str = "front", short: bool = False) -> str:
    """``Capital Spacecraft``, ``Location (Homeworld)``, ``Ground Unit (Drone)``,
    ``Crisis Storyline``, ``Epilogue``...; ``short``: a Non-Capital Spacecraft is only
    ``Spacecraft`` (the Map, where its Band says it)."""
    f = card["faces"][which]
    t = f["type"]
    if t == "spacecraft":
        words = "Capital Spacecraft" if f.get("class") == "capital" else \
            "Spacecraft" if short else "Non-Capital Spacecraft"
    else:
        words = TYPES[t]
    if t == "storyline" and card["set"] == "crisis":
        words = "Crisis Storyline"
    if f.get("homeworld"):
        words += " (Homeworld)"
    if card.get("drone"):
        words += " (Drone)"
    return words


def stats_words(f: Face) -> str:
    """The printed characteristics of a face: ``Strike 2 Low, Range 1, Durability 4``."""
    t = f["type"]
    parts = []
    if t in UNITS or t == "location":
        if f.get("strike", 0) > 0:
            parts.append(f"Strike {f['strike']} {f.get('power', 'low').capitalize()}, Range {f.get('range', 0)}")
        elif t in UNITS:
            parts.append("Strike 0 (cannot attack)")
        if t == "location":
            parts.append(f"Income {f.get('income', 0)}")
        parts.append(f"Durability {f['durability']}")
    elif t == "storyline":
        where = f"Band {f['band']} ({BANDS[f['band']]})" if f.get("band") else "No Band"
        parts += [where, f["shield"].capitalize(), f"Durability {f['durability']}"]
        if f.get("award"):
            parts.append(f"completing it gives {f['award']} Story Point{'s' if f['award'] != 1 else ''}")
    return ", ".join(parts)


def chapter_words(ch: dict[str, Any], brief: bool = False) -> str:
    counter = "Story" if ch["counter"] == "story" else "Time"
    text = (_unremind(ch["text"]) if brief else ch["text"]) or "no text."
    if brief:
        return f"Ch. {ch['number']} ({ch['end']} {counter}): {text}"
    return f"Chapter {ch['number']} (ends at {ch['end']} {counter} counters): {text}"


def _unremind(text: str) -> str:
    """Card text without its reminder text in parentheses (storyline 2.10.2: no effect)."""
    return re.sub(r"\s*\([^()]*\)", "", text).strip()


def face_text(card: Card, which: str = "front", brief: bool = False) -> str:
    """Everything a face says, in one paragraph: its characteristics, its text, its Chapters;
    for a back face, which Storyline it is the back of. ``brief``: without reminder text and
    with short Chapter heads (the hand in the picture)."""
    f = card["faces"][which]
    parts = []
    if which == "back":
        front = card["faces"]["front"]["name"]
        parts.append(f"Back face of {front}, shown once its last Chapter completes.")
        if f["type"] == "epilogue":
            parts.append("An Epilogue marks the completed Storyline and stays in its Band until the Act ends; "
                         "it cannot be attacked, damaged, targeted or moved.")
    stats = stats_words(f)
    if stats:
        parts.append(stats + ".")
    if f.get("text"):
        parts.append(_unremind(f["text"]) if brief else f["text"])
    for ch in f.get("chapters", []):
        parts.append(chapter_words(ch, brief))
    return " ".join(p for p in parts if p)


def _wrap(text: str, indent: str, first: str | None = None) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent if first is None else first,
                         subsequent_indent=indent, break_on_hyphens=False) or [indent.rstrip()]


# ----- the picture --------------------------------------------------------------------------------
class _Picture:
    def __init__(self, state: StorylineState, seat: int | None) -> None:
        self.state = state
        self.game: StorylineGame = state.sgame
        self.cards: dict[str, Card] = state.sgame.cards["cards"]
        self.seat = seat
        self.obs = state.observation(seat)
        self.crisis = "pool" in self.obs
        self.players: list[dict[str, Any]] = self.obs["players"]
        self.by_uid: dict[int, dict[str, Any]] = {e["uid"]: e for e in self.obs["map"]}

    # names
    def who(self, c: int | None) -> str:
        if c is None:
            return "nobody"
        if c < 0:
            return "opponent"
        return "you" if c == self.seat else f"Seat {c}"

    def seat_name(self, c: int | None) -> str:
        if c is not None and (c < 0 or c >= len(self.players)):   # the opponent, or its seat
            return "the opponent"
        return f"Seat {c}" + (" (you)" if c == self.seat else "")

    def tag(self, e: dict[str, Any]) -> str:
        out = self.who(e["controller"])
        if e["owner"] != e["controller"]:
            out += f", owned by {self.who(e['owner'])}"
        return f"[{out}]"

    def ref(self, uid: int) -> str:
        e = self.by_uid.get(uid)
        return f"#{uid} {e['name']}" if e else f"#{uid}"

    # the header
    def header(self) -> list[str]:
        o, g = self.obs, self.game
        n = len(self.players)
        opts = g.options
        lines = []
        if o["phase"] == "setup" or not o["turn"]:
            lines.append("Setup of the game.")
        else:
            per_round = 2 * n if self.crisis else n
            rnd = (o["turn"] - 1) % (per_round * opts["act_rounds"]) // per_round + 1
            if o["active"] is not None and o["active"] < 0:
                whose = f"the opponent's turn (paired with {self.who(o['paired'])})" \
                    if o.get("paired") is not None else "the opponent's turn"
            else:
                whose = f"Seat {o['active']}'s turn" if o["active"] != self.seat else "your turn"
            when = f"Act {o['act']} of {opts['acts']}, round {rnd} of {opts['act_rounds']}, turn {o['turn']}"
            if o["phase"] == "over":
                lines.append(f"{when}, {whose}: the game is over.")
            else:
                lines.append(f"{when}: {whose}, {PHASES.get(o['phase'], o['phase'])}.")
        if self.crisis:
            k = len(o["crises"])
            lines.append(f"Story Points: the players' pool {o['pool']} of {k + 2} to win; the opponent "
                         f"{o['opponent_story']} of {k + 1} to win ({k} Crisis Storyline{'s' if k != 1 else ''}).")
        else:
            lines.append(f"Story Points: the first to {opts['target']} wins.")
        return lines

    def player_table(self) -> list[str]:
        o = self.obs
        decks = self.game.cards["decks"]
        head = f"  {'Player':<14}{'Deck':<18}{'Treasury':>8}" + ("" if self.crisis else f"{'Story':>7}") + \
            f"{'Hand':>6}{'Deck':>6}{'Discard':>9}  Homeworld"
        lines = [head]
        for p, pl in enumerate(self.players):
            mark = ">" if o["active"] == p else " "
            name = decks[pl["deck_id"]]["name"] if pl["deck_id"] in decks else (pl["deck_id"] or "-")
            home = [e for e in o["map"] if e["card"] == pl["homeworld"] and e["owner"] == p]
            if not home:
                hw = "not on the Map"
            else:
                h = home[0]
                hw = f"#{h['uid']} {h['name']}"
                if h["controller"] != p:
                    hw += f" (held by {self.who(h['controller'])})"
            row = f"{mark} {self.seat_name(p):<14}{name:<18}{pl['treasury']:>8}" + \
                ("" if self.crisis else f"{pl['story']:>7}") + \
                f"{pl['hand_size']:>6}{pl['deck_size']:>6}{len(pl['discard']):>9}  {hw}"
            if pl.get("empty_draw"):
                row += " (drew from an empty deck)"
            lines.append(row)
        if self.crisis:
            mark = ">" if o["active"] is not None and o["active"] < 0 else " "
            seat = "" if o.get("opponent_seat") is None else f" (seat {o['opponent_seat']}" + \
                (", you)" if o["opponent_seat"] == self.seat else ")")
            lines.append(f"{mark} The opponent{seat}: no deck, hand or Treasury; it acts only as its cards say.")
        return lines

    # the Map
    def entry_line(self, e: dict[str, Any]) -> str:
        t = e["type"]
        card = self.cards[e["card"]]
        name = f"#{e['uid']} {e['name']}"
        if t == "epilogue":
            front = card["faces"]["front"]["name"]
            return f"{name} {self.tag(e)} Epilogue of {front} (cleared when the Act ends)"
        kind = type_words(card, e["face"], short=True)
        if e["face"] == "back":
            kind += f", back of {card['faces']['front']['name']}"
        if kind == "Crisis Storyline":
            kind = ""   # listed under its own heading
        bits = []
        if t == "storyline":
            f = card["faces"][e["face"]]
            chapters = f["chapters"]
            ch = chapters[(e["chapter"] or 1) - 1]
            counter = ch["counter"]
            bits.append(f"Chapter {e['chapter']} of {len(chapters)}, {counter.capitalize()} "
                        f"{e['counters'].get(counter, 0)}/{ch['end']}")
            bits.append(("Shielded" if e["shielded"] else "Unshielded"))
            bits.append(f"damage {e['damage']}/{e['durability']}")
        elif t == "device":
            host = e.get("host")
            bits.append(f"on {self.ref(host)}" if host is not None else "no host")
        else:
            if t in UNITS or e["strike"]:
                bits.append(f"Strike {e['strike']} {e['power'].capitalize()}, Range {e['range']}"
                            if e["strike"] else "Strike 0")
            if t == "location":
                bits.append(f"Income {e['income']}")
            bits.append(f"damage {e['damage']}/{e['durability']}")
            if e["fallen"]:
                bits.append("FALLEN")
            elif e["contested"]:
                bits.append("CONTESTED")
            bits.append("ready" if e["ready"] else "spent")
        counters = ", ".join(f"{k.capitalize()} {v}" for k, v in sorted(e["counters"].items())
                             if not (t == "storyline" and k == counter))
        if counters:
            bits.append(counters)
        return f"{name} {self.tag(e)}{' ' + kind if kind else ''}: " + "; ".join(bits)

    def entry_block(self, e: dict[str, Any], indent: str, placed: set[int]) -> list[str]:
        """A card with what it carries: units on or aboard it, Devices attached."""
        placed.add(e["uid"])
        lines = _wrap(self.entry_line(e), indent + "     ", indent)
        if e["type"] == "storyline" and e.get("chapter"):
            f = self.cards[e["card"]]["faces"][e["face"]]
            ch = f["chapters"][e["chapter"] - 1]
            if e.get("crisis") and f.get("text"):
                lines += _wrap(_unremind(f["text"]), indent + "     ", indent + "   ")
            if ch["text"]:
                lines += _wrap(f"Chapter {ch['number']}: {_unremind(ch['text'])}", indent + "     ", indent + "   ")
        for d in self.obs["map"]:
            if d["type"] == "device" and d.get("host") == e["uid"] and d["uid"] not in placed:
                placed.add(d["uid"])
                card = self.cards[d["card"]]
                text = " ".join(x for x in re.split(r"(?<=\.)\s+", card["faces"][d["face"]]["text"])
                                if not x.startswith("Attach to "))   # how it is played: no longer matters
                lines += _wrap(f"+ #{d['uid']} {d['name']} {self.tag(d)} Device: {text}",
                               indent + "       ", indent + "   ")
        riders = [u for u in self.obs["map"] if u.get("place") == e["uid"] and u["uid"] not in placed]
        if riders:
            word = "aboard" if e["type"] == "spacecraft" else "on it"
            lines.append(f"{indent}   {word}:")
            for u in riders:
                lines += self.entry_block(u, indent + "     ", placed)
        return lines

    def map_lines(self) -> list[str]:
        o = self.obs
        placed: set[int] = set()
        lines = []
        for band in (1, 2, 3):
            here = [e for e in o["map"] if e["band"] == band and e["type"] != "device"
                    and (e.get("place") is None or e["place"] not in self.by_uid)]
            holders = [e for e in here if e["type"] == "location" or (e["type"] == "spacecraft" and band == 3)]
            stories = [e for e in here if e["type"] in ("storyline", "epilogue")]
            loose = [e for e in here if e not in holders and e not in stories]
            lines.append(f"{BANDS[band]} (Band {band})" + ("" if here else ": empty"))
            for e in holders:
                lines += self.entry_block(e, "  ", placed)
            if loose and band == 1:
                lines.append("  in the open:")
            for e in loose:
                lines += self.entry_block(e, "    " if band == 1 else "  ", placed)
            for e in stories:
                lines += self.entry_block(e, "  ", placed)
        if self.crisis:
            lines.append("Crisis Storylines (no Band; each takes a Time counter in every opponent Admin Phase)")
            for cid in o["crises"]:
                e = next((x for x in o["map"] if x["card"] == cid and x.get("crisis")), None)
                front = self.cards[cid]["faces"]["front"]["name"]
                if e is None:
                    lines.append(f"  {front}: destroyed")
                elif e["face"] == "back":
                    where = BANDS.get(e["band"], "no Band")
                    lines.append(f"  #{e['uid']} {front}: flipped to its back face, {e['name']} ({where})")
                else:
                    lines += self.entry_block(e, "  ", placed)
        rest = [e for e in o["map"] if e["uid"] not in placed]
        if rest:
            lines.append("Elsewhere")
            for e in rest:
                if e["uid"] not in placed:
                    lines += self.entry_block(e, "  ", placed)
        return lines

    # the hand
    def hand_lines(self) -> list[str]:
        hand = self.obs.get("hand")
        if hand is None:
            return []
        lines = [f"Your hand ({len(hand)}):" + ("" if hand else " empty")]
        counts: dict[str, int] = {}
        for cid in hand:
            counts[cid] = counts.get(cid, 0) + 1
        for cid in sorted(counts, key=lambda c: (self.cards[c]["faces"]["front"].get("cost", 0), c)):
            card = self.cards[cid]
            f = card["faces"]["front"]
            many = f"{counts[cid]}x " if counts[cid] > 1 else ""
            head = f"{many}{f['name']} ({cid}), cost {f.get('cost', 0)}, {type_words(card)}: "
            lines += _wrap(head + face_text(card, brief=True), "       ", "  ")
        return lines

    # the decision
    def decision_lines(self) -> list[str]:
        o = self.obs
        if o["winners"] is not None:
            return [self.result()]
        node = o["node"]
        if node is None:
            return []
        kind, who = node["kind"], node["seat"]
        if who is None:
            return [f"Now: chance ({CHANCE_WORDS.get(kind, kind)})."]
        mine = who == self.seat
        subject = "you" if mine else self.seat_name(who)
        about = node.get("about")
        legal = self.state.legal_texts() if mine else []
        if kind == "mulligan":
            what = "keep the opening hand, or mulligan (shuffle it back and draw 6 new cards)"
        elif kind == "main":
            what = "the next action of the Main Phase (play a card, attack, move, use an ability, " \
                   "bargain, repair or rally), or pass to end it; in the actions, a number is a card's #"
        elif kind == "choose":
            what = f"a card for {about}" if about else "a card"
            if legal:
                what += ": " + ", ".join(self.ref(int(t.split()[1])) for t in legal)
        elif kind in ("pick", "player"):
            what = f"the opponent's random choice for {about}" if about else "the opponent's random choice"
            if legal:
                what += ": " + ", ".join(self.ref(int(t.split()[1])) if kind == "pick" else f"Seat {t.split()[1]}"
                                         for t in legal)
        elif kind == "discard":
            what = "a card to discard down to the hand limit of 7"
        elif kind == "discard-effect":
            what = "a card to discard (an effect)"
        else:
            what = kind
        verb = "choose" if mine else "chooses"
        return _wrap(f"Now {subject} {verb}: {what}.", "  ", "")

    def result(self) -> str:
        o = self.obs
        w = o["winners"]
        if self.crisis:
            k = len(o["crises"])
            if o["pool"] >= k + 2:
                return "Game over: the players win together."
            if o["opponent_story"] >= k + 1:
                return "Game over: the opponent wins; the players lose together."
            return "Game over: a draw, nobody wins."
        if not w:
            return "Game over: a draw, nobody wins."
        return "Game over: " + " and ".join(self.seat_name(p) for p in w) + (" win." if len(w) > 1 else " wins.")

    def text(self) -> str:
        lines = self.header() + self.player_table()
        lines += self.map_lines()
        res = self.obs.get("resolving") or []
        if res:
            lines.append("Resolving: " + ", ".join(f"{self.cards[c]['faces']['front']['name']} ({self.who(p)})"
                                                   for p, c in res))
        lines += self.hand_lines()
        lines += self.decision_lines()
        out = []
        for line in lines:   # a long line goes on under itself, indented
            lead = " " * (len(line) - len(line.lstrip()))
            out += [line] if len(line) <= WIDTH else _wrap(line.strip(), lead + "     ", lead)
        return "\n".join(out)


CHANCE_WORDS = {"draw": "a card is drawn", "deck": "a deck is chosen", "first": "the first player is chosen",
                "crises": "the Crisis Storylines are chosen", "pick": "a random card is chosen",
                "player": "a random player is chosen", "discard-random": "a card is discarded at random"}


def render_text(state: StorylineState, seat: int | None = None) -> str:
    """The position as ``seat`` sees it (None: a spectator, no hand)."""
    return _Picture(state, seat).text()


def action_words(state: StorylineState, text: str) -> str:
    """What a legal action text does, in words, for the list of actions (``tokyo play``):
    ``attack 5 3`` -> ``#5 Bastion Walker attacks #3 Scrap Drone (2 Low)``. Public facts
    only: the Map and the card data (a hand card named by the text is the decider's own)."""
    cards = state.sgame.cards["cards"]

    def on_map(uid: int) -> dict[str, Any] | None:
        """The card with that # as the Map shows it: name, type and current numbers."""
        e = state.find(uid)
        if e is None:
            return None
        f = state.face(e)
        return {"name": f["name"], "type": f["type"], "strike": state.strike(e), "power": f.get("power", "low"),
                "cost": state.cost(e)}

    def ref(uid: str) -> str:
        e = on_map(int(uid)) if uid.isdigit() else None
        return f"#{uid} {e['name']}" if e else f"#{uid}"

    def card_name(cid: str) -> str:
        return cards[cid]["faces"]["front"]["name"] if cid in cards else cid

    w = text.split()
    verb = w[0]
    if verb == "play" and len(w) >= 2:
        f = cards[w[1]]["faces"]["front"] if w[1] in cards else {}
        out = f"play {card_name(w[1])} (cost {f.get('cost', 0)})"
        if len(w) == 4 and w[3].isdigit():
            out += (" attached to " if f.get("type") == "device" else " on ") + ref(w[3])
        return out
    if verb == "attack" and len(w) == 3:
        a = on_map(int(w[1]))
        hit = f" ({a['strike']} {a['power'].capitalize()})" if a else ""
        return f"{ref(w[1])} attacks {ref(w[2])}{hit}"
    if verb == "move" and len(w) == 3 and w[2] == "orbit":
        return f"{ref(w[1])} moves back to Orbit"
    if verb == "move" and len(w) == 4 and w[3].isdigit():
        dest = on_map(int(w[3]))
        boards = dest is not None and dest["type"] == "spacecraft"
        return f"{ref(w[1])} {'boards' if boards else 'moves onto'} {ref(w[3])}"
    if verb in ("use", "bargain") and len(w) == 2:
        return ability_sentence(state, text)
    if verb in ("repair", "rally") and len(w) == 2:
        return repair_sentence(state, text)
    if verb in ("choose", "pick") and len(w) == 2 and w[1].isdigit():
        return ref(w[1])
    if verb == "player" and len(w) == 2:
        return f"Seat {w[1]}"
    if verb == "discard" and len(w) == 2:
        return f"discard {card_name(w[1])}"
    if verb == "pass":
        return "end your Main Phase"
    if verb == "mulligan":
        return "shuffle your hand back and draw 6 new cards"
    if verb == "keep":
        return "keep this hand"
    return text


def ability_sentence(state: StorylineState, text: str) -> str:
    """``use 1`` -> ``Lantern Shrine: pay 2 Treasury and spend Lantern Shrine to put 1 Story
    counter on target Storyline you control``; a bargain or an ability that would change
    nothing but its cost says so."""
    w = ability_words(state, text)
    verb = "bargain with" if text.startswith("bargain") else "use"
    out = f"{verb} {w['card']}: {w['cost']} to {w['does']}"
    if w["idle"]:
        out += f" ({w['idle']}, so this changes nothing: you only pay the cost)"
    return out


def repair_sentence(state: StorylineState, text: str) -> str:
    """``rally 5`` -> ``rally Drop Marine: pay 2 Treasury to remove its 3 damage counters``
    (storyline 12.12)."""
    verb, uid = text.split()
    e = state.entry(int(uid))
    return f"{verb} {card_ref(state, e)}: pay {state.cost(e)} Treasury to remove its {counters(e['damage'], 'damage')}"


def result_words(state: StorylineState) -> str:
    """How the game ended, in words (``Game over: the players win together.``); empty while
    it goes on."""
    return _Picture(state, None).result() if state.winners is not None else ""
