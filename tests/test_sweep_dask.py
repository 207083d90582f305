"""The sweep engine on a Dask cluster: a LocalCluster of 2 worker processes
started here gives exactly what one core and --jobs 2 give, for every game."""

from __future__ import annotations

import http.server
import socket
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

import sweep_tasks
from cardshell import blame
from cardshell.errors import CommandError
from cardshell.shell import Shell
from cardshell.sweep import DaskCluster, Tally, add_counts, cluster, reduce, run
from sweep_tasks import OUTCOMES, die, fails_on_seed_13, seeds_of

#: The line of tests/sweep_tasks.py that raises in ``fails_on_seed_13``.
FAILS_AT = next(number for number, text in enumerate(open(sweep_tasks.__file__), 1) if "deal 13 is broken" in text)

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The address of a LocalCluster: 2 worker processes of 1 thread each."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
        local_directory=str(tmp_path_factory.mktemp("dask")),
    ) as local:
        yield local.scheduler_address


GAMES = [
    ("pictures", "play pictures --seed 3", "simulate 2400 11"),
    ("up-and-down", "play up-and-down --seed 3", "simulate 2400 --first -40"),
    ("blackjack", "play blackjack --seed 3", "simulate 2400 16"),
    ("snap", "play snap --seed 3 --max-turns 150", "simulate 2100"),
]


@pytest.mark.parametrize(("game", "play", "line"), GAMES, ids=[game for game, _, _ in GAMES])
def test_every_game_gives_the_same_result_on_one_core_two_processes_and_the_cluster(scheduler, game, play, line):
    shell = Shell.create(plugins=[game])
    assert shell.execute(play).ok
    one = shell.execute(f"{line} --jobs 1 --plot")
    assert one.ok, one.error
    assert shell.execute(f"{line} --jobs 2 --plot").output == one.output
    assert shell.execute(f"{line} --scheduler {scheduler} --plot").output == one.output


def test_the_consumer_sees_the_chunks_in_deal_order(scheduler):
    seen = []
    run(seeds_of, range(-30, 470), lambda chunk, result: seen.append((list(chunk), result)),
        backend=DaskCluster(scheduler), max_chunk=13)
    assert [seed for chunk, _ in seen for seed in chunk] == list(range(-30, 470))
    assert all(chunk == result for chunk, result in seen)
    counts = reduce(Tally(die, OUTCOMES), range(0, 700), [], add_counts, backend=DaskCluster(scheduler), max_chunk=50)
    assert counts == reduce(Tally(die, OUTCOMES), range(0, 700), [], add_counts)


def test_the_environment_names_the_scheduler_unless_jobs_is_given(scheduler, monkeypatch):
    used = []
    original = DaskCluster.map

    def spy(self, *args, **kwargs):
        used.append(self.address)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(DaskCluster, "map", spy)
    monkeypatch.setenv("CARDSHELL_DASK_SCHEDULER", scheduler)
    shell = Shell.create(plugins=["pictures"])
    shell.execute("play pictures --seed 3")
    on_cluster = shell.execute("simulate 50")
    assert on_cluster.ok and used == [scheduler]
    assert shell.execute("simulate 50 --jobs 2").output == on_cluster.output and used == [scheduler]


def test_a_failing_chunk_comes_back_as_the_tasks_exception_with_where_it_was_raised(scheduler):
    # As from a pool worker: the plugin's own exception, located in its own code (not in Dask's).
    with pytest.raises(ValueError, match="deal 13 is broken") as caught:
        run(fails_on_seed_13, range(0, 40), lambda chunk, result: None, backend=DaskCluster(scheduler), max_chunk=5)
    found = blame.locate(caught.value, [("sweep_tasks", sweep_tasks.__file__)])
    assert found == blame.Blame("sweep_tasks", f"sweep_tasks.py:{FAILS_AT}")


def test_ctrl_c_cancels_what_the_cluster_still_has(scheduler):
    def consume(chunk, result):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(seeds_of, range(0, 10**9), consume, backend=DaskCluster(scheduler), max_chunk=1000)
    with distributed.Client(scheduler) as client:
        deadline = time.monotonic() + 20
        while client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0


def test_an_unreachable_scheduler_is_a_clear_error(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    shell = Shell.create(plugins=["pictures"])
    shell.execute("play pictures --seed 3")
    reply = shell.execute("simulate 10 --scheduler tcp://127.0.0.1:9")
    assert not reply.ok and reply.error.startswith("could not reach the Dask scheduler at tcp://127.0.0.1:9")


def test_a_bad_environment_address_is_named(monkeypatch):
    monkeypatch.setenv("CARDSHELL_DASK_SCHEDULER", "not an address")
    shell = Shell.create(plugins=["pictures"])
    shell.execute("play pictures --seed 3")
    reply = shell.execute("simulate 10")
    assert not reply.ok
    assert reply.error == "CARDSHELL_DASK_SCHEDULER: 'not an address' is not a scheduler address such as tcp://HOST:PORT"


def test_without_dask_the_message_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    shell = Shell.create(plugins=["pictures"])
    shell.execute("play pictures --seed 3")
    reply = shell.execute("simulate 10 --scheduler tcp://127.0.0.1:9")
    assert not reply.ok
    assert reply.error == "--scheduler needs Dask's distributed scheduler: pip install 'cardshell[dask]'"
    with pytest.raises(CommandError, match=r"pip install 'cardshell\[dask\]'"):
        list(DaskCluster("tcp://127.0.0.1:9").map(seeds_of, range(3)))


# --- A wrong address (issue 28 item 3): real servers on 127.0.0.1 that are not schedulers -----------


@pytest.fixture
def http_port():
    """The port of an HTTP server on 127.0.0.1 (a server that speaks, but not Dask)."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), http.server.SimpleHTTPRequestHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def silent_port():
    """The port of a server on 127.0.0.1 that accepts connections and never answers."""
    listener = socket.create_server(("127.0.0.1", 0))
    accepted = []
    stop = threading.Event()

    def accept():
        listener.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(listener.accept()[0])
            except TimeoutError:
                continue
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    stop.set()
    thread.join()
    for connection in accepted:
        connection.close()
    listener.close()


@pytest.mark.parametrize("server", ["http_port", "silent_port"])
def test_a_server_that_is_not_a_scheduler_is_one_line_within_the_timeout(server, request, monkeypatch):
    port = request.getfixturevalue(server)
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 0.5)
    shell = Shell.create(plugins=["pictures"])
    shell.execute("play pictures --seed 3")
    reply = shell.execute(f"simulate 5 --scheduler tcp://127.0.0.1:{port}")
    assert not reply.ok  # (before: a MemoryError blamed on the game, or minutes without an answer)
    assert reply.error == (f"could not reach the Dask scheduler at tcp://127.0.0.1:{port}: "
                           "no Dask handshake within 0.5 s")
    assert shell.execute("show").ok  # the game is as it was


def test_the_probe_refuses_a_peer_that_answers_garbage():
    # A server that speaks first, as a scheduler does, but not Dask's handshake.
    listener = socket.create_server(("127.0.0.1", 0))

    def answer():
        connection, _ = listener.accept()
        connection.sendall(b"HTTP/1.1 200 OK\r\n\r\n")
        time.sleep(1)
        connection.close()

    thread = threading.Thread(target=answer, daemon=True)
    thread.start()
    try:
        with pytest.raises(ConnectionError, match="not as a Dask scheduler"):
            cluster.probe("127.0.0.1", listener.getsockname()[1], 5)
    finally:
        thread.join()
        listener.close()


def test_the_probe_accepts_a_real_scheduler(scheduler):
    host, port = scheduler.removeprefix("tcp://").rsplit(":", 1)
    cluster.probe(host, int(port), 5)  # no exception: it is a Dask scheduler


@pytest.fixture
def silent_name_server(monkeypatch):
    """socket.getaddrinfo for a name server that never answers: a lookup of
    any ``.invalid`` name waits until the test ends (the Event is set at
    teardown); other names (the module's LocalCluster in this process) are
    looked up as usual."""
    release = threading.Event()
    lookups = []
    real = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        if not str(host).endswith(".invalid"):
            return real(host, *args, **kwargs)
        lookups.append(host)
        release.wait(60)
        raise socket.gaierror(socket.EAI_AGAIN, "Temporary failure in name resolution")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    yield lookups
    release.set()


def test_a_name_that_is_never_resolved_costs_the_timeout_not_the_resolvers(silent_name_server):
    # The probe looked the name up with socket.create_connection, which has no
    # bound on the lookup: a silent name server held the sweep for as long as
    # the system's resolver waits.
    start = time.monotonic()
    with pytest.raises(TimeoutError, match="'scheduler.invalid' was not resolved within 0.3 s"):
        cluster.probe("scheduler.invalid", 8786, 0.3)
    assert time.monotonic() - start < 5
    assert silent_name_server == ["scheduler.invalid"]


def test_an_unresolved_scheduler_name_is_one_line_and_nothing_runs(silent_name_server):
    chunks = []
    with pytest.raises(CommandError) as caught:
        for chunk, _ in DaskCluster("tcp://scheduler.invalid:8786", timeout=0.3).map(seeds_of, range(3)):
            chunks.append(chunk)
    assert caught.value.message == ("could not reach the Dask scheduler at tcp://scheduler.invalid:8786: "
                                    "the name 'scheduler.invalid' was not resolved within 0.3 s")
    assert chunks == []


def test_an_unknown_name_is_reported_as_the_resolver_says(monkeypatch):
    real = socket.getaddrinfo

    def getaddrinfo(host, *args, **kwargs):
        if not str(host).endswith(".invalid"):
            return real(host, *args, **kwargs)
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    with pytest.raises(socket.gaierror, match="Name or service not known"):
        cluster.probe("nowhere.invalid", 8786, 5)


def test_the_probe_tries_each_address_of_a_name_in_turn(scheduler, monkeypatch):
    # A name with a dead address first (a closed port) and the scheduler second.
    host, port = scheduler.removeprefix("tcp://").rsplit(":", 1)
    closed = socket.create_server(("127.0.0.1", 0))
    dead = closed.getsockname()
    closed.close()
    rows = [(socket.AF_INET, socket.SOCK_STREAM, 6, "", address) for address in (dead, (host, int(port)))]
    real = socket.getaddrinfo
    monkeypatch.setattr(socket, "getaddrinfo", lambda name, *args, **kwargs: rows if name == "two-addresses.invalid"
                        else real(name, *args, **kwargs))
    cluster.probe("two-addresses.invalid", int(port), 5)  # no exception: the second address answered as Dask


@pytest.mark.parametrize("address", ["tls://127.0.0.1:1", "inproc://x"])
def test_another_scheme_is_refused_before_dask_is_asked(address):
    with pytest.raises(CommandError) as caught:
        list(DaskCluster(address).map(seeds_of, range(3)))
    assert caught.value.message.startswith(f"could not reach the Dask scheduler at {address!r}: ")
    assert "not a TCP address" in caught.value.message


CLI = textwrap.dedent("""
    import sys
    from cardshell import cli
    from cardshell.sweep import cluster
    cluster.CONNECT_TIMEOUT = 0.5
    sys.exit(cli.main(sys.argv[1:]))
""")


@pytest.mark.parametrize("server", ["http_port", "silent_port"])
def test_a_script_ends_with_one_line_exit_1_and_no_stall(server, request):
    port = request.getfixturevalue(server)
    run = subprocess.run([sys.executable, "-c", CLI], input=f"play pictures --seed 3\nsimulate 5 --scheduler "
                         f"tcp://127.0.0.1:{port}\n", capture_output=True, text=True, timeout=60)
    assert run.returncode == 1
    assert run.stderr == (f"<stdin>:2: could not reach the Dask scheduler at tcp://127.0.0.1:{port}: "
                          "no Dask handshake within 0.5 s\n")


def test_a_plugins_exception_on_a_dask_worker_names_the_plugin_and_its_line_as_in_this_process(scheduler, tmp_path):
    plugin = Path(__file__).resolve().parent / "plugins" / "hostile_raising_rules.py"
    shell = Shell.create(plugins=[], extra_modules=[str(plugin)], seed=0, autosave=False, data_dir=tmp_path / "data")
    here = shell.execute("winnability raising-rules --deals 0:8 --jobs 1")
    assert not here.ok and here.error.startswith("internal error in plugin 'hostile_raising_rules': ValueError: ")
    there = shell.execute(f"winnability raising-rules --deals 0:8 --scheduler {scheduler}")
    assert there.error == here.error
