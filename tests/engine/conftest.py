"""Builders for the engine's tests live in ecarte_kit.py beside this file."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)
