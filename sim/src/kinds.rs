//! Every kind of study a results folder can hold: what `sim merge` and `sim report --from`
//! dispatch on, from the `kind` saved in `state.json` ([`crate::saved::State::KIND`]): the
//! cross-game studies (sweep, duel, deviations) and each game's, from the list of games
//! ([`GameKit::kinds`]).

use crate::deviations::DeviationsStudy;
use crate::duel::DuelStudy;
use crate::games::{self, EachGame, GameKit};
use crate::study::{EachKind, RulesFiles, Study};
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
    let mut find = Find { kind, f: Some(f), out: None };
    each_kind(&mut find);
    match find.out {
        Some(out) => out,
        None => bail!("{} holds an unknown study kind `{kind}`", folder.display()),
    }
}

/// Shows `v` every kind of study: the cross-game ones, then each game's.
pub fn each_kind(v: &mut impl EachKind) {
    v.kind::<SweepStudy>();
    v.kind::<DuelStudy>();
    v.kind::<DeviationsStudy>();
    games::each_game(&mut Kinds(v));
}

/// Shows its visitor each game's kinds.
struct Kinds<'a, V>(&'a mut V);

impl<V: EachKind> EachGame for Kinds<'_, V> {
    fn game<K: GameKit>(&mut self) {
        K::kinds(self.0);
    }
}

/// Runs `f` with the first study type whose kind is `kind`.
struct Find<'a, F: ForKind> {
    kind: &'a str,
    f: Option<F>,
    out: Option<Result<F::Out>>,
}

impl<F: ForKind> EachKind for Find<'_, F> {
    fn kind<S: Study>(&mut self)
    where
        S::Params: RulesFiles,
    {
        if S::KIND == self.kind
            && let Some(f) = self.f.take()
        {
            self.out = Some(f.run::<S>());
        }
    }
}
