"""Crisis: Tokyo tests. A package, so that its test files may share basenames with
tests/kot (test_rulings.py, test_rules_setup.py...)."""
