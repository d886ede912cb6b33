"""When an xdist worker dies (a native crash in a library, or the kernel's OOM killer), pytest-xdist
reports only "worker 'gw0' crashed while running <test>": the worker's own fatal-error stack went to
a stderr nobody kept. CI once failed so, naming nothing more. Each worker therefore writes its
faulthandler stack and its memory high-water marks to a file of its own, and the controller prints
the file of a worker that crashed at the end of the run: a segfault shows its stack, a kill with no
stack after a rising high-water mark points at memory."""
from __future__ import annotations

import faulthandler
import os
import resource
import tempfile
from pathlib import Path
from typing import Any

import pytest

_STEP_KB = 512 * 1024          # a line per half gigabyte the worker's peak memory grows
_state: dict[str, Any] = {"file": None, "peak_kb": 0, "crashed": []}


def _log_dir(controller_pid: int) -> Path:
    return Path(tempfile.gettempdir()) / f"askbar-pytest-workers-{controller_pid}"


@pytest.hookimpl(trylast=True)      # after pytest's faulthandler plugin: the last enable wins
def pytest_configure(config: pytest.Config) -> None:
    worker = getattr(config, "workerinput", None)
    if worker is None:
        return
    folder = _log_dir(os.getppid())
    folder.mkdir(exist_ok=True)
    f = open(folder / f"{worker['workerid']}-{os.getpid()}.log", "w", buffering=1)
    _state["file"] = f
    faulthandler.enable(file=f, all_threads=True)


def pytest_runtest_logfinish(nodeid: str, location: Any) -> None:
    f = _state["file"]
    if f is None:
        return
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if peak - _state["peak_kb"] >= _STEP_KB:
        _state["peak_kb"] = peak
        f.write(f"peak memory {peak / 1024 / 1024:.1f} GB after {nodeid}\n")


@pytest.hookimpl(optionalhook=True)
def pytest_handlecrashitem(crashitem: str, report: Any, sched: Any) -> None:
    _state["crashed"].append(crashitem)


def _excerpt(lines: list[str]) -> list[str]:
    """The last memory marks and the fatal error with its threads' stacks (the current thread's
    may come after many others')."""
    fatal = next((i for i, line in enumerate(lines) if line.startswith("Fatal Python error")), len(lines))
    return lines[max(0, fatal - 3):fatal + 200]


def pytest_terminal_summary(terminalreporter: Any) -> None:
    folder = _log_dir(os.getpid())
    if not folder.is_dir():
        return
    if _state["crashed"] or os.environ.get("ASKBAR_TEST_MEMORY"):   # set it to see every worker's
        for log in sorted(folder.glob("*.log")):
            text = log.read_text(errors="replace")
            if text.strip():
                crashed = ", ".join(_state["crashed"]) or "none"
                terminalreporter.write_sep("=", f"worker log {log.name} (crashed: {crashed})")
                terminalreporter.write_line("\n".join(_excerpt(text.splitlines())))
    for log in folder.glob("*.log"):
        log.unlink(missing_ok=True)
    folder.rmdir()
