"""Finding a quote in the user's prose (:func:`find_quote`): the applier grounds a
model's rule or note on the sentences its quote covers, compared without case,
width, spaces or punctuation.
"""

from __future__ import annotations

from autopatch_memory.directives.normalization import squash
from autopatch_memory.prose import prose_sentences


def find_quote(quote: str, text: str) -> list[str]:
    """The sentences of ``text`` (the user's prose) that ``quote`` covers, compared
    without case, width, spaces or punctuation; ``[]`` when the quote is not there.

    A quote of part of a sentence gives the whole sentence, so "回答用中文" quoted
    from "以后回答用中文" is judged with its "以后".
    """
    wanted = squash(quote)
    if not wanted:
        return []
    sentences = prose_sentences(text)
    squashed = [squash(s) for s in sentences]
    exact = [s for s, q in zip(sentences, squashed, strict=True) if wanted == q]
    if exact:
        return exact
    inside = [s for s, q in zip(sentences, squashed, strict=True) if wanted in q]
    if inside:
        return inside
    # A quote across sentences ("We migrated to Gradle. From now on…").
    position = "".join(squashed).find(wanted)
    if position < 0:
        return []
    covered: list[str] = []
    offset = 0
    for sentence, folded in zip(sentences, squashed, strict=True):
        if offset < position + len(wanted) and offset + len(folded) > position:
            covered.append(sentence)
        offset += len(folded)
    return covered
