"""What a compiled search would buy: bench_solver.py on the search built with mypyc.

Run: python benchmarks/compiled.py [bench_solver.py options, e.g. --classes T12-H20]
     python benchmarks/compiled.py --tests   (the test suite against the compiled search)

The library is pure Python and ships no compiled code (issue: solver asks
for measurements before a compiled core is added). This script measures
the option without adding it: it copies ``src/`` to a scratch directory,
compiles the sweep's modules (``MODULES``, unchanged) with mypyc (part
of mypy, in the ``dev`` extra; needs a C compiler), and runs
`bench_solver.py` (or, with ``--tests``, pytest) with that copy first on
the import path. The copy is deleted afterwards; nothing in the project
changes.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]

#: The modules compiled: the sweep, where nearly all of a best move's time goes.
MODULES = [
    f"mexemexe/solver/{name}.py"
    for name in (
        "_runs",
        "_groups",
        "_suit_plays",
        "_memo",
        "_bounds",
        "_dfs",
        "_rebuild",
        "_symmetry",
        "_sweep",
    )
]


def main() -> None:
    args = sys.argv[1:]
    with tempfile.TemporaryDirectory(prefix="mexemexe-mypyc-") as scratch:
        src = pathlib.Path(scratch) / "src"
        shutil.copytree(ROOT / "src", src, ignore=shutil.ignore_patterns("__pycache__"))
        print(f"compiling {', '.join(MODULES)} with mypyc ...", flush=True)
        build = subprocess.run(
            [sys.executable, "-m", "mypyc", *MODULES],
            cwd=src,
            capture_output=True,
            text=True,
        )
        if build.returncode:
            sys.exit(f"mypyc failed:\n{build.stdout}{build.stderr}")
        env = dict(
            os.environ,
            PYTHONPATH=os.pathsep.join(filter(None, [str(src), os.environ.get("PYTHONPATH")])),
        )
        check = "import mexemexe.solver._sweep as s; print('search module:', s.__file__)"
        subprocess.run([sys.executable, "-c", check], env=env, check=True)
        if args[:1] == ["--tests"]:
            command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args[1:]]
        else:
            command = [sys.executable, str(ROOT / "benchmarks" / "bench_solver.py"), *args]
        sys.exit(subprocess.run(command, env=env, cwd=ROOT).returncode)


if __name__ == "__main__":
    main()
