"""The build and reader tools in tools/: site assets, learner copies, lab, the printed book."""
