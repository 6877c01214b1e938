"""The commands of the command line, one module per group; ``cli/registry.py`` lists
them, and the typer application (``cli/app.py``) imports a module when one of its
commands runs."""
