"""Tenant secrets (API keys of registered tools) encrypted at rest with Fernet (`cryptography`).

The key comes from `ASKBAR_REGISTRY_KEY`, else from `ASKBAR_HOME/registry.key`, created once with
mode 0600. Several processes sharing a home share the key; separate machines must set the variable.
"""
from __future__ import annotations

import hashlib
import hmac
import os
from pathlib import Path

from cryptography.fernet import Fernet, InvalidToken

from agent.settings import Settings


def _key(settings: Settings) -> bytes:
    if settings.registry_key:
        return settings.registry_key.encode()
    path: Path = settings.home / "registry.key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass  # another process created it first
        else:
            with os.fdopen(fd, "wb") as f:
                f.write(Fernet.generate_key())
    return path.read_bytes().strip()


class SecretBox:
    def __init__(self, settings: Settings):
        key = _key(settings)
        self._fernet = Fernet(key)
        self._mac_key = hashlib.sha256(b"askbar-task-callback:" + key).digest()

    def task_secret(self, task_id: str) -> str:
        """The secret an external party proves a task's callback with: an HMAC of
        the task id under the registry key, so nothing is stored and it cannot be guessed."""
        return hmac.new(self._mac_key, task_id.encode(), hashlib.sha256).hexdigest()

    def task_secret_ok(self, task_id: str, secret: str | None) -> bool:
        return bool(secret) and hmac.compare_digest(self.task_secret(task_id), str(secret))

    def seal(self, secret: str) -> str:
        return self._fernet.encrypt(secret.encode()).decode()

    def open(self, token: str) -> str:
        try:
            return self._fernet.decrypt(token.encode()).decode()
        except InvalidToken as exc:
            raise ValueError("stored secret cannot be decrypted with this registry key") from exc
