"""The command line's subcommands, one module per group (`review_app.cli` dispatches to them).

This layer opens the stores and hands them in, each with the checker's verdict judge (`_cli.stores`), so the
store itself never imports the checker.
"""
