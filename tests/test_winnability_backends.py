"""winnability gives the same rows on one core, on --jobs 2 and on a Dask
LocalCluster of 2 worker processes started here, in both modes."""

from __future__ import annotations

import pytest

from cardshell.shell import Shell
from cardshell.winnability.store import Store

distributed = pytest.importorskip("distributed")

RUNS = [
    ("thumb-and-pouch", "winnability thumb-and-pouch --deals 3:23 --nodes 400 --seconds 600"),
    ("higher-lower", "winnability higher-lower --deals 0:20 --honest --samples 3 --nodes 100 --seconds 600"),
]


@pytest.fixture(scope="module")
def scheduler(tmp_path_factory):
    """The address of a LocalCluster: 2 worker processes of 1 thread each."""
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
        local_directory=str(tmp_path_factory.mktemp("dask")),
    ) as local:
        yield local.scheduler_address


def rows(data_dir):
    """The stored rows without their times (which differ from run to run)."""
    with Store.in_directory(data_dir) as store:
        return [(row.key, row.deal, row.outcome.result, row.outcome.positions, row.outcome.line)
                for row in store.rows()]


def counts(output):
    """The report without its times."""
    return [line for line in output.splitlines() if "time" not in line and "settled deal" not in line]


@pytest.mark.parametrize(("game", "line"), RUNS, ids=[game for game, _ in RUNS])
def test_one_core_two_processes_and_a_cluster_store_the_same_rows(scheduler, tmp_path, game, line):
    outputs, tables = [], []
    for where, backend in (("one", "--jobs 1"), ("pool", "--jobs 2"), ("dask", f"--scheduler {scheduler}")):
        shell = Shell.create([game], data_dir=tmp_path / where)
        reply = shell.execute(f"{line} {backend}")
        assert reply.ok, reply.error
        outputs.append(counts(reply.output))
        tables.append(rows(tmp_path / where))
    assert len(tables[0]) == 20
    assert tables[1] == tables[0] and tables[2] == tables[0]
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
