"""A fresh Python process on the embedded default, as a new user's machine runs the site: no
DATABASE_URL, REDIS_URL or CELERY_BROKER_URL from CI's environment, its own var directory."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVICE_VARIABLES = frozenset({"DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL"})


def run_python(args: list[str], var_dir: Path, env_overrides: dict[str, str] | None = None,
               ) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    env.update({"HELDENWEB_VAR_DIR": str(var_dir), "DJANGO_SETTINGS_MODULE": "heldenweb.settings"})
    env.update(env_overrides or {})
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
