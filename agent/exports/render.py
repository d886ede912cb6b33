"""One export format by name: the file's bytes, media type and name."""
from __future__ import annotations

from typing import Literal, get_args

from agent.exports.request import ExportData

Format = Literal["csv", "xlsx", "ipynb"]
FORMATS: tuple[str, ...] = get_args(Format)
MEDIA = {"csv": "text/csv; charset=utf-8",
         "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
         "ipynb": "application/x-ipynb+json"}


def check_format(value: str | None) -> Format:
    if value not in FORMATS:
        raise ValueError(f"format {value!r} is not one of {', '.join(FORMATS)}")
    return value  # type: ignore[return-value]


def file_name(request_id: str, fmt: Format) -> str:
    return f"askbar-{request_id}.{fmt}"


def render(data: ExportData, fmt: Format, url: str) -> bytes:
    """The file; `url` is the server the notebook calls (its ASKBAR_URL default)."""
    if fmt == "csv":
        from agent.exports.csv_file import to_csv

        return to_csv(data)
    if fmt == "xlsx":
        from agent.exports.xlsx_file import to_xlsx

        return to_xlsx(data)
    from agent.exports.notebook import to_ipynb

    return to_ipynb(data, url)
