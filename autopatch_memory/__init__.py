"""autopatch-memory: the project-level Q&A memory of a Java-repo assistant."""
