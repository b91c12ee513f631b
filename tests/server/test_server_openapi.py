"""The OpenAPI document at /openapi.json says what the server does: game ids and agent
names are enums, every operation lists its error answers with the error body's schema,
and the server refuses what the schema refuses (test_server_schemathesis.py tries it all
against a live server; these are the quick, exact statements)."""

import pytest

from tokyo.agents import AGENT_NAMES
from tokyo.core import list_games


@pytest.fixture
def doc(client):
    response = client.get("/openapi.json")
    assert response.status_code == 200
    return response.json()


def operations(doc):
    for path, item in doc["paths"].items():
        for method, op in item.items():
            yield method.upper(), path, op


def test_game_ids_and_agent_names_are_enums(doc):
    games = sorted(g["id"] for g in list_games())
    schemas = doc["components"]["schemas"]
    assert sorted(schemas["CreateRoom"]["properties"]["game"]["enum"]) == games
    assert sorted(schemas["GameEntry"]["properties"]["id"]["enum"]) == games
    for method, path, op in operations(doc):
        for param in op.get("parameters", []):
            if param["name"] == "game_id":
                assert sorted(param["schema"]["enum"]) == games, (method, path)
    agent = schemas["SeatSpec"]["properties"]["agent"]["anyOf"]
    assert {"type": "string", "enum": list(AGENT_NAMES)} in agent
    assert any(a.get("pattern", "").startswith("^(random|heuristic|ismcts|policy):") for a in agent)
    assert schemas["GameEntry"]["properties"]["default_agent"]["enum"] == list(AGENT_NAMES)


def test_every_error_answer_is_documented_with_the_error_body(doc):
    assert "HTTPValidationError" not in doc["components"]["schemas"]
    error_ref = {"$ref": "#/components/schemas/ErrorBody"}
    for method, path, op in operations(doc):
        statuses = set(op["responses"])
        assert {"413", "500"} <= statuses, (method, path)
        if "{room_id}" in path:
            assert "404" in statuses, (method, path)
            # every operation on a room rebuilds it (503 if it cannot be), but deleting one,
            # which works on a room this server cannot rebuild too
            assert "503" in statuses or op["operationId"] == "deleteRoom", (method, path)
        if "{game_id}" in path:
            assert "404" in statuses and "bad_game" in op["responses"]["404"]["description"], (method, path)
        if op.get("parameters") or op.get("requestBody"):
            assert "422" in statuses, (method, path)
        for status, answer in op["responses"].items():
            if status.startswith(("4", "5")):
                assert answer["content"]["application/json"]["schema"] == error_ref, (method, path, status)
    create = doc["paths"]["/api/rooms"]["post"]["responses"]
    assert "429" in create and "too_many_rooms" in create["429"]["description"]
    act = doc["paths"]["/api/rooms/{room_id}/actions"]["post"]["responses"]
    assert {"403", "404", "409", "422"} <= set(act)


def test_links_lead_from_a_new_room_to_playing_it(doc):
    created = doc["paths"]["/api/rooms"]["post"]["responses"]["201"]["links"]
    assert created["seatView"]["parameters"]["token"] == "$response.body#/seats/0/token"
    seat = doc["paths"]["/api/rooms/{room_id}/seat/{token}"]["get"]["responses"]["200"]["links"]
    assert seat["act"]["operationId"] == "act" and seat["act"]["requestBody"]["action"] == "$response.body#/legal/0"


@pytest.mark.parametrize("body, field", [
    ({"game": "kot-dark", "seed": False}, "seed"),
    ({"game": "kot-dark", "players": True}, "players"),
    ({"game": "kot-dark", "players": 2.5}, "players"),
    ({"game": "kot-dark", "players": "2"}, "players"),
])
def test_a_number_field_takes_only_numbers(client, body, field):
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 422 and response.json()["error"] == "malformed", response.text
    assert field in response.json()["message"]
    assert client.get("/api/rooms").json() == []


def test_an_agent_outside_the_enum_is_a_bad_agent(client):
    response = client.post("/api/rooms", json={"game": "kot-dark", "seats": [{"kind": "human"},
                                                                            {"kind": "bot", "agent": "ismcts sims"}]})
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "bad_agent" and "seat 1" in body["message"] and "ismcts" in body["message"]
