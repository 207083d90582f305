"""Start-up cost of the host, pinned without timing anything: modules only
some commands need are imported when those commands run, and each
distribution's metadata is parsed once (see benchmarks/startup.py)."""

from __future__ import annotations

import subprocess
import sys

from cardshell import discovery


def test_the_host_modules_import_neither_a_pool_nor_uuid():
    code = ("import sys, cardshell.cli, cardshell.script, cardshell.shell, cardshell.montecarlo; "
            "print(sorted({'multiprocessing', 'uuid'} & set(sys.modules)))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout == "[]\n"


class _Dist:
    def __init__(self, name: str, version: str) -> None:
        self.reads = 0
        self._meta = {"Name": name, "Version": version}

    @property
    def metadata(self):
        self.reads += 1
        return self._meta


class _EntryPoint:
    def __init__(self, dist) -> None:
        self.dist = dist


def test_distribution_metadata_is_read_once_per_distribution():
    shared, other = _Dist("cardshell", "1.0"), _Dist("cardshell-extra", "2.0")
    cache: dict = {}
    found = [discovery._distribution(_EntryPoint(d), cache) for d in (shared, shared, other, shared, None)]
    assert found == [("cardshell", "1.0")] * 2 + [("cardshell-extra", "2.0"), ("cardshell", "1.0"), (None, None)]
    assert (shared.reads, other.reads) == (1, 1)
