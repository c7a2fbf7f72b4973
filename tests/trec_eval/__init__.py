"""The library against trec_eval: its own test outputs (test_conformance_*) and reference
implementations run side by side on random collections (test_oracle_*).
"""
