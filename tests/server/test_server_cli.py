"""``tokyo serve`` on the command line: its help and its one-line errors."""

import socket

from clihelpers import assert_user_error, run_installed


def test_serve_help_teaches_the_options():
    result = run_installed("serve", "--help")
    assert result.returncode == 0
    for word in ("--host", "--port", "--db", "--bot-delay", "/docs", "seat link", "--max-rooms-per-client",
                 "--max-search-bots-per-client", "429", "413"):
        assert word in result.stdout, word


def test_serve_limits_default_to_the_servers():
    import inspect

    from tokyo.cli import serve
    from tokyo.server.limits import MAX_ROOMS_PER_CLIENT, MAX_SEARCH_BOTS_PER_CLIENT
    defaults = {name: p.default for name, p in inspect.signature(serve).parameters.items()}
    assert defaults["max_rooms_per_client"] == MAX_ROOMS_PER_CLIENT
    assert defaults["max_search_bots_per_client"] == MAX_SEARCH_BOTS_PER_CLIENT


def test_serve_refuses_a_file_that_is_not_a_database(tmp_path):
    bad = tmp_path / "notes.txt"
    bad.write_text("this is not SQLite\n" * 100)
    assert_user_error(run_installed("serve", "--db", str(bad), "--port", "0"), "not a database", str(bad))
    assert bad.read_text().startswith("this is not SQLite")


def test_serve_refuses_a_port_in_use(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_installed("serve", "--port", str(port), "--db", str(tmp_path / "new" / "g.sqlite3"))
    assert_user_error(result, "cannot listen on", f"127.0.0.1:{port}", "--port")
    assert not (tmp_path / "new").exists()  # a server that could not start creates no database


def test_serve_usage_error_for_a_bad_port():
    result = run_installed("serve", "--port", "70000")
    assert result.returncode == 2 and "Traceback" not in result.stderr
