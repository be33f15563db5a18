"""The peer harness behind scripts/compare-peers: setting up the peer programs
(tools), the ripple-field comparison (ripples), the SVG comparison of the
examples (effects), the Lottie corpus against ThorVG and rlottie (lottie) and
the description of the machine (machine)."""
