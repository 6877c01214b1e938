"""The MCP tools' input schemas say exactly what the server enforces (docs/mcp.md#tools).

The SDK builds a tool's arguments model and its ``inputSchema`` from the function's
signature. Three things are added here, so that a client's validator and the server
agree on every call:

* bounds are JSON Schema keywords (``minimum``/``maximum``, ``maxLength``, ``maxItems``):
  constraints go next to their type, before any validator (a constraint after one is
  written as pydantic's own ``ge``/``le``, which no JSON Schema validator reads);
* an optional argument that may be sent as ``null`` — function calling in strict mode
  sends null for every parameter it does not use — is nullable in the schema, and null
  reads as its default (:func:`null_means`);
* no argument outside the schema is accepted: ``additionalProperties: false``, and the
  arguments model forbids extra keys (an unknown key is a ``bad_arguments`` refusal,
  not silently dropped);
* no value of another type is converted: the arguments model is strict, so ``"5"`` for
  an integer or ``"yes"`` and ``1`` for a boolean are refused as the schema refuses
  them (an enum argument, sent as its JSON string, says ``strict=False`` itself); a
  number with no fraction (``5.0``) is an integer to JSON Schema, and to the server.

A tool's description is its docstring without the source's indentation, each paragraph
on one line.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass
from typing import Any, cast, get_args

from mcp.server.mcpserver.tools import Tool
from mcp.types import ToolAnnotations
from pydantic import BaseModel, BeforeValidator, ConfigDict, GetJsonSchemaHandler, model_validator
from pydantic.json_schema import JsonSchemaValue

__all__ = ["NullMeansDefault", "description_of", "null_means", "strict_tool"]


@dataclass(frozen=True, slots=True)
class NullMeansDefault(BeforeValidator):
    """A validator that reads ``null`` as the argument's default, and says in the schema
    that ``null`` is accepted (``anyOf: [<the type>, {"type": "null"}]``)."""

    def __get_pydantic_json_schema__(
        self, schema: Any, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {"anyOf": [handler(schema), {"type": "null"}]}


def null_means(default: Any) -> NullMeansDefault:
    """Put after the type's own constraints: ``Annotated[int, Field(ge=1), null_means(20)]``."""
    return NullMeansDefault(lambda value: deepcopy(default) if value is None else value)


def description_of(fn: Callable[..., Any]) -> str:
    """``fn``'s docstring as a tool description: dedented, each paragraph one line."""
    text = inspect.cleandoc(fn.__doc__ or "")
    paragraphs = (" ".join(part.split()) for part in text.split("\n\n"))
    return "\n\n".join(p for p in paragraphs if p)


def _takes_int(annotation: Any) -> bool:
    """The field holds an integer (``int`` or ``int | None``; never a ``bool``)."""
    return annotation is int or (int in get_args(annotation) and bool not in get_args(annotation))


def _integral_numbers(cls: type[BaseModel], data: Any) -> Any:
    """``5.0`` for an integer argument is ``5``, as JSON Schema's ``integer`` says."""
    if not isinstance(data, dict):
        return data
    ints = {name for name, field in cls.model_fields.items() if _takes_int(field.annotation)}
    return {
        key: int(value) if key in ints and type(value) is float and value.is_integer() else value
        for key, value in data.items()
    }


def strict_tool(fn: Callable[..., Any], *, annotations: ToolAnnotations) -> Tool:
    """The SDK's tool of ``fn``, with its description cleaned and its arguments closed:
    the model forbids keys it does not declare and values of another type, and the
    schema says so."""
    tool = Tool.from_function(fn, description=description_of(fn), annotations=annotations)
    loose = tool.fn_metadata.arg_model
    # A subclass that differs only in its config: the SDK's field handling is kept.
    closed = cast(
        type[BaseModel],
        type(
            loose.__name__,
            (loose,),
            {
                "model_config": ConfigDict(extra="forbid", strict=True),
                "__module__": loose.__module__,
                "_integral_numbers": model_validator(mode="before")(_integral_numbers),
            },
        ),
    )
    metadata = tool.fn_metadata.model_copy(update={"arg_model": closed})
    parameters = closed.model_json_schema(by_alias=True)
    return tool.model_copy(update={"fn_metadata": metadata, "parameters": parameters})
