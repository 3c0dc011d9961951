"""Check the suites in this folder with bench/data/heldout/verify_suites.py (one checker for every suite folder).

Usage: python verify_suites.py [suite ...]      (exit status 0 when every suite passes)
"""
import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.argv = [sys.argv[0], "--dir", str(HERE), *sys.argv[1:]]
runpy.run_path(str(HERE.parent / "heldout" / "verify_suites.py"), run_name="__main__")
