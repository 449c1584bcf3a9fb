//! Riichi mahjong in the registry: its [`GameKit`], with three study kinds (the four-player
//! table, Gotō's table, Gotō's chips) and two default studies (`ron2`, `goto`).

use super::chips::ChipsStudy;
use super::cli::{TableArgs, four_bots, goto_study, table_params};
use super::goto::GotoStudy;
use super::play::MahjongStudy;
use super::sweep::MahjongArm;
use crate::cli::args::defaults;
use crate::games::GameKit;
use crate::study::{EachKind, EachStudy, State};
use anyhow::Result;

/// Mahjong's kit.
pub struct Kit;

impl GameKit for Kit {
    const NAME: &'static str = "mahjong";
    type SweepArm = MahjongArm;

    fn kinds(v: &mut impl EachKind) {
        v.kind::<MahjongStudy>();
        v.kind::<GotoStudy>();
        v.kind::<ChipsStudy>();
    }

    fn default_studies(f: &mut impl EachStudy) -> Result<()> {
        let ron2: TableArgs = defaults(&[])?;
        let goto: TableArgs = defaults(&["--rules", "goto"])?;
        let table_study = |a: &TableArgs| table_params(&a.base.rules, four_bots(&a.bots)?);
        f.study("ron2", &MahjongStudy::from_params(table_study(&ron2)?)?)?;
        f.study("goto", &goto_study(&goto, table_study(&goto)?)?)
    }
}
