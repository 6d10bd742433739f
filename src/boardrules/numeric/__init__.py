"""The numeric layer: every game as fixed-size integer actions and tensors, for learning
agents and the framework adapters (`boardrules.numeric.spaces`)."""
