"""The command line builds the parser of the command named alone (`cli.COMMAND_MODULE`): the map must name
every command with the module that registers it, and the one-command parser read a line as the whole one does."""

from __future__ import annotations

import argparse
import importlib

from review_app.cli import COMMAND_MODULE, COMMAND_MODULES, build_parser


def _registered(module: str) -> list[str]:
    sub = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(module).register(sub)
    return list(sub.choices)


def test_every_command_is_mapped_to_the_module_that_registers_it():
    found = {command: module for module in COMMAND_MODULES for command in _registered(module)}
    assert found == COMMAND_MODULE


def test_a_command_parsed_alone_reads_as_with_every_command():
    line = ["check", "annotations", "--format", "json", "--lang", "es"]
    assert vars(build_parser("check").parse_args(line)) == vars(build_parser().parse_args(line))


def test_an_unknown_command_gets_the_whole_parser():
    sub = next(a for a in build_parser("nonsense")._actions if isinstance(a, argparse._SubParsersAction))
    assert set(sub.choices) == set(COMMAND_MODULE)
