#!/usr/bin/env python3
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    if sys.argv[1:2] == ["score_hand"]:
        # The engine's command line needs no Django: run it without loading the project.
        from games.engine.cli import main as score_hand

        sys.exit(score_hand(sys.argv[2:], prog=f"{os.path.basename(sys.argv[0])} score_hand"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "server.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
