//! Rack-up in the registry: its [`GameKit`].

use super::RackupStudy;
use super::cli::rackup_study;
use super::sweep::RackupArm;
use crate::cli::args::defaults;
use crate::games::GameKit;
use crate::study::{EachKind, EachStudy};
use anyhow::Result;

/// Rack-up's kit.
pub struct Kit;

impl GameKit for Kit {
    const NAME: &'static str = "rackup";
    type SweepArm = RackupArm;

    fn kinds(v: &mut impl EachKind) {
        v.kind::<RackupStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        f.study("rackup", &rackup_study(&defaults(&[])?)?)
    }
}
