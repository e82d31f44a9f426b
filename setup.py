"""Build: the pure-Python packages and the Cython kernels, every cext/**/*.pyx.

A kernel's module name is its path (cext/manhome/play.pyx is ``numbergames.cext.manhome.play``);
shared C pieces are .pxd files under cext/common/, cimported by their full name
(``from cext.common.dice cimport dice_below``), found from the project root. What a kernel
shares with the readable solver code (sizes, codes, tables) is written from that code into
cext/<game>/constants.pxd first (numbergames.solver.kernel_constants): the kernels import nothing from
solver/."""
import importlib.util
import os
import sys
import types
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

HERE = Path(__file__).parent

NAMESPACE = "numbergames"
FOLDERS = ("solver", "cext", "analysis", "studies", "analyze")
PACKAGE_DIR = {NAMESPACE: NAMESPACE, **{f"{NAMESPACE}.{f}": f for f in FOLDERS}}
"""Every folder installs under the one namespace (numbergames.solver is solver/, ...), so
site-packages holds one top-level package and no generic name (analysis, solver, analyze)."""


class _FromSource:
    """``numbergames.<folder>`` importable from this tree while it is built, as PACKAGE_DIR
    maps it once installed (the front door, numbergames/__init__.py, is not run)."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        parts = name.split(".")
        if len(parts) == 2 and parts[0] == NAMESPACE and parts[1] in FOLDERS:
            return importlib.util.spec_from_file_location(
                name, HERE / parts[1] / "__init__.py",
                submodule_search_locations=[str(HERE / parts[1])])
        return None


_top = types.ModuleType(NAMESPACE)
_top.__path__ = [str(HERE / NAMESPACE)]
sys.modules.setdefault(NAMESPACE, _top)
sys.meta_path.insert(0, _FromSource)

from numbergames.solver.kernel_constants import write_all  # noqa: E402

write_all(HERE)  # cext/<game>/constants.pxd, before Cython reads a kernel

CYTHON_NAMES = HERE / "build" / "cython-names"
"""Where Cython finds a kernel's own contract under the kernel's installed name: a kernel
``numbergames.cext.<game>.play`` is declared by ``numbergames/cext/<game>/play.pxd``, which
this folder's link ``numbergames/cext`` -> cext/ makes of cext/<game>/play.pxd (the shared
pieces are cimported as ``cext.common...``, found from the root)."""
_link = CYTHON_NAMES / NAMESPACE / "cext"
_link.parent.mkdir(parents=True, exist_ok=True)
if not _link.is_symlink():
    _link.symlink_to(Path("..", "..", "..", "cext"), target_is_directory=True)  # relative

CORES = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
         else os.cpu_count() or 1)
extensions = [
    Extension(
        ".".join((NAMESPACE, *pyx.relative_to(HERE).with_suffix("").parts)),
        [pyx.relative_to(HERE).as_posix()],
        include_dirs=[numpy.get_include()],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        # -ffp-contract=off: no fused multiply-add, so floating point, where a kernel
        # uses it, rounds as in the Python reference on every CPU.
        extra_compile_args=["-O3", "-ffp-contract=off"],
    )
    for pyx in sorted((HERE / "cext").rglob("*.pyx"))
]

setup(
    name="numbergames",
    version="0.1.0",
    description="Monte Carlo and exact analysis of four number games: Man Home, "
                "So-Soo-Yoo, Sumoku and Shoo",
    long_description=(HERE / "README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    python_requires=">=3.11",
    package_dir=PACKAGE_DIR,
    packages=[NAMESPACE] + [f"{NAMESPACE}.{p}" for p in find_packages(
        include=[f"{folder}{tail}" for folder in FOLDERS for tail in ("", ".*")])],
    package_data={f"{NAMESPACE}.cext": ["**/*.pxd", "**/*.pxi", "**/*.pyx"],
                  f"{NAMESPACE}.solver": ["*/*.md"]},
    # every core translates and compiles (8 kernels: the install takes a minute less)
    ext_modules=cythonize(extensions, language_level=3, include_path=[str(HERE), str(CYTHON_NAMES)],
                          compiler_directives={"embedsignature": True}, nthreads=CORES),
    options={"build_ext": {"parallel": CORES}},
    install_requires=[
        "numpy>=1.26",
        "pandas>=2.0",
        "scipy>=1.11",
        "matplotlib>=3.7",
        "tqdm>=4.60",
        "networkx>=3.0",
    ],
    extras_require={
        # Cython: the tests compile their own C helpers (tests/cext/checks.pyx);
        # import-linter (and its grimp): the layering test, tests/test_architecture.py;
        # pytest-xdist: the suite runs on every core (pyproject.toml's addopts);
        # pytest-timeout and pytest-rerunfailures: no test can hang the run (pyproject.toml);
        # open-spiel: the OpenSpiel bridge's tests (tests/test_spiel.py).
        "test": ["pytest>=7", "pytest-xdist>=3.2", "pytest-timeout>=2.2",
                 "pytest-rerunfailures>=14", "hypothesis>=6.80", "distributed>=2024.1",
                 "Cython>=3.0", "import-linter>=2.0", "open-spiel>=1.5"],
        "openspiel": ["open-spiel>=1.5"],
        "cluster": ["distributed>=2024.1"],
    },
    entry_points={"console_scripts": ["analyze = numbergames.analyze.entry:main"]},
    zip_safe=False,
)
