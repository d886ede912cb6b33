"""ruff (lint + import order) and mypy on the product packages, as configured in pyproject.toml."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_reports_nothing():
    done = _run("ruff", "check", "--no-fix", "--output-format", "concise")
    assert done.returncode == 0, f"ruff findings:\n{done.stdout}{done.stderr}"


def test_mypy_reports_nothing():
    done = _run("mypy")                   # packages and modules come from [tool.mypy]
    assert done.returncode == 0, f"mypy findings:\n{done.stdout}{done.stderr}"
