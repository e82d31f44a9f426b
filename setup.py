"""Build: the pure-Python packages and one Cython kernel per game (cext/*.pyx)."""
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, find_packages, setup

HERE = Path(__file__).parent

extensions = [
    Extension(
        f"cext.{pyx.stem}",
        [f"cext/{pyx.name}"],
        include_dirs=[numpy.get_include(), "cext"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        # -ffp-contract=off: no fused multiply-add, so floating point, where a kernel
        # uses it, rounds as in the Python reference on every CPU.
        extra_compile_args=["-O3", "-ffp-contract=off"],
    )
    for pyx in sorted((HERE / "cext").glob("*.pyx"))
]

setup(
    name="numbergames",
    version="0.1.0",
    description="Monte Carlo and exact analysis of four number games: Man Home, "
                "So-Soo-Yoo, Sumoku and Shoo",
    long_description=(HERE / "README.md").read_text(encoding="utf-8"),
    long_description_content_type="text/markdown",
    python_requires=">=3.11",
    packages=find_packages(include=["solver", "solver.*", "cext", "analysis", "analysis.*"]),
    package_data={"cext": ["*.pxd", "*.pyx"], "solver": ["*/*.md"]},
    ext_modules=cythonize(extensions, language_level=3,
                          compiler_directives={"embedsignature": True}),
    install_requires=[
        "numpy>=1.26",
        "pandas>=2.0",
        "scipy>=1.11",
        "matplotlib>=3.7",
        "tqdm>=4.60",
        "networkx>=3.0",
    ],
    extras_require={
        "test": ["pytest>=7", "hypothesis>=6.80", "distributed>=2024.1"],
        "cluster": ["distributed>=2024.1"],
    },
    entry_points={"console_scripts": ["analyze = analysis.entry:main"]},
    zip_safe=False,
)
