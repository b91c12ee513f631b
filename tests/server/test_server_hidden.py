"""Hidden information: in Crisis: Tokyo, nothing sent to seat 0 (or to a spectator) names
a card in another seat's hand, unless the kernel's observation for that seat shows it.

The test plays a whole game (two people played by the test over HTTP, one bot on the
server), keeps every payload the server sent to seat 0 (seat views, action answers,
error answers, WebSocket pushes) and to a spectator, then replays the stored steps and
checks each payload against the state at its version: exactly the kernel's view of that
seat, and no hidden card id or card name anywhere in it.
"""

import json
import random
import re

import pytest

from serverhelpers import create, seat_view, stored_steps, tokens_of
from tokyo.core import load_game

GAME = "crisis-tokyo"


def card_terms(game) -> dict[str, list[str]]:
    """card id -> the texts that would betray it: its id and the names of its halves
    that are not part of another card's name (those could appear for the other card)."""
    names = {}
    for cid, card in game.cards["character"].items():
        names[cid] = [card["threat"]["name"], card["hero"]["name"]]
    for cid, card in game.cards["event"].items():
        names[cid] = [card["a"]["name"], card["b"]["name"]]
    every = [(cid, n) for cid, ns in names.items() for n in ns]
    every += [(d, c["name"]) for d, c in game.cards["district"].items()]
    terms = {}
    for cid, ns in names.items():
        own = [n for n in ns if not any(n in other for o, other in every if o != cid)]
        terms[cid] = [cid] + own
    return terms


def mentions(text: str, term: str) -> bool:
    return re.search(r"(?<![\w-])" + re.escape(term) + r"(?![\w-])", text) is not None


def hidden_terms(state, seat, terms) -> dict[str, str]:
    """term -> card id, for the cards in hands other than ``seat``'s that the kernel's
    observation for ``seat`` does not show."""
    shown = json.dumps(state.observation(seat), ensure_ascii=False)
    out = {}
    for other, hand in enumerate(state.hands):
        if other == seat:
            continue
        for cid in hand:
            if not mentions(shown, cid):
                out.update({t: cid for t in terms[cid]})
    return out


def assert_hides(payload, hidden: dict[str, str], where: str) -> None:
    text = json.dumps(payload, ensure_ascii=False)
    for term, cid in hidden.items():
        assert not mentions(text, term), f"{where}: {term!r} (card {cid} in another hand) was sent"


@pytest.mark.parametrize("seed", [21, 22])
def test_no_payload_shows_another_seats_hand(client, db, seed):
    created = create(client, GAME, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}], seed=seed)
    room, tokens = created["room"], tokens_of(created)
    rng = random.Random(seed)
    sent = {0: [], None: []}          # seat -> [(version or None, payload)]
    errors = []                       # (version, payload) of error answers to seat 0

    def post(token, action, version=None):
        return client.post(f"/api/rooms/{room}/actions", json={"token": token, "action": action, "version": version})

    with client.websocket_connect(f"/ws/rooms/{room}?token={tokens[0]}") as ws0, \
            client.websocket_connect(f"/ws/rooms/{room}") as watch:
        while True:
            views = {s: seat_view(client, room, tokens[s]) for s in (0, 1)}
            sent[0].append((views[0]["version"], views[0]))
            if views[0]["status"] == "finished":
                break
            mover = next((s for s in (0, 1) if views[s]["your_turn"]), None)
            if mover is None:
                continue  # the bot is to act
            view = views[mover]
            if mover == 1:  # seat 0 tries seat 1's move: the refusal must not show seat 1's options
                refused = post(tokens[0], view["legal"][0])
                assert refused.status_code == 409
                errors.append((view["version"], refused.json()))
            else:
                refused = post(tokens[0], "steal every card")
                assert refused.status_code == 422
                errors.append((view["version"], refused.json()))
            answer = post(tokens[mover], rng.choice(view["legal"]), view["version"])
            assert answer.status_code == 200, answer.text
            if mover == 0:
                sent[0].append((answer.json()["version"], answer.json()))
        for ws, seat in ((ws0, 0), (watch, None)):
            while True:
                message = ws.receive_json()
                assert message["type"] == "view"
                sent[seat].append((message["version"], message))
                if message["status"] == "finished":
                    break
        sent[None].append((None, client.get("/api/rooms").json()))
        sent[None].append((None, client.get("/api/rooms", params={"status": "finished"}).json()))
        sent[None].append((None, client.get(f"/api/rooms/{room}/replay").json()))

    game = load_game(GAME, 3)
    terms = card_terms(game)
    steps = stored_steps(db, room)
    needed = {v for payloads in sent.values() for v, _ in payloads if v is not None} | {v for v, _ in errors}
    assert len(needed) > 20 and max(needed) == len(steps)
    state = game.new_initial_state()
    checked = 0
    for version in range(len(steps) + 1):
        if version:
            before = len(state.log)
            state.apply_action(steps[version - 1].text)
            # each log line seat 0 sees names no hidden card at the moment it is written
            hidden = hidden_terms(state, 0, terms)
            for event in state.log[before:]:
                if event.visible_to(0):
                    assert_hides(event.text, hidden, f"log line at step {version}")
        if version not in needed:
            continue
        for seat, payloads in sent.items():
            hidden = hidden_terms(state, seat, terms)
            if seat is None:
                hidden = {}
                for other, hand in enumerate(state.hands):  # a spectator knows no hand
                    shown = json.dumps(state.observation(None))
                    hidden.update({t: c for c in hand if not mentions(shown, c) for t in terms[c]})
            for v, payload in payloads:
                if v != version:
                    continue
                assert payload["seat"] == seat
                assert payload["observation"] == state.observation(seat)
                assert payload["render"] == state.render(seat)
                assert payload["legal"] == (state.legal_texts() if state.current_player() == seat else [])
                events = [e.as_dict() for e in state.log_for(seat)]
                assert payload["log"] == events[payload["log_from"]:payload["log_total"]]
                assert payload["log_total"] == len(events)
                assert_hides(payload, hidden, f"payload to seat {seat} at version {version}")
                assert tokens[1] not in json.dumps(payload) and "token_hash" not in json.dumps(payload)
                checked += 1
        for v, payload in errors:
            if v == version:
                assert_hides(payload, hidden_terms(state, 0, terms), f"error to seat 0 at version {version}")
                checked += 1
    assert checked >= len(needed)
    # the spectator's listings and the public replay, against every hand at the end
    final_hands = {t: c for hand in state.hands for c in hand for t in terms[c]}
    shown = json.dumps(state.observation(None))
    final_hidden = {t: c for t, c in final_hands.items() if not mentions(shown, c)}
    for v, payload in sent[None]:
        if v is None:
            assert_hides(payload, final_hidden, "spectator listing or replay")
