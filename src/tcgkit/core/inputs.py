"""Reading files a person hands tcgkit (cards, decks, scenarios, replays) without trusting them.

Every reader here refuses, with one line naming the file and the limit, before doing much work:

- anything that is not a regular file (a folder, a FIFO, ``/dev/zero``): refused without being read;
- a file larger than its kind's size limit (:data:`SIZE_LIMITS`): refused after reading at most limit + 1 bytes;
- text that is not UTF-8: refused, naming the byte offset;
- YAML nested deeper than :data:`MAX_DEPTH` levels, or whose aliases would expand past :data:`MAX_NODES` nodes (a
  "billion laughs" file): refused while it is parsed, before anything walks the expanded document;
- malformed YAML or JSON: refused, naming the line and column.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "deck.yaml"
>>> _ = p.write_text("name: Imps\\nmain: [3 Fire Imp]\\n")
>>> load_yaml(p, "deck")
{'name': 'Imps', 'main': ['3 Fire Imp']}
>>> text = "a: &a [x, x, x, x, x, x, x, x, x, x]\\n" + "".join(
...     f"{b}: &{b} [{', '.join(['*' + a] * 10)}]\\n" for a, b in zip("abcde", "bcdef"))
>>> _ = p.write_text(text)
>>> try:
...     load_yaml(p, "deck")
... except InputError as e:
...     print(str(e).split(": ", 1)[1])
line 6, column 4: its aliases expand past the limit of 1000000 values
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, Node, SequenceNode

from tcgkit.core.errors import TcgkitError

#: The largest file of each kind tcgkit reads, in bytes.
SIZE_LIMITS: dict[str, int] = {
    "card": 8 * 1024 * 1024,
    "deck": 1024 * 1024,
    "scenario": 1024 * 1024,
    "replay": 64 * 1024 * 1024,
    "file": 16 * 1024 * 1024,
}
#: The deepest nesting of lists and mappings a YAML or JSON file may have (aliases included).
MAX_DEPTH = 40
#: The most values (scalars, lists, mappings) a YAML document may hold once its aliases are expanded.
MAX_NODES = 1_000_000


class InputError(TcgkitError):
    """A file refused before or while it is read: names the file and the limit or the place.

    >>> str(InputError("deck.yaml", "nested deeper than the limit of 40 levels"))
    'deck.yaml: nested deeper than the limit of 40 levels'
    """

    def __init__(self, path: str | Path, detail: str) -> None:
        self.path, self.detail = str(path), detail
        super().__init__(f"{path}: {detail}")


def _limit_text(n: int) -> str:
    return f"{n // (1024 * 1024)} MB" if n >= 1024 * 1024 and n % (1024 * 1024) == 0 else f"{n} bytes"


def read_bytes(path: str | Path, kind: str = "file") -> bytes:
    """The bytes of a regular file no larger than ``SIZE_LIMITS[kind]``; :class:`InputError` otherwise.

    A FIFO or a device is refused without being opened for reading (opened non-blocking, checked, closed).
    """
    limit = SIZE_LIMITS.get(kind, SIZE_LIMITS["file"])
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError(path, f"is a folder, not a {kind} file")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(path, f"not a regular file (a pipe or a device); a {kind} file must be a plain file")
        if info.st_size > limit:
            raise InputError(path, f"{info.st_size} bytes is more than the {kind} file limit of {_limit_text(limit)}")
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise InputError(path, f"more than the {kind} file limit of {_limit_text(limit)}")
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(path, f"cannot read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def read_text(path: str | Path, kind: str = "file") -> str:
    """The UTF-8 text of a file, with :func:`read_bytes`'s checks; a file that is not UTF-8 is refused."""
    data = read_bytes(path, kind)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(path, f"not a text file (not UTF-8 at byte {exc.start})") from None


def load_yaml(path: str | Path, kind: str = "file") -> Any:
    """A YAML file parsed with the safe loader and every limit of this module."""
    return parse_yaml(read_text(path, kind), str(path))


def parse_yaml(text: str, source: str, check: Callable[[Node], None] | None = None) -> Any:
    """Parse YAML text (``source`` names it in errors) with the depth and alias-expansion limits.

    ``check``, if given, sees the composed node tree (already within the limits) before it is turned into Python
    values: a stricter reader (the scenario reader) refuses more there.
    """
    try:
        loader = LimitedLoader(text)
    except yaml.reader.ReaderError as exc:
        raise InputError(source, _reader_message(exc, text)) from None
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        if check is not None:
            check(node)
        return loader.construct_document(node)
    except _Refused as exc:
        raise InputError(source, f"{exc}") from None
    except yaml.MarkedYAMLError as exc:
        raise InputError(source, f"{_yaml_message(exc)}") from None
    except yaml.reader.ReaderError as exc:
        raise InputError(source, _reader_message(exc, text)) from None
    except yaml.YAMLError as exc:
        raise InputError(source, f"not valid YAML: {_one_line(str(exc))}") from None
    except RecursionError:
        raise InputError(source, f"nested deeper than the limit of {MAX_DEPTH} levels") from None
    finally:
        loader.dispose()


def load_json(path: str | Path, kind: str = "file") -> Any:
    """A JSON file, with the size and depth limits; errors name the line and column."""
    text = read_text(path, kind)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(path, f"line {exc.lineno}, column {exc.colno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise InputError(path, f"nested deeper than the limit of {MAX_DEPTH} levels") from None
    if _too_deep(data, MAX_DEPTH):
        raise InputError(path, f"nested deeper than the limit of {MAX_DEPTH} levels")
    return data


def _too_deep(value: Any, budget: int) -> bool:
    """Whether ``value`` nests lists and dicts more than ``budget`` levels (iterative: no recursion limit)."""
    stack = [(value, 1)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        if isinstance(v, list):
            if depth > budget:
                return True
            stack.extend((x, depth + 1) for x in v if isinstance(x, list | dict))
    return False


class _Refused(Exception):
    pass


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _reader_message(exc: yaml.reader.ReaderError, text: str) -> str:
    char = exc.character if isinstance(exc.character, int) else ord(str(exc.character)[:1] or "\0")
    line = text.count("\n", 0, exc.position) + 1
    return f"line {line}: not valid YAML (character #x{char:04x} is not allowed)"


def _yaml_message(exc: yaml.MarkedYAMLError) -> str:
    mark = exc.problem_mark or exc.context_mark
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    what = _one_line(" ".join(p for p in (exc.context, exc.problem) if p)) or "malformed"
    return f"{where}not valid YAML ({what})"


class LimitedLoader(yaml.SafeLoader):
    """PyYAML's safe loader, counting while it composes: nesting depth and the size of the document with every alias
    expanded (both tracked per node, so a billion laughs is refused after a few hundred steps, not a billion)."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._open = 0
        self._size: dict[int, int] = {}
        self._depth: dict[int, int] = {}

    def compose_node(self, parent: Node | None, index: Any) -> Node:
        if self.check_event(AliasEvent):
            mark = self.peek_event().start_mark
            node = super().compose_node(parent, index)
            self._check(node, mark, self._size.get(id(node), 1))
            return node
        self._open += 1
        if self._open > MAX_DEPTH:
            mark = self.peek_event().start_mark
            raise _Refused(f"line {mark.line + 1}, column {mark.column + 1}: nested deeper than the limit of "
                           f"{MAX_DEPTH} levels")
        mark = self.peek_event().start_mark
        node = super().compose_node(parent, index)
        self._open -= 1
        self._measure(node, mark)
        return node

    def _measure(self, node: Node, mark: Any) -> None:
        if isinstance(node, SequenceNode):
            children = node.value
        elif isinstance(node, MappingNode):
            children = [n for pair in node.value for n in pair]
        else:
            children = []
        size = 1 + sum(self._size.get(id(c), 1) for c in children)
        depth = 1 + max((self._depth.get(id(c), 1) for c in children), default=0)
        self._size[id(node)] = size
        self._depth[id(node)] = depth
        self._check(node, mark, size)

    def _check(self, node: Node, mark: Any, size: int) -> None:
        where = f"line {mark.line + 1}, column {mark.column + 1}"
        if size > MAX_NODES:
            raise _Refused(f"{where}: its aliases expand past the limit of {MAX_NODES} values")
        if self._depth.get(id(node), 1) + self._open > MAX_DEPTH:
            raise _Refused(f"{where}: nested deeper than the limit of {MAX_DEPTH} levels")
