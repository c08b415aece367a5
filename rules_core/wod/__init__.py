"""Classic World of Darkness base rules (sources 002 and 003) and the shared d10 pool."""
