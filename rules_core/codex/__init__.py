"""«Codex of…» (source 004): a d6 system of action dice (AD6), preparation dice (ED6) and LV."""
