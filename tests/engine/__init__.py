"""The rules engine's tests: one module per section of the Laws, the record's contract, the
rulings, properties and worked examples; the builders are in ecarte_kit.py."""
