"""The host messages promised stable keep their ids and fields as released
(cardshell/stability.py, tests/data/stable_ids.json, docs/porcelain.md)."""

from __future__ import annotations

import json
from pathlib import Path

from cardshell.messages import CATALOG, fields_of
from cardshell.stability import STABLE_IDS

RELEASED = json.loads((Path(__file__).resolve().parent / "data" / "stable_ids.json").read_text())
PORCELAIN_DOC = (Path(__file__).resolve().parent.parent / "docs" / "porcelain.md").read_text()


def test_every_stable_id_keeps_its_fields_as_released():
    assert set(RELEASED) <= STABLE_IDS, "a stable id was dropped from the promise"
    for message_id, fields in RELEASED.items():
        assert message_id in CATALOG, f"{message_id} is stable and must stay in the catalog"
        assert list(CATALOG[message_id].fields) == fields, f"{message_id} changed its fields"


def test_a_reworded_stable_message_keeps_no_field_it_lacks_now():
    for message_id in STABLE_IDS:
        message = CATALOG[message_id]
        for former in message.former:
            assert set(fields_of(former)) <= set(message.fields), message_id


def test_the_stable_ids_are_listed_in_the_porcelain_page():
    for message_id in STABLE_IDS:
        assert f"`{message_id}`" in PORCELAIN_DOC, message_id
