//! Shots as decisions: the profile's `[shots.<kind>]` tables, one per
//! [`ShotKind`], each with its own outcome chances (the aimed outcome is the
//! success, a miss the failure, a self ring-out or a failed technique the
//! backfire) and the facts that the intent yaku read.
//!
//! The acting player picks the kind with its normal shot
//! ([`Act::Shot`](super::Act::Shot)); a kind's `technique` is the chance of its
//! own feat: the vertical half turn of `jump` (遊撃手), climbing onto the enemy
//! chassis on a beat hit for `ride` (登頂), touching two mines on a mine hit or
//! mine flip-out for `mine` (照弾). No other kind has a technique, so those
//! facts only follow their choice; the yaku conditions also require the kind
//! ([`super::yaku`]).

use super::log::ShotKind;
use super::profile::error::{ProfileError, invalid, prob};
use serde::Deserialize;

/// One kind of normal shot (see `presets/default.toml` for every field).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct KindModel {
    /// Beat hit chance.
    pub beat_hit: f64,
    /// Mine hit chance.
    pub mine_hit: f64,
    /// Partial flip-out chance.
    pub flip_out_partial: f64,
    /// Full flip-out chance.
    pub flip_out_full: f64,
    /// Self ring-out chance.
    pub self_out: f64,
    /// Clinch chance.
    pub clinch: f64,
    /// A flip-out is done by a mine, without touching the enemy machine (駄目押).
    pub flip_via_mine: f64,
    /// A mine hit also touches the enemy machine.
    pub mine_hit_contact: f64,
    /// The shooter stops beyond a centre line (breaks 半場).
    pub cross_centre: f64,
    /// The shooter changes direction (breaks 猪突猛進); scaled per player.
    pub direction_change: f64,
    /// The kind's own feat (jump: half turn; ride: climb; mine: two mines); 0 for the others.
    pub technique: f64,
}

/// The `[shots]` table: one [`KindModel`] per [`ShotKind`], by its id.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Shots {
    /// [`ShotKind::Plain`].
    pub plain: KindModel,
    /// [`ShotKind::Safe`].
    pub safe: KindModel,
    /// [`ShotKind::Beat`].
    pub beat: KindModel,
    /// [`ShotKind::Mine`].
    pub mine: KindModel,
    /// [`ShotKind::Flip`].
    pub flip: KindModel,
    /// [`ShotKind::Charge`].
    pub charge: KindModel,
    /// [`ShotKind::Half`].
    pub half: KindModel,
    /// [`ShotKind::Jump`].
    pub jump: KindModel,
    /// [`ShotKind::Ride`].
    pub ride: KindModel,
}

/// The kinds that have a technique.
const WITH_TECHNIQUE: [ShotKind; 3] = [ShotKind::Jump, ShotKind::Ride, ShotKind::Mine];

impl Shots {
    /// The model of `kind`.
    pub const fn get(&self, kind: ShotKind) -> &KindModel {
        match kind {
            ShotKind::Plain => &self.plain,
            ShotKind::Safe => &self.safe,
            ShotKind::Beat => &self.beat,
            ShotKind::Mine => &self.mine,
            ShotKind::Flip => &self.flip,
            ShotKind::Charge => &self.charge,
            ShotKind::Half => &self.half,
            ShotKind::Jump => &self.jump,
            ShotKind::Ride => &self.ride,
        }
    }

    /// The model of `kind`, to change (tests, sweeps).
    pub fn get_mut(&mut self, kind: ShotKind) -> &mut KindModel {
        match kind {
            ShotKind::Plain => &mut self.plain,
            ShotKind::Safe => &mut self.safe,
            ShotKind::Beat => &mut self.beat,
            ShotKind::Mine => &mut self.mine,
            ShotKind::Flip => &mut self.flip,
            ShotKind::Charge => &mut self.charge,
            ShotKind::Half => &mut self.half,
            ShotKind::Jump => &mut self.jump,
            ShotKind::Ride => &mut self.ride,
        }
    }

    /// Checks every kind's chances; names the first bad field (`shots.jump.technique`).
    pub fn validate(&self) -> Result<(), ProfileError> {
        for kind in ShotKind::ALL {
            let m = self.get(kind);
            let field = |name: &str| format!("shots.{}.{name}", kind.id());
            for (name, p) in [
                ("beat_hit", m.beat_hit),
                ("mine_hit", m.mine_hit),
                ("flip_out_partial", m.flip_out_partial),
                ("flip_out_full", m.flip_out_full),
                ("self_out", m.self_out),
                ("clinch", m.clinch),
                ("flip_via_mine", m.flip_via_mine),
                ("mine_hit_contact", m.mine_hit_contact),
                ("cross_centre", m.cross_centre),
                ("direction_change", m.direction_change),
                ("technique", m.technique),
            ] {
                prob(&field(name), p)?;
            }
            let outcomes = m.beat_hit + m.mine_hit + m.flip_out_partial + m.flip_out_full + m.self_out + m.clinch;
            if outcomes > 1.0 {
                return Err(invalid(
                    &format!("shots.{}", kind.id()),
                    "outcome chances (beat_hit .. clinch) sum above 1",
                ));
            }
            if m.technique > 0.0 && !WITH_TECHNIQUE.contains(&kind) {
                return Err(invalid(&field("technique"), "only jump, ride and mine have a technique (must be 0)"));
            }
        }
        Ok(())
    }
}
