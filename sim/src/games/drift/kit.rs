//! The drift battle in the registry: its [`GameKit`].

use super::DriftStudy;
use super::cli::drift_study;
use super::sweep::DriftArm;
use crate::cli::args::defaults;
use crate::games::GameKit;
use crate::study::{EachKind, EachStudy};
use anyhow::Result;

/// The drift battle's kit.
pub struct Kit;

impl GameKit for Kit {
    const NAME: &'static str = "drift";
    type SweepArm = DriftArm;

    fn kinds(v: &mut impl EachKind) {
        v.kind::<DriftStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        f.study("drift", &drift_study(&defaults(&[])?)?)
    }
}
