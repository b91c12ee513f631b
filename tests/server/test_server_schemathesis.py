"""The OpenAPI document is true: Schemathesis, with every one of its checks, against a
live ``tokyo serve`` (a subprocess, as a user runs it).

Per operation it sends the schema's coverage cases (every documented status, missing and
wrong fields, methods that are not allowed) and generated requests, valid and invalid;
then the stateful part follows the document's links (create a room, look at it, play the
seat's legal actions). Each answer must be documented: its status, its body's schema,
its content type, a 405's Allow header. The repository's schemathesis.toml says where a
documented 422 answers data the schema allows (rules no schema can state).

The number of examples is bounded and the run is derandomized, so that the test is the
same, and short, on every run; ``st run http://127.0.0.1:PORT/openapi.json --checks all``
from the repository root explores further (docs/server.md).
"""

from collections import Counter
from pathlib import Path

import hypothesis
import pytest
import schemathesis
from hypothesis import HealthCheck
from schemathesis.checks import CHECKS, load_all_checks
from schemathesis.config import SchemathesisConfig

from serverhelpers import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = 12
"""Generated requests per operation (besides the coverage cases)."""
SCENARIOS, STEPS = 12, 6
"""Stateful scenarios, and the most requests in each."""


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    # no limit on rooms (the run creates many), one search bot (each thinks on a CPU)
    server = ServerProcess(tmp_path_factory.mktemp("schemathesis") / "games.sqlite3",
                           extra=("--max-rooms-per-client", "0", "--max-search-bots-per-client", "1"))
    yield server
    server.stop()


@pytest.fixture(scope="module")
def api(live):
    config = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
    return schemathesis.openapi.from_url(live.url + "/openapi.json", config=config)


def all_checks() -> list:
    load_all_checks()
    return CHECKS.get_all()


@pytest.fixture(autouse=True)
def _node_id_for_schemathesis(request):
    # Schemathesis 4.32's fixture-loaded schema renames the test node per operation
    # through ``node._nodeid``, an attribute pytest 9.2 no longer has; give it one (the
    # renaming is cosmetic: the operation is named in every failure anyway)
    if not hasattr(request.node, "_nodeid"):
        request.node._nodeid = request.node.nodeid


SETTINGS = dict(deadline=None, derandomize=True, database=None, suppress_health_check=list(HealthCheck),
                print_blob=False)
schema = schemathesis.pytest.from_fixture("api")


@schema.parametrize()
@hypothesis.settings(max_examples=EXAMPLES, **SETTINGS)
def test_every_operation_answers_as_documented(case):
    case.call_and_validate(checks=all_checks())


def test_following_the_links_answers_as_documented(api):
    checks = all_checks()
    seen: Counter = Counter()

    class Walk(api.as_state_machine()):
        def after_call(self, response, case):
            super().after_call(response, case)
            seen[(case.operation.label, response.status_code)] += 1

        def validate_response(self, response, case, additional_checks=None, **kwargs):
            extra = {"recorder": self.recorder} if hasattr(self, "recorder") else {}
            case.validate_response(response, checks=checks, transport_kwargs=kwargs or None, **extra)

    Walk.run(settings=hypothesis.settings(max_examples=SCENARIOS, stateful_step_count=STEPS, **SETTINGS))
    # the walk went where the links lead: rooms made, seen, and played in
    assert seen[("POST /api/rooms", 201)], seen
    assert seen[("GET /api/rooms/{room_id}/seat/{token}", 200)], seen
    assert seen[("POST /api/rooms/{room_id}/actions", 200)], seen
