"""A Griffe extension for the API reference (mkdocs.yml): what a reader calls, and what it returns.

* A hypothesis strategy written with ``@st.composite`` is called without its
  first parameter, ``draw`` (hypothesis supplies it), and returns a
  ``SearchStrategy`` of what the function body returns: the reference shows
  that signature, not the function as written.
* A function or method with a return annotation and no ``Returns:`` (or
  ``Yields:``) section gets one: its summary line, which in this project's
  Google-style docstrings says what it returns ("The cards in the order
  written."). So every entry of the reference describes its return value.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

#: A section of a Google-style docstring that already describes the result.
_RESULT_SECTION = re.compile(r"^(Returns|Yields|Return|Yield):", re.M)


class ReferenceSignatures(griffe.Extension):
    """Hide ``draw`` of composite strategies; give every function a ``Returns`` section."""

    def on_function_instance(self, *, func: griffe.Function, **kwargs: Any) -> None:
        if any(str(d.value).endswith("composite") for d in func.decorators):
            _as_called(func)
        _describe_returns(func)


def _as_called(func: griffe.Function) -> None:
    """A composite strategy as it is called: without ``draw``, returning a strategy."""
    if "draw" in func.parameters:
        del func.parameters["draw"]
    if func.returns is not None:
        func.returns = f"SearchStrategy[{func.returns}]"
    if func.docstring is not None:
        func.docstring.value = re.sub(
            r"^\s*draw: .*\n", "", func.docstring.value, count=1, flags=re.M
        )


def _describe_returns(func: griffe.Function) -> None:
    """Add a ``Returns:`` section from the summary where the docstring has none."""
    docstring = func.docstring
    returns = str(func.returns) if func.returns is not None else "None"
    if (
        docstring is None
        or returns in ("None", "NoReturn")
        or "property" in func.labels
        or func.name.startswith("__")
        or _RESULT_SECTION.search(docstring.value)
    ):
        return
    summary = docstring.value.strip().split("\n\n", 1)[0].replace("\n", " ")
    docstring.value = docstring.value.rstrip() + "\n\nReturns:\n    " + summary + "\n"
