"""The directive grammar: the offline reader's reader of project facts and cancels.

Since admission became mechanical (:mod:`autopatch_memory.standing`), a model's proposal
and the offline reader's rules are no longer judged here: a rule is what the user states
explicitly (:func:`~autopatch_memory.standing.explicit.explicit_rules`). What remains
serves the offline reader's **project notes**: :func:`directives_in` finds the facts a
user states or corrects (:attr:`DirectiveKind.FACT`) and the cancels of notes
(:attr:`DirectiveKind.CANCEL`), sentence by sentence. To do that it must still tell an
instruction from a statement ("以后回答用中文" states no fact), so it reads instructions
too (:attr:`DirectiveKind.RULE`, one sentence at a time); those rule clauses also give a
stated rule its label (:func:`rule_label`), the context its echo filter for dropped rules
and the command line's router its standing wishes. docs/delta.md states the rules in prose.

A sentence is none of these when it is a question, quoted or reported speech,
hypothetical, limited to this once, a description of the user's own habits, negated
away, or about a credential — :class:`NotADirective` says which.

Rules and notes also have a **shape** (:func:`rule_shape`): the things they govern, the
choices they make from a known set of alternatives (Chinese or English, Maven or
Gradle…), their other content words and their polarity; the offline reader matches a
cancel to a note by it, and :func:`restating` tells a rule said again.

Where things live:

* ``kinds``: the kinds of directive, why a sentence is none, the results;
* ``normalization``: folding a sentence for the patterns;
* ``vocabulary``: the words and patterns of standing instructions;
* ``shape_lexicon``: what rules govern and choose, the words of rule shapes;
* ``shapes``: the shape of a rule and how two rules compare;
* ``not_a_directive``: questions, reported speech, hypotheticals, one-offs, credentials…;
* ``instructions``: when a clause instructs the assistant;
* ``cancels``: cancels and what they refer to;
* ``facts``: project facts and corrections;
* ``labels``: short labels of rules and facts;
* ``tasks``: a task on one thing of the code is no rule;
* ``segmenter``: the parts of a sentence and what each states;
* ``reading``: reading a sentence and a text (the entry points).

The names the modules share are public in their module; what the rest of the program
uses is imported from here. Folding for comparison, the CJK class and phrase patterns
come from the language kernel (:mod:`autopatch_memory.lang`).
"""

from __future__ import annotations

from autopatch_memory.directives.cancels import cancel_content, refers_to
from autopatch_memory.directives.facts import correction_topic, states_change_of
from autopatch_memory.directives.kinds import Directive, DirectiveKind, NotADirective, Reading
from autopatch_memory.directives.labels import fact_label, fact_text, rule_label
from autopatch_memory.directives.reading import directives_in, might_hold_directive, read_sentence
from autopatch_memory.directives.shapes import (
    RuleShape,
    restating,
    rule_shape,
    same_subject,
)

__all__ = [
    "Directive",
    "DirectiveKind",
    "NotADirective",
    "Reading",
    "RuleShape",
    "cancel_content",
    "correction_topic",
    "directives_in",
    "fact_label",
    "fact_text",
    "might_hold_directive",
    "read_sentence",
    "refers_to",
    "restating",
    "rule_label",
    "rule_shape",
    "same_subject",
    "states_change_of",
]
