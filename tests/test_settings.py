"""The settings module: embedded defaults, the production profile and `check --deploy`."""

from __future__ import annotations

import subprocess
from pathlib import Path

from tests.embedded import run_python


def _run(args: list[str], env_overrides: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess:
    return _python(["manage.py", *args], env_overrides, tmp_path)


def _settings(code: str, env_overrides: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess:
    """Run ``code`` where it can read django.conf.settings, as a fresh process configured by the environment
    would; without loading the apps (which `manage.py shell` does, at a second and a half each here)."""
    return _python(["-c", "from django.conf import settings\n" + code], env_overrides, tmp_path)


def _python(args: list[str], env_overrides: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess:
    return run_python(args, tmp_path, env_overrides)


PRODUCTION_ENV = {
    "HELDENWEB_ENV": "production",
    "SECRET_KEY": "x7Gq-3vR_e9Lw2TnZ8pK4sYb1HcJ6mUaQdF0oViEtN5rWlXgBjSzMhCyPkDuAf",
    "ALLOWED_HOSTS": "heldenweb.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://heldenweb.example.org",
}


def test_check_deploy_reports_no_warnings_in_production_profile(tmp_path):
    result = _run(["check", "--deploy", "--fail-level", "WARNING"], PRODUCTION_ENV, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_production_without_secret_key_fails_with_a_clear_message(tmp_path):
    env = dict(PRODUCTION_ENV, SECRET_KEY="")
    result = _run(["check"], env, tmp_path)
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr


def test_development_generates_and_keeps_a_secret_key(tmp_path):
    show_key = "print(settings.SECRET_KEY)"
    first = _settings(show_key, {}, tmp_path)
    second = _settings(show_key, {}, tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == second.stdout.strip()
    assert len(first.stdout.strip()) >= 50
    assert (tmp_path / "secret_key").exists()


def test_embedded_defaults_need_no_server(tmp_path):
    code = (
        "print(settings.DATABASES['default']['ENGINE']);"
        "print(settings.CELERY_BROKER_URL);"
        "print(settings.EMAIL_BACKEND);"
        "print(settings.DATABASES['default']['OPTIONS']['transaction_mode'])"
    )
    result = _settings(code, {}, tmp_path)
    assert result.returncode == 0, result.stderr
    engine, broker, email, mode = result.stdout.split()
    assert engine == "django.db.backends.sqlite3"
    assert broker == "filesystem://"
    assert email == "django.core.mail.backends.filebased.EmailBackend"
    assert mode == "IMMEDIATE"


def test_postgres_url_uses_the_connection_pool(tmp_path):
    code = (
        "d = settings.DATABASES['default'];"
        "print(d['ENGINE'], 'pool' in d['OPTIONS'], d['CONN_HEALTH_CHECKS'], d['CONN_MAX_AGE'])"
    )
    postgres = {"DATABASE_URL": "postgres://u@127.0.0.1:5432/x"}
    result = _settings(code, postgres, tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["django.db.backends.postgresql", "True", "True", "0"]


def test_unknown_environment_name_is_refused(tmp_path):
    result = _run(["check"], {"HELDENWEB_ENV": "staging"}, tmp_path)
    assert result.returncode != 0
    assert "HELDENWEB_ENV must be" in result.stderr


def test_passwords_are_stored_with_a_slow_hasher_outside_the_tests():
    # The tests swap in MD5 for speed (tests/conftest.py); the site itself keeps Django's default,
    # a deliberately slow key-derivation function.
    from django.conf import global_settings

    import heldenweb.settings as site_settings

    hashers = getattr(site_settings, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    assert "MD5" not in hashers[0]
    assert hashers[0] in ("django.contrib.auth.hashers.PBKDF2PasswordHasher",
                          "django.contrib.auth.hashers.Argon2PasswordHasher",
                          "django.contrib.auth.hashers.ScryptPasswordHasher")
