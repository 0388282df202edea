# A stand-in for PyFlink in the export tests: it records what an exported
# program calls, so the test can check every statement arrives unchanged.
