"""Executes a notebook headless (nbclient) in its own folder; a cell error fails (exit 1).
The executed copy is not written back: the committed notebook stays without outputs.

Usage: python run_notebook.py NOTEBOOK.ipynb
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError


def main(path: str) -> int:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=600, kernel_name="python3",
                            resources={"metadata": {"path": str(Path(path).resolve().parent)}})
    try:
        client.execute()
    except CellExecutionError as e:
        print(f"{path}: a cell failed:\n{e}")
        return 1
    print(f"{path}: {len(nb.cells)} cells executed without error")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
