"""Settings, 12-factor: everything that differs between machines comes from the environment.

With nothing set, the project runs as on the club's laptop: DEBUG off, SQLite in db.sqlite3,
the in-memory channel layer, served at ADDRESS (127.0.0.1) over plain http, with a secret key
generated once in the data directory. See docs/operations.md for every variable.
"""

import hashlib
import os
from pathlib import Path

from csp.constants import NONE, SELF

from server import env as from_env

BASE_DIR = Path(__file__).resolve().parent.parent
ENV = os.environ

DEBUG = from_env.flag(ENV, "DEBUG", default=False)

# Outside the checkout: what the club keeps that no repository may hold.
DATA_DIR = from_env.data_dir(ENV, Path.home())
SECRET_KEY = ENV.get("SECRET_KEY", "").strip() or from_env.kept_secret_key(DATA_DIR / "secret_key")

ALLOWED_HOSTS = from_env.allowed_hosts(ENV, from_env.machine_names)
CSRF_TRUSTED_ORIGINS = from_env.trusted_origins(ENV, from_env.machine_names)

# The most a member may owe, in cents: a wager's stake or a night's fee that would take his
# balance below minus this is refused (club.credit). Unset: no limit.
CREDIT_LIMIT = from_env.cents(ENV, "CREDIT_LIMIT")

# The most nights a guest (a player without a login) may be marked present at before he must
# join. Unset: no limit.
GUEST_NIGHTS = from_env.count(ENV, "GUEST_NIGHTS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "ninja",  # serves the API docs' scripts itself instead of from a CDN
    "club",
    "games",
    "nights",
]

MIDDLEWARE = [
    "server.request_log.RequestLogMiddleware",  # outermost: the whole request's duration
    "club.auth.ProxyHeaders",  # what the proxy says of the visitor, believed from it only
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",  # the static files, DEBUG or not
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",  # the browser's language, or the one chosen
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    "server.middleware.ApiErrorShapeMiddleware",
]

# The Content-Security-Policy of every answer (django-csp): scripts, styles, images, sockets
# and the service worker from the club itself only; no inline script or style anywhere (the
# pages' data travel in json_script and data- attributes), no plugin, no framing.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "worker-src": [SELF],
        "manifest-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

ROOT_URLCONF = "server.urls"
ASGI_APPLICATION = "server.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {"default": from_env.database(ENV, BASE_DIR)}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CHANNEL_LAYERS = from_env.channel_layers(ENV)
# The process's memory on the laptop (one daphne); Redis, shared by every worker, when
# REDIS_URL is set, which a server must set (`make serve-prod`).
CACHES = from_env.caches(ENV)
# The limits on writes (club/limits.py, django-ratelimit) count in that cache, so every worker
# of a server sees one count. Each database's counts apart: two clubs sharing one Redis (a
# club and its rehearsal copy) have users of the same ids.
RATELIMIT_CACHE_PREFIX = "limits:%s:" % hashlib.sha256(
    str(DATABASES["default"]["NAME"]).encode()).hexdigest()[:12]
# Redis down, the limits cannot count: the write goes through (the limits stop a flood, they
# guard no money), and the cache logs each miss.
RATELIMIT_FAIL_OPEN = True
DJANGO_REDIS_LOG_IGNORED_EXCEPTIONS = True

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# The pages speak English and French: the browser's language by default, or the one chosen
# with the switch at the foot of every page (Django's set_language, kept in a cookie).
LANGUAGES = [("en", "English"), ("fr", "Français")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = ENV.get("TIME_ZONE", "UTC")
USE_I18N = True
FORMAT_MODULE_PATH = ["server.formats"]  # French dates as 26/11/2026 20:39
USE_TZ = True

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "account"
LOGOUT_REDIRECT_URL = "home"

STATIC_URL = "static/"
STATIC_ROOT = Path(ENV.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# WhiteNoise serves STATIC_ROOT (`make run` collects it), and what the apps hold that is not
# there: a server the tests start serves the pages' files without a collectstatic of its own.
# On a server, nginx serves STATIC_ROOT itself.
WHITENOISE_USE_FINDERS = True

# Behind the club's proxy (nginx, deploy/nginx.conf): serve-prod tells its workers so
# (BEHIND_PROXY=1), and a club served over https by its proxy (HTTPS, below) is behind it;
# the laptop is not. Only a request whose connection comes from PROXY_ADDRESSES (the proxy on
# this machine, by default) is believed about its visitor: his address, the last entry of
# X-Forwarded-For (the one the proxy appended), and his scheme, X-Forwarded-Proto
# (club.auth.ProxyHeaders, in MIDDLEWARE).
BEHIND_PROXY = (from_env.behind_https_proxy(ENV, DEBUG)
                or from_env.flag(ENV, "BEHIND_PROXY", default=False))
PROXY_ADDRESSES = from_env.csv(ENV, "PROXY_ADDRESSES", "127.0.0.1,::1")
if BEHIND_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# Behind a TLS-terminating proxy on a server (HTTPS, on by default when ALLOWED_HOSTS is set);
# the laptop is reached over plain http on the club's network (or serves https itself,
# below), and DEBUG is development.
if from_env.behind_https_proxy(ENV, DEBUG):
    SECURE_SSL_REDIRECT = from_env.flag(ENV, "SECURE_SSL_REDIRECT", default=True)
    SECURE_HSTS_SECONDS = int(ENV.get("SECURE_HSTS_SECONDS", 60 * 60 * 24 * 365))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
SECURE_REDIRECT_EXEMPT = [r"^health$"]  # the proxy asks over plain http
# The laptop serving https itself (`make run-https`): no proxy, so no header is trusted, and no
# HSTS, which would shut the phones out of a later evening over plain http.
if from_env.serves_tls(ENV):
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
if not DEBUG:
    SECURE_REFERRER_POLICY = "same-origin"
    SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
    X_FRAME_OPTIONS = "DENY"

# Lines a secretary can read (server/request_log.py): each request, and each error with the
# request and the user it happened to, then its traceback.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"context": {"()": "server.request_log.RequestContext"}},
    "formatters": {
        "club": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s%(context)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "club",
                    "filters": ["context"]},
    },
    "root": {"handlers": ["console"], "level": ENV.get("LOG_LEVEL", "INFO")},
    "loggers": {
        # Django's own console handler speaks only in DEBUG; this one always does, once.
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        # Its 4xx warnings ("Not Found: /x") repeat the request's line: only errors remain.
        "django.request": {"level": "ERROR"},
    },
}

# Mail (the members' night cards, nights/mail.py): Django's SMTP backend when EMAIL_HOST is
# set, else the console's, which writes each mail on the server's output: the laptop needs
# nothing. EMAIL_BACKEND names another of Django's backends. See docs/operations.md, Mail.
EMAIL_HOST = ENV.get("EMAIL_HOST", "")
EMAIL_BACKEND = ENV.get("EMAIL_BACKEND") or (
    "django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend")
EMAIL_PORT = int(ENV.get("EMAIL_PORT", 587))
EMAIL_HOST_USER = ENV.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = ENV.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = from_env.flag(ENV, "EMAIL_USE_TLS", default=EMAIL_PORT == 587)
EMAIL_USE_SSL = from_env.flag(ENV, "EMAIL_USE_SSL", default=EMAIL_PORT == 465)
EMAIL_TIMEOUT = 20  # seconds: a mail server that hangs does not hold a worker for ever
DEFAULT_FROM_EMAIL = ENV.get("DEFAULT_FROM_EMAIL", "ecarte-club@localhost")

# --- Login rate limiting (django-axes) ------------------------------------------------------
# After AXES_FAILURE_LIMIT failed logins for one username from one address, that pair is
# refused for AXES_COOLOFF_TIME with a page that says so (registration/locked_out.html, which
# names the quarter of an hour: change both together); a successful login clears the count.
# The member pages' login and the admin's are both covered; the API's bearer tokens are not
# logins and are not counted. The address is REMOTE_ADDR: behind the proxy, the one the proxy
# puts last in X-Forwarded-For; otherwise the connection's (club.auth.ProxyHeaders, above).
# What a failed login keeps of its username is cut to a login's longest (150 characters), and
# the login forms refuse a longer one beside the field (club.auth.LoginForm, AdminLoginForm).
INSTALLED_APPS += ["axes"]
MIDDLEWARE += ["axes.middleware.AxesMiddleware"]  # last: it turns a lockout into the page
AUTHENTICATION_BACKENDS = [
    "club.auth.LoginAttempts",  # first: a locked-out pair is refused before its password
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 15 / 60  # hours: a quarter of an hour
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_USERNAME_CALLABLE = "club.auth.attempted_username"
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_VERBOSE = False  # no banner on every start: `manage.py score_hand` prints only its answer
# --- end of login rate limiting -------------------------------------------------------------
