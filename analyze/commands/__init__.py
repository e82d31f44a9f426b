"""The commands of ``analyze``, one module each, with ``add(commands, specs)`` (its parser,
for the games ``specs``) and ``run(args, argv)`` (the command; its exit status):
:mod:`~analyze.commands.run` (``analyze <game>``), :mod:`~analyze.commands.exact`,
:mod:`~analyze.commands.position`, :mod:`~analyze.commands.whatif`,
:mod:`~analyze.commands.skill`, :mod:`~analyze.commands.report`,
:mod:`~analyze.commands.games`, :mod:`~analyze.commands.runs` and
:mod:`~analyze.commands.compare`. What they share: :mod:`~analyze.commands.shared` (the
parser, printing, argparse types, the common options), :mod:`~analyze.commands.targets`
(the report folder and the results store) and :mod:`~analyze.commands.examples` (the
examples of the help texts). :mod:`analyze.cli` builds the parser from them."""
