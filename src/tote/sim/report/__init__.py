"""The balance report (issue 29): ``tote report GAME`` runs a standard battery of games
and writes one self-contained HTML page (and ``--json``) of sections a designer reads.

Each section is a :class:`~tote.sim.report.section.Section`, made by one module of this
package from the rows and records of the battery; :mod:`tote.sim.report.section` is the
agreement between the modules that compute sections and the writers that lay them out.
"""
