"""Write the committed schema files generated from the Pandera models:

    python -m schemas.generate          # rewrite schemas/min_cards.schema.json
    python -m schemas.generate --check  # exit 1 if the committed file is out of date
    python -m schemas.generate --dictionary  # print the data dictionary (Markdown) for docs/data.md
    python -m schemas.generate --dictionary --history  # the same for docs/history.md (history, releases)

tests/test_data_package.py regenerates it and compares with what is committed.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

from schemas import contract, findings, history, min_cards, releases

HERE = Path(__file__).resolve().parent


def json_text(document: dict) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def generated() -> dict[Path, str]:
    return {HERE / min_cards.JSON_SCHEMA_FILE: json_text(min_cards.json_schema())}


RELEASE_TABLES = (("min_cards (min_cards.csv, .parquet, .json, .jsonl; dataset/)", min_cards.SCHEMA, min_cards.KEY),
                  ("findings (findings.csv, findings.parquet)", findings.SCHEMA, findings.KEY))
# made of every release together (pipeline/across.py): docs/history.md holds their dictionary
ACROSS_TABLES = (("history (history.csv, history.parquet; the history table of mincards.sqlite)", history.SCHEMA,
                  history.KEY),
                 ("releases (releases.csv; the releases table of mincards.sqlite)", releases.SCHEMA, releases.KEY))


def dictionary(tables=RELEASE_TABLES) -> str:
    """One Markdown table per published table, from the contracts."""
    parts = []
    for title, schema, key in tables:
        parts.append(f"#### {title}\n\nPrimary key: {', '.join(f'`{k}`' for k in key)}.\n\n"
                     + contract.data_dictionary(schema, key))
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    if "--dictionary" in argv:
        print(dictionary(ACROSS_TABLES if "--history" in argv else RELEASE_TABLES), end="")
        return 0
    stale = [path for path, text in generated().items()
             if not path.is_file() or path.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path.name} is out of date: run python -m schemas.generate", file=sys.stderr)
        return 1 if stale else 0
    for path, text in generated().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
