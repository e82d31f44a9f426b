"""Run by Python at the start of every process that benchmarks/before_after.py starts with a
build (this folder is on its PYTHONPATH), and of every process that one starts in turn (a
spawned worker, a Dask worker): the toolkit is imported from the build named by
``BEFORE_AFTER_BUILD`` alone (:func:`before_after.enter_build`)."""
import os

if os.environ.get("BEFORE_AFTER_BUILD"):
    from before_after import enter_build

    enter_build(os.environ["BEFORE_AFTER_BUILD"])
