"""Settings, chosen entirely by environment variables (see .env.example).

Embedded default (no variables set): SQLite file, in-memory channel layer, local-memory cache.
Deployment: DATABASE_URL (PostgreSQL) and REDIS_URL (channel layer + shared cache).
"""

import os
import secrets
from pathlib import Path

import dj_database_url

from config.channel_layers import redis_channel_layers

BASE_DIR = Path(__file__).resolve().parent.parent
REPO_DIR = BASE_DIR.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():  # unset or left blank (.env): the default
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)


def _local_secret_key() -> str:
    """No SECRET_KEY given: make one for this machine and keep it (never a key from the repo)."""
    path = Path(os.environ.get("SECRET_KEY_FILE", str(BASE_DIR / ".secret_key")))
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY") or _local_secret_key()
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list(
    "CSRF_TRUSTED_ORIGINS", "http://127.0.0.1:8000,http://localhost:8000,http://127.0.0.1:5173"
)

INSTALLED_APPS = [
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "channels",
    # Two-factor sign-in's one-time passwords (apps/accounts/two_factor.py, docs/security.md).
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    # In the order of the app graph (docs/architecture.md): an app imports only the apps before it.
    "apps.core",
    "apps.realtime",
    "apps.accounts",
    "apps.work",
    "apps.projects",
    "apps.integrations",
    "apps.checkout",
    "apps.timeaccount",
    "apps.reports",
    "apps.calendar",
    "apps.workspace",
    "apps.demo",
]

# Every middleware here runs sync and async: under ASGI the whole chain stays on the event loop
# and a request makes one thread hop (into the sync view), not one per middleware (WhiteNoise's
# own middleware is sync-only; apps.core.static wraps it). apps.core.tests.test_middleware
# keeps it so.
MIDDLEWARE = [
    # Outermost: live events a request's writes publish leave after its response is sent.
    "apps.realtime.middleware.PublishAfterResponseMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "apps.core.middleware.ContentSecurityPolicyMiddleware",
    "apps.core.middleware.RefuseNulInQueryMiddleware",
    "apps.core.middleware.CurrentRequestMiddleware",
    "apps.core.middleware.DatabaseUnavailableMiddleware",
    "apps.core.static.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ]
        },
    }
]

# Server processes move the objects they built while starting out of the garbage collector's
# scans once the application is loaded (apps/core/startup.py): full collections stop pausing
# requests for 100+ ms.
GC_FREEZE = env_bool("GC_FREEZE", True)

# --- Database ---------------------------------------------------------------------------
DATABASE_URL = os.environ.get("DATABASE_URL", "")
# Connections per process (PostgreSQL pool). The in-flight request limit defaults to it, so that
# requests past what the pool can serve get a quick 503 instead of queueing for a connection.
DB_POOL_MAX = int(os.environ.get("DB_POOL_MAX", "10"))
# The async pool (apps.core.postgresql.asyncpool) beside it, per process: websocket token lookups.
ASYNC_DB_POOL_MAX = int(os.environ.get("ASYNC_DB_POOL_MAX", "2"))


def _prepare_threshold(value: str) -> int | None:
    return None if value.strip().lower() in {"", "off", "none"} else int(value)


if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=0)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
        # Django's backend with psycopg's compiled timestamp loader, and pooled connections
        # checked as they leave the pool (apps/core/postgresql/base.py).
        DATABASES["default"]["ENGINE"] = "apps.core.postgresql"
        # `QuerySet.iterator()` reads through a server-side cursor (the teammates strip's records,
        # apps/work/presence.py); a pooler in transaction mode cannot keep one: turn them off there.
        no_cursors = env_bool("DB_DISABLE_SERVER_SIDE_CURSORS", False)
        DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = no_cursors
    if DATABASES["default"]["ENGINE"] == "apps.core.postgresql" and env_bool("DB_POOL", True):
        # Under ASGI, persistent connections leak one connection per request thread; a pool
        # with CONN_MAX_AGE=0 keeps the count bounded (DESIGN.md, known pitfalls).
        # Fail fast (docs/architecture.md, "Overload and faults"): a request waits at most
        # DB_POOL_TIMEOUT for a connection, then gets a JSON 503 with Retry-After
        # (apps.core.middleware.DatabaseUnavailableMiddleware). Each connection is checked when it
        # leaves the pool (apps.core.postgresql), so connections killed by a database restart are
        # replaced, never used. A failed reconnect backs off for at most DB_POOL_RECONNECT_TIMEOUT
        # before the next request tries afresh: service resumes within seconds of the database
        # returning.
        DATABASES["default"]["OPTIONS"] = {
            "connect_timeout": int(os.environ.get("DB_CONNECT_TIMEOUT", "2")),
            # Parameters bound by PostgreSQL, and a statement run 5 times on a connection kept
            # prepared there: a read's SQL is the same text on every call, so PostgreSQL parses
            # and plans it once per pooled connection instead of on every call (bench/README.md,
            # "Prepared statements"). DB_PREPARE_THRESHOLD=off keeps binding on the server without
            # preparing (e.g. behind a transaction-pooling PgBouncer).
            "server_side_binding": env_bool("DB_SERVER_SIDE_BINDING", True),
            "prepare_threshold": _prepare_threshold(os.environ.get("DB_PREPARE_THRESHOLD", "5")),
            "pool": {
                "min_size": int(os.environ.get("DB_POOL_MIN", "2")),
                "max_size": DB_POOL_MAX,
                "timeout": float(os.environ.get("DB_POOL_TIMEOUT", "0.5")),
                "reconnect_timeout": float(os.environ.get("DB_POOL_RECONNECT_TIMEOUT", "3")),
            },
        }
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3")),
            "OPTIONS": {"timeout": 20},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# Admission (apps.core.asgi.Admission, where uvicorn serves the API; docs/architecture.md,
# "Overload sheds early"): at most MAX_CONCURRENT_REQUESTS API requests in flight per process (the
# pool's size less two connections kept for the health check and the websocket side), at most
# MAX_QUEUED_REQUESTS more waiting for a slot, each for at most REQUEST_QUEUE_SECONDS; any other
# request is answered 503 + Retry-After at once, before it waits. 0 concurrent: no limit.
_DEFAULT_LIMIT = max(1, DB_POOL_MAX - 2) if DATABASE_URL.startswith("postgres") else 0
MAX_CONCURRENT_REQUESTS = int(os.environ.get("MAX_CONCURRENT_REQUESTS") or _DEFAULT_LIMIT)
MAX_QUEUED_REQUESTS = int(os.environ.get("MAX_QUEUED_REQUESTS", "0"))
REQUEST_QUEUE_SECONDS = float(os.environ.get("REQUEST_QUEUE_SECONDS", "0.5"))
# Seconds a client is told to wait (Retry-After) after a 503.
RETRY_AFTER_SECONDS = int(os.environ.get("RETRY_AFTER_SECONDS", "2"))

# --- Redis: channel layer and shared cache -----------------------------------------------
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # CHANNEL_LAYER=pubsub (default: one message per process) or core (one per socket).
    CHANNEL_LAYERS = redis_channel_layers(
        REDIS_URL, os.environ.get("CHANNEL_LAYER", ""), os.environ.get("CHANNEL_PREFIX", "")
    )
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_PREFIX", "remote-office"),
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# --- Background jobs (config/celery.py, docs/architecture.md "Background jobs") ------------
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", REDIS_URL)
# No broker (the embedded default): tasks run in the process that sends them.
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_RESULT_BACKEND = CELERY_BROKER_URL or None
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ACKS_LATE = True  # a worker that dies mid-task leaves it to another
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 60
CELERY_TASK_TIME_LIMIT = 90
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": 600}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
CELERY_TASK_DEFAULT_QUEUE = os.environ.get("CELERY_QUEUE", "remote-office")
# Seconds between runs. Forgotten shifts are closed AT local midnight (the close is dated then),
# by the first run after it; calendars and trackers are refreshed for every configured user.
CELERY_BEAT_SCHEDULE = {
    "close-forgotten-shifts": {
        "task": "apps.work.tasks.close_forgotten_shifts",
        "schedule": float(os.environ.get("CLOSE_SHIFTS_EVERY", "60")),
    },
    # Closing the week's reminders (docs/closing.md): each sent once per period, hourly is enough.
    "closing-reminders": {
        "task": "apps.work.tasks.closing_reminders",
        "schedule": float(os.environ.get("CLOSING_REMINDERS_EVERY", "3600")),
    },
    # Real presence (docs/presence.md): active members with no activity for their workspace's idle
    # time become idle, idle ones past the away time 'last seen'.
    "presence-sweep": {
        "task": "apps.work.tasks.presence_sweep",
        "schedule": float(os.environ.get("PRESENCE_SWEEP_SECONDS", "30")),
    },
    # Reminders at the member's local time and the morning digest (docs/reminders.md): each run sends
    # what is due since the member's local moment, once per day; a few minutes late at most.
    "day-reminders": {
        "task": "apps.reports.tasks.day_reminders",
        "schedule": float(os.environ.get("DAY_REMINDERS_EVERY", "300")),
    },
    # Idempotency keys past their expiry (docs/offline.md).
    "purge-idempotency-keys": {
        "task": "apps.core.tasks.purge_idempotency_keys",
        "schedule": float(os.environ.get("IDEMPOTENCY_PURGE_EVERY", "3600")),
    },
    # The shift guardian (docs/guardian.md): 'Still working?', then the workspace's policy.
    "shift-guardian": {
        "task": "apps.work.tasks.shift_guardian",
        "schedule": float(os.environ.get("GUARDIAN_EVERY", "60")),
    },
    "sync-calendars": {
        "task": "apps.integrations.tasks.sync_all_calendars",
        "schedule": float(os.environ.get("CALENDAR_SYNC_EVERY", "1800")),
    },
    "sync-trackers": {
        "task": "apps.integrations.tasks.sync_all_trackers",
        "schedule": float(os.environ.get("TRACKER_SYNC_EVERY", "900")),
    },
}
# `make serve` (one process, no broker) runs the beat schedule in a thread of the server.
EMBEDDED_SCHEDULER = env_bool("EMBEDDED_SCHEDULER", False)
# Only these beat entries, in a thread of the server even with a broker (the e2e run's server has
# no worker: it runs the presence sweep and the shift guardian this way). Empty: none (unless
# EMBEDDED_SCHEDULER).
EMBEDDED_JOBS = env_list("EMBEDDED_JOBS", "")

# --- Offline-tolerant writes (docs/offline.md) ----------------------------------------------------
# How long a write's Idempotency-Key and its answer are kept (a client resends within this time).
IDEMPOTENCY_KEEP_HOURS = float(os.environ.get("IDEMPOTENCY_KEEP_HOURS", "72"))
# A status change may carry the time the member clicked: at most this old when it arrives, and
# within this many seconds of the server's clock it is taken as now (devices' clocks differ a little).
STATUS_EFFECTIVE_MAX_AGE_HOURS = float(os.environ.get("STATUS_EFFECTIVE_MAX_AGE_HOURS", "12"))
STATUS_EFFECTIVE_SLACK_SECONDS = float(os.environ.get("STATUS_EFFECTIVE_SLACK_SECONDS", "120"))

# --- Real presence (docs/presence.md) ------------------------------------------------------------
# Each open tab sends a heartbeat this often (the server tells the tab in its answer).
PRESENCE_HEARTBEAT_SECONDS = float(os.environ.get("PRESENCE_HEARTBEAT_SECONDS", "30"))
# An active member's last activity is written at most this often per process (below the shortest
# idle time, 2 minutes, so a member being active is never taken for idle).
PRESENCE_WRITE_SECONDS = float(os.environ.get("PRESENCE_WRITE_SECONDS", "60"))
# Tests only (the e2e server): an idle time in seconds for every workspace, instead of its minutes.
PRESENCE_IDLE_SECONDS = (
    float(os.environ["PRESENCE_IDLE_SECONDS"]) if os.environ.get("PRESENCE_IDLE_SECONDS") else None
)
# Idle this much longer (past the idle time): 'last seen', no longer present to teammates.
PRESENCE_AWAY_AFTER_IDLE_SECONDS = float(os.environ.get("PRESENCE_AWAY_AFTER_IDLE_SECONDS", "1200"))


# --- The shift guardian (docs/guardian.md) ---------------------------------------------------------
# Tests only (the e2e server): seconds for every workspace instead of its minutes (unset: the
# workspace's settings).
def _seconds_or_none(name: str) -> float | None:
    return float(os.environ[name]) if os.environ.get(name) else None


GUARDIAN_OVERRUN_SECONDS = _seconds_or_none("GUARDIAN_OVERRUN_SECONDS")
GUARDIAN_QUIET_SECONDS = _seconds_or_none("GUARDIAN_QUIET_SECONDS")
GUARDIAN_ANSWER_SECONDS = _seconds_or_none("GUARDIAN_ANSWER_SECONDS")

# --- Integrations (docs/integrations.md) --------------------------------------------------
# Secrets at rest (calendar addresses, tracker keys): a Fernet key, or one derived from SECRET_KEY.
FIELD_ENCRYPTION_KEY = os.environ.get("FIELD_ENCRYPTION_KEY", "")
# Only for tests and the local fake servers: lets user-given URLs reach 127.0.0.1 / private nets.
INTEGRATIONS_ALLOW_PRIVATE_HOSTS = env_bool("INTEGRATIONS_ALLOW_PRIVATE_HOSTS", False)
CALENDAR_MAX_BYTES = int(os.environ.get("CALENDAR_MAX_BYTES", str(2 * 1024 * 1024)))

# Django's validators: not like the account's email or names, 8+ characters, not one of the
# 20,000 most common passwords, not only digits. Every password a person sets passes them
# (invitation, set-password link, change and reset).
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

# --- Static, SPA and media ---------------------------------------------------------------
STATIC_URL = "/static/"
SPA_DIST_DIR = Path(os.environ.get("SPA_DIST_DIR", str(REPO_DIR / "frontend" / "dist")))
# WhiteNoise serves the built SPA's files (assets/, favicon) from the site root.
WHITENOISE_ROOT = SPA_DIST_DIR if SPA_DIST_DIR.is_dir() else None
WHITENOISE_AUTOREFRESH = DEBUG
# Static files (API docs) are served straight from the installed apps: no collectstatic step.
WHITENOISE_USE_FINDERS = True
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", str(BASE_DIR / "media")))
SERVE_MEDIA = env_bool("SERVE_MEDIA", True)
# Every request body, refused with 413 in the ASGI layer before it is read (apps/core/asgi.py):
# an avatar (1048576 bytes) plus the multipart envelope and the other profile fields fits.
MAX_REQUEST_BODY_BYTES = int(os.environ.get("MAX_REQUEST_BODY_BYTES", str(2 * 1024 * 1024)))
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY_BYTES
# Routes the benchmarks' bare view at /api/bench/bare/ (bench/README.md); never on in production.
BENCH_VIEWS = env_bool("BENCH_VIEWS", False)

# --- API ---------------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["apps.accounts.authentication.TokenAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "apps.core.schema.AutoSchema",
    # JSON only, with a nesting limit (a deep body is a 400, not a RecursionError). A form body
    # has no types (a missing boolean reads as false, `0` as a string): the operations that take
    # a form declare their own parsers: the profile's PATCH with its avatar (spec 01 §7) and a
    # mail client's one-click switch-off of a reminder (RFC 8058). Anything else is a 415.
    "DEFAULT_PARSER_CLASSES": ["apps.core.parsers.JSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_THROTTLE_RATES": {
        "sign_in": os.environ.get("SIGN_IN_THROTTLE_RATE", "20/min"),
        "invitation": os.environ.get("INVITATION_THROTTLE_RATE", "20/min"),
        # 'Forgot password?': per client address; the per-account limit is in
        # apps/accounts/password_reset.py (docs/security.md).
        "password_reset": os.environ.get("PASSWORD_RESET_THROTTLE_RATE", "10/hour"),
        "password_reset_link": os.environ.get("PASSWORD_RESET_LINK_THROTTLE_RATE", "20/min"),
        # A reminder email's switch-off link (docs/reminders.md), per client address.
        "reminder_link": os.environ.get("REMINDER_LINK_THROTTLE_RATE", "20/min"),
    },
    "EXCEPTION_HANDLER": "apps.core.exceptions.api_exception_handler",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Remote Office API",
    "DESCRIPTION": "Workday and task tool for remote teams.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI's files come from the sidecar package: no CDN, works offline.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "AdjustmentKindEnum": "apps.timeaccount.models.AdjustmentKind",
        "StatusEnum": "apps.work.models.StatusType",
        "WorkspaceRoleEnum": "apps.accounts.models.WorkspaceRole",
        "ActiveStatusEnum": "apps.work.models.ACTIVE_STATUS_CHOICES",
        "AccessTypeEnum": "apps.projects.models.AccessType",
        "PriorityEnum": "apps.projects.models.Priority",
        "SectionTableEnum": "apps.projects.serializers.sections.SECTION_TABLE_CHOICES",
        "CheckoutCheckEnum": "apps.checkout.models.CheckoutCheck",
        "CheckoutDayStatusEnum": "apps.checkout.day_status.DAY_STATUS_CHOICES",
        "WeekStartEnum": "apps.accounts.models.WeekStart",
        "ClockFormatEnum": "apps.accounts.models.ClockFormat",
        "CorrectionKindEnum": "apps.work.models.CorrectionKind",
        "PeriodStateEnum": "apps.work.models.PeriodState",
        "CorrectionStateEnum": "apps.work.models.CorrectionState",
        "ClosingPeriodEnum": "apps.accounts.models.ClosingPeriod",
        "GuardianPolicyEnum": "apps.accounts.models.GuardianPolicy",
        "PromptCauseEnum": "apps.work.models.PromptCause",
        "PendingPromptStateEnum": "apps.work.models.PENDING_PROMPT_CHOICES",
    },
}

# The proxies in front of the backend (addresses or networks, comma-separated): only a request
# from one of them may name its client in X-Forwarded-For (apps/core/clients.py). Empty (the
# default, `make run`): X-Forwarded-For is ignored, from 127.0.0.1 too. uvicorn and gunicorn
# read the same variable (Makefile `serve`, docker-compose.yml).
FORWARDED_ALLOW_IPS = env_list("FORWARDED_ALLOW_IPS", "")

# Per-account lockout on sign-in, on top of the per-client throttle: SIGN_IN_MAX_FAILURES
# attempts per account and client address, SIGN_IN_ACCOUNT_MAX_FAILURES per account from all
# unknown clients (apps/accounts/services.py sign_in).
SIGN_IN_MAX_FAILURES = int(os.environ.get("SIGN_IN_MAX_FAILURES", "5"))
SIGN_IN_ACCOUNT_MAX_FAILURES = int(os.environ.get("SIGN_IN_ACCOUNT_MAX_FAILURES", "50"))
SIGN_IN_LOCKOUT_SECONDS = int(os.environ.get("SIGN_IN_LOCKOUT_SECONDS", "900"))
# A token unused for this many days stops working; each use slides the window.
TOKEN_IDLE_DAYS = int(os.environ.get("TOKEN_IDLE_DAYS", "30"))
# However much it is used, a token stops working this many days after its sign-in.
TOKEN_MAX_AGE_DAYS = int(os.environ.get("TOKEN_MAX_AGE_DAYS", "90"))

# --- Email (invitations) ---------------------------------------------------------------------
# Django's email framework: the console backend by default (the message goes to the server log);
# EMAIL_BACKEND=django.core.mail.backends.smtp.EmailBackend with EMAIL_HOST... sends for real;
# the e2e run uses the file backend under .run/ (Makefile) and reads the link from the file.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_FILE_PATH = os.environ.get("EMAIL_FILE_PATH", str(BASE_DIR / ".run-mail"))
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Remote Office <no-reply@localhost>")
# The product's address as members open it: links in emails sent by background jobs (no request to
# take it from), e.g. a reminder's switch-off link (docs/reminders.md).
PUBLIC_URL = os.environ.get("PUBLIC_URL", "http://127.0.0.1:8000")
# How long an invitation (or set-password) link works; it works once.
INVITATION_MAX_AGE_HOURS = int(os.environ.get("INVITATION_MAX_AGE_HOURS", "72"))
# 'Forgot password?' (docs/security.md): the emailed link works this long (Django's
# PasswordResetTokenGenerator reads it), and once; an account gets at most
# PASSWORD_RESET_ACCOUNT_MAX_EMAILS such emails per PASSWORD_RESET_ACCOUNT_WINDOW_SECONDS, whoever asks.
PASSWORD_RESET_TIMEOUT = int(os.environ.get("PASSWORD_RESET_TIMEOUT", str(60 * 60)))
PASSWORD_RESET_ACCOUNT_MAX_EMAILS = int(os.environ.get("PASSWORD_RESET_ACCOUNT_MAX_EMAILS", "3"))
PASSWORD_RESET_ACCOUNT_WINDOW_SECONDS = int(os.environ.get("PASSWORD_RESET_ACCOUNT_WINDOW_SECONDS", "3600"))

# Feature flags the SPA reads from `me`. under_development (spec 01 §1, §2): pages that were
# unfinished in the source app (the project overview) and the `beta=on` parameter follow it.
# On by default: those pages are finished here. Off hides them behind "Page is under construction".
FEATURE_FLAGS = {"under_development": env_bool("FEATURE_UNDER_DEVELOPMENT", True)}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # An outage writes two lines (apps.core.outage): not one per refused request from Django, nor
    # the pool's warning per failed connection attempt (folded into the outage's first line; its
    # errors still show, its INFO chatter never).
    "filters": {
        "planned_503": {"()": "apps.core.middleware.PlannedUnavailableFilter"},
        "pool_warnings": {"()": "apps.core.outage.PoolWarnings"},
    },
    "loggers": {
        "django.request": {"filters": ["planned_503"]},
        "psycopg.pool": {"level": "WARNING", "filters": ["pool_warnings"]},
    },
}

# --- HTTPS (production defaults; `manage.py check --deploy` is clean with them) -------------
# HTTPS_ONLY (default: on unless DEBUG) sets the defaults of the switches below; `make run` and
# the end-to-end tests serve plain http://127.0.0.1 and turn it off. Each switch can be set alone.
HTTPS_ONLY = env_bool("HTTPS_ONLY", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", HTTPS_ONLY)
# Container health checks call the backend directly over http.
SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000" if HTTPS_ONLY else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", HTTPS_ONLY)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", HTTPS_ONLY)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", HTTPS_ONLY)
# The TLS-terminating proxy says which scheme the client used (nginx passes it on).
SECURE_PROXY_SSL_HEADER = (
    ("HTTP_X_FORWARDED_PROTO", "https") if env_bool("SECURE_PROXY_SSL_HEADER", HTTPS_ONLY) else None
)
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
# On every response (apps.core.middleware.ContentSecurityPolicyMiddleware). Scripts: this origin
# only, no inline script, no eval. Styles allow inline: antd writes its CSS-in-JS into <style>
# elements and style attributes (styles cannot read the token). Images: this origin (avatars),
# and data:/blob: for a photo picked before upload. Connections: this origin (http and ws).
# The name authenticator apps show for the account (django-otp's otpauth:// address).
OTP_TOTP_ISSUER = "Remote Office"

CONTENT_SECURITY_POLICY = os.environ.get(
    "CONTENT_SECURITY_POLICY",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
)

# Demo accounts have a published password: `seed_demo` runs only with DEMO_DATA (or DEBUG, or
# --force). `make run` and the end-to-end tests turn it on; docker compose leaves it off.
DEMO_DATA = env_bool("DEMO_DATA", False)
