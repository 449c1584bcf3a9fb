//! The parts of a sweep (`sim sweep FILE`) that read and check: the sweep file
//! ([`file`]), its variants as overrides of the base documents ([`overrides`]), the base
//! documents themselves ([`documents`]), and the paired differences on common random
//! numbers its arms are compared by ([`crate::paired`]). Playing the arms is `sim::sweep`'s.

pub mod documents;
pub mod file;
pub mod overrides;
