"""The settings of the floor (bench/floor_asgi.py): a bare Django project with no app, no
middleware and one URL, on the club's database as the club connects to it (server.env's
`database`: the same pool of connections on PostgreSQL, the same transaction mode on SQLite)."""
import os
import secrets
from pathlib import Path

from server.env import database

BASE_DIR = Path(__file__).resolve().parent.parent
DEBUG = False
SECRET_KEY = os.environ.get("SECRET_KEY") or secrets.token_urlsafe(50)
ALLOWED_HOSTS = ["127.0.0.1"]
INSTALLED_APPS: list = []
MIDDLEWARE: list = []
ROOT_URLCONF = "bench.floor_asgi"
DATABASES = {"default": database(os.environ, BASE_DIR)}
USE_TZ = True
