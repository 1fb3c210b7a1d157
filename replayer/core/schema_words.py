"""Schema errors in a player's words, for the keywords :mod:`.schemas` does not word itself.

jsonschema's own sentences ("'workers' is a dependency of 'die'", "7 is not valid under any of
the given schemas", "9 is greater than the maximum of 6") name the schema, not the log; each check
here says what the field holds and what may be written instead. :func:`in_words` rewrites the
sentences of the compiled validator (jsonschema_rs), used only when the explaining validator
finds nothing, the same way, so that none of those sentences reaches a user.
"""
from __future__ import annotations

import re

from .errors import bounded, quote
from .strict_json import same_json

_KIND_WORDS = {"integer": "a whole number", "number": "a number", "string": "a text", "object": "an object",
               "array": "a list", "boolean": "true or false", "null": "null"}


#: how ``ludolog new`` marks a value the table has still to write (cli/new.py)
PLACEHOLDER = "<fill in"


def unfilled(instance) -> bool:
    return isinstance(instance, str) and instance.startswith(PLACEHOLDER)


def still_to_fill(instance) -> str:
    return f"still to be filled in: {bounded(instance, 200)}"


def schema_error(message: str):
    """A jsonschema ``ValidationError``; jsonschema is imported only once something is explained."""
    from jsonschema.exceptions import ValidationError

    return ValidationError(message)


def resolved(validator, node):
    """``node`` with one ``$ref`` within the document followed (words are a courtesy: on any
    failure the node as it is)."""
    ref = node.get("$ref") if isinstance(node, dict) else None
    if isinstance(ref, str) and ref.startswith("#"):
        try:
            target = validator._resolver.lookup(ref).contents
        except Exception:  # noqa: BLE001
            return node
        if isinstance(target, dict):
            return {**target, **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _range_words(node: dict) -> str:
    low, high = node.get("minimum"), node.get("maximum")
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    if high is not None:
        return f" of at most {high}"
    return ""


def form_words(validator, node) -> str:
    """One form a value may take, in words: its ``x-expected`` or ``description``, else built
    from ``const``, ``enum``, ``type`` and range."""
    node = resolved(validator, node)
    if node is True:
        return "anything"
    if not isinstance(node, dict):
        return "nothing"
    words = node.get("x-expected") or node.get("description")
    if words:
        return str(words)
    if "const" in node:
        return quote(node["const"])
    if isinstance(node.get("enum"), list):
        values = [quote(v) for v in node["enum"]]
        return "one of " + ", ".join(values) if len(values) > 1 else values[0]
    kinds = node.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds or []
    if kinds:
        text = " or ".join(_KIND_WORDS.get(k, k) for k in kinds)
        return text + (_range_words(node) if set(kinds) & {"integer", "number"} else "")
    return "a value of another form"


def _alternatives(keyword: str):
    """``anyOf`` / ``oneOf`` in words. When the value has the type of exactly one alternative,
    that alternative's own errors are reported (``7 is too large: at most 6``); otherwise the
    forms the field may take (``expected a whole number from 1 to 6 or 'extra', got 'x'``). A
    placeholder ``ludolog new`` wrote is still to be filled in, not a form matching none of them."""
    def check(validator, alternatives, instance, schema):
        matching = [i for i, alt in enumerate(alternatives) if validator.evolve(schema=alt).is_valid(instance)]
        if keyword == "anyOf" and matching or keyword == "oneOf" and len(matching) == 1:
            return
        if unfilled(instance):
            yield schema_error(still_to_fill(instance))
            return
        if len(matching) > 1:
            forms = " and ".join(form_words(validator, alternatives[i]) for i in matching)
            yield schema_error(f"{quote(instance)} is ambiguous here: it reads both as {forms}")
            return
        typed = [alt for alt in alternatives if _type_fits(validator, alt, instance)]
        if len(typed) == 1 and not _fixed(validator, typed[0]):
            yield from validator.descend(instance, typed[0])
            return
        forms = [form_words(validator, alt) for alt in alternatives]
        listed = forms[0] if len(forms) == 1 else ", ".join(forms[:-1]) + " or " + forms[-1]
        yield schema_error(f"expected {listed}, got {quote(instance)}")
    return check


def _fixed(validator, alternative) -> bool:
    """Whether an alternative is a fixed value or list of values (its own error would hide the
    other forms)."""
    node = resolved(validator, alternative)
    return isinstance(node, dict) and ("const" in node or "enum" in node)


def _type_fits(validator, alternative, instance) -> bool:
    node = resolved(validator, alternative)
    if not isinstance(node, dict):
        return bool(node)
    if "const" in node:
        return type(node["const"]) is type(instance)
    kinds = node.get("type")
    if kinds is None:
        return isinstance(node.get("enum"), list) and any(type(v) is type(instance) for v in node["enum"])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    return any(validator.is_type(instance, k) for k in kinds)


def dependent_required(validator, dependencies, instance, schema):
    """A field that must come with another: ``'workers' is missing: a move that writes 'die' also
    writes 'workers' (how many workers ...)``."""
    if not validator.is_type(instance, "object"):
        return
    properties = schema.get("properties", {})
    for present, needed in dependencies.items():
        if present not in instance:
            continue
        for key in needed:
            if key not in instance:
                words = form_words(validator, properties.get(key, {}))
                words = f"; {quote(key)}: {words}" if words and words != "a value of another form" else ""
                yield schema_error(f"{quote(key)} is missing: a move that writes {quote(present)} also writes "
                             f"{quote(key)}, or leaves both out{words}")


def _bound(most: bool, exclusive: bool):
    def check(validator, limit, instance, schema):
        if not validator.is_type(instance, "number"):
            return
        wrong = (instance >= limit if exclusive else instance > limit) if most else \
            (instance <= limit if exclusive else instance < limit)
        if not wrong:
            return
        allowed = f"{'below' if exclusive else 'at most'} {limit}" if most else f"{'above' if exclusive else 'at least'} {limit}"
        words = schema.get("description") or schema.get("x-expected")
        yield schema_error(f"{quote(instance)} is too {'large' if most else 'small'}: {allowed} here"
                     + (f" ({words})" if words else ""))
    return check


def unique_items(validator, unique, instance, schema):
    if not unique or not validator.is_type(instance, "array"):
        return

    for i, item in enumerate(instance):
        if any(same_json(item, other) for other in instance[:i]):
            yield schema_error(f"the list holds {quote(item)} twice; each value may be written once")
            return


def multiple_of(validator, step, instance, schema):
    if validator.is_type(instance, "number") and instance % step:
        yield schema_error(f"{quote(instance)} is not a multiple of {step}")


def not_(validator, forbidden, instance, schema):
    if validator.evolve(schema=forbidden).is_valid(instance):
        yield schema_error(f"{quote(instance)} is not allowed here ({form_words(validator, forbidden)} is not)")


#: the explaining validator's keywords worded here (see :func:`.schemas.strict_validator_class`)
KEYWORDS = {"anyOf": _alternatives("anyOf"), "oneOf": _alternatives("oneOf"), "dependentRequired": dependent_required,
            "minimum": _bound(False, False), "maximum": _bound(True, False),
            "exclusiveMinimum": _bound(False, True), "exclusiveMaximum": _bound(True, True),
            "uniqueItems": unique_items, "multipleOf": multiple_of, "not": not_}


# -- the compiled validator's sentences ------------------------------------------------------------

_REWRITES: tuple[tuple[re.Pattern, str], ...] = tuple((re.compile(p, re.S), r) for p, r in (
    (r"^(.+) is a dependency of (.+)$", r"\1 is missing: a move that writes \2 also writes \1, or leaves both out"),
    (r"^(.+) is a required property$", r"\1 is missing"),
    (r"^(.+) is greater than or equal to the maximum of (.+)$", r"\1 is too large: below \2 here"),
    (r"^(.+) is less than or equal to the minimum of (.+)$", r"\1 is too small: above \2 here"),
    (r"^(.+) is greater than the maximum of (.+)$", r"\1 is too large: at most \2 here"),
    (r"^(.+) is less than the minimum of (.+)$", r"\1 is too small: at least \2 here"),
    (r"^(.+) is not valid under any of the given schemas$", r"\1 is none of the forms this field takes"),
    (r"^(.+) is valid under (?:each|more than one) of .*$", r"\1 is ambiguous here: it reads as more than one form"),
    (r"^(.+) has non-unique elements$", r"\1 holds a value twice; each value may be written once"),
    (r"^False schema does not allow (.+)$", r"\1 is not allowed here"),
    (r"^(.+) should not be valid under .*$", r"\1 is not allowed here"),
    (r"^Additional properties are not allowed \((.+) (?:was|were) unexpected\)$", r"unexpected key \1"),
    (r"^(.+) does not match (.+)$", r"\1 is not in the form this field takes"),
    (r"^(.+) is too long$", r"\1 is longer than allowed"),
    (r"^(.+) is too short$", r"\1 is shorter than allowed"),
    (r"^(.+) should be non-empty$", r"\1 is empty; write at least one"),
    (r"^(.+) is expected to be empty$", r"\1 must be empty here"),
    (r"^Expected at most (\d+) items?,? but found (\d+) extra.*$", r"the list is \2 too long: at most \1 here"),
    (r"^(.+) is not a multiple of (.+)$", r"\1 is not a multiple of \2"),
))


_NOT_OF_TYPE = re.compile(r"^(.+) is not of types? (.+)$", re.S)


def in_words(message: str) -> str:
    """A jsonschema or jsonschema_rs sentence rewritten in a player's words (unchanged when it is
    not one of theirs)."""
    typed = _NOT_OF_TYPE.match(message)
    if typed:
        kinds = [k.strip().strip('"\'') for k in typed.group(2).split(",")]
        return f"expected {' or '.join(_KIND_WORDS.get(k, k) for k in kinds)}, got {typed.group(1)}"
    for pattern, replacement in _REWRITES:
        if pattern.match(message):
            return pattern.sub(replacement, message, count=1)
    return message
