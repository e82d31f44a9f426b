"""The commands of ``analyze``, one module each, with ``add(commands, specs)`` (its parser,
for the games ``specs``) and ``run(args, argv)`` (the command; its exit status):
:mod:`~numbergames.analyze.commands.run` (``analyze <game>``), :mod:`~numbergames.analyze.commands.exact`,
:mod:`~numbergames.analyze.commands.position`, :mod:`~numbergames.analyze.commands.whatif`,
:mod:`~numbergames.analyze.commands.skill`, :mod:`~numbergames.analyze.commands.report`,
:mod:`~numbergames.analyze.commands.games`, :mod:`~numbergames.analyze.commands.runs` and
:mod:`~numbergames.analyze.commands.compare`. What they share: :mod:`~numbergames.analyze.commands.shared` (the
parser, printing, argparse types, the common options), :mod:`~numbergames.analyze.commands.targets`
(the report folder and the results store) and :mod:`~numbergames.analyze.commands.examples` (the
examples of the help texts). :mod:`numbergames.analyze.cli` builds the parser from them."""
