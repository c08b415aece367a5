"""Cross-system calculators (every system side by side): ``armor``."""
