"""Hostile plugin: in a sweep's worker process (never in the process that
runs the shell), deal 5's first position kills its own process with
SIGKILL, as the kernel's OOM killer or ``kill -9`` would."""

import multiprocessing
import os
import signal

import cardshell
from _hostile_row import row_game
from toy_pairs import new

CARDSHELL_CONTRACT = 2


def deal(seed, options):
    if seed == 5 and multiprocessing.parent_process() is not None:
        os.kill(os.getpid(), signal.SIGKILL)
    return new(seed, options)


@cardshell.hookimpl
def cardshell_games():
    return [row_game("dying-worker", new=deal)]
