"""The JavaScript, run in Node (runners: the .mjs files here): held to the Python."""
