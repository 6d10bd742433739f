"""The applications on top of the library: the command line (`boardrules.apps.cli`),
terminal play, tournaments, simulations and their parallel runs."""
