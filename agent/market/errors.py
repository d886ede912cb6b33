"""Errors the user can fix: bad input files, flags or symbols (CLI exit code 2)."""
from __future__ import annotations

from pathlib import Path


class LoadError(Exception):
    """Bad input, as ONE line: file, where in it (1-based line incl. header, or Parquet row), why.

    Raised before anything is written, so a LoadError always means the store is untouched.
    """

    def __init__(self, path: str | Path | None, reason: str, line: int | None = None,
                 unit: str = "line"):
        self.path = str(path) if path is not None else None
        self.reason = " ".join(str(reason).split())   # never more than one line
        self.line = line
        self.unit = unit
        where = f", {unit} {line}" if line is not None else ""
        head = f"{self.path}{where}: " if self.path else ""
        super().__init__(f"{head}{self.reason}")
