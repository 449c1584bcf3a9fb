//! Bot decisions on set-up positions.
