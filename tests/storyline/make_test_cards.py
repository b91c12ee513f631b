"""Writes data/test_<faction>.toml and data/test_kit.toml, the minimal card set of the engine
tests in the format of docs/storyline-card-format.md: four 30-card decks, one per faction and
file, using every type the engine plays today, and a kit of cards in no deck (test Drones,
two test Crisis Storylines and a test Crisis Device). Run it again after changing it:
``python tests/storyline/make_test_cards.py``. These are test fixtures, not the shipped
cards (branch storyline-cards)."""

from pathlib import Path

FACTIONS = ("amber", "basalt", "cobalt", "dusk")


def faction(f: str) -> str:
    F = f.capitalize()
    legend_back = ('type = "spacecraft"\nclass = "capital"\nname = "{F} Derelict"\ncost = 3\nstrike = 1\n'
                   'power = "high"\nrange = 1\ndurability = 3\narrives_contested = true\n'
                   if f == "dusk" else
                   'type = "character"\nname = "{F} Hero"\ncost = 2\nstrike = 2\npower = "low"\nrange = 0\n'
                   'durability = 3\n').format(F=F)
    return f'''
[deck]
id = "{f}"
name = "{F}"
set = "{f}"
size = 30
homeworld = "{f}-home"

[[card]]
id = "{f}-home"
set = "{f}"
homeworld = true
original = true
[card.faces.front]
name = "{F} Prime"
type = "location"
homeworld = true
cost = 3
durability = 5
income = 1

[[card]]
id = "{f}-scout"
set = "{f}"
deck = "{f}"
copies = 3
original = true
[card.faces.front]
name = "{F} Scout"
type = "character"
cost = 1
strike = 1
power = "low"
range = 1
durability = 2

[[card]]
id = "{f}-captain"
set = "{f}"
deck = "{f}"
copies = 3
original = true
[card.faces.front]
name = "{F} Captain"
type = "character"
cost = 3
strike = 2
power = "high"
range = 0
durability = 3

[[card]]
id = "{f}-tank"
set = "{f}"
deck = "{f}"
copies = 3
original = true
[card.faces.front]
name = "{F} Tank"
type = "ground-unit"
cost = 2
strike = 2
power = "low"
range = 1
durability = 3

[[card]]
id = "{f}-artillery"
set = "{f}"
deck = "{f}"
copies = 3
original = true
[card.faces.front]
name = "{F} Artillery"
type = "ground-unit"
cost = 4
strike = 3
power = "high"
range = 2
durability = 3

[[card]]
id = "{f}-fighter"
set = "{f}"
deck = "{f}"
copies = 3
original = true
[card.faces.front]
name = "{F} Fighter"
type = "spacecraft"
class = "non-capital"
cost = 2
strike = 1
power = "low"
range = 1
durability = 2

[[card]]
id = "{f}-carrier"
set = "{f}"
deck = "{f}"
copies = 2
original = true
[card.faces.front]
name = "{F} Carrier"
type = "spacecraft"
class = "capital"
cost = 5
strike = 2
power = "high"
range = 1
durability = 4

[[card]]
id = "{f}-outpost"
set = "{f}"
deck = "{f}"
copies = 3
original = true
[card.faces.front]
name = "{F} Outpost"
type = "location"
cost = 2
durability = 3
income = 1

[[card]]
id = "{f}-plating"
set = "{f}"
deck = "{f}"
copies = 2
original = true
[card.faces.front]
name = "{F} Plating"
type = "device"
cost = 1
attach = {{ types = ["location", "spacecraft", "ground-unit"], controller = "you" }}
text = "No effect (test card)."

[[card]]
id = "{f}-supply"
set = "{f}"
deck = "{f}"
copies = 3
original = true
[card.faces.front]
name = "{F} Supply Run"
type = "event"
cost = 0
text = "Gain 2 Treasury."
abilities = [{{kind = "triggered", when = "played", effect = [{{op = "gain-treasury", who = "you", amount = 2}}]}}]

[[card]]
id = "{f}-intel"
set = "{f}"
deck = "{f}"
copies = 2
original = true
[card.faces.front]
name = "{F} Intel"
type = "event"
cost = 1
text = "Draw 2 cards."
abilities = [{{kind = "triggered", when = "played", effect = [{{op = "draw", who = "you", n = 2}}]}}]

[[card]]
id = "{f}-saga"
set = "{f}"
deck = "{f}"
copies = 2
original = true
[card.faces.front]
name = "{F} Saga"
type = "storyline"
band = 2
shield = "unshielded"
durability = 3
award = 2
chapters = [{{number = 1, counter = "story", end = 2, text = ""}}, {{number = 2, counter = "story", end = 4, text = ""}}]
[card.faces.back]
name = "{F} Saga Told"
type = "epilogue"

[[card]]
id = "{f}-legend"
set = "{f}"
deck = "{f}"
copies = 1
original = true
[card.faces.front]
name = "{F} Legend"
type = "storyline"
band = 1
shield = "shielded"
durability = 4
award = 1
chapters = [{{number = 1, counter = "story", end = 1, text = ""}}, {{number = 2, counter = "story", end = 2, text = ""}}]
[card.faces.back]
{legend_back}'''


# Cards in no deck: test Drones and a small Crisis set (two Crisis Storylines and a Crisis
# Device), so that the Crisis Format can be tested without the shipped cards.
KIT = '''
[set]
id = "testkit"
name = "Test kit"

[[card]]
id = "test-drone-ground"
set = "testkit"
token = true
drone = true
original = true
[card.faces.front]
name = "Test Ground Drone"
type = "ground-unit"
cost = 1
strike = 1
power = "low"
range = 0
durability = 1

[[card]]
id = "test-drone-wasp"
set = "testkit"
token = true
drone = true
original = true
[card.faces.front]
name = "Test Wasp Drone"
type = "spacecraft"
class = "non-capital"
cost = 1
strike = 1
power = "low"
range = 1
durability = 1

[[card]]
id = "crisis-test-clock"
set = "crisis"
original = true
[card.faces.front]
name = "The Test Clock"
type = "storyline"
shield = "shielded"
durability = 6
text = "Bargain - 1 Treasury: remove 1 Time counter from this."
abilities = [{kind = "bargain", cost = {treasury = 1}, effect = [{op = "remove-counters", type = "time", n = 1, on = "this"}]}]
[[card.faces.front.chapters]]
number = 1
counter = "time"
end = 1
text = "In each opponent Admin Phase: the paired player loses 1 Treasury."
abilities = [{kind = "triggered", when = {phase = "admin", whose = "each-opponent"}, effect = [{op = "lose-treasury", who = "paired-player", amount = 1}]}]
[[card.faces.front.chapters]]
number = 2
counter = "time"
end = 2
text = "In each opponent Admin Phase: the paired player loses 2 Treasury."
abilities = [{kind = "triggered", when = {phase = "admin", whose = "each-opponent"}, effect = [{op = "lose-treasury", who = "paired-player", amount = 2}]}]
[card.faces.back]
name = "The Test Hulk"
type = "spacecraft"
class = "capital"
cost = 3
strike = 0
power = "low"
range = 0
durability = 3
arrives_contested = true
text = "Arrives Contested. In each opponent Admin Phase: create a Test Ground Drone in the open."
abilities = [{kind = "triggered", when = {phase = "admin", whose = "each-opponent"}, effect = [{op = "create-drone", drone = "test-drone-ground", where = "open"}]}]

[[card]]
id = "crisis-test-siege"
set = "crisis"
original = true
[card.faces.front]
name = "The Test Siege"
type = "storyline"
shield = "unshielded"
durability = 4
[[card.faces.front.chapters]]
number = 1
counter = "time"
end = 3
text = ""
[[card.faces.front.chapters]]
number = 2
counter = "time"
end = 6
text = ""
[card.faces.back]
name = "The Test Siege Engine"
type = "ground-unit"
cost = 2
strike = 2
power = "high"
range = 1
durability = 2
text = "In your Main Phase: this attacks."
abilities = [{kind = "triggered", when = {phase = "main", whose = "your"}, effect = [{op = "attack", by = "this"}]}]

[[card]]
id = "crisis-test-leech"
set = "crisis"
token = true
original = true
[card.faces.front]
name = "The Test Leech"
type = "device"
cost = 0
attach = {types = ["character"], controller = "any"}
text = "In each opponent Admin Phase: deal 2 Low damage to the card this is attached to."
abilities = [{kind = "triggered", when = {phase = "admin", whose = "each-opponent"}, effect = [{op = "deal-damage", amount = 2, power = "low", to = "host"}]}]
'''


if __name__ == "__main__":
    here = Path(__file__).with_name("data")
    for old in here.glob("*.toml"):
        old.unlink()
    for f in FACTIONS:
        text = "# Generated by tests/storyline/make_test_cards.py: the engine tests' card set.\n" + faction(f)
        here.joinpath(f"test_{f}.toml").write_text(text, encoding="utf-8")
    here.joinpath("test_kit.toml").write_text(
        "# Generated by tests/storyline/make_test_cards.py: test Drones and a test Crisis set.\n" + KIT,
        encoding="utf-8")
