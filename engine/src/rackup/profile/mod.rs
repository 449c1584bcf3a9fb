//! The TOML profile: rule readings, damage values, yaku points and the score
//! limits, the shot model (shared facts, each shot kind's chances:
//! [`super::shots`]), the spells' machines ([`super::spell`]) and the players.
//!
//! Every field is documented in `presets/default.toml`; [`Profile::preset`] loads an
//! embedded preset, [`Profile::from_toml`] any text. Unknown or missing fields and
//! out-of-range values are errors that name the field.

pub(crate) mod error;
mod score_rules;

pub use error::{ProfileError, ProfileErrorKind};

use super::readings::{Kishikaisei, MujunScope, MutualDraw, Tenpuku};
pub use super::shots::{KindModel, Shots};
pub use super::spell::{Machine, Spell, Spells};
use super::yaku::points::{Score, YakuPoints};
use crate::config::Presets;
use error::{invalid, positive, prob};
use serde::Deserialize;

/// Rule readings and counts.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Rounds before extra rounds (seed: 4).
    pub rounds: u8,
    /// Maximum HP per round (seed: 6).
    pub max_hp: u8,
    /// Starting points of each player (seed: 10).
    pub start_points: u8,
    /// Barricades held at the start of a round (default reading: 2).
    pub barricades: u8,
    /// Kans per round, both players together (seed: 2).
    pub max_kans: u8,
    /// Barricades one recover action takes back.
    pub recover_per_action: u8,
    /// 相討流局: which double ring-out in an active shoot draws the round.
    pub mutual_draw: MutualDraw,
    /// 転覆: whether an enemy already lying overturned counts.
    pub tenpuku: Tenpuku,
    /// A riichi declarer whose riichi shot ends the round without its win pays 1 point.
    pub riichi_loss_penalty: bool,
    /// 無盾 「試合中」: the round or the match.
    pub mujun: MujunScope,
    /// 起死回生: the first counter blow of the round, or any.
    pub kishikaisei: Kishikaisei,
    /// Yakuman add up, 10 points each.
    pub stack_yakuman: bool,
    /// A match tied after this many rounds (replays included) ends drawn.
    pub max_rounds: u8,
    /// Chance per normal action of a chombo ①.
    pub foul: f64,
}

/// Damage values of the base game.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Damage {
    /// ビートヒット.
    pub beat_hit: u8,
    /// マインヒット.
    pub mine_hit: u8,
    /// フリップアウト（一部場外）.
    pub flip_out_partial: u8,
    /// フリップアウト（全場外）.
    pub flip_out_full: u8,
    /// 自滅場外 (to the machine that left the field).
    pub self_out: u8,
    /// アクティブアウト.
    pub active_out: u8,
}

/// What every kind of normal shot shares (see the preset for each field's
/// meaning; each kind's own chances are in [`Shots`]).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct NormalModel {
    /// Hit multiplier at 50 cm or more.
    pub mid_factor: f64,
    /// Hit multiplier at 100 cm or more.
    pub far_factor: f64,
    /// Hit reduction per enemy barricade on the field.
    pub barricade_block: f64,
    /// Break chance per enemy barricade on the field.
    pub barricade_break: f64,
    /// A self ring-out follows a contact.
    pub self_out_after_contact: f64,
    /// A contact was on the rear.
    pub rear_contact: f64,
    /// The enemy is overturned in the field.
    pub turn_over: f64,
    /// A jump's half turn lands well.
    pub landing: f64,
    /// One mine knocked off the field.
    pub mine_out_one: f64,
    /// Two mines knocked off the field.
    pub mine_out_two: f64,
    /// A flipped-out machine hits its player's body.
    pub body_hit: f64,
    /// Distance 50 cm or more after a shot.
    pub distance_mid: f64,
    /// Distance 100 cm or more after a shot.
    pub distance_far: f64,
}

/// Active-shoot model (see the preset for each field's meaning).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ActiveModel {
    /// The machines touch.
    pub contact: f64,
    /// Given contact: one is knocked out.
    pub active_out: f64,
    /// Given contact: both leave the field.
    pub double_out: f64,
    /// Given contact: clinch.
    pub clinch: f64,
    /// The initiative taker is the pusher.
    pub pusher_is_first: f64,
    /// Without contact: each leaves the field by itself.
    pub self_out: f64,
    /// Given contact: each touched the enemy's rear.
    pub rear_contact: f64,
    /// Each stops beyond a centre line.
    pub cross_centre: f64,
    /// One mine knocked off the field.
    pub mine_out: f64,
    /// A knocked-out machine hits its player's body.
    pub body_hit: f64,
}

/// Flight of a knocked-out chassis (cumulative chances).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MeteorModel {
    /// 50 cm or more.
    pub small: f64,
    /// 100 cm or more.
    pub medium: f64,
    /// 150 cm or more.
    pub large: f64,
}

/// One player's skill and regulation.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Multiplies hit chances, divides self ring-out chance.
    pub accuracy: f64,
    /// Multiplies flip-out chances and the pushing strength in an active shoot.
    pub power: f64,
    /// Divides the chances of being flipped out, multiplies the pushing
    /// strength (resistance to being knocked out).
    pub weight: f64,
    /// Initiative weight in active shoots.
    pub speed: f64,
    /// Multiplies the direction-change chance.
    pub direction_change: f64,
    /// Regulation spell.
    pub spell: Spell,
}

/// A whole profile.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// Rule readings.
    pub rules: Rules,
    /// Damage values.
    pub damage: Damage,
    /// Each yaku's point values (役一覧).
    pub yaku: YakuPoints,
    /// The yakuman value, the cap and the tier thresholds.
    pub score: Score,
    /// What every kind of normal shot shares.
    pub normal: NormalModel,
    /// Each kind of normal shot's own chances.
    pub shots: Shots,
    /// Active-shoot model.
    pub active: ActiveModel,
    /// Meteor flight model.
    pub meteor: MeteorModel,
    /// The machine each regulation spell buys.
    pub spells: Spells,
    /// Seat 0 and seat 1.
    #[serde(deserialize_with = "crate::config::exactly")]
    pub players: [Player; 2],
}

impl Profile {
    /// The embedded profiles (`default` is the one the study uses).
    pub const PRESETS: Presets =
        Presets { kind: "rackup profile", list: &[("default", include_str!("../presets/default.toml"))] };

    /// Loads an embedded preset by name (`"default"`).
    pub fn preset(name: &str) -> Result<Profile, ProfileError> {
        match Self::PRESETS.text(name) {
            Some(text) => Profile::from_toml(text),
            None => Err(ProfileError { kind: ProfileErrorKind::UnknownPreset(name.into()) }),
        }
    }

    /// Parses and validates a profile from TOML text.
    pub fn from_toml(text: &str) -> Result<Profile, ProfileError> {
        let profile: Profile = crate::config::from_toml(text)
            .map_err(|e| ProfileError { kind: ProfileErrorKind::Parse(e.to_string()) })?;
        profile.validate()?;
        Ok(profile)
    }

    /// Checks every value's range; names the first bad field.
    pub fn validate(&self) -> Result<(), ProfileError> {
        let r = &self.rules;
        for (field, v) in [
            ("rules.rounds", r.rounds),
            ("rules.max_hp", r.max_hp),
            ("rules.start_points", r.start_points),
            ("rules.recover_per_action", r.recover_per_action),
        ] {
            if v == 0 {
                return Err(invalid(field, "must be at least 1"));
            }
        }
        if r.max_hp > 60 {
            return Err(invalid("rules.max_hp", "must be at most 60"));
        }
        if r.start_points > 100 {
            return Err(invalid("rules.start_points", "must be at most 100"));
        }
        if r.barricades > 9 {
            return Err(invalid("rules.barricades", "must be at most 9"));
        }
        if r.max_kans > 4 {
            return Err(invalid("rules.max_kans", "must be at most 4"));
        }
        if r.max_rounds < r.rounds {
            return Err(invalid("rules.max_rounds", "must be at least rules.rounds"));
        }
        prob("rules.foul", r.foul)?;
        let d = &self.damage;
        for (field, v) in [
            ("damage.beat_hit", d.beat_hit),
            ("damage.mine_hit", d.mine_hit),
            ("damage.flip_out_partial", d.flip_out_partial),
            ("damage.flip_out_full", d.flip_out_full),
            ("damage.self_out", d.self_out),
            ("damage.active_out", d.active_out),
        ] {
            if v == 0 {
                return Err(invalid(field, "damage must be at least 1"));
            }
        }
        let s = &self.score;
        for (field, v) in [("score.cap", s.cap), ("score.yakuman", s.yakuman)] {
            if !(1..=100).contains(&v) {
                return Err(invalid(field, format!("{v} must be from 1 to 100")));
            }
        }
        let t = &s.tiers;
        if !(0 < t.mangan && t.mangan < t.haneman && t.haneman < t.baiman && t.baiman < t.yakuman) {
            return Err(invalid("score.tiers", "must rise: 0 < mangan < haneman < baiman < yakuman"));
        }
        let n = &self.normal;
        for (field, p) in [
            ("normal.mid_factor", n.mid_factor),
            ("normal.far_factor", n.far_factor),
            ("normal.barricade_block", n.barricade_block),
            ("normal.barricade_break", n.barricade_break),
            ("normal.self_out_after_contact", n.self_out_after_contact),
            ("normal.rear_contact", n.rear_contact),
            ("normal.turn_over", n.turn_over),
            ("normal.landing", n.landing),
            ("normal.mine_out_one", n.mine_out_one),
            ("normal.mine_out_two", n.mine_out_two),
            ("normal.body_hit", n.body_hit),
            ("normal.distance_mid", n.distance_mid),
            ("normal.distance_far", n.distance_far),
        ] {
            prob(field, p)?;
        }
        if n.mine_out_one + n.mine_out_two > 1.0 {
            return Err(invalid("normal.mine_out_two", "mine_out_one + mine_out_two above 1"));
        }
        if n.distance_mid + n.distance_far > 1.0 {
            return Err(invalid("normal.distance_far", "distance_mid + distance_far above 1"));
        }
        self.shots.validate()?;
        let a = &self.active;
        for (field, p) in [
            ("active.contact", a.contact),
            ("active.active_out", a.active_out),
            ("active.double_out", a.double_out),
            ("active.clinch", a.clinch),
            ("active.pusher_is_first", a.pusher_is_first),
            ("active.self_out", a.self_out),
            ("active.rear_contact", a.rear_contact),
            ("active.cross_centre", a.cross_centre),
            ("active.mine_out", a.mine_out),
            ("active.body_hit", a.body_hit),
        ] {
            prob(field, p)?;
        }
        if a.active_out + a.double_out + a.clinch > 1.0 {
            return Err(invalid("active", "active_out + double_out + clinch above 1"));
        }
        let m = &self.meteor;
        for (field, p) in [("meteor.small", m.small), ("meteor.medium", m.medium), ("meteor.large", m.large)] {
            prob(field, p)?;
        }
        if !(m.large <= m.medium && m.medium <= m.small) {
            return Err(invalid("meteor", "cumulative chances must satisfy large <= medium <= small"));
        }
        for (i, p) in self.players.iter().enumerate() {
            for (name, x) in [
                ("accuracy", p.accuracy),
                ("power", p.power),
                ("weight", p.weight),
                ("speed", p.speed),
                ("direction_change", p.direction_change),
            ] {
                positive(&format!("players[{i}].{name}"), x)?;
            }
        }
        self.spells.validate(r.max_hp)
    }
}
