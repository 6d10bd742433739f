"""The pictures layer: what a player sees, drawn as SVG (`boardrules.pictures.svg`, each
game's ``svg`` module) or as text (`boardrules.pictures.text`)."""
