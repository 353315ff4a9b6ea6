"""Set-up shared by the Python tests."""

import signal

import pytest


@pytest.fixture(autouse=True, scope="session")
def python_handles_ctrl_c():
    """Python's own Ctrl-C handler, whatever the parent process did with SIGINT.

    The Ctrl-C tests press Ctrl-C with `_thread.interrupt_main`, which does nothing where
    SIGINT is ignored, and a job that a non-interactive shell starts in the background (a CI
    step, `nohup ... &`) starts with SIGINT ignored, so that Python installs no handler: the
    tests would then wait for an interrupt that never comes.
    """
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)
