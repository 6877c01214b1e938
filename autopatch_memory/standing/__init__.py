"""What the user states as a standing rule, judged by form, never by meaning
(docs/design.md#grounding-is-mechanical).

:mod:`.lexicon` holds the bilingual forms (standing markers, request forms, cancel forms);
:mod:`.vetoes` the short deny-list of named veto rules; :mod:`.admission` checks a
model's quoted sentence against both; :mod:`.explicit` is the offline reader, which
stores only what the user says with an explicit standing marker.
"""
