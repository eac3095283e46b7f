"""Fixtures for the web tests."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tcgkit.web.app import create_app


@pytest.fixture
def client(tmp_path):
    """The app on a fresh SQLite file, started (migrations run) and stopped around the test."""
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite'}")
    with TestClient(app) as c:
        yield c
