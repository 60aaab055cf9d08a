"""Heldenweb settings: one module, configured from environment variables.

Every setting has a safe embedded default so that a fresh clone runs with no external server
(SQLite under var/, a filesystem Celery broker, mails written to var/mail/). Setting
HELDENWEB_ENV=production switches on the hardened profile, which refuses to start without the
secrets a public deployment needs.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

import dj_database_url
from celery.schedules import crontab
from csp.constants import NONE, SELF, UNSAFE_INLINE
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("HELDENWEB_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)

ENVIRONMENT = os.environ.get("HELDENWEB_ENV", "development")
if ENVIRONMENT not in {"development", "production"}:
    raise ImproperlyConfigured(
        f"HELDENWEB_ENV must be 'development' or 'production', not {ENVIRONMENT!r}."
    )
PRODUCTION = ENVIRONMENT == "production"


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def _secret_key() -> str:
    key = os.environ.get("SECRET_KEY", "")
    if key:
        return key
    if PRODUCTION:
        raise ImproperlyConfigured(
            "SECRET_KEY is not set. In production (HELDENWEB_ENV=production) heldenweb needs a "
            "long random SECRET_KEY in the environment, e.g. "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'."
        )
    # Development: generate once and keep it, so sessions survive restarts.
    key_file = VAR_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = env_bool("DEBUG", default=not PRODUCTION)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1", "[::1]", "testserver"])
if PRODUCTION and not ALLOWED_HOSTS:
    raise ImproperlyConfigured("ALLOWED_HOSTS must name the site's host names in production.")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files served from our static files, never a CDN
    "django_htmx",
    "csp",
    "accounts",
    "games",
    "leagues",
    "talk",
    "heldenweb",  # project-level commands that compose the apps (seed_demo)
]

MIDDLEWARE = [
    # The unchanged game poll, answered from the cache before the rest of the stack (issue 17).
    "games.views_poll.UnchangedPollMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "accounts.middleware.AuthenticationMiddleware",  # Django's, the user's query compiled once
    "accounts.middleware.UserPreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "heldenweb.middleware.PolicyCSPMiddleware",  # django-csp's, with the policy built once
    "heldenweb.middleware.SecurityHeadersMiddleware",
]

# --- Content-Security-Policy (django-csp) and other response headers (issue 13) -------------------------
# Scripts only from our own static files: no inline script, no eval. Styles allow inline style
# attributes (the board's SVG and htmx's indicator style use them); images include data: URIs.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF, UNSAFE_INLINE],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
PERMISSIONS_POLICY = (
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), "
    "payment=(), usb=(), interest-cohort=()"
)
if env_bool("HELDENWEB_SERVER_TIMING", False):  # the HTTP benchmark's in-worker time (bench/http.py)
    MIDDLEWARE.insert(0, "heldenweb.timing.ServerTimingMiddleware")

ROOT_URLCONF = "heldenweb.urls"
WSGI_APPLICATION = "heldenweb.wsgi.application"
ASGI_APPLICATION = "heldenweb.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


# --- Database -------------------------------------------------------------------------------
def _database() -> dict[str, Any]:
    url = os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'heldenweb.sqlite3'}"
    config = dj_database_url.parse(url)
    if config["ENGINE"] == "django.db.backends.postgresql":
        # psycopg's pool replaces persistent connections (Django forbids both at once). With
        # CONN_HEALTH_CHECKS, Django hands the pool ConnectionPool.check_connection, which tests
        # each connection before lending it out.
        config["CONN_MAX_AGE"] = 0
        config["CONN_HEALTH_CHECKS"] = True
        config["OPTIONS"] = {
            "pool": {
                "min_size": int(os.environ.get("DATABASE_POOL_MIN", "1")),
                "max_size": int(os.environ.get("DATABASE_POOL_MAX", "10")),
            }
        }
    elif config["ENGINE"] == "django.db.backends.sqlite3":
        # WAL lets readers go on while one player writes; IMMEDIATE takes the write lock at the
        # start of a transaction, so concurrent submits wait (timeout) instead of failing with
        # "database is locked" half-way through.
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        }
    return dict(config)


DATABASES = {"default": _database()}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# --- Cache (throttling counters, shared by all web processes) ---------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {"default": {"BACKEND": "heldenweb.cache.KeptClientRedisCache", "LOCATION": REDIS_URL}}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }

# --- Sessions: read from the cache, written through to the database (i17: a poll costs no query) ----
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

# --- Auth --------------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Internationalisation ------------------------------------------------------------------------
LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_I18N = True
USE_TZ = True

# --- Static files --------------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "staticfiles"))
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# --- Email ---------------------------------------------------------------------------------------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "heldenweb <noreply@localhost>")
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = str(VAR_DIR / "mail")

# --- Celery ----------------------------------------------------------------------------------------
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL") or REDIS_URL or "filesystem://"
if CELERY_BROKER_URL == "filesystem://":
    # A broker that needs no server: messages are files under var/celery/, shared by the web
    # process, the worker and beat on one machine.
    _queue_dir = VAR_DIR / "celery" / "queue"
    _processed_dir = VAR_DIR / "celery" / "processed"
    _queue_dir.mkdir(parents=True, exist_ok=True)
    _processed_dir.mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir),
        "data_folder_out": str(_queue_dir),
        "data_folder_processed": str(_processed_dir),
        "store_processed": False,
        # Broadcast (control) messages would otherwise land in ./control of the working directory.
        "control_folder": str(VAR_DIR / "celery" / "control"),
    }
else:
    # Tasks are idempotent and acknowledged late; a visibility timeout of an hour re-delivers a
    # task whose worker died. We never schedule ETAs beyond a few minutes, so nothing outlives it.
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600")),
        # How often a worker looks for messages of dead workers to deliver again.
        "unacked_restore_interval": int(os.environ.get("CELERY_UNACKED_RESTORE_INTERVAL", "10")),
        "unacked_restore_throttle": int(os.environ.get("CELERY_UNACKED_RESTORE_THROTTLE", "10")),
    }
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_BEAT_SCHEDULE = {
    # Deadlines live in the database; beat only looks for the overdue ones (an indexed query).
    "enforce-deadlines": {"task": "games.tasks.enforce_deadlines", "schedule": 60.0},
    "send-reminders": {"task": "games.tasks.send_reminders", "schedule": 300.0},
    "advance-seasons": {"task": "leagues.tasks.advance_seasons", "schedule": 300.0},
    # Pending mails whose claim expired (a killed pool process) or that were never claimed.
    "sweep-notifications": {"task": "games.tasks.sweep_notifications", "schedule": 120.0},
    # Push messages held while their player was on the site (ruling R-180), sent once he has left.
    "sweep-push": {"task": "talk.tasks.sweep_push", "schedule": 120.0},
    "send-daily-digests": {
        "task": "games.tasks.send_daily_digests",
        "schedule": crontab(hour=7, minute=0),
    },
}
REMINDER_HOURS = [int(h) for h in env_list("REMINDER_HOURS", ["24", "2"])]
NOTIFICATION_CLAIM_LEASE_SECONDS = int(os.environ.get("NOTIFICATION_CLAIM_LEASE_SECONDS", "120"))
# The pause between two steps of a bot seat, so people can follow its moves (games.services.bot_seats).
BOT_STEP_PAUSE_SECONDS = float(os.environ.get("BOT_STEP_PAUSE_SECONDS", "1.5"))
NOTIFICATION_TEST_PAUSE_SECONDS = float(os.environ.get("NOTIFICATION_TEST_PAUSE_SECONDS", "0"))

# --- REST framework ----------------------------------------------------------------------------------
REST_FRAMEWORK = {
    # DRF allows anyone by default; heldenweb requires a login for every endpoint.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "accounts.authentication.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # JSON in, JSON out: errors are never HTML (Swagger UI at /api/docs/ replaces the browsable API).
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "apibase.views.ApiPagination",
    "PAGE_SIZE": 20,
    # Counted in the default cache (Redis when REDIS_URL is set), so all web processes share them.
    "DEFAULT_THROTTLE_CLASSES": ["apibase.throttling.UserReadWriteThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "read": os.environ.get("API_RATE_READ", "600/min"),
        "write": os.environ.get("API_RATE_WRITE", "120/min"),
        "address": os.environ.get("API_RATE_ADDRESS", "1200/min"),
        "login": os.environ.get("API_RATE_LOGIN", "5/min"),
        "login_username": os.environ.get("API_RATE_LOGIN_USERNAME", "5/min"),
    },
    # Proxies in front of the site that append to X-Forwarded-For (0: use the connection's address).
    "NUM_PROXIES": int(os.environ.get("NUM_PROXIES", "0")),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "heldenweb API",
    "DESCRIPTION": "Play Die Rückkehr der Helden asynchronously. Guide with examples: docs/api.md.",
    "VERSION": "1.0.0",
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The schema and its docs are public; every endpoint they describe needs a login.
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_GENERATE_CHOICE_DESCRIPTION": False,
    "PATH_CONVERTER_OVERRIDES": {"api_id": {"type": "integer", "minimum": 1}},
    "TAGS": [
        {"name": "auth", "description": "Personal API tokens"},
        {"name": "account", "description": "Your profile and notification preferences"},
        {"name": "games", "description": "Finding, creating, joining and leaving games"},
        {"name": "play", "description": "What your seat sees, your legal actions, submitting one, the log"},
        {"name": "content", "description": "Static game content (region cards)"},
        {"name": "leagues", "description": "Clubs, members, seasons, rounds and tables, standings, ratings"},
        {"name": "talk", "description": "Chat, private notes, spectating, push, webhooks, calendar"},
    ],
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
}

# --- Table talk and reach (talk/) ------------------------------------------------------------------
# Web push: the VAPID key pair identifies this site to the browsers' push services. Generate one with
# `python -m talk.vapid`; without VAPID_PRIVATE_KEY the site offers no push.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:" + DEFAULT_FROM_EMAIL.split("<")[-1].rstrip(">").strip())
# Fernet keys for the stored webhook URLs: the first encrypts, all decrypt (rotation). Default: derived
# from SECRET_KEY.
TALK_WEBHOOK_KEYS = env_list("TALK_WEBHOOK_KEYS", [])
# Tests only: let webhooks and push endpoints reach private and loopback addresses (a local receiver).
TALK_ALLOW_PRIVATE_URLS = env_bool("TALK_ALLOW_PRIVATE_URLS", False)
TALK_CHAT_RATE = (int(os.environ.get("TALK_CHAT_RATE_COUNT", "8")), int(os.environ.get("TALK_CHAT_RATE_SECONDS", "60")))
# Dotted paths of callables hook(user, game) -> bool that may also hide chat messages (club organisers).
# Club organisers may hide messages in their league games (issue 19 with the leagues of issue 15).
TALK_MODERATION_HOOKS: list[str] = ["leagues.selectors.organises_game"]

# --- Security (production profile) ---------------------------------------------------------------------
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(60 * 60 * 24 * 365)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}
