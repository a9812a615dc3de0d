"""JSON Schemas for build configs and records: loading, fast validation, Arrow derivation."""

from finsynth.schemas.arrow import arrow_schema
from finsynth.schemas.loader import (
    Validator,
    load_schema,
    record_schema,
    validate_record,
    validator_for,
)

__all__ = ["Validator", "arrow_schema", "load_schema", "record_schema", "validate_record", "validator_for"]
