"""The commands of the command line, one module per group; ``cli/app.py`` assembles
them into the typer application."""
