"""Build: the pure-Python packages and the Cython kernels, every cext/**/*.pyx.

A kernel's module name is its path (cext/manhome/play.pyx is ``cext.manhome.play``);
shared C pieces are .pxd files under cext/common/, cimported by their full name
(``from cext.common.dice cimport dice_below``), found from the project root. What a kernel
shares with the readable solver code (sizes, codes, tables) is written from that code into
cext/<game>/constants.pxd first (solver.kernel_constants): the kernels import nothing from
solver/."""
import os
import sys
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))  # the solver's code, to write what the kernels are compiled with

from solver.kernel_constants import write_all  # noqa: E402

write_all(HERE)  # cext/<game>/constants.pxd, before Cython reads a kernel

CORES = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
         else os.cpu_count() or 1)
extensions = [
    Extension(
        ".".join(pyx.relative_to(HERE).with_suffix("").parts),
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
    packages=find_packages(include=["numbergames", "numbergames.*", "solver", "solver.*",
                                     "cext", "cext.*", "analysis", "analysis.*", "studies",
                                     "studies.*", "analyze", "analyze.*"]),
    package_data={"cext": ["**/*.pxd", "**/*.pxi", "**/*.pyx"], "solver": ["*/*.md"]},
    # every core translates and compiles (8 kernels: the install takes a minute less)
    ext_modules=cythonize(extensions, language_level=3, include_path=[str(HERE)],
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
    entry_points={"console_scripts": ["analyze = analyze.entry:main"]},
    zip_safe=False,
)
