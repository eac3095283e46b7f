"""What the optional compiled build asks of the source, at no cost to the plain one.

``make fast`` builds tcgkit with mypyc (``setup.py`` lists the modules it compiles: the engine's hot path), which
turns a class into a C extension type unless told otherwise. A class that must stay a plain Python class there (it
keeps ``cached_property`` values in its ``__dict__``, is subclassed by a game written in plain Python, or is made
with ``cls.__new__(cls)`` to skip ``__init__``) says so with ``@mypyc_attr(native_class=False)``. Without mypyc
installed the decorator does nothing, so the plain package needs nothing more.

>>> @mypyc_attr(native_class=False)
... class Plain:
...     pass
>>> Plain.__name__
'Plain'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the plain build: the decorator only speaks to mypyc

    def mypyc_attr(*attrs: str, **kwattrs: Any) -> Callable[[T], T]:  # type: ignore[no-redef]
        """Leave the class as it is (mypyc reads the decorator when it compiles; Python need not)."""
        return lambda cls: cls
