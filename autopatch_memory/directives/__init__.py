"""The directive grammar: when a user's sentence is a rule, a cancel or a project fact.

"What is a rule" is decided here, once, for every consumer: the applier's
grounding check (a preference or an archive must rest on such a sentence, for
every backend), the heuristic summarizer (which proposes them) and the
summarization trigger. docs/delta.md states the rules in prose.

A sentence is a **directive** when the user states, in their own words, a
standing instruction about future answers or work (:attr:`DirectiveKind.RULE`),
cancels an earlier one (:attr:`DirectiveKind.CANCEL`), or states or corrects a
fact about the project (:attr:`DirectiveKind.FACT`). It is none of these when it
is a question, quoted or reported speech, hypothetical, limited to this once, a
description of the user's own habits, negated away, or about a credential —
:class:`NotADirective` says which. A word alone ("always", "记住") never makes a
rule: the sentence must also be addressed to the assistant (an instruction, a
"you…", a preference, or a norm about an answer, an example, a comment…).

Rules also have a **shape** (:func:`rule_shape`): the things they govern
(answers, Javadoc, commit messages, commands…), the choices they make from a
known set of alternatives (Chinese or English, Maven or Gradle, short or
detailed…), their other content words, and their polarity. Two rules are on the
**same subject** when they govern the same thing and choose from the same set
(or share their content): a new one with another choice or the other polarity
supersedes the old one; one with the same choice restates it. "Answer in
Chinese" and "write Javadoc in English" share a word, not a subject.

Every word list here is used by this package alone. Where things live:

* ``kinds``: the kinds of directive, why a sentence is none, the results;
* ``normalization``: folding text for matching, building patterns from phrases;
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
* ``anaphora``: a rule that points at the sentence before;
* ``quotes``: finding a quote in the user's prose;
* ``reading``: reading a sentence and a text (the entry points).

The public names are imported from here; private ones from their module.
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
