//! Every kind of study a results folder can hold, in one list: what `sim merge` and
//! `sim report --from` dispatch on, from the `kind` saved in `state.json`
//! ([`crate::saved::State::KIND`]). A new study kind is one line of [`for_kind`].

use crate::deviations::DeviationsStudy;
use crate::duel::DuelStudy;
use crate::games::drift::DriftStudy;
use crate::games::mahjong::chips::ChipsStudy;
use crate::games::mahjong::goto::GotoStudy;
use crate::games::mahjong::play::MahjongStudy;
use crate::games::medarot::MedarotStudy;
use crate::games::rackup::RackupStudy;
use crate::study::{RulesFiles, State, Study};
use crate::sweep::SweepStudy;
use anyhow::{Result, bail};
use std::path::Path;

/// Something done with a saved study, generic over its type.
pub trait ForKind {
    /// What it gives.
    type Out;
    /// Does it with the study type `S`.
    fn run<S: Study>(self) -> Result<Self::Out>
    where
        S::Params: RulesFiles;
}

/// Runs `f` with the study type whose kind is `kind`, read from `folder` (named in the
/// error when the kind is unknown).
pub fn for_kind<F: ForKind>(kind: &str, folder: &Path, f: F) -> Result<F::Out> {
    match kind {
        DriftStudy::KIND => f.run::<DriftStudy>(),
        MedarotStudy::KIND => f.run::<MedarotStudy>(),
        MahjongStudy::KIND => f.run::<MahjongStudy>(),
        GotoStudy::KIND => f.run::<GotoStudy>(),
        ChipsStudy::KIND => f.run::<ChipsStudy>(),
        RackupStudy::KIND => f.run::<RackupStudy>(),
        SweepStudy::KIND => f.run::<SweepStudy>(),
        DuelStudy::KIND => f.run::<DuelStudy>(),
        DeviationsStudy::KIND => f.run::<DeviationsStudy>(),
        other => bail!("{} holds an unknown study kind `{other}`", folder.display()),
    }
}
