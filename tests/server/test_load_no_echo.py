"""POST /api/load and `askbar load` name file, line and reason, never the file's text (the probe:
`/etc/shadow, line 1: unknown column 'root:*:...'`: the operator's endpoint read the first line of
any readable file into its error). Files shaped like secrets, a key file and a CSV with a secret
in a bad row, are loaded both ways; the secret appears in no answer."""
from __future__ import annotations

import pytest

from tests.agent.cli.test_main import askbar
from tests.server.conftest import DUCKDB_ONLY, inproc

SECRET = "s3cr3tHASHvalue"
FILES = {
    "shadow-like": f"root:$6${SECRET}:19000:0:99999:7:::\ndaemon:*:19000:0:99999:7:::\n",
    "one-column": f"{SECRET}\n",
    "bad-row": ("timestamp,open,high,low,close,volume\n2030-01-02 09:30:00,10,11,9,10,1\n"
                f"{SECRET},10,11,9,10,1\n"),
    "bad-value": ("timestamp,open,high,low,close,volume\n2030-01-02 09:30:00,10,11,9,10,1\n"
                  f"2030-01-02 09:31:00,{SECRET},11,9,10,1\n"),
    "ragged": ("timestamp,open,high,low,close,volume\n2030-01-02 09:30:00,10,11,9,10,1\n"
               f"2030-01-02 09:31:00,10,11,9,10,1,{SECRET}\n"),
    "private-key": f"-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}\n-----END OPENSSH PRIVATE KEY-----\n",
}


@DUCKDB_ONLY
@pytest.mark.parametrize("name", sorted(FILES))
def test_load_errors_never_echo_the_file(make_app, duck_store, tmp_path, name):
    path = tmp_path / f"{name}.csv"
    path.write_text(FILES[name])
    app, _ = make_app(duck_store)
    with inproc(app) as c:
        r = c.post("/api/load", json={"path": str(path), "symbol": "ZZ"})
    assert r.status_code == 400, r.text
    message = r.json()["error"]["message"]
    assert SECRET not in r.text and str(path) in message, message
    assert "\n" not in message
    p = askbar("load", str(path), "--symbol", "ZZ", home=tmp_path / "home")
    assert p.returncode == 2 and SECRET not in p.stdout + p.stderr, p.stderr
    assert str(path) in p.stderr
