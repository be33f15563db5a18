"""The peer harness behind scripts/compare-peers: setting up the peer programs
(tools), the ripple-field comparison (ripples), the SVG comparison of the
examples (effects) and the description of the machine (machine)."""
