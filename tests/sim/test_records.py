"""tokyo.sim.records: record files in JSON lines and Parquet, read back and replayed."""

import json
import sys

import pytest

from tokyo import GameRecord, OptionError, StateFormatError
from tokyo.sim import load_records, read_records, record_format, replay_record, run_games, write_records

pa = pytest.importorskip("pyarrow")
import pyarrow.parquet as pq  # noqa: E402


@pytest.fixture(scope="module")
def toy_records():
    return run_games("toy-pig", 3, 8, seed=3, agents=["random"], workers=1)


def synthetic():
    """Records with every kind of field: a None seed, nested extra, no extra, shared win."""
    return [
        GameRecord("g", 2, {"a": 1, "b": "x", "c": True}, None, ["random", "heuristic:k=2"], ["roll 3", "hold"],
                   [1.0, 0.0], [0], 7, {"win_by": "stars", "labels": {"monster": ["kraken", "the-king"]},
                                        "cards": [["alien-origin", "jets"], []], "cards_verb": "bought"}),
        GameRecord("g", 2, {}, 12, ["random", "random"], [], [1.0, 1.0], [0, 1], 3, {}),
    ]


@pytest.mark.parametrize("suffix", [".jsonl", ".json", ".parquet"])
def test_round_trip(tmp_path, toy_records, suffix):
    path = tmp_path / f"games{suffix}"
    records = list(toy_records) + synthetic()
    assert write_records(path, records) == len(records)
    back = read_records(path)
    assert [rec for _, rec in back] == [r.as_dict() for r in records]
    assert [r.as_dict() for r in load_records(path)] == [r.as_dict() for r in records]
    where = "row" if suffix == ".parquet" else "line"
    assert [w for w, _ in back][:2] == [f"{where} 1", f"{where} 2"]


def test_jsonl_is_what_out_wrote(tmp_path, toy_records):
    path = tmp_path / "games.jsonl"
    write_records(path, toy_records)
    lines = path.read_text().splitlines()
    assert [json.loads(line) for line in lines] == [r.as_dict() for r in toy_records]


def test_parquet_has_one_row_per_game_with_typed_columns(tmp_path):
    path = tmp_path / "games.parquet"
    records = synthetic()
    write_records(path, records)
    table = pq.read_table(path)
    assert table.num_rows == 2
    assert table.column_names == ["game", "players", "options", "seed", "agents", "history", "returns",
                                  "winners", "turns", "extra"]
    schema = table.schema
    assert schema.field("agents").type == pa.list_(pa.string())
    assert schema.field("returns").type == pa.list_(pa.float64())
    assert schema.field("winners").type == pa.list_(pa.int64())
    assert schema.field("options").type == pa.string() and schema.field("turns").type == pa.int64()
    rows = table.to_pylist()
    assert json.loads(rows[0]["extra"])["labels"] == {"monster": ["kraken", "the-king"]}
    assert json.loads(rows[0]["options"]) == {"a": 1, "b": "x", "c": True}
    assert rows[0]["seed"] is None and rows[1]["winners"] == [0, 1] and rows[1]["extra"] == "{}"


def test_replay_from_parquet(tmp_path, toy_records):
    path = tmp_path / "games.parquet"
    write_records(path, toy_records)
    results = [replay_record(rec) for _, rec in read_records(path)]
    assert len(results) == 8 and all(r.ok for r in results)
    # a tampered row is caught by the replay, as in JSON lines
    table = pq.read_table(path).to_pylist()
    table[2]["turns"] += 1
    pq.write_table(pa.Table.from_pylist(table, schema=pq.read_schema(path)), path)
    results = [replay_record(rec) for _, rec in read_records(path)]
    assert [r.ok for r in results] == [i != 2 for i in range(8)]
    assert "turns differ" in results[2].differences[0]


def test_unknown_extension(tmp_path, toy_records):
    with pytest.raises(OptionError) as info:
        write_records(tmp_path / "games.csv", toy_records)
    assert ".jsonl" in str(info.value) and ".parquet" in str(info.value) and "'.csv'" in str(info.value)
    with pytest.raises(StateFormatError) as info:
        read_records(tmp_path / "games.txt")
    assert ".jsonl, .json, .parquet" in str(info.value)
    with pytest.raises(OptionError, match="no extension"):
        record_format(tmp_path / "games")
    assert record_format("A.PARQUET") == "parquet" and record_format("a.json") == "jsonl"


@pytest.mark.parametrize("mutate,words", [
    (lambda path: path.write_bytes(b"not parquet at all"), "not a Parquet file"),
    (lambda path: pq.write_table(pa.table({"game": ["g"]}), path), "column 'players' is missing"),
    (lambda path: pq.write_table(pa.table({c: pa.array([], pa.string()) for c in
                                           ("game", "players", "options", "seed", "agents", "history",
                                            "returns", "winners", "turns", "extra")}), path), "no rows"),
])
def test_bad_parquet_files(tmp_path, mutate, words):
    path = tmp_path / "bad.parquet"
    mutate(path)
    with pytest.raises(StateFormatError, match=words):
        read_records(path)


def test_parquet_row_that_is_not_a_record(tmp_path):
    path = tmp_path / "games.parquet"
    write_records(path, synthetic())
    rows = pq.read_table(path).to_pylist()
    rows[1]["options"] = "[1, 2]"
    pq.write_table(pa.Table.from_pylist(rows, schema=pq.read_schema(path)), path)
    with pytest.raises(StateFormatError, match="row 2.*options"):
        read_records(path)
    with pytest.raises(StateFormatError, match="cannot read"):
        read_records(tmp_path / "missing.parquet")


def test_missing_pyarrow_says_how_to_install_it(tmp_path, monkeypatch, toy_records):
    path = tmp_path / "games.parquet"
    write_records(path, toy_records)
    monkeypatch.setitem(sys.modules, "pyarrow", None)   # import pyarrow now raises ImportError
    monkeypatch.setitem(sys.modules, "pyarrow.parquet", None)
    with pytest.raises(OptionError, match=r"pip install 'tokyo-engine\[parquet\]'"):
        write_records(tmp_path / "again.parquet", toy_records)
    with pytest.raises(StateFormatError, match=r"pip install 'tokyo-engine\[parquet\]'"):
        read_records(path)
    write_records(tmp_path / "still.jsonl", toy_records)  # JSON lines need no pyarrow


@pytest.mark.parametrize("content,message", [
    ('[{"game": "g"}, 7]', "{path}, record 1 is not a game record: field 'players' is missing"),
    ('[GOOD, "x"]', "{path}, record 2 is not a game record (a JSON object) but a string"),
    ('[GOOD, null]', "{path}, record 2 is not a game record (a JSON object) but null"),
    ('GOOD\n[1]\n', "{path}, line 2 is not a game record (a JSON object) but a list"),
    ('{"game": "g", "players": 2.0}', "{path}: field 'players' should be an integer, not a number"),
    ('{"game": "g", "players": true}', "{path}: field 'players' should be an integer, not true or false"),
    ('{"game": 3, "players": 2}', "{path}: field 'game' should be a string, not an integer"),
    ('{"game": "g", "players": 2, "history": {}}', "{path}: field 'history' should be a list, not an object"),
])
def test_records_that_are_not_records_say_what_they_are(tmp_path, content, message):
    good = json.dumps(synthetic()[0].as_dict())
    path = tmp_path / "games.json"
    path.write_text(content.replace("GOOD", good))
    with pytest.raises(StateFormatError) as info:
        read_records(path)
    assert str(info.value) == message.format(path=path)
