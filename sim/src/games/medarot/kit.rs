//! Medarot in the registry: its [`GameKit`].

use super::MedarotStudy;
use super::cli::medarot_study;
use super::sweep::MedarotArm;
use crate::cli::args::defaults;
use crate::games::GameKit;
use crate::study::{EachKind, EachStudy};
use anyhow::Result;

/// Medarot's kit.
pub struct Kit;

impl GameKit for Kit {
    const NAME: &'static str = "medarot";
    type SweepArm = MedarotArm;

    fn kinds(v: &mut impl EachKind) {
        v.kind::<MedarotStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        f.study("medarot", &medarot_study(&defaults(&[])?)?)
    }
}
